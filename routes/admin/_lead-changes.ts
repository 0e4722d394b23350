import { Hono } from 'hono';
import type { Sql } from 'postgres';
import type * as z from 'zod/mini';
import { bookingTokenOf } from '../../db/queries/bookings.ts';
import { eraseLead } from '../../db/queries/erasure.ts';
import { retryDelivery } from '../../db/queries/jobs.ts';
import { addNote, type ChangeOutcome, changeOwner, changeStatus, findLead, setSpam } from '../../db/queries/leads.ts';
import { rerunSiteCheck } from '../../db/queries/site-checks.ts';
import { bookingLinkSchema } from '../../lib/booking/schema.ts';
import { fieldLines } from '../../lib/forms/validation.ts';
import { type LeadKind, leadPath } from '../../lib/leads/pipeline.ts';
import {
  eraseSchema,
  leadParamsSchema,
  noteSchema,
  ownerChangeSchema,
  retryDeliverySchema,
  siteCheckRerunSchema,
  spamChangeSchema,
  statusChangeSchema,
} from '../../lib/leads/schema.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validForm, validParam } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppDeps, AppEnv } from '../../server/deps.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { newToken, requireOwner, requireStaff, signedInStaff } from '../../server/staff-auth.ts';

// What the lead pages share (routes/admin/leads/[kind]/[id].tsx, and its JSON twin for the status,
// routes/admin/api/leads/[kind]/[id]/status.ts): the lead an address names, and the changes staff make.

/** Checks the lead an address names (`/leads/{type}/{id}`, lib/leads/schema.ts); a path that cannot name one is a 404. */
export const validLeadParams = validParam(leadParamsSchema, (c) => noSuchLead(c));

export const noSuchLead = (c: AppContext) => staffProblem(c, 404, 'No such lead', ['This lead does not exist. It may have been a mistyped link.']);

type Change = { actor: { id: string; email: string }; now: Date };
type Action<S extends z.ZodMiniType> = {
  schema: S;
  run: (sql: Sql, kind: LeadKind, id: string, body: z.output<S>, change: Change, notifications: AppDeps['notifications']) => Promise<ChangeOutcome>;
};

const action = <S extends z.ZodMiniType>(a: Action<S>) => a;

/** The lead changes only an owner may make (requireOwner): erasing cannot be undone. */
const OWNER_ACTIONS: ReadonlySet<string> = new Set(['erase']);

/** What staff can do to a lead, each a plain form POST to /admin/leads/{type}/{id}/{name} (retry: a failed notification; booking-link: the link to book a session). */
const actions = {
  status: action({
    schema: statusChangeSchema,
    run: (sql, kind, id, body, change) => changeStatus(sql, kind, id, body.status, body.note, change, body.wonValue),
  }),
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
  // The audit's website checked again (issue 32): its cached check forgotten, its job queued now. Staff
  // re-runs are not counted against the forms' rate limit (they are staff's, signed in, behind CSRF).
  'site-check': action({
    schema: siteCheckRerunSchema,
    run: async (sql, kind, id, _body, { actor, now }, notifications) => {
      const outcome = await rerunSiteCheck(sql, { kind, id }, actor, now);
      if (outcome === 'changed') notifications.queued();
      return outcome === 'no-website' ? 'unchanged' : outcome;
    },
  }),
  // The link staff send a lead to book a session with (/book?lead={token}): made once, the same after.
  'booking-link': action({
    schema: bookingLinkSchema,
    run: async (sql, kind, id) => {
      if (await bookingTokenOf(sql, kind, id, newToken())) return 'changed';
      const lead = await findLead(sql, kind, id);
      return lead === null ? 'missing' : 'erased';
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

/** The lead page's forms whose change it confirms in place (`?saved=`, components/staff/LeadDetail.tsx). */
export const SAVED_FORMS: ReadonlySet<string> = new Set(['status', 'owner', 'notes', 'spam']);

/** After a form: back to the inbox view or the board it came from (its `back` field, when that is one of theirs), else the lead. */
function backTo(form: Record<string, unknown>, fallback: string): string {
  const back = form.back;
  return typeof back === 'string' && /^\/admin\/(leads|board)(\?[^\\\s]*)?$/.test(back) ? back : fallback;
}

/** The form POSTs, each at /admin/leads/{type}/{id}/{name}: mounted at the lead's address. */
export const leadChanges = new Hono<AppEnv>();

/** The lead page a change was made from (its path was checked before its form). */
const leadPathOf = (c: AppContext) => leadPath(c.req.param('kind') as LeadKind, c.req.param('id') ?? '');

for (const [name, { schema, run }] of Object.entries(actions) as [string, Action<z.ZodMiniType>][]) {
  const validChange = validForm(schema, { invalid: (c, _values, fields) => staffProblem(c, 400, 'Nothing was changed', fieldLines(fields), leadPathOf(c)) });
  const gate = OWNER_ACTIONS.has(name) ? requireOwner('page') : requireStaff('page');
  leadChanges.post(`/${name}`, formWrite(), gate, validLeadParams, validChange, async (c) => {
    const params = c.req.valid('param');
    const here = leadPath(params.kind, params.id);
    const { sql, notifications } = c.get('deps');
    const outcome = await withDatabaseDeadline(sql, (db) => run(db, params.kind, params.id, c.req.valid('form'), changeBy(c), notifications));
    if (outcome === 'missing') return noSuchLead(c);
    // Erasing twice (a double-click) is done; any other change to an erased lead is refused.
    if (outcome === 'erased' && name !== 'erase')
      return staffProblem(c, 409, 'Nothing was changed', ['This lead was erased on request: it can no longer be changed.'], here);
    if (name === 'booking-link') return c.redirect(`${here}#booking-link`, 303);
    if (name === 'site-check') return c.redirect(`${here}#site-check`, 303);
    // Back on the lead, the change is said beside its form, and the page opens there (SAVED_FORMS).
    const back = backTo(await c.req.parseBody(), here);
    return c.redirect(back === here && SAVED_FORMS.has(name) ? `${here}?saved=${name}#${name}` : back, 303);
  });
}

export function changeBy(c: AppContext): Change {
  const { id, email } = signedInStaff(c);
  return { actor: { id, email }, now: c.get('deps').now() };
}
