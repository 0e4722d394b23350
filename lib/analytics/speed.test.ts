import { expect, test } from 'bun:test';
import { replyBy } from '../time/business-days.ts';
import { formatWait, speedByWeek, weekOf } from './speed.ts';

const TZ = 'America/Toronto';
const at = (iso: string) => new Date(iso);
const lead = (created: string, reachedAfterMinutes: number | null) => {
  const createdAt = at(created);
  return {
    createdAt,
    replyBy: replyBy(createdAt),
    firstReachedAt: reachedAfterMinutes === null ? null : new Date(createdAt.getTime() + reachedAfterMinutes * 60_000),
  };
};

test('weeks start on Monday, Toronto time', () => {
  expect(weekOf(at('2026-11-24T17:00:00Z'), TZ)).toBe('2026-11-23');
  expect(weekOf(at('2026-11-23T05:00:00Z'), TZ)).toBe('2026-11-23');
  // Sunday 23:30 in Toronto is Monday in UTC: still the week before.
  expect(weekOf(at('2026-11-30T04:30:00Z'), TZ)).toBe('2026-11-23');
  expect(weekOf(at('2027-01-01T12:00:00Z'), TZ)).toBe('2026-12-28');
});

test('the median wait of each week, and who was reached in time, late, or is not due yet', () => {
  const now = at('2026-11-26T15:00:00Z'); // Thursday 10:00
  const weeks = speedByWeek(
    [
      lead('2026-11-16T15:00:00Z', 30), // Monday: half an hour
      lead('2026-11-17T15:00:00Z', 90),
      lead('2026-11-18T15:00:00Z', 4 * 24 * 60), // four days: after its Friday 18:00 promise
      lead('2026-11-19T15:00:00Z', null), // Thursday, never reached: due Monday 18:00, past now
      lead('2026-11-25T15:00:00Z', null), // yesterday: due Friday, still in time
      lead('2026-11-24T15:00:00Z', 0),
    ],
    now,
    TZ,
  );
  expect(weeks).toEqual([
    { week: '2026-11-16', leads: 4, reached: 3, medianMinutes: 90, kept: 2, missed: 2, waiting: 0 },
    { week: '2026-11-23', leads: 2, reached: 1, medianMinutes: 0, kept: 1, missed: 0, waiting: 1 },
  ]);
  expect(speedByWeek([], now, TZ)).toEqual([]);
});

test('a wait as staff read it', () => {
  expect(formatWait(0)).toBe('0 min');
  expect(formatWait(45)).toBe('45 min');
  expect(formatWait(60)).toBe('1 h');
  expect(formatWait(320)).toBe('5 h 20 min');
  expect(formatWait(48 * 60)).toBe('2 d');
  expect(formatWait(51 * 60 + 10)).toBe('2 d 3 h');
});
