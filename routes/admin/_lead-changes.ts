import { Hono } from 'hono';
import type { Sql } from 'postgres';
import type * as z from 'zod/mini';
import { eraseLead } from '../../db/queries/erasure.ts';
import { retryDelivery } from '../../db/queries/jobs.ts';
import { addNote, type ChangeOutcome, changeOwner, changeStatus, setSpam } from '../../db/queries/leads.ts';
import { problemLines } from '../../lib/forms/validation.ts';
import { retryDeliverySchema } from '../../lib/leads/notifications.ts';
import {
  eraseSchema,
  LEAD_KINDS,
  type LeadKind,
  leadPath,
  noteSchema,
  ownerChangeSchema,
  spamChangeSchema,
  statusChangeSchema,
} from '../../lib/leads/pipeline.ts';
import { formWrite } from '../../server/api/guards.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppDeps, AppEnv } from '../../server/deps.ts';
import { requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { staffProblem } from './_staff-pages.tsx';

// What the lead pages share (routes/admin/leads/[kind]/[id].tsx, and its JSON twin for the status,
// routes/admin/api/leads/[kind]/[id]/status.ts): the lead an address names, and the changes staff make.

/** The lead a path names (`/leads/{type}/{id}`), or null when the path cannot name one. */
export function leadParams(c: AppContext): { kind: LeadKind; id: string } | null {
  const kind = c.req.param('kind');
  const id = c.req.param('id');
  if (!kind || !id || !(LEAD_KINDS as readonly string[]).includes(kind) || !/^[\w-]{1,36}$/.test(id)) return null;
  return { kind: kind as LeadKind, id };
}

export const noSuchLead = (c: AppContext) => staffProblem(c, 404, 'No such lead', ['This lead does not exist. It may have been a mistyped link.']);

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

/** The form POSTs, each at /admin/leads/{type}/{id}/{name}: mounted at the lead's address. */
export const leadChanges = new Hono<AppEnv>();

for (const [name, { schema, run }] of Object.entries(actions) as [string, Action<z.ZodMiniType>][]) {
  leadChanges.post(`/${name}`, formWrite(), requireStaff('page'), async (c) => {
    const params = leadParams(c);
    if (!params) return noSuchLead(c);
    const form = await c.req.parseBody();
    const here = leadPath(params.kind, params.id);
    const parsed = schema.safeParse(form);
    if (!parsed.success) return staffProblem(c, 400, 'Nothing was changed', problemLines(parsed.error), here);
    const { sql, notifications } = c.get('deps');
    const outcome = await withDatabaseDeadline(sql, (db) => run(db, params.kind, params.id, parsed.data, changeBy(c), notifications));
    if (outcome === 'missing') return noSuchLead(c);
    // Erasing twice (a double-click) is done; any other change to an erased lead is refused.
    if (outcome === 'erased' && name !== 'erase')
      return staffProblem(c, 409, 'Nothing was changed', ['This lead was erased on request: it can no longer be changed.'], here);
    return c.redirect(backTo(form, here), 303);
  });
}

export function changeBy(c: AppContext): Change {
  const { id, email } = signedInStaff(c);
  return { actor: { id, email }, now: c.get('deps').now() };
}
