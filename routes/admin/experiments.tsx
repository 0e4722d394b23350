import { Hono } from 'hono';
import {
  type BuilderValues,
  ExperimentBuilder,
  type ExperimentBuilderProps,
  ExperimentDetail,
  type ExperimentDetailProps,
  ExperimentList,
  type ExperimentListProps,
  MAX_CHALLENGERS,
  VariantPreview,
  type VariantPreviewProps,
} from '../../components/staff/ExperimentPages.tsx';
import { testResults } from '../../db/queries/ab-tests.ts';
import { publishedVersion, slotVersions } from '../../db/queries/content.ts';
import { listExperiments, variantPipeline } from '../../db/queries/experiments.ts';
import { type ActionResult, createDraft, experimentById, ship, start, stop } from '../../features/ab/experiment-actions.ts';
import { experimentPlan } from '../../features/ab/experiment-plan.ts';
import { controlChangesDuring, experimentParamsSchema, experimentView, GOALS, type Goal, newExperimentSchema } from '../../lib/ab/experiments.ts';
import { applyFields, DEFAULT_SLOT_FIELDS, fieldsFromForm, isSlotName, type SlotName } from '../../lib/content/slots.ts';
import { isRowId } from '../../lib/forms/row-id.ts';
import { validationErrorBody } from '../../lib/forms/validation.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validParam } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { answerError } from '../../server/middleware/errors.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { requireOwner, requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { staffMeta } from './_staff-pages.tsx';

const listPage = definePage<ExperimentListProps>({ meta: staffMeta('Experiments', '/admin/experiments'), Component: ExperimentList });
const builderPage = definePage<ExperimentBuilderProps>({ meta: staffMeta('New experiment', '/admin/experiments/new'), Component: ExperimentBuilder });
const detailPage = definePage<ExperimentDetailProps>({
  meta: (d) => staffMeta(`Experiment ${d.experiment.name}`, `/admin/experiments/${d.experiment.id}`),
  Component: ExperimentDetail,
});
const previewPage = definePage<VariantPreviewProps>({
  meta: (d) => staffMeta(`Preview of ${d.variant.name}`, `/admin/experiments/${d.experiment.id}`),
  Component: VariantPreview,
});

const NOTICES = {
  created: 'Saved as a draft. Check each preview, then start the test.',
  started: 'Started. New visitors are now split between the versions.',
  stopped: 'Stopped. Everyone sees the published copy again; the results stay here.',
  shipped: 'Shipped. Every visitor now sees that copy, and the test has ended. The change is in the content history.',
} as const;
type Done = keyof typeof NOTICES;
const noticeOf = (done: string | undefined) => (done && Object.hasOwn(NOTICES, done) ? NOTICES[done as Done] : undefined);

/** The lift the plan looks for, from a form or the address: a whole percentage, 20 when missing or odd. */
const DEFAULT_LIFT = 20;
function liftOf(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 500 ? n : DEFAULT_LIFT;
}

async function publishedFields(c: AppContext, slot: SlotName) {
  const { sql } = c.get('deps');
  return (await withDatabaseDeadline(sql, (db) => publishedVersion(db, slot)))?.fields ?? DEFAULT_SLOT_FIELDS[slot];
}

/** The builder's form as a new experiment's body (what the JSON API takes), and the values to show again. */
function bodyOfForm(slot: SlotName, form: Record<string, unknown>, published: Record<string, unknown>) {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const goal = (GOALS as readonly string[]).includes(text('goal')) ? (text('goal') as Goal) : 'lead';
  const challengers = Array.from({ length: MAX_CHALLENGERS }, (_, i) => ({
    name: text(`v${i + 1}.name`),
    fields: { ...published, ...fieldsFromForm(slot, form, `v${i + 1}.`) },
  }));
  const values: BuilderValues = {
    name: text('name'),
    hypothesis: text('hypothesis'),
    trafficAllocation: text('trafficAllocation'),
    goal,
    lift: text('lift'),
    challengers,
  };
  const body = {
    name: values.name,
    slot,
    hypothesis: values.hypothesis,
    trafficAllocation: values.trafficAllocation === '' ? Number.NaN : Number(values.trafficAllocation),
    goal,
    variants: [{ name: 'Control', isControl: true, fields: {} }, ...challengers.filter((v) => v.name !== '').map((v) => ({ ...v, isControl: false }))],
  };
  return { body, values };
}

async function showBuilder(
  c: AppContext,
  slot: SlotName,
  values: BuilderValues | null,
  extra: Pick<ExperimentBuilderProps, 'error'> = {},
  status: 200 | 400 | 409 = 200,
) {
  const published = await publishedFields(c, slot);
  const shown: BuilderValues = values ?? {
    name: '',
    hypothesis: '',
    trafficAllocation: '100',
    goal: 'lead',
    lift: String(DEFAULT_LIFT),
    challengers: Array.from({ length: MAX_CHALLENGERS }, () => ({ name: '', fields: published as Record<string, unknown> })),
  };
  const { sql, now } = c.get('deps');
  const plan = await experimentPlan(sql, now(), {
    goal: shown.goal,
    variants: Math.max(2, 1 + shown.challengers.filter((v) => v.name !== '').length),
    trafficAllocation: Number(shown.trafficAllocation) || 100,
    relativeLift: liftOf(shown.lift) / 100,
  });
  return renderPage(c, builderPage, { staff: signedInStaff(c), slot, published, values: shown, plan, ...extra }, status);
}

async function showDetail(c: AppContext, id: string, extra: Pick<ExperimentDetailProps, 'notice' | 'error'> = {}, status: 200 | 400 | 404 | 409 = 200) {
  const { sql, now } = c.get('deps');
  const experiment = await experimentById(c.get('deps'), id);
  if (!experiment) return answerError(c, 404, 'No such experiment');
  const time = now();
  const row = experimentView(experiment, time);
  const [results, pipeline, publishes] = await withDatabaseDeadline(sql, (db) =>
    Promise.all([testResults(db, id, time), variantPipeline(db, id), experiment.slot ? slotVersions(db, experiment.slot) : []]),
  );
  const controlChanges = controlChangesDuring(experiment, publishes, time).map((p) => ({
    version: p.version,
    publishedAt: p.publishedAt.toISOString(),
    publishedBy: p.publishedBy,
  }));
  const figures = (results ?? []).map((r) => {
    const p = pipeline.find((x) => x.variantId === r.variant.id);
    return {
      variantId: r.variant.id,
      views: r.metrics.views,
      conversions: r.metrics.conversions,
      booked: r.metrics.booked,
      leads: p?.leads ?? 0,
      won: p?.won ?? 0,
      value: p?.value ?? 0,
    };
  });
  const lift = String(liftOf(c.req.query('lift')));
  const plan =
    row.status === 'draft'
      ? await experimentPlan(sql, time, {
          goal: row.goal,
          variants: row.variants.length,
          trafficAllocation: row.trafficAllocation,
          relativeLift: Number(lift) / 100,
        })
      : null;
  return renderPage(c, detailPage, { staff: signedInStaff(c), experiment: row, figures, plan, lift, controlChanges, ...extra }, status);
}

/** A refused action shown on the experiment's page (a missing one is the 404 page). */
function refusedOnPage(c: AppContext, id: string, result: Exclude<ActionResult<unknown>, { ok: true }>) {
  if (result.status === 404) return answerError(c, 404, result.message);
  return showDetail(c, id, { error: { field: result.field, message: result.message } }, result.status);
}

/**
 * /admin/experiments: the list; /new: the builder (owners); /{id}: an experiment with its previews, plan
 * and figures; /{id}/preview/{variantId}: one version as visitors see it (staff only). Start, stop and
 * ship are plain forms for owners (`staff` 403, nothing changed), doing what the JSON API does.
 */
/** An id that could name no experiment is answered as one that names none, before any query. */
const knownShape = validParam(experimentParamsSchema, (c) => answerError(c, 404, 'No such experiment'));

export default new Hono<AppEnv>()
  .get('/', requireStaff('page'), async (c) => {
    const { sql, now } = c.get('deps');
    const time = now();
    const experiments = (await withDatabaseDeadline(sql, (db) => listExperiments(db))).map((e) => experimentView(e, time));
    return renderPage(c, listPage, { staff: signedInStaff(c), experiments, notice: noticeOf(c.req.query('done')) });
  })
  .get('/new', requireOwner('page'), (c) => {
    const slot = c.req.query('slot');
    return showBuilder(c, isSlotName(slot) ? slot : 'hero', null);
  })
  .post('/new/plan', formWrite(), requireOwner('page'), async (c) => {
    const form = (await c.req.parseBody()) as Record<string, unknown>;
    if (!isSlotName(form.slot)) return answerError(c, 400, 'slot: the slots are hero and audit-form', { fields: { slot: 'Choose hero or audit-form' } });
    const { values } = bodyOfForm(form.slot, form, await publishedFields(c, form.slot));
    return showBuilder(c, form.slot, values);
  })
  .post('/new', formWrite(), requireOwner('page'), async (c) => {
    const form = (await c.req.parseBody()) as Record<string, unknown>;
    if (!isSlotName(form.slot)) return answerError(c, 400, 'slot: the slots are hero and audit-form', { fields: { slot: 'Choose hero or audit-form' } });
    const slot = form.slot;
    const published = await publishedFields(c, slot);
    const { body, values } = bodyOfForm(slot, form, published);
    // A challenger's typed fields are checked first, so the message names the box to fix.
    for (const [i, v] of values.challengers.entries()) {
      const checked = v.name === '' ? null : applyFields(slot, published as never, v.fields);
      if (checked && !checked.ok)
        return showBuilder(
          c,
          slot,
          values,
          { error: { field: `v${i + 1}.${checked.field}`, message: `Version ${String.fromCharCode(65 + i)}: ${checked.message}` } },
          400,
        );
    }
    const parsed = newExperimentSchema.safeParse(body);
    if (!parsed.success) {
      const { fields } = validationErrorBody(parsed.error);
      const [field, message] = Object.entries(fields)[0] ?? ['form', 'Check the form'];
      return showBuilder(c, slot, values, { error: { field, message: `${field}: ${message}` } }, 400);
    }
    const created = await createDraft(c.get('deps'), parsed.data);
    if (!created.ok) return showBuilder(c, slot, values, { error: { field: created.field, message: created.message } }, created.status === 409 ? 409 : 400);
    return c.redirect(`/admin/experiments/${created.value}?done=created`, 303);
  })
  .get('/:id', requireStaff('page'), knownShape, (c) => showDetail(c, c.req.param('id'), { notice: noticeOf(c.req.query('done')) }))
  .get('/:id/preview/:variantId', requireStaff('page'), knownShape, async (c) => {
    const experiment = await experimentById(c.get('deps'), c.req.param('id'));
    const variant = experiment?.variants.find((v) => v.id === c.req.param('variantId'));
    if (!experiment?.slot || !variant) return answerError(c, 404, 'No such version of this experiment');
    const published = await publishedFields(c, experiment.slot);
    // The control shows the copy published now; a challenger its own fields (over the published ones for any it lacks).
    const made = applyFields(experiment.slot, published as never, variant.isControl ? {} : variant.configuration);
    const fields = made.ok ? made.fields : published;
    return renderPage(c, previewPage, {
      staff: signedInStaff(c),
      experiment: { id: experiment.id, name: experiment.name },
      slot: experiment.slot,
      variant: { name: variant.name, fields },
    });
  })
  .post('/:id/start', formWrite(), requireOwner('page'), knownShape, async (c) => {
    const id = c.req.param('id');
    const done = await start(c.get('deps'), id);
    return done.ok ? c.redirect(`/admin/experiments/${id}?done=started`, 303) : refusedOnPage(c, id, done);
  })
  .post('/:id/stop', formWrite(), requireOwner('page'), knownShape, async (c) => {
    const id = c.req.param('id');
    const done = await stop(c.get('deps'), id);
    return done.ok ? c.redirect(`/admin/experiments/${id}?done=stopped`, 303) : refusedOnPage(c, id, done);
  })
  .post('/:id/ship', formWrite(), requireOwner('page'), knownShape, async (c) => {
    const id = c.req.param('id');
    const variantId = (await c.req.parseBody()).variantId;
    const done = isRowId(variantId) ? await ship(c.get('deps'), id, variantId, signedInStaff(c).email) : null;
    if (done === null) return refusedOnPage(c, id, { ok: false, status: 400, field: 'variantId', message: 'variantId: choose a version to ship' });
    return done.ok ? c.redirect(`/admin/experiments/${id}?done=shipped`, 303) : refusedOnPage(c, id, done);
  });
