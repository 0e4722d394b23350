import { expect, test } from 'bun:test';
import { intakePeriodStart } from './same-application.ts';

const TORONTO = 'America/Toronto';

test('the current intake is the calendar quarter, from midnight Toronto time on its first day', () => {
  // Q4 2026 began at midnight on October 1 in Toronto (EDT, UTC-4).
  expect(intakePeriodStart(new Date('2026-11-27T22:00:00Z'), TORONTO).toISOString()).toBe('2026-10-01T04:00:00.000Z');
  expect(intakePeriodStart(new Date('2026-10-01T04:00:00Z'), TORONTO).toISOString()).toBe('2026-10-01T04:00:00.000Z');
  expect(intakePeriodStart(new Date('2026-12-31T23:59:59Z'), TORONTO).toISOString()).toBe('2026-10-01T04:00:00.000Z');
  // A minute before midnight on October 1 in Toronto is still Q3 there (though already October in UTC).
  expect(intakePeriodStart(new Date('2026-10-01T03:59:00Z'), TORONTO).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  // New Year in Toronto (EST, UTC-5) starts Q1; UTC's new year, five hours earlier, is still Q4 there.
  expect(intakePeriodStart(new Date('2027-01-01T05:00:00Z'), TORONTO).toISOString()).toBe('2027-01-01T05:00:00.000Z');
  expect(intakePeriodStart(new Date('2027-01-01T02:00:00Z'), TORONTO).toISOString()).toBe('2026-10-01T04:00:00.000Z');
  expect(intakePeriodStart(new Date('2026-05-15T12:00:00Z'), TORONTO).toISOString()).toBe('2026-04-01T04:00:00.000Z');
});
