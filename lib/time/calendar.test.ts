import { expect, test } from 'bun:test';
import { addDays, dateOfEpochDay, epochDayOf, isoDay, parseIsoDay, weekdayOf } from './calendar.ts';

const next = (day: string) => isoDay(addDays(parseIsoDay(day), 1));

test('the next calendar day crosses months, years and leap days', () => {
  expect(next('2026-01-31')).toBe('2026-02-01');
  expect(next('2028-02-28')).toBe('2028-02-29');
  expect(next('2026-12-31')).toBe('2027-01-01');
  // The day the clocks go back in Toronto is still one calendar day.
  expect(next('2026-11-01')).toBe('2026-11-02');
});

test('days on and back, by days since 1970-01-01', () => {
  expect(isoDay(addDays({ year: 2026, month: 3, day: 1 }, -1))).toBe('2026-02-28');
  expect(isoDay(addDays({ year: 2024, month: 12, day: 30 }, 3))).toBe('2025-01-02');
  expect(epochDayOf({ year: 1970, month: 1, day: 1 })).toBe(0);
  expect(dateOfEpochDay(epochDayOf({ year: 2026, month: 11, day: 23 }))).toEqual({ year: 2026, month: 11, day: 23 });
});

test('the weekday, also before 1970', () => {
  expect(weekdayOf({ year: 1970, month: 1, day: 1 })).toBe(4);
  expect(weekdayOf({ year: 2026, month: 11, day: 23 })).toBe(1);
  expect(weekdayOf({ year: 1969, month: 12, day: 28 })).toBe(0);
});

test('a day key and back', () => {
  expect(isoDay({ year: 2026, month: 3, day: 4 })).toBe('2026-03-04');
  expect(parseIsoDay('2026-03-04')).toEqual({ year: 2026, month: 3, day: 4 });
});
