import { describe, expect, test } from 'bun:test';
import { NOT_ENOUGH_DATA } from './decision.ts';
import {
  analyzeTest,
  chanceToBeat,
  chiSquareSurvival,
  erfc,
  liftInterval,
  logGamma,
  srmPValue,
  twoProportionPValue,
  type VariantCounts,
  wilsonInterval,
} from './stats.ts';

// Expected values were worked by hand from the formulas in ab-stats.ts and cross-checked with SciPy
// (scipy.stats.norm, chisquare, beta + numerical integration).

describe('special functions', () => {
  test('ln Γ at known points', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(1001)).toBeCloseTo(5912.128178488164, 8);
  });

  test('erfc and χ² survival at known points', () => {
    expect(erfc(0)).toBeCloseTo(1, 14);
    expect(erfc(1)).toBeCloseTo(0.157299207050285, 12);
    expect(erfc(3)).toBeCloseTo(2.209049699858544e-5, 15);
    expect(erfc(-1)).toBeCloseTo(1.842700792949715, 12);
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(5.991464547107979, 2)).toBeCloseTo(0.05, 12);
  });
});

describe('Wilson interval', () => {
  test('zero conversions: [0, z²/(n + z²)]', () => {
    const i = wilsonInterval(0, 10)!;
    expect(i.lower).toBe(0);
    expect(i.upper).toBeCloseTo(0.2775327998628892, 12);
  });

  test('half converting is symmetric about one half', () => {
    const i = wilsonInterval(50, 100)!;
    expect(i.lower).toBeCloseTo(0.4038315303659956, 12);
    expect(i.upper).toBeCloseTo(0.5961684696340044, 12);
  });

  test('a small rate', () => {
    const i = wilsonInterval(12, 250)!;
    expect(i.lower).toBeCloseTo(0.02766820153069461, 12);
    expect(i.upper).toBeCloseTo(0.08201230121318728, 12);
  });

  test('no viewers → no interval', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('lift with a delta-method interval', () => {
  test('10% → 13% is +30% with interval [+1.70%, +66.18%]', () => {
    const l = liftInterval(100, 1000, 130, 1000)!;
    expect(l.estimate).toBeCloseTo(0.3, 12);
    expect(l.lower).toBeCloseTo(0.01698427097104549, 12);
    expect(l.upper).toBeCloseTo(0.6617759470226023, 12);
  });

  test('a challenger with one conversion stays above −100%', () => {
    const l = liftInterval(40, 400, 1, 300)!;
    expect(l.estimate).toBeCloseTo(-0.9666666666666667, 12);
    expect(l.lower).toBeCloseTo(-0.9953915108316227, 12);
    expect(l.upper).toBeCloseTo(-0.7588990511824645, 12);
  });

  test('undefined when either side has no conversions or no viewers', () => {
    expect(liftInterval(40, 400, 0, 300)).toBeNull();
    expect(liftInterval(0, 100, 5, 100)).toBeNull();
    expect(liftInterval(5, 100, 0, 0)).toBeNull();
    expect(liftInterval(0, 0, 5, 100)).toBeNull();
  });
});

describe('Bayesian chance to beat control', () => {
  test('no data at all: a coin flip', () => {
    expect(chanceToBeat(0, 0, 0, 0)).toBeCloseTo(0.5, 12);
  });

  test('Beta(2,1) against a uniform control is 2/3, and the reverse 1/3', () => {
    expect(chanceToBeat(0, 0, 1, 1)).toBeCloseTo(2 / 3, 12);
    expect(chanceToBeat(1, 1, 0, 0)).toBeCloseTo(1 / 3, 12);
  });

  test('Beta(2,1) against Beta(1,2) is 5/6', () => {
    expect(chanceToBeat(0, 1, 1, 1)).toBeCloseTo(5 / 6, 12);
  });

  test('10% vs 13% of 1000 each', () => {
    expect(chanceToBeat(100, 1000, 130, 1000)).toBeCloseTo(0.9821650661163507, 7);
  });

  test('a losing challenger, summed from the other side', () => {
    expect(chanceToBeat(30, 400, 20, 400)).toBeCloseTo(0.07362829338194968, 7);
  });

  test('symmetry: P(B > A) + P(A > B) = 1', () => {
    expect(chanceToBeat(17, 300, 25, 310) + chanceToBeat(25, 310, 17, 300)).toBeCloseTo(1, 12);
  });

  test('deterministic and fast for large counts', () => {
    const t = performance.now();
    const a = chanceToBeat(50_000, 1_000_000, 50_600, 1_000_000);
    expect(performance.now() - t).toBeLessThan(500);
    expect(chanceToBeat(50_000, 1_000_000, 50_600, 1_000_000)).toBe(a);
    expect(a).toBeGreaterThan(0.97);
    expect(a).toBeLessThan(0.98);
  });
});

describe('two-proportion z-test', () => {
  test('10% vs 13% of 1000: p ≈ 0.0355', () => {
    expect(twoProportionPValue(100, 1000, 130, 1000)).toBeCloseTo(0.03548845046647471, 10);
  });

  test('equal rates: p = 1', () => {
    expect(twoProportionPValue(50, 500, 50, 500)).toBeCloseTo(1, 12);
  });

  test('zero conversions everywhere: p = 1; no viewers: null', () => {
    expect(twoProportionPValue(0, 100, 0, 120)).toBe(1);
    expect(twoProportionPValue(0, 0, 3, 10)).toBeNull();
  });
});

describe('sample-ratio mismatch', () => {
  test('1000 vs 1100 on a 50/50 split: χ² = 4.76, p ≈ 0.0291', () => {
    expect(srmPValue([1000, 1100], [1, 1])).toBeCloseTo(0.029096331741252267, 12);
  });

  test('three-way with one variant 21% heavy: p ≈ 1.08e-6', () => {
    expect(srmPValue([1000, 1000, 1210], [1, 1, 1])!).toBeCloseTo(1.0802503296113585e-6, 15);
  });

  test('uneven weights 1:2 with 900 / 2100 observed: p ≈ 1.08e-4', () => {
    expect(srmPValue([900, 2100], [1, 2])!).toBeCloseTo(0.00010751117672950066, 14);
  });

  test('no visitors → null; visitors in a zero-weight variant → 0', () => {
    expect(srmPValue([0, 0], [1, 1])).toBeNull();
    expect(srmPValue([10, 10, 1], [1, 1, 0])).toBe(0);
  });
});

describe('analyzeTest', () => {
  const start = new Date('2025-01-01T00:00:00Z');
  const counts = (over: Partial<VariantCounts>[]): VariantCounts[] =>
    over.map((o, i) => ({
      id: `v${i}`,
      name: i === 0 ? 'Control' : `Variant ${i}`,
      isControl: i === 0,
      weight: 1,
      views: 0,
      clicks: 0,
      conversions: 0,
      booked: 0,
      ...o,
    }));

  test('a variant with no viewers and a test with no data', () => {
    const results = analyzeTest(counts([{}, {}]), start, new Date('2025-01-02T00:00:00Z'));
    expect(results[1]).toEqual({
      variant: { id: 'v1', name: 'Variant 1', isControl: false },
      metrics: { views: 0, clicks: 0, conversions: 0, conversionRate: 0, clickRate: 0, booked: 0, bookedRate: 0 },
      stats: {
        conversionInterval: null,
        lift: null,
        chanceToBeatControl: null,
        pValue: null,
        test: {
          judgedOn: 'conversions',
          srmPValue: null,
          srmWarning: false,
          verdict: NOT_ENOUGH_DATA,
          decision: {
            kind: 'too-early',
            daysRunning: 1,
            fewViewers: [
              { name: 'Control', views: 0 },
              { name: 'Variant 1', views: 0 },
            ],
            challengers: [{ id: 'v1', name: 'Variant 1', chance: null, chanceNeeded: 0.95, liftPercent: null, beatsControl: false, bigEnough: false }],
          },
          daysRunning: 1,
        },
      },
    });
  });

  test('a finished test with a winner', () => {
    const results = analyzeTest(
      counts([
        { views: 1000, clicks: 400, conversions: 100, booked: 12 },
        { views: 1000, clicks: 450, conversions: 130, booked: 9 },
      ]),
      start,
      new Date('2025-01-15T00:00:00Z'),
    );
    expect(results[0].metrics).toEqual({ views: 1000, clicks: 400, conversions: 100, conversionRate: 10, clickRate: 40, booked: 12, bookedRate: 1.2 });
    expect(results[0].stats.lift).toBeNull();
    expect(results[0].stats.chanceToBeatControl).toBeNull();
    expect(results[1].stats.lift).toEqual({ estimate: 30, lower: 1.7, upper: 66.18 });
    expect(results[1].stats.chanceToBeatControl).toBe(0.9822);
    expect(results[1].stats.conversionInterval).toEqual({ lower: 11.06, upper: 15.23 });
    expect(results[1].stats.test).toMatchObject({
      srmPValue: 1,
      srmWarning: false,
      verdict: 'Leader: Variant 1 (98% chance to beat control)',
      daysRunning: 14,
    });
    expect(results[1].stats.test.decision).toMatchObject({ kind: 'leader', leader: { id: 'v1', chanceNeeded: 0.95 } });
    // The test-wide figures are one object, repeated in every entry.
    expect(results[0].stats.test).toBe(results[1].stats.test);
  });

  test('booked sessions are counted beside conversions and change no statistic and no verdict', () => {
    const now = new Date('2025-01-15T00:00:00Z');
    const base = [
      { views: 1000, conversions: 100 },
      { views: 1000, conversions: 130 },
    ];
    const without = analyzeTest(counts(base), start, now);
    // The challenger wins on conversions and loses on bookings: the verdict still follows conversions.
    const withBooked = analyzeTest(
      counts([
        { ...base[0], booked: 40 },
        { ...base[1], booked: 3 },
      ]),
      start,
      now,
    );
    expect(withBooked.map((r) => [r.metrics.booked, r.metrics.bookedRate])).toEqual([
      [40, 4],
      [3, 0.3],
    ]);
    expect(withBooked.map((r) => r.stats)).toEqual(without.map((r) => r.stats));
    expect(withBooked[1].stats.test.verdict).toBe('Leader: Variant 1 (98% chance to beat control)');
  });

  test('an experiment whose goal is a booked session is judged on booked sessions, the same rule applied to them', () => {
    const now = new Date('2025-01-15T00:00:00Z');
    // The challenger books more sessions (4.0% against 2.0%) but sends fewer audits.
    const variants = counts([
      { views: 1500, conversions: 150, booked: 30 },
      { views: 1500, conversions: 120, booked: 60 },
    ]);
    const onBooked = analyzeTest(variants, start, now, 'booked');
    const onConversions = analyzeTest(variants, start, now);
    expect(onBooked[1].stats.test.judgedOn).toBe('booked');
    expect(onBooked[1].stats.test.decision.kind).toBe('leader');
    expect(onBooked[1].stats.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(onBooked[1].stats.lift?.estimate).toBe(100);
    // The same counts judged on conversions: the challenger is behind, so no leader.
    expect(onConversions[1].stats.test.judgedOn).toBe('conversions');
    expect(onConversions[1].stats.test.decision.kind).toBe('no-clear-winner');
    expect(onConversions[1].stats.chanceToBeatControl).toBeLessThan(0.05);
    // The spec's metrics are the same whichever goal judges.
    expect(onBooked.map((r) => r.metrics)).toEqual(onConversions.map((r) => r.metrics));
  });

  test('an SRM warning below p = 0.001', () => {
    const results = analyzeTest(counts([{ views: 1000 }, { views: 1000 }, { views: 1210 }]), start, new Date('2025-01-15T00:00:00Z'));
    expect(results[0].stats.test.srmWarning).toBe(true);
  });
});
