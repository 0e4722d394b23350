import * as z from 'zod/mini';
import { type AnySlotFields, applyFields, SLOT_NAMES, type SlotFields, type SlotName } from '../content/slots.ts';
import { oneLine, plainParagraphs } from '../forms/plain-text.ts';
import { rowIdSchema } from '../forms/row-id.ts';
import { AB_LIMITS, type JudgedOn } from './definitions.ts';
import { MAX_VARIANTS, MIN_VARIANTS, type TestPlan } from './power.ts';

// Experiments as staff build them (issue 33): the shape of a new experiment, shared by the JSON API and
// the plain form, and what state one is in. Pure: the database work is db/queries/experiments.ts.

export const GOALS = ['lead', 'booked', 'value'] as const;
export type Goal = (typeof GOALS)[number];

/**
 * What an experiment's verdict counts, by its goal: booked sessions for `booked`; submitted audits
 * otherwise (pipeline value has no statistics of its own: revenue per visitor is too heavy-tailed for the
 * Beta model, so its leads decide and the value shows beside them).
 */
export const judgedOnOf = (goal: Goal): JudgedOn => (goal === 'booked' ? 'booked' : 'conversions');

/** What a person reads for each goal. */
export const GOAL_LABELS: Record<Goal, string> = {
  lead: 'Lead submitted (the free audit sent)',
  booked: 'Strategy session booked',
  value: 'Pipeline value (won business)',
};

export const EXPERIMENT_LIMITS = { name: AB_LIMITS.name, hypothesis: 1000, variantName: 60 } as const;

/** A name is one line; a hypothesis may have paragraphs; neither invisible characters that reorder what a reader sees. */
const text = (max: number, lines: 'one line' | 'paragraphs' = 'one line') =>
  z
    .string({ error: `must be text of 1 to ${max} characters` })
    .check(
      z.trim(),
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(max, { error: `must be at most ${max} characters` }),
      lines === 'one line' ? oneLine() : plainParagraphs(),
    );

/** POST /admin/api/experiments: the control first; a variant's partial `fields` take the rest from the slot's published copy. */
/** The experiment (and version) an address names; anything else names none. */
export const experimentParamsSchema = z.object({ id: rowIdSchema(), variantId: z.optional(rowIdSchema()) });

export const newExperimentSchema = z.object({
  name: text(EXPERIMENT_LIMITS.name),
  slot: z.enum(SLOT_NAMES, { error: `must be one of ${SLOT_NAMES.join(', ')}` }),
  hypothesis: text(EXPERIMENT_LIMITS.hypothesis, 'paragraphs'),
  trafficAllocation: z
    .int({ error: 'must be a whole number from 1 to 100' })
    .check(z.minimum(1, { error: 'must be at least 1' }), z.maximum(100, { error: 'must be at most 100' })),
  goal: z.enum(GOALS, { error: `must be one of ${GOALS.join(', ')}` }),
  variants: z
    .array(
      z.object({
        name: text(EXPERIMENT_LIMITS.variantName),
        isControl: z.boolean({ error: 'must be true or false' }),
        fields: z.optional(z.record(z.string(), z.unknown(), { error: 'must be an object of the slot’s fields' })),
      }),
      { error: 'must be a list of variants' },
    )
    .check(
      z.minLength(MIN_VARIANTS, { error: `needs ${MIN_VARIANTS} to ${MAX_VARIANTS} variants, the control first` }),
      z.maxLength(MAX_VARIANTS, { error: `needs ${MIN_VARIANTS} to ${MAX_VARIANTS} variants, the control first` }),
    ),
});
export type NewExperimentBody = z.infer<typeof newExperimentSchema>;

/** A new experiment ready to store: each variant's whole fields. */
export type NewExperiment = Omit<NewExperimentBody, 'variants'> & { variants: { name: string; isControl: boolean; fields: AnySlotFields }[] };

export type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/**
 * The body's variants made whole over the slot's `published` copy, checked: the control first and only
 * there, names distinct, every field known and well-typed. The control shows the published copy, so it
 * may not change it (edit the copy on /admin/content instead). An error names the field.
 */
export function completeExperiment<S extends SlotName>(body: NewExperimentBody & { slot: S }, published: SlotFields[S]): Checked<NewExperiment> {
  const names = new Set<string>();
  const variants: NewExperiment['variants'] = [];
  for (const [i, v] of body.variants.entries()) {
    const at = `variants.${i}`;
    if (v.isControl !== (i === 0)) return { ok: false, field: `${at}.isControl`, message: `${at}.isControl: the control comes first, and only once` };
    const key = v.name.toLowerCase();
    if (names.has(key)) return { ok: false, field: `${at}.name`, message: `${at}.name: each variant needs its own name` };
    names.add(key);
    const made = applyFields(body.slot, published, v.fields ?? {});
    if (!made.ok) return { ok: false, field: `${at}.fields.${made.field}`, message: `${at}.fields.${made.message}` };
    if (v.isControl && !sameCopy(made.fields, published))
      return { ok: false, field: `${at}.fields`, message: `${at}.fields: the control shows the published copy; change that on the content page` };
    variants.push({ name: v.name, isControl: v.isControl, fields: made.fields });
  }
  if (variants.slice(1).some((v) => sameCopy(v.fields, published)))
    return { ok: false, field: 'variants', message: 'variants: each challenger must change something from the control' };
  return { ok: true, value: { ...body, variants } };
}

