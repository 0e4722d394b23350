import { Hono } from 'hono';
import type { Sql } from 'postgres';
import type * as z from 'zod/mini';
import { eraseLead } from '../../db/queries/erasure.ts';
import { retryDelivery } from '../../db/queries/jobs.ts';
import { addNote, type ChangeOutcome, changeOwner, changeStatus, setSpam } from '../../db/queries/leads.ts';
import { fieldLines } from '../../lib/forms/validation.ts';
import { type LeadKind, leadPath } from '../../lib/leads/pipeline.ts';
import {
  eraseSchema,
  leadParamsSchema,
  noteSchema,
  ownerChangeSchema,
  retryDeliverySchema,
  spamChangeSchema,
  statusChangeSchema,
} from '../../lib/leads/schema.ts';
import { formWrite, jsonWrite } from '../../server/api/guards.ts';
import { validForm, validJson, validParam } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppDeps, AppEnv } from '../../server/deps.ts';
import { answerError, staffProblem } from '../../server/middleware/errors.ts';
import { requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { noSuchLead } from './lead.tsx';

type Change = { actor: { id: string; email: string }; now: Date };
type Action<S extends z.ZodMiniType> = {
  schema: S;
  run: (sql: Sql, kind: LeadKind, id: string, body: z.output<S>, change: Change, notifications: AppDeps['notifications']) => Promise<ChangeOutcome>;
};

const action = <S extends z.ZodMiniType>(a: Action<S>) => a;

/** What staff can do to a lead, each a plain form POST to /admin/leads/{type}/{id}/{name} (retry: a failed notification). */
const actions = {
  status: action({ schema: statusChangeSchema, run: (sql, kind, id, body, change) => changeStatus(sql, kind, id, body.status, body.note, change) }),
  owner: action({ schema: ownerChangeSchema, run: (sql, kind, id, body, change) => changeOwner(sql, kind, id, body.owner, change) }),
  notes: action({ schema: noteSchema, run: (sql, kind, id, body, change) => addNote(sql, kind, id, body.note, change) }),
  spam: action({
    schema: spamChangeSchema,
    run: async (sql, kind, id, body, change, notifications) => {
      const outcome = await setSpam(sql, kind, id, body.spam === 'true', change, notifications.channels);
      // Marked as not spam: the notifications it was held back from are queued now.
      if (outcome === 'changed' && body.spam === 'false') notifications.queued();
      return outcome;
    },
  }),
  retry: action({
    schema: retryDeliverySchema,
    run: async (sql, kind, id, body, { actor, now }, notifications) => {
      const outcome = await retryDelivery(sql, { kind, id }, body.channel, actor, now);
      if (outcome === 'retried') notifications.queued();
      return outcome === 'retried' ? 'changed' : outcome;
    },
  }),
  erase: action({
    schema: eraseSchema,
    run: async (sql, kind, id, _body, change, notifications) => {
      const notifyReceiver = notifications.channels.includes('webhook');
      const outcome = await eraseLead(sql, kind, id, { ...change, reason: 'request', notifyReceiver });
      // The webhook receiver is told (lead.erased), queued with the erasure.
      if (outcome === 'changed' && notifyReceiver) notifications.queued();
      return outcome;
    },
  }),
};

/** After a form: back to the inbox view it came from (its `back` field, when that is an inbox path), else the lead. */
function backTo(form: Record<string, unknown>, fallback: string): string {
  const back = form.back;
  return typeof back === 'string' && /^\/admin\/leads(\?[^\\\s]*)?$/.test(back) ? back : fallback;
}

const changes = new Hono<AppEnv>();

/** The lead page a change was made from (its path was checked before its form). */
const leadPathOf = (c: AppContext) => leadPath(c.req.param('kind') as LeadKind, c.req.param('id') ?? '');

for (const [name, { schema, run }] of Object.entries(actions) as [string, Action<z.ZodMiniType>][]) {
  const validChange = validForm(schema, { invalid: (c, _values, fields) => staffProblem(c, 400, 'Nothing was changed', fieldLines(fields), leadPathOf(c)) });
  changes.post(`/leads/:kind/:id/${name}`, formWrite(), requireStaff('page'), validParam(leadParamsSchema, noSuchLead), validChange, async (c) => {
    const params = c.req.valid('param');
    const here = leadPath(params.kind, params.id);
    const { sql, notifications } = c.get('deps');
    const outcome = await withDatabaseDeadline(sql, (db) => run(db, params.kind, params.id, c.req.valid('form'), changeBy(c), notifications));
    if (outcome === 'missing') return noSuchLead(c);
    // Erasing twice (a double-click) is done; any other change to an erased lead is refused.
    if (outcome === 'erased' && name !== 'erase')
      return staffProblem(c, 409, 'Nothing was changed', ['This lead was erased on request: it can no longer be changed.'], here);
    return c.redirect(backTo(await c.req.parseBody(), here), 303);
  });
}

/** POST /admin/api/leads/{type}/{id}/status {status, note?}: the inbox's one-click status, as JSON. */
const NO_SUCH_LEAD = 'No such lead';

changes.post(
  '/api/leads/:kind/:id/status',
  jsonWrite(),
  requireStaff('api'),
  validParam(leadParamsSchema, (c) => answerError(c, 404, NO_SUCH_LEAD)),
  validJson(statusChangeSchema),
  async (c) => {
    const params = c.req.valid('param');
    const { status, note } = c.req.valid('json');
    const outcome = await withDatabaseDeadline(c.get('deps').sql, (db) => changeStatus(db, params.kind, params.id, status, note, changeBy(c)));
    if (outcome === 'missing') return answerError(c, 404, NO_SUCH_LEAD);
    if (outcome === 'erased') return answerError(c, 409, 'This lead was erased on request: it can no longer be changed');
    return c.json({ status, changed: outcome === 'changed' });
  },
);

function changeBy(c: AppContext): Change {
  const { id, email } = signedInStaff(c);
  return { actor: { id, email }, now: c.get('deps').now() };
}

export default changes;
