import { expect, test } from 'bun:test';
import { formatDate, formatDateTime, formatMonthDay, formatStamp, formatTimeOfDay } from './display-time.ts';

test('dates are Toronto calendar days', () => {
  expect(formatDate('2025-03-04T12:00:00Z')).toBe('Mar 4, 2025');
  // 02:00 UTC on Jan 1 is still Dec 31 in Toronto.
  expect(formatDate('2025-01-01T02:00:00Z')).toBe('Dec 31, 2024');
});

test('times of day are Toronto wall-clock time, summer and winter, with two-digit hours', () => {
  expect(formatTimeOfDay('2026-07-01T13:05:00Z')).toBe('09:05');
  expect(formatTimeOfDay('2026-11-23T04:59:00Z')).toBe('23:59');
  expect(formatTimeOfDay('2026-11-23T05:00:00Z')).toBe('00:00');
});

test('a date and time together, from a Date or an ISO string', () => {
  expect(formatDateTime(new Date('2026-11-23T19:05:00Z'))).toBe('Nov 23, 2026, 14:05');
  expect(formatDateTime('2026-07-01T13:05:00Z')).toBe('Jul 1, 2026, 09:05');
});

test('a sortable stamp, in Toronto time across the daylight-saving change', () => {
  expect(formatStamp('2026-11-23T05:04:00Z')).toBe('2026-11-23 00:04');
  expect(formatStamp('2026-07-01T03:59:00Z')).toBe('2026-06-30 23:59');
});

test('a calendar day as month and day, with no time zone of its own', () => {
  expect(formatMonthDay('2026-03-04')).toBe('Mar 4');
  expect(formatMonthDay('2026-12-31')).toBe('Dec 31');
});
