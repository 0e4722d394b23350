import { Hono } from 'hono';
import * as z from 'zod/mini';
import { listExperiments } from '../../../db/queries/experiments.ts';
import { createDraft, experimentById, ship, start, stop } from '../../../features/ab/experiment-actions.ts';
import { experimentParamsSchema, experimentView, newExperimentSchema } from '../../../lib/ab/experiments.ts';
import { jsonWrite } from '../../../server/api/guards.ts';
import { validJson, validParam } from '../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../../server/deps.ts';
import { answerError } from '../../../server/middleware/errors.ts';
import { requireOwner, requireStaff, signedInStaff } from '../../../server/staff-auth.ts';

/**
 * The experiment builder for scripts (a staff session and the X-CSRF-Token header), beside the screens
 * of /admin/experiments and doing exactly what they do (features/ab/experiment-actions.ts):
 *   GET  /admin/api/experiments            every experiment (any staff)
 *   GET  /admin/api/experiments/{id}       one (any staff)
 *   POST /admin/api/experiments            {name, slot, hypothesis, trafficAllocation, goal, variants} → 201 {experiment}
 *   POST /admin/api/experiments/{id}/start (any JSON body, `{}`) → 200 {experiment}; 409 when another runs on the slot or it is not a draft
 *   POST /admin/api/experiments/{id}/stop  → 200 {experiment}; 409 when it is not running
 *   POST /admin/api/experiments/{id}/ship  {variantId} → 200 {experiment}: the variant is the slot's published copy
 * Writes need an owner (a `staff` session 403, nothing changed); a bad body is a 400 naming the field.
 */
const shipSchema = z.object({ variantId: z.string().check(z.minLength(1), z.maxLength(36)) });

/** An id that could name no experiment is answered as one that names none, before any query. */
const knownShape = validParam(experimentParamsSchema, (c) => answerError(c, 404, 'No such experiment'));

async function answerWith(c: AppContext, id: string, status: 200 | 201 = 200) {
  const experiment = await experimentById(c.get('deps'), id);
  if (!experiment) return answerError(c, 404, 'No such experiment');
  return c.json({ experiment: experimentView(experiment, c.get('deps').now()) }, status);
}

export default new Hono<AppEnv>()
  .get('/', requireStaff('api'), async (c) => {
    const { sql, now } = c.get('deps');
    const rows = await withDatabaseDeadline(sql, (db) => listExperiments(db));
    const time = now();
    return c.json({ experiments: rows.map((e) => experimentView(e, time)) });
  })
  .get('/:id', requireStaff('api'), knownShape, (c) => answerWith(c, c.req.param('id')))
  .post('/', jsonWrite(), requireOwner('api'), validJson(newExperimentSchema), async (c) => {
    const created = await createDraft(c.get('deps'), c.req.valid('json'));
    if (!created.ok) return answerError(c, created.status, created.message, created.field ? { fields: { [created.field]: created.message } } : {});
    return answerWith(c, created.value, 201);
  })
  .post('/:id/start', jsonWrite(), requireOwner('api'), knownShape, async (c) => {
    const done = await start(c.get('deps'), c.req.param('id'));
    return done.ok ? answerWith(c, c.req.param('id')) : answerError(c, done.status, done.message);
  })
  .post('/:id/stop', jsonWrite(), requireOwner('api'), knownShape, async (c) => {
    const done = await stop(c.get('deps'), c.req.param('id'));
    return done.ok ? answerWith(c, c.req.param('id')) : answerError(c, done.status, done.message);
  })
  .post('/:id/ship', jsonWrite(), requireOwner('api'), knownShape, validJson(shipSchema), async (c) => {
    const done = await ship(c.get('deps'), c.req.param('id'), c.req.valid('json').variantId, signedInStaff(c).email);
    if (!done.ok) return answerError(c, done.status, done.message, done.field ? { fields: { [done.field]: done.message } } : {});
    return answerWith(c, c.req.param('id'));
  });
