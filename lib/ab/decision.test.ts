import { describe, expect, test } from 'bun:test';
import { type Decision, type DecisionVariant, decide, holmChancesNeeded, MIN_LIFT_PERCENT, NO_CLEAR_WINNER, NOT_ENOUGH_DATA, verdictText } from './decision.ts';
import { chanceToBeat } from './stats.ts';

// Fixed counts; each challenger's chance is the exact Bayesian one from lib/ab/stats.ts, as the
// dashboard computes it. The chances quoted in the comments were computed once from these counts.

type Counts = [name: string, views: number, conversions: number];

function variants(control: Counts, ...challengers: Counts[]): DecisionVariant[] {
  const [, nA, xA] = control;
  return [control, ...challengers].map(([name, views, conversions], i) => ({
    id: `v${i}`,
    name,
    isControl: i === 0,
    views,
    conversions,
    chanceToBeatControl: i === 0 ? null : chanceToBeat(xA, nA, conversions, views),
  }));
}

const control: Counts = ['Control', 1000, 100];

describe('holmChancesNeeded', () => {
  test('95% for one challenger; 97.5% then 95% for two; 98.33%, 97.5%, 95% for three', () => {
    expect(holmChancesNeeded(1)).toEqual([0.95]);
    expect(holmChancesNeeded(2)).toEqual([0.975, 0.95]);
    const three = holmChancesNeeded(3);
    expect(three[0]).toBeCloseTo(1 - 0.05 / 3, 12);
    expect(three.slice(1)).toEqual([0.975, 0.95]);
  });
});

describe('decide', () => {
  test('two variants: 13% against 10% on 1,000 viewers each (98.2%, +30%) is a leader', () => {
    const d = decide({ variants: variants(control, ['Short Form', 1000, 130]), daysRunning: 14 });
    expect(d.kind).toBe('leader');
    if (d.kind !== 'leader') return;
    expect(d.leader).toMatchObject({ name: 'Short Form', chanceNeeded: 0.95, beatsControl: true, bigEnough: true });
    expect(d.leader.liftPercent).toBeCloseTo(30, 10);
    expect(verdictText(d)).toBe('Leader: Short Form (98% chance to beat control)');
  });

  test('two variants: 91% is not enough', () => {
    const d = decide({ variants: variants(control, ['Short Form', 1000, 119]), daysRunning: 14 });
    expect(d).toMatchObject({ kind: 'no-clear-winner', reason: 'chance', best: { name: 'Short Form', chanceNeeded: 0.95, beatsControl: false } });
    expect(verdictText(d)).toBe(NO_CLEAR_WINNER);
  });

  test('three variants, where Holm changes the answer: 95.5% would lead alone, but with a second challenger it needs 97.5%', () => {
    const a: Counts = ['Variant A', 1000, 124]; // 95.5% to beat control, +24%
    const b: Counts = ['Variant B', 1000, 105]; // 64.3%
    const alone = decide({ variants: variants(control, a), daysRunning: 14 });
    expect(verdictText(alone)).toBe('Leader: Variant A (95% chance to beat control)');
    const withB = decide({ variants: variants(control, a, b), daysRunning: 14 });
    expect(withB).toMatchObject({ kind: 'no-clear-winner', reason: 'chance', best: { name: 'Variant A', chanceNeeded: 0.975, beatsControl: false } });
    expect(withB.challengers.map((c) => [c.name, c.chanceNeeded, c.beatsControl])).toEqual([
      ['Variant A', 0.975, false],
      ['Variant B', 0.95, false],
    ]);
    expect(verdictText(withB)).toBe(NO_CLEAR_WINNER);
  });

  test('three variants: Holm steps down, so once the best clears 97.5% the next needs only 95%; the leader has the highest chance', () => {
    const d = decide({ variants: variants(control, ['Variant B', 1000, 124], ['Variant A', 1000, 140]), daysRunning: 14 });
    expect(d.kind).toBe('leader');
    expect(d.challengers.map((c) => [c.name, c.chanceNeeded, c.beatsControl])).toEqual([
      ['Variant A', 0.975, true],
      ['Variant B', 0.95, true],
    ]);
    expect(verdictText(d)).toBe('Leader: Variant A (99% chance to beat control)');
  });

  test('below the sample guard: 99 viewers in one variant, or 6 days, is not enough data whatever the chances', () => {
    const short = decide({ variants: variants(['Control', 1000, 100], ['Variant A', 99, 30]), daysRunning: 30 });
    expect(short).toMatchObject({ kind: 'too-early', fewViewers: [{ name: 'Variant A', views: 99 }] });
    expect(short.challengers[0].chance).toBeGreaterThan(0.999);
    expect(verdictText(short)).toBe(NOT_ENOUGH_DATA);
    const early = decide({ variants: variants(control, ['Variant A', 1000, 200]), daysRunning: 6 });
    expect(early).toMatchObject({ kind: 'too-early', daysRunning: 6, fewViewers: [] });
    expect(verdictText(early)).toBe(NOT_ENOUGH_DATA);
  });

  test(`below the minimum effect: 5.35% against 5% on 40,000 viewers each is 98.7% sure, but only +7% (the bar is +${MIN_LIFT_PERCENT}%)`, () => {
    const d = decide({ variants: variants(['Control', 40_000, 2000], ['Variant A', 40_000, 2140]), daysRunning: 21 });
    expect(d).toMatchObject({ kind: 'no-clear-winner', reason: 'effect', best: { name: 'Variant A', beatsControl: true, bigEnough: false } });
    if (d.kind !== 'no-clear-winner') return;
    expect(d.best.chance).toBeGreaterThan(0.95);
    expect(d.best.liftPercent).toBeCloseTo(7, 10);
    expect(verdictText(d)).toBe(NO_CLEAR_WINNER);
  });

  test('a control with no conversions: any converting challenger that is sure enough is big enough (lift undefined, not infinite)', () => {
    const d = decide({ variants: variants(['Control', 500, 0], ['Variant A', 500, 12]), daysRunning: 10 });
    expect(d.kind).toBe('leader');
    expect(d.challengers[0].liftPercent).toBeNull();
    expect(JSON.parse(JSON.stringify(d)) as Decision).toEqual(d);
  });

  test('one variant only: nothing to compare', () => {
    const d = decide({ variants: variants(control), daysRunning: 30 });
    expect(d).toEqual({ kind: 'single-variant', challengers: [] });
    expect(verdictText(d)).toBe(NOT_ENOUGH_DATA);
  });

  test('the control need not come first; without one marked, the first variant is the control', () => {
    const marked = variants(control, ['Short Form', 1000, 130]).reverse();
    expect(verdictText(decide({ variants: marked, daysRunning: 14 }))).toBe('Leader: Short Form (98% chance to beat control)');
    const unmarked = variants(control, ['Short Form', 1000, 130]).map((v) => ({ ...v, isControl: false }));
    expect(decide({ variants: unmarked, daysRunning: 14 }).challengers.map((c) => c.name)).toEqual(['Short Form']);
  });
});
