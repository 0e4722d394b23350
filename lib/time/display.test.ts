import { expect, test } from 'bun:test';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatDayWithYear,
  formatLongDate,
  formatMonthDay,
  formatShortWeekdayTime,
  formatStamp,
  formatStampSeconds,
  formatTimeOfDay,
  formatWeekdayDate,
} from './display.ts';

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
  expect(formatStampSeconds('2026-07-01T03:59:07.999Z')).toBe('2026-06-30 23:59:07');
  expect(formatStampSeconds('2026-11-23T05:04:00Z')).toBe('2026-11-23 00:04:00');
});

test('a long date, as a blog post shows it, on its Toronto day', () => {
  expect(formatLongDate('2025-01-05T15:00:00Z')).toBe('January 5, 2025');
  // 03:00 UTC on January 6 is still January 5 in Toronto.
  expect(formatLongDate('2025-01-06T03:00:00Z')).toBe('January 5, 2025');
  expect(formatLongDate(new Date('2026-07-01T04:00:00Z'))).toBe('July 1, 2026');
});

test('a long date with its weekday and a clock time, as a person reads them in an email', () => {
  expect(formatWeekdayDate('2026-11-26T23:00:00Z')).toBe('Thursday, November 26, 2026');
  expect(formatWeekdayDate('2026-11-27T04:30:00Z')).toBe('Thursday, November 26, 2026');
  expect(formatWeekdayDate('2024-02-29T17:00:00Z')).toBe('Thursday, February 29, 2024');
  expect(formatWeekdayDate('1969-12-31T17:00:00Z')).toBe('Wednesday, December 31, 1969');
  expect(formatClockTime('2026-11-26T23:00:00Z')).toBe('6:00 p.m.');
  expect(formatClockTime('2026-07-01T04:05:00Z')).toBe('12:05 a.m.');
  expect(formatClockTime('2026-07-01T16:30:00Z')).toBe('12:30 p.m.');
  expect(formatClockTime('2026-07-01T13:07:00Z')).toBe('9:07 a.m.');
});

test('a calendar day as month and day, with no time zone of its own', () => {
  expect(formatMonthDay('2026-03-04')).toBe('Mar 4');
  expect(formatMonthDay('2026-12-31')).toBe('Dec 31');
  expect(formatDayWithYear('2026-03-04')).toBe('Mar 4, 2026');
  expect(formatDayWithYear('2027-01-01')).toBe('Jan 1, 2027');
});

test('an appointment in short, in Toronto time or in another zone', () => {
  expect(formatShortWeekdayTime('2026-12-01T15:00:00Z')).toBe('Tue Dec 1, 10:00');
  expect(formatShortWeekdayTime('2026-07-01T03:59:00Z')).toBe('Tue Jun 30, 23:59');
  expect(formatShortWeekdayTime('2026-12-01T15:00:00Z', 'America/Vancouver')).toBe('Tue Dec 1, 07:00');
  expect(formatShortWeekdayTime('2026-12-01T15:00:00Z', 'Asia/Kolkata')).toBe('Tue Dec 1, 20:30');
  expect(formatTimeOfDay('2026-12-01T15:00:00Z', 'Europe/London')).toBe('15:00');
});

test('a day heading, for a calendar day as given', () => {
  expect(formatDayHeading({ year: 2026, month: 12, day: 1 })).toBe('Tuesday, December 1');
  expect(formatDayHeading({ year: 2027, month: 1, day: 1 })).toBe('Friday, January 1');
  expect(formatDayHeading({ year: 2028, month: 2, day: 29 })).toBe('Tuesday, February 29');
});
