import { CHART_MIN_VIEWERS } from '../ab/chart.ts';
import { type Decision, ERROR_RATE, holmChancesNeeded, MIN_DAYS_FOR_VERDICT, MIN_LIFT_PERCENT, MIN_VIEWERS_FOR_VERDICT } from '../ab/decision.ts';
import type { JudgedOn } from '../ab/definitions.ts';
import { formatChance, formatCount, formatSigned, formatThreshold } from '../ab/format.ts';
import { SRM_ALPHA } from '../ab/stats.ts';
import { agency } from '../site.ts';
import type { SlotName } from './slots.ts';

// The A/B dashboard's words for the agency's owner: what each count means on each test, why the
// verdict says what it says, what each column means, and (for the curious) how it is all worked out.

export type EventMeanings = { view: string; click: string; conversion: string; booked: string };

// Where the events come from: views are sent by the island loader when a [data-ab-view] element is on
// screen (the hero in islands/HeroVariant.tsx, the audit form in islands/AuditWizard.tsx); clicks by
// those islands' buttons; conversions by the server when it stores a non-spam audit
// (routes/api/business-audit.ts → recordConversions), for every running test the visitor is in; booked
// sessions likewise when it stores a booking (db/queries/bookings.ts), and a cancellation takes none back.
const BOOKED = 'The visitor booked a free strategy session on the site, whether or not they sent the audit first. A session cancelled later still counts.';

const SENT_AUDIT = 'sent the free business audit and it was saved. Entries our spam filter catches do not count, nor does the Q4 intake application.';

const MEANINGS: Record<SlotName, EventMeanings> = {
  'audit-form': {
    view: 'The free audit form near the bottom of the home page scrolled into view on a visitor’s screen.',
    click: 'The visitor pressed the form’s final button (on step 4), whether or not every answer was filled in.',
    conversion: `The visitor ${SENT_AUDIT}`,
    booked: BOOKED,
  },
  hero: {
    view: 'The banner at the top of the home page (the “hero”) appeared on a visitor’s screen.',
    click: 'The visitor pressed the banner’s main button, which takes them down to the free audit form.',
    conversion: `The visitor went on to send the free audit, with or without the banner’s button, and it was saved. Entries our spam filter catches do not count, nor does the Q4 intake application.`,
    booked: BOOKED,
  },
};

const GENERIC: EventMeanings = {
  view: 'The version being tested appeared on a visitor’s screen.',
  click: 'The visitor pressed the button this test watches.',
  conversion: `The visitor ${SENT_AUDIT}`,
  booked: BOOKED,
};

/** What a view, a click, a conversion and a booked session are on an experiment on `slot` (null: on no slot). */
export const eventMeanings = (slot: SlotName | null): EventMeanings => (slot ? MEANINGS[slot] : GENERIC);

/** The two goals, said once above the figures: which one the verdict is about. */
/** What the test counts, and which of its two goals the verdict, the lift and the chances are about. */
export function goalsNote(judgedOn: JudgedOn): string {
  const counted =
    'This test counts two goals: conversions (visitors who sent the free audit form) and booked sessions (visitors who booked a free strategy session).';
  return judgedOn === 'booked'
    ? `${counted} Its goal is a booked session, so the verdict, the lift and the chances are about booked sessions; conversions are shown beside them.`
    : `${counted} The verdict, the lift and the chances are about conversions; booked sessions are shown beside them.`;
}

export const COUNTING_NOTE = 'Each person counts once in each column, however often they come back, and only while the test is running.';

/** "1 time in 12": how often a version this far ahead would really be no better. */
function oddsAgainst(chance: number): string {
  const n = Math.round(1 / (1 - chance));
  return n <= 1 ? 'about half the time' : `about 1 time in ${formatCount(n)}`;
}

const neededFor = (challengers: number) =>
  challengers > 1
    ? `, not ${formatThreshold(1 - ERROR_RATE)}, because with ${challengers} versions up against Control one of them is more likely to look good by luck alone`
    : '';

const liftText = (lift: number | null) => (lift === null ? 'while Control has had no conversions at all' : `by ${formatSigned(lift)}`);

