import { describe, expect, test } from 'bun:test';
import { CHART_MIN_VIEWERS, labelledDays, niceScale, rateChart } from './chart.ts';
import type { DailySeries } from './daily.ts';

describe('niceScale', () => {
  test('the smallest friendly step that covers the highest rate in four intervals', () => {
    expect(niceScale(6.18)).toEqual({ step: 2, top: 8 });
    expect(niceScale(8)).toEqual({ step: 2, top: 8 });
    expect(niceScale(3.2)).toEqual({ step: 1, top: 4 });
    expect(niceScale(0.7)).toEqual({ step: 0.2, top: 0.8 });
    expect(niceScale(42)).toEqual({ step: 20, top: 60 });
    expect(niceScale(100)).toEqual({ step: 25, top: 100 });
  });
});

describe('labelledDays', () => {
  test('first and last always, evenly between, never more than asked', () => {
    expect(labelledDays(15, 5)).toEqual([0, 4, 7, 11, 14]);
    expect(labelledDays(3, 5)).toEqual([0, 1, 2]);
    expect(labelledDays(6, 5)).toEqual([0, 1, 3, 4, 5]);
    expect(labelledDays(0, 5)).toEqual([]);
  });
});

describe('rateChart', () => {
  const series: DailySeries = {
    days: ['2026-11-20', '2026-11-21', '2026-11-22'],
    totals: {
      control: [
        { viewers: 40, conversions: 2 }, // 5%
        { viewers: 80, conversions: 4 }, // 5%
        { viewers: 100, conversions: 4 }, // 4%
      ],
      short: [
        { viewers: 10, conversions: 3 }, // below the minimum: not drawn
        { viewers: 50, conversions: 3 }, // 6%
        { viewers: 100, conversions: 7 }, // 7%
      ],
    },
  };

  test('lines in a 100 × 100 box, y down, each starting once it has enough viewers; ticks from 0 to a friendly top', () => {
    const chart = rateChart(series, ['control', 'short'])!;
    // Highest rate 7% → steps of 2 up to 8%.
    expect(chart.yTicks).toEqual([
      { label: '0%', y: 100 },
      { label: '2%', y: 75 },
      { label: '4%', y: 50 },
      { label: '6%', y: 25 },
      { label: '8%', y: 0 },
    ]);
    expect(chart.lines).toEqual([
      { id: 'control', points: '0,37.5 50,37.5 100,50', lastRate: 4 },
      { id: 'short', points: '50,25 100,12.5', lastRate: 7 },
    ]);
    expect(chart.xTicks).toEqual([
      { label: 'Nov 20', x: 0, essential: true },
      { label: 'Nov 21', x: 50, essential: true },
      { label: 'Nov 22', x: 100, essential: true },
    ]);
    expect([chart.firstDay, chart.lastDay]).toEqual(['Nov 20', 'Nov 22']);
    expect(CHART_MIN_VIEWERS).toBeGreaterThan(10);
  });

  test('five day labels on a long test, of which first, middle and last are the essential ones', () => {
    const days = Array.from({ length: 15 }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
    const chart = rateChart({ days, totals: { a: days.map(() => ({ viewers: 100, conversions: 5 })) } }, ['a'])!;
    expect(chart.xTicks.map((t) => [t.label, t.essential])).toEqual([
      ['Nov 10', true],
      ['Nov 14', false],
      ['Nov 17', true],
      ['Nov 21', false],
      ['Nov 24', true],
    ]);
  });

  test('a variant that never reaches the minimum has no line and no last rate; one missing from the series likewise', () => {
    const chart = rateChart({ ...series, totals: { ...series.totals, short: series.totals.short.map((t) => ({ ...t, viewers: 5 })) } }, [
      'control',
      'short',
      'gone',
    ])!;
    expect(chart.lines.slice(1)).toEqual([
      { id: 'short', points: '', lastRate: null },
      { id: 'gone', points: '', lastRate: null },
    ]);
  });

  test('nothing to draw: one day only, or no variant with enough viewers', () => {
    expect(rateChart({ days: ['2026-11-20'], totals: { a: [{ viewers: 500, conversions: 5 }] } }, ['a'])).toBeNull();
    expect(
      rateChart(
        {
          days: ['2026-11-20', '2026-11-21'],
          totals: {
            a: [
              { viewers: 1, conversions: 1 },
              { viewers: 2, conversions: 1 },
            ],
          },
        },
        ['a'],
      ),
    ).toBeNull();
  });

  test('no conversions at all: flat lines on the floor of a 0–1% axis', () => {
    const chart = rateChart(
      {
        days: ['2026-11-20', '2026-11-21'],
        totals: {
          a: [
            { viewers: 50, conversions: 0 },
            { viewers: 90, conversions: 0 },
          ],
        },
      },
      ['a'],
    )!;
    expect(chart.lines[0].points).toBe('0,100 100,100');
    expect(chart.yTicks.at(-1)).toEqual({ label: '1.00%', y: 0 });
  });
});
