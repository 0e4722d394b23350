import { describe, expect, test } from 'bun:test';
import { analyticsDay, dayBounds, daysAfter, rawKeptFrom, rolledUpBefore, saltsKeptFrom } from './days.ts';

describe('analytics days (Toronto)', () => {
  test('a day is the Toronto date: 00:30 on Dec 1 in Toronto is Dec 1, 04:00 UTC on Dec 1 is still Nov 30', () => {
    expect(analyticsDay(new Date('2026-12-01T05:30:00Z'))).toBe('2026-12-01');
    expect(analyticsDay(new Date('2026-12-01T04:00:00Z'))).toBe('2026-11-30');
  });

  test('bounds: 24 hours, 23 on the spring change, 25 on the fall one', () => {
    const hours = (day: string) => {
      const { startMs, endMs } = dayBounds(day);
      return (endMs - startMs) / 3_600_000;
    };
    expect(dayBounds('2026-11-30').startMs).toBe(Date.parse('2026-11-30T05:00:00Z'));
    expect(hours('2026-11-30')).toBe(24);
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
  });

  test("yesterday's salt is kept for the first ten minutes of today, then only today's", () => {
    expect(saltsKeptFrom(new Date('2026-12-01T05:05:00Z'))).toBe('2026-11-30');
    expect(saltsKeptFrom(new Date('2026-12-01T05:11:00Z'))).toBe('2026-12-01');
  });

  test('a day is rolled up a quarter of an hour after it ends', () => {
    expect(rolledUpBefore(new Date('2026-12-01T05:14:00Z'))).toBe('2026-11-30');
    expect(rolledUpBefore(new Date('2026-12-01T05:16:00Z'))).toBe('2026-12-01');
  });

  test('raw rows are kept for the last N days and today', () => {
    expect(rawKeptFrom(new Date('2026-12-01T17:00:00Z'), 90)).toBe('2026-09-02');
    expect(rawKeptFrom(new Date('2026-12-01T17:00:00Z'), 1)).toBe('2026-11-30');
    expect(daysAfter('2026-12-31', 1)).toBe('2027-01-01');
  });
});
