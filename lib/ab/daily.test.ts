import { describe, expect, test } from 'bun:test';
import { dayIn } from '../time/zoned.ts';
import { cumulativeByDay } from './daily.ts';

const TORONTO = 'America/Toronto';
const hourOf = (iso: string) => Date.parse(iso) / 3_600_000;

describe('days', () => {
  test('a Toronto day begins at 05:00 UTC in winter and 04:00 UTC in summer', () => {
    expect(dayIn(new Date('2026-11-23T04:59:59Z'), TORONTO)).toBe('2026-11-22');
    expect(dayIn(new Date('2026-11-23T05:00:00Z'), TORONTO)).toBe('2026-11-23');
    expect(dayIn(new Date('2026-07-01T03:59:59Z'), TORONTO)).toBe('2026-06-30');
    expect(dayIn(new Date('2026-07-01T04:00:00Z'), TORONTO)).toBe('2026-07-01');
  });
});

describe('cumulativeByDay', () => {
  test('running totals per Toronto day, carried over days without arrivals, up to the last day shown', () => {
    const series = cumulativeByDay(
      [
        // 23:00 on Nov 22 in Toronto, and 00:00 on Nov 23: two days.
        { variantId: 'a', hour: hourOf('2026-11-23T04:00:00Z'), viewers: 10, conversions: 1 },
        { variantId: 'a', hour: hourOf('2026-11-23T05:00:00Z'), viewers: 5, conversions: 0 },
        { variantId: 'b', hour: hourOf('2026-11-23T05:00:00Z'), viewers: 8, conversions: 2 },
        // Nothing on Nov 24; more on Nov 25.
        { variantId: 'b', hour: hourOf('2026-11-25T20:00:00Z'), viewers: 2, conversions: 1 },
        // Not a variant of this chart.
        { variantId: 'other', hour: hourOf('2026-11-20T12:00:00Z'), viewers: 99, conversions: 9 },
      ],
      ['a', 'b'],
      new Date('2026-11-26T15:00:00Z'),
      TORONTO,
    );
    expect(series.days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(series.totals.a).toEqual([
      { viewers: 10, conversions: 1 },
      { viewers: 15, conversions: 1 },
      { viewers: 15, conversions: 1 },
      { viewers: 15, conversions: 1 },
      { viewers: 15, conversions: 1 },
    ]);
    expect(series.totals.b.map((t) => [t.viewers, t.conversions])).toEqual([
      [0, 0],
      [8, 2],
      [8, 2],
      [10, 3],
      [10, 3],
    ]);
  });

  test('arrivals after `until` (a clock ahead of the server’s) still count, to their own day', () => {
    const series = cumulativeByDay(
      [{ variantId: 'a', hour: hourOf('2026-07-03T12:00:00Z'), viewers: 1, conversions: 0 }],
      ['a'],
      new Date('2026-07-01T12:00:00Z'),
      TORONTO,
    );
    expect(series.days).toEqual(['2026-07-03']);
  });

  test('no arrivals: no days, an empty list per variant', () => {
    expect(cumulativeByDay([], ['a', 'b'], new Date(), TORONTO)).toEqual({ days: [], totals: { a: [], b: [] } });
  });

  test('the totals on the last day are the sums of all arrivals', () => {
    const hourly = Array.from({ length: 24 * 10 }, (_, i) => ({
      variantId: i % 3 ? 'a' : 'b',
      hour: hourOf('2026-03-01T00:00:00Z') + i,
      viewers: i % 7,
      conversions: i % 2,
    }));
    const series = cumulativeByDay(hourly, ['a', 'b'], new Date('2026-03-10T00:00:00Z'), TORONTO);
    for (const id of ['a', 'b']) {
      const mine = hourly.filter((h) => h.variantId === id);
      expect(series.totals[id].at(-1)).toEqual({ viewers: mine.reduce((s, h) => s + h.viewers, 0), conversions: mine.reduce((s, h) => s + h.conversions, 0) });
    }
    // Across the spring change (Mar 8, 2026), every day is listed once.
    expect(new Set(series.days).size).toBe(series.days.length);
    expect(series.days[0]).toBe('2026-02-28');
  });
});