/** The plain-language reason beside the verdict. */
export function explainDecision(decision: Decision): string {
  const m = decision.challengers.length;
  switch (decision.kind) {
    case 'single-variant':
      return 'This test has only one version, so there is nothing to compare it with yet.';
    case 'too-early': {
      const waiting = [
        ...decision.fewViewers.map((v) => `${v.name} has ${formatCount(v.views)} ${v.views === 1 ? 'viewer' : 'viewers'}`),
        ...(decision.daysRunning < MIN_DAYS_FOR_VERDICT ? [`the test has run ${decision.daysRunning} of ${MIN_DAYS_FOR_VERDICT} days`] : []),
      ];
      return `We only call a result once every version has at least ${MIN_VIEWERS_FOR_VERDICT} viewers and the test has run ${MIN_DAYS_FOR_VERDICT} days, so one lucky weekend can’t pick the winner. So far ${waiting.join(', and ')}.`;
    }
    case 'no-clear-winner': {
      const { best, reason } = decision;
      const chance = best.chance ?? 0;
      if (reason === 'effect')
        return `${best.name} very likely converts better than Control (${formatChance(chance)} chance), but only ${liftText(best.liftPercent)}. We call a leader only when it is at least ${MIN_LIFT_PERCENT}% better (say 5.5% of viewers instead of 5.0%): a smaller gain isn’t worth changing the site for.`;
      if (chance < 0.5) return `No version is ahead of Control so far: the best, ${best.name}, has only a ${formatChance(chance)} chance of converting better.`;
      return `${best.name} is ahead, with a ${formatChance(chance)} chance of converting better than Control, which still leaves ${oddsAgainst(chance)} that it is really no better. We call a leader at ${formatThreshold(best.chanceNeeded)}${neededFor(m)}. Let the test keep running.`;
    }
    case 'leader': {
      const { leader } = decision;
      return `${leader.name} converts better than Control with a ${formatChance(leader.chance ?? 0)} chance (${formatThreshold(leader.chanceNeeded)} needed${m > 1 ? ` with ${m} versions up against Control` : ''}) and ${liftText(leader.liftPercent)} (at least +${MIN_LIFT_PERCENT}% needed). It is safe to show it to everyone.`;
    }
  }
}

/** The rule, in one sentence, for under the verdict's explanation. */
export function ruleSummary(challengers: number): string {
  const needed = holmChancesNeeded(Math.max(1, challengers)).map(formatThreshold);
  const chanceRule =
    challengers > 1
      ? `the best version’s chance to beat Control reaches ${needed[0]} (adjusted for ${challengers} versions competing; see below)`
      : `its chance to beat Control reaches ${needed[0]}`;
  return `A leader needs ${MIN_VIEWERS_FOR_VERDICT} viewers on every version, ${MIN_DAYS_FOR_VERDICT} days of running, ${chanceRule}, and a lift of at least +${MIN_LIFT_PERCENT}% over Control, the smallest gain we think is worth changing the site for.`;
}

export type ColumnHelp = { term: string; meaning: string };

/** What each column means, in plain words. */
export const columnHelp: readonly ColumnHelp[] = [
  { term: 'Viewers', meaning: 'People who saw this version.' },
  { term: 'Clicks', meaning: 'Viewers who pressed the button this test watches, and their share of all viewers.' },
  { term: 'Conversions', meaning: 'Viewers who went on to send the free audit.' },
  {
    term: 'Conversion rate',
    meaning: 'Conversions as a share of viewers. The range under it is where the true rate most likely sits; it narrows as more people visit.',
  },
  { term: 'Lift vs control', meaning: 'How much higher or lower the conversion rate is than Control’s: +20% means 6.0% of viewers against 5.0%.' },
  {
    term: 'Chance to beat control',
    meaning:
      'How likely it is, given the visitors so far, that this version truly converts better than Control. 91.7% sounds high, but it still leaves about 1 chance in 12 that the version is no better, which is why it can sit next to “No clear winner yet”.',
  },
  {
    term: 'p-value',
    meaning: 'The traditional check: how often a gap this big would appear by luck alone if the two versions were really the same. Smaller is stronger.',
  },
  {
    term: 'Booked sessions',
    meaning: 'Viewers who went on to book a free strategy session, and their share of all viewers. The second goal: the verdict does not use it.',
  },
];

/** "How we calculate": the methods, for a reader who wants them. */
export function methodNotes(challengers: number): string[] {
  const needed = holmChancesNeeded(Math.max(1, challengers)).map(formatThreshold);
  return [
    'Counts are unique visitors per version from the event log. Anyone with an event for a version is one of its viewers (someone who clicked, converted or booked has seen it, even if their view was not recorded); rates are shares of viewers. A visitor who booked a session without sending the audit counts as booked, not as a conversion.',
    'Conversion-rate range: 95% Wilson score interval.',
    'Lift range: 95% interval for the ratio of the two rates, by the delta method on the log scale.',
    'Chance to beat control: the exact probability that the version’s true rate is above Control’s, with Beta(1 + conversions, 1 + non-conversions) distributions for both (uniform priors); no simulation, so the same counts always give the same figure.',
    'p-value: two-sided pooled two-proportion z-test against Control, shown for reference; the verdict uses the chance.',
    `Verdict: first the sample guard (${MIN_VIEWERS_FOR_VERDICT} viewers per version, ${MIN_DAYS_FOR_VERDICT} days). Then Holm–Bonferroni’s step-down correction, applied to each challenger’s error 1 − chance at a ${formatThreshold(ERROR_RATE)} family-wise rate: ranked from the highest chance, the k-th of m challengers needs 1 − 0.05 ÷ (m − k + 1), and the checks stop at the first that fails. For this test that is ${needed.join(', then ')}. Last, the minimum effect: an observed lift of at least +${MIN_LIFT_PERCENT}%. The leader is the passing version with the highest chance.`,
    `Sample-ratio check: Pearson’s χ² test of the viewers against the split the versions’ weights promise; a warning shows below p = ${SRM_ALPHA}.`,
    `Chart: running totals at the end of each day in ${agency.city} time (${agency.timeZone}), each person counted on the day first seen and the day first converted. A version’s line starts once it has ${CHART_MIN_VIEWERS} viewers, because before that one person swings the rate by whole points.`,
  ];
}
