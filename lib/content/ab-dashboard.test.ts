import { describe, expect, test } from 'bun:test';
import { type DecisionVariant, decide } from '../ab/decision.ts';
import { chanceToBeat } from '../ab/stats.ts';
import { eventMeanings, explainDecision, methodNotes, ruleSummary } from './ab-dashboard.ts';

/** A decision from fixed counts: [views, conversions] per variant, the first the control. */
function decision(daysRunning: number, ...counts: [number, number][]) {
  const [nA, xA] = counts[0];
  const variants: DecisionVariant[] = counts.map(([views, conversions], i) => ({
    id: `v${i}`,
    name: i === 0 ? 'Control' : `Variant ${String.fromCharCode(64 + i)}`,
    isControl: i === 0,
    views,
    conversions,
    chanceToBeatControl: i === 0 ? null : chanceToBeat(xA, nA, conversions, views),
  }));
  return decide({ variants, daysRunning });
}

describe('explainDecision', () => {
  test('below the minimum effect: very likely better, but by too little to act on', () => {
    expect(explainDecision(decision(21, [40_000, 2000], [40_000, 2140]))).toBe(
      'Variant A very likely converts better than Control (98.7% chance), but only by +7.0%. We call a leader only when it is at least 10% better (say 5.5% of viewers instead of 5.0%): a smaller gain isn’t worth changing the site for.',
    );
  });

  test('every challenger behind control', () => {
    expect(explainDecision(decision(14, [1000, 100], [1000, 80], [1000, 95]))).toBe(
      'No version is ahead of Control so far: the best, Variant B, has only a 35.3% chance of converting better.',
    );
  });

  test('a leader when control has no conversions at all', () => {
    expect(explainDecision(decision(10, [500, 0], [500, 12]))).toBe(
      'Variant A converts better than Control with a >99.9% chance (95% needed) and while Control has had no conversions at all (at least +10% needed). It is safe to show it to everyone.',
    );
  });

  test('too early: every variant short of viewers is named, one viewer in the singular', () => {
    expect(explainDecision(decision(9, [1, 0], [40, 2]))).toBe(
      'We only call a result once every version has at least 100 viewers and the test has run 7 days, so one lucky weekend can’t pick the winner. So far Control has 1 viewer, and Variant A has 40 viewers.',
    );
  });

  test('one version only', () => {
    expect(explainDecision(decision(30, [500, 20]))).toBe('This test has only one version, so there is nothing to compare it with yet.');
  });
});

describe('the rule and the method, said for the test at hand', () => {
  test('one challenger: 95%; three: 98.3%, then 97.5%, then 95%', () => {
    expect(ruleSummary(1)).toContain('its chance to beat Control reaches 95%, and a lift of at least +10%');
    expect(ruleSummary(3)).toContain('reaches 98.3% (adjusted for 3 versions competing; see below)');
    expect(methodNotes(3).join(' ')).toContain('For this test that is 98.3%, then 97.5%, then 95%.');
    expect(methodNotes(0).join(' ')).toContain('For this test that is 95%.');
  });
});

describe('eventMeanings', () => {
  test('each seeded test says what its own click is; any other test gets the general words', () => {
    expect(eventMeanings('audit-form').click).toContain('final button (on step 4)');
    expect(eventMeanings('hero').click).toContain('banner’s main button');
    expect(eventMeanings(null).click).toBe('The visitor pressed the button this test watches.');
    for (const name of ['audit-form', 'hero', null] as const) {
      expect(eventMeanings(name).conversion).toContain('spam filter');
      expect(eventMeanings(name).booked).toContain('booked a free strategy session');
    }
  });
});
