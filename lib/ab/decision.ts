// When the A/B dashboard calls a leader. Pure: a test's counts and Bayesian chances in, a decision out.
//
// The rule, in order:
// 1. Sample guard: every variant has at least MIN_VIEWERS viewers and the test has run MIN_DAYS days.
//    Before that the numbers swing too much to act on ('too-early').
// 2. Beats control, corrected for multiple comparisons: each challenger's error is 1 − P(beats control).
//    With m challengers, Holm's step-down procedure (S. Holm, Scand. J. Statist. 6, 1979) applied to
//    these errors sorts them from smallest to largest and asks the k-th (k = 1…m) for an error of at
//    most ERROR_RATE / (m − k + 1), stopping at the first that fails. As chances: with one challenger
//    95%; with two, the better needs 97.5% and then the other 95%; with three, 98.33%, 97.5%, 95%.
//    This keeps the chance of naming a false leader anywhere in the test at about 5%, however many
//    variants it has. (1 − P(beats control) under uniform priors is close to the one-sided p-value of
//    the z-test, so this is Holm's rule in the units the dashboard shows.)
// 3. Big enough to matter: the challenger's observed conversion rate is at least MIN_LIFT_PERCENT
//    higher than control's (relative lift). A smaller gain is not worth changing the site for.
// The leader is the challenger with the highest chance among those passing 2 and 3.

export const MIN_VIEWERS_FOR_VERDICT = 100;
export const MIN_DAYS_FOR_VERDICT = 7;
/** The chance of naming a false leader we accept across a whole test (family-wise). */
export const ERROR_RATE = 0.05;
/** The smallest gain over control, relative (10 = a 5.0% rate becoming 5.5%), that earns a verdict. */
export const MIN_LIFT_PERCENT = 10;

export const NOT_ENOUGH_DATA = 'Not enough data yet';
export const NO_CLEAR_WINNER = 'No clear winner yet';

export type DecisionVariant = {
  id: string;
  name: string;
  isControl: boolean;
  views: number;
  conversions: number;
  /** P(this variant converts better than control); null for the control or without viewers. */
  chanceToBeatControl: number | null;
};

export type ChallengerCheck = {
  id: string;
  name: string;
  chance: number | null;
  /** What its chance must reach at its place in Holm's order. */
  chanceNeeded: number;
  /** Observed relative lift over control in percent; null when control has no conversions (or either side no viewers). */
  liftPercent: number | null;
  /** Passes step 2 (Holm). */
  beatsControl: boolean;
  /** Passes step 3 (at least MIN_LIFT_PERCENT better). */
  bigEnough: boolean;
};

export type Decision =
  /** One variant only: nothing to compare. */
  | { kind: 'single-variant'; challengers: ChallengerCheck[] }
  /** Below the sample guard: `fewViewers` lists the variants short of MIN_VIEWERS. */
  | { kind: 'too-early'; daysRunning: number; fewViewers: { name: string; views: number }[]; challengers: ChallengerCheck[] }
  /** Past the guard, but no challenger both beats control and by enough: `reason` says which step stopped the best one. */
  | { kind: 'no-clear-winner'; reason: 'chance' | 'effect'; best: ChallengerCheck; challengers: ChallengerCheck[] }
  | { kind: 'leader'; leader: ChallengerCheck; challengers: ChallengerCheck[] };

/** Holm's thresholds as chances, best challenger first: 1 − α/m, 1 − α/(m − 1), …, 1 − α. */
export function holmChancesNeeded(challengers: number, errorRate = ERROR_RATE): number[] {
  return Array.from({ length: challengers }, (_, k) => 1 - errorRate / (challengers - k));
}

const rate = (v: DecisionVariant) => (v.views > 0 ? v.conversions / v.views : null);

/** Each challenger checked against control (steps 2 and 3), in Holm's order: highest chance first. */
function checkChallengers(control: DecisionVariant, challengers: readonly DecisionVariant[]): ChallengerCheck[] {
  const ordered = [...challengers].sort((a, b) => (b.chanceToBeatControl ?? -1) - (a.chanceToBeatControl ?? -1));
  const needed = holmChancesNeeded(ordered.length);
  const controlRate = rate(control);
  let stillRejecting = true;
  return ordered.map((v, k) => {
    const chance = v.chanceToBeatControl;
    stillRejecting = stillRejecting && chance !== null && chance >= needed[k];
    const own = rate(v);
    const liftPercent = own === null || controlRate === null || controlRate === 0 ? null : (own / controlRate - 1) * 100;
    const bigEnough = liftPercent !== null ? liftPercent >= MIN_LIFT_PERCENT : own !== null && own > 0 && controlRate === 0;
    return { id: v.id, name: v.name, chance, chanceNeeded: needed[k], liftPercent, beatsControl: stillRejecting, bigEnough };
  });
}

/** The verdict for one test, by the rule at the top of this file. */
export function decide(input: { variants: readonly DecisionVariant[]; daysRunning: number }): Decision {
  const { variants, daysRunning } = input;
  const control = variants.find((v) => v.isControl) ?? variants[0];
  const challengers = checkChallengers(
    control,
    variants.filter((v) => v !== control),
  );
  if (challengers.length === 0) return { kind: 'single-variant', challengers };
  const fewViewers = variants.filter((v) => v.views < MIN_VIEWERS_FOR_VERDICT).map((v) => ({ name: v.name, views: v.views }));
  if (fewViewers.length > 0 || daysRunning < MIN_DAYS_FOR_VERDICT) return { kind: 'too-early', daysRunning, fewViewers, challengers };
  const leader = challengers.find((c) => c.beatsControl && c.bigEnough);
  if (leader) return { kind: 'leader', leader, challengers };
  const beating = challengers.find((c) => c.beatsControl);
  return beating
    ? { kind: 'no-clear-winner', reason: 'effect', best: beating, challengers }
    : { kind: 'no-clear-winner', reason: 'chance', best: challengers[0], challengers };
}

/** The verdict's headline, as the results API has always given it. Floored, so 99.96% never reads as a certain 100%. */
export function verdictText(decision: Decision): string {
  switch (decision.kind) {
    case 'leader':
      return `Leader: ${decision.leader.name} (${Math.floor((decision.leader.chance ?? 0) * 100)}% chance to beat control)`;
    case 'no-clear-winner':
      return NO_CLEAR_WINNER;
    default:
      return NOT_ENOUGH_DATA;
  }
}
