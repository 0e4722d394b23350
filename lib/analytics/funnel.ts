// The funnel from a visit to a won client, and the arithmetic every table of the dashboard shares: rates
// that are never a division by zero, the drop-off between steps, and the change from the period before.
// Pure.

/** The steps, in order, as the API names them. */
export const FUNNEL_STEPS = ['visit', 'audit_started', 'lead', 'booked', 'won'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type StepCounts = Record<FunnelStep, number>;

export const FUNNEL_LABELS: Readonly<Record<FunnelStep, string>> = {
  visit: 'Visited the site',
  audit_started: 'Started the audit',
  lead: 'Became a lead',
  booked: 'Booked a session',
  won: 'Became a client',
};

/** `part` of `whole` (0–1, or above 1 when the part is counted another way), or null when there is no whole. */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export type FunnelRow = {
  step: FunnelStep;
  visitors: number;
  /** Of the step before (null for the first step, or when the step before counted nobody). */
  fromPrevious: number | null;
  /** Of the first step (visits). */
  fromStart: number | null;
  /** How many the step before had that this one has not (negative when this step counts more: see the dashboard's help). */
  dropOff: number | null;
};

/** The funnel's rows: each step's count, its rate from the step before and from the start, and the drop-off. */
export function funnelRows(counts: StepCounts): FunnelRow[] {
  return FUNNEL_STEPS.map((step, i) => {
    const before = i === 0 ? null : counts[FUNNEL_STEPS[i - 1]];
    return {
      step,
      visitors: counts[step],
      fromPrevious: before === null ? null : rate(counts[step], before),
      fromStart: i === 0 ? null : rate(counts[step], counts.visit),
      dropOff: before === null ? null : before - counts[step],
    };
  });
}

export type Change = {
  current: number;
  previous: number;
  difference: number /** (current − previous) / previous, null when there was nothing before. */;
  ratio: number | null;
};

/** A figure beside the same figure in the period before. */
export const change = (current: number, previous: number): Change => ({
  current,
  previous,
  difference: current - previous,
  ratio: previous === 0 ? null : (current - previous) / previous,
});

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