const sameCopy = (a: object, b: object) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

export type ExperimentStatus = 'draft' | 'running' | 'stopped' | 'shipped';

/**
 * Where an experiment is: a draft was never started (not active, no end); running is active and within
 * its dates; shipped has a variant made the published copy; anything else has stopped (stopped by
 * staff, or past its end date).
 */
export function experimentStatus(
  e: { isActive: boolean; startDate: Date; endDate: Date | null; shippedVariantId: string | null },
  now: Date,
): ExperimentStatus {
  if (e.shippedVariantId) return 'shipped';
  if (e.isActive && e.startDate <= now && (e.endDate === null || e.endDate > now)) return 'running';
  if (!e.isActive && e.endDate === null) return 'draft';
  return 'stopped';
}

export const STATUS_LABELS: Record<ExperimentStatus, string> = { draft: 'Draft', running: 'Running', stopped: 'Stopped', shipped: 'Shipped' };

/**
 * A test's badge on the public dashboard: an experiment (it varies a slot) says what its staff page says,
 * so the two never disagree; a test made through the API is Active, Paused or, past its end date, Ended.
 * `live`: the test is taking visitors now.
 */
export function dashboardBadge(
  t: { slot: string | null; isActive: boolean; startDate: Date; endDate: Date | null; shippedVariantId: string | null },
  now: Date,
): { label: string; live: boolean } {
  if (t.slot !== null) {
    const status = experimentStatus(t, now);
    return { label: STATUS_LABELS[status], live: status === 'running' };
  }
  if (t.endDate !== null && t.endDate <= now) return { label: 'Ended', live: false };
  return t.isActive ? { label: 'Active', live: true } : { label: 'Paused', live: false };
}

/**
 * The builder's plan inputs from the site's last days: home page visitors a day, and the goal's rate
 * (leads or bookings per site visitor; pipeline value is planned on leads, the step it rests on).
 */
export function planBaseline(
  goal: Goal,
  { days, homeVisitors, siteVisitors, leads, booked }: { days: number; homeVisitors: number; siteVisitors: number; leads: number; booked: number },
): { dailyVisitors: number; baselineRate: number } {
  const converted = goal === 'booked' ? booked : leads;
  return { dailyVisitors: days > 0 ? homeVisitors / days : 0, baselineRate: siteVisitors > 0 ? converted / siteVisitors : 0 };
}

/** A plan as the builder shows it: the visitors and days, and the traffic figures it rests on. */
export type PlanView = { plan: TestPlan; baselineRate: number; dailyVisitors: number; relativeLift: number; days: number };

/** An experiment as stored (db/queries/experiments.ts reads it): a row of ab_tests with its variants. */
export type ExperimentVariant = { id: string; name: string; isControl: boolean; configuration: Record<string, unknown> };

export type Experiment = {
  id: string;
  name: string;
  slot: SlotName | null;
  hypothesis: string | null;
  goal: Goal;
  isActive: boolean;
  trafficAllocation: number;
  startDate: Date;
  endDate: Date | null;
  createdAt: Date;
  shippedVariantId: string | null;
  variants: ExperimentVariant[];
};

/** An experiment as the JSON API answers it and the pages show it: dates as ISO text, its status, each variant's fields. */
export function experimentView(e: Experiment, now: Date) {
  return {
    id: e.id,
    name: e.name,
    slot: e.slot,
    hypothesis: e.hypothesis,
    goal: e.goal,
    status: experimentStatus(e, now),
    isActive: e.isActive,
    trafficAllocation: e.trafficAllocation,
    startDate: e.startDate.toISOString(),
    endDate: e.endDate?.toISOString() ?? null,
    shippedVariantId: e.shippedVariantId,
    variants: e.variants.map((v) => ({ id: v.id, name: v.name, isControl: v.isControl, fields: v.configuration })),
  };
}
export type ExperimentView = ReturnType<typeof experimentView>;

/** A publish of an experiment's slot, as the content history keeps it. */
export type SlotPublish = { version: number; publishedAt: Date; publishedBy: string | null };

/**
 * The publishes of the slot while the experiment ran (after its start, before its end, or until `now`
 * while it runs): each changed what its control group saw, so its results mix the copies. The ship
 * that ended it is at its end, so it is not one of them; a draft never ran, so it has none. Version 1
 * is the copy the site started with (written when the slots were made, which can be after a seeded
 * test began): it changed nothing.
 */
export function controlChangesDuring<P extends SlotPublish>(
  experiment: Pick<Experiment, 'isActive' | 'startDate' | 'endDate'>,
  publishes: P[],
  now: Date,
): P[] {
  const draft = !experiment.isActive && experiment.endDate === null;
  if (draft || experiment.startDate.getTime() > now.getTime()) return [];
  const end = Math.min(experiment.endDate?.getTime() ?? Number.POSITIVE_INFINITY, now.getTime());
  return publishes.filter((p) => p.version > 1 && p.publishedAt.getTime() > experiment.startDate.getTime() && p.publishedAt.getTime() < end);
}
