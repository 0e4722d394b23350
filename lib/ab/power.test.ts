import { describe, expect, test } from 'bun:test';
import { MAX_PLAN_DAYS, sampleSizePerGroup, type TestPlan, testPlan } from './power.ts';
import { normalQuantile } from './stats.ts';

// Worked values, each checked independently (Python's statistics.NormalDist for the quantiles, the
// formulas in power.ts written out again) and against the books where they print one.

describe('normalQuantile', () => {
  test('matches the tabled quantiles to double precision', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 12);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 10);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 8);
  });
  test('is NaN outside (0, 1)', () => {
    for (const p of [0, 1, -0.1, 1.5, Number.NaN]) expect(normalQuantile(p)).toBeNaN();
  });
});

describe('sampleSizePerGroup (α 0.05 two-sided, 80% power)', () => {
  test('10% → 12%: 3,841 pooled (3,840.85 rounded up), 3,839 unpooled (3,838.10)', () => {
    expect(sampleSizePerGroup(0.1, 0.12)).toBe(3841);
    expect(sampleSizePerGroup(0.1, 0.12, { pooled: false })).toBe(3839);
  });
  test('30% → 40%: 356 a group pooled, the textbook figure (355.94); 354 unpooled', () => {
    expect(sampleSizePerGroup(0.3, 0.4)).toBe(356);
    expect(sampleSizePerGroup(0.3, 0.4, { pooled: false })).toBe(354);
  });
  test('Chow, Shao & Wang §4.2: 65% → 85% needs 70 a group (69.66)', () => {
    expect(sampleSizePerGroup(0.65, 0.85, { pooled: false })).toBe(70);
  });
  test('the same either way round, and more for a stricter α or more power', () => {
    expect(sampleSizePerGroup(0.12, 0.1)).toBe(3841);
    expect(sampleSizePerGroup(0.1, 0.12, { alpha: 0.025 })).toBe(4652);
    expect(sampleSizePerGroup(0.1, 0.12, { power: 0.9 })).toBeGreaterThan(3841);
  });
  test('no answer for rates at 0 or 1, equal rates, or a nonsense α or power', () => {
    for (const [p1, p2] of [
      [0, 0.1],
      [0.1, 1],
      [0.1, 0.1],
      [Number.NaN, 0.1],
      [0.1, Number.POSITIVE_INFINITY],
    ])
      expect(sampleSizePerGroup(p1, p2)).toBeNull();
    expect(sampleSizePerGroup(0.1, 0.12, { alpha: 0 })).toBeNull();
    expect(sampleSizePerGroup(0.1, 0.12, { power: 1 })).toBeNull();
  });
});

const plan = (over: Partial<Parameters<typeof testPlan>[0]> = {}): TestPlan =>
  testPlan({ baselineRate: 0.1, relativeLift: 0.2, variants: 2, trafficAllocation: 100, dailyVisitors: 500, ...over });

describe('testPlan', () => {
  test('two variants, all traffic: 3,841 each, 7,682 in all, 16 days at 500 a day', () => {
    expect(plan()).toEqual({ perVariant: 3841, total: 7682, days: 16 });
  });
  test('three variants: α split over two comparisons (0.025 each), so 4,652 each; half the traffic doubles the days', () => {
    expect(plan({ variants: 3 })).toEqual({ perVariant: 4652, total: 13956, days: 28 });
    expect(plan({ variants: 3, trafficAllocation: 50 })).toEqual({ perVariant: 4652, total: 13956, days: 56 });
  });
  test('four variants need more per variant than three, three more than two', () => {
    const sizes = [2, 3, 4].map((variants) => {
      const p = plan({ variants });
      if ('cannotTell' in p) throw new Error(p.cannotTell);
      return p.perVariant;
    });
    expect(sizes[0]).toBeLessThan(sizes[1]);
    expect(sizes[1]).toBeLessThan(sizes[2]);
    // Worked apart from this code (Python's statistics.NormalDist, the same pooled formula): α/3 = 0.01667
    // per comparison gives 5,123.27, so 5,124 each; 20,496 in all is 41 days at 500 a day.
    expect(plan({ variants: 4 })).toEqual({ perVariant: 5124, total: 20496, days: 41 });
  });
  test('a small site and a low rate: 3% with a 20% lift takes months, not Infinity', () => {
    const p = plan({ baselineRate: 0.03, relativeLift: 0.2, dailyVisitors: 120 });
    expect(p).toEqual({ perVariant: 13914, total: 27828, days: 232 });
  });
  test('days round up: a part-day is a day', () => {
    expect(plan({ dailyVisitors: 7682 })).toEqual({ perVariant: 3841, total: 7682, days: 1 });
    expect(plan({ dailyVisitors: 7681 })).toEqual({ perVariant: 3841, total: 7682, days: 2 });
  });
  test('cannot tell, in a sentence, rather than Infinity or NaN', () => {
    const cases: Partial<Parameters<typeof testPlan>[0]>[] = [
      { relativeLift: 0 },
      { relativeLift: -0.1 },
      { relativeLift: Number.NaN },
      { baselineRate: 0 },
      { baselineRate: 1 },
      { baselineRate: -0.2 },
      { baselineRate: 0.9, relativeLift: 0.2 },
      { dailyVisitors: 0 },
      { dailyVisitors: -5 },
      { dailyVisitors: Number.POSITIVE_INFINITY },
      { trafficAllocation: 0 },
      { trafficAllocation: 101 },
      { variants: 1 },
      { variants: 5 },
      { variants: 2.5 },
      { relativeLift: 1e-9 },
    ];
    for (const over of cases) {
      const p = plan(over);
      expect(p).toHaveProperty('cannotTell');
      if (!('cannotTell' in p)) throw new Error('expected cannot tell');
      expect(p.cannotTell).toMatch(/^[A-Z].+[.:]/);
    }
    expect(plan({ dailyVisitors: 0 })).toEqual({ cannotTell: 'There is no recent traffic to go by, so how long the test would take cannot be told yet.' });
    expect(plan({ relativeLift: 0 })).toEqual({ cannotTell: 'Choose a lift above 0%: the test looks for an improvement.' });
  });
  test('beyond ten years is cannot tell', () => {
    const p = plan({ baselineRate: 0.01, relativeLift: 0.01, dailyVisitors: 10 });
    expect(p).toHaveProperty('cannotTell');
    const edge = plan({ dailyVisitors: 7682 / MAX_PLAN_DAYS });
    expect(edge).toEqual({ perVariant: 3841, total: 7682, days: MAX_PLAN_DAYS });
  });
});
