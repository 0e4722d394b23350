import { Hono } from 'hono';
import type { Sql } from 'postgres';
import type * as z from 'zod/mini';
import { erasePerson } from '../../../db/queries/erasure.ts';
import { logCall, mergePeople, personOfEmail, recordEmail, rootOf, setNextAction, undoableMerges, undoMerge } from '../../../db/queries/people.ts';
import { sendsEmail } from '../../../lib/config.ts';
import { fieldLines } from '../../../lib/forms/validation.ts';
import { dueAfterBusinessDays, nextActionDueProblem } from '../../../lib/people/next-action.ts';
import {
  callSchema,
  emailFormSchema,
  mergeFormSchema,
  nextActionFormSchema,
  personEraseFormSchema,
  personParamsSchema,
  undoMergeSchema,
} from '../../../lib/people/schema.ts';
import { formWrite } from '../../../server/api/guards.ts';
import { validForm, validParam } from '../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppContext, AppDeps, AppEnv } from '../../../server/deps.ts';
import { staffProblem } from '../../../server/middleware/errors.ts';
import { requireOwner, requireStaff } from '../../../server/staff-auth.ts';
import { changeBy } from '../_lead-changes.ts';

const requireStaffPage = requireStaff('page');
/** The person changes only an owner may make: erasing a person erases every lead of theirs, for good. */
const OWNER_ACTIONS: ReadonlySet<string> = new Set(['erase']);

// The person page's forms, each a plain POST to /admin/people/{id}/{change} answered 303 back to the
// page with what was saved said beside its form (`?saved=call#call`). Their JSON twins for scripts and
// islands are under routes/admin/api/people/.

export const personPathOf = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

export const noSuchPerson = (c: AppContext) =>
  staffProblem(c, 404, 'No such person', ['This person does not exist. It may have been a mistyped link, or they were merged into someone else.']);

type Change = ReturnType<typeof changeBy>;
/** What a change did: saved (with what to say), missing, erased, or refused with its lines. */
type Outcome = { saved: string } | 'missing' | 'erased' | { refused: string[]; status?: 400 | 404 | 409 };
type Action<S extends z.ZodMiniType> = {
  schema: S;
  run: (sql: Sql, personId: string, body: z.output<S>, change: Change, deps: AppDeps) => Promise<Outcome>;
};
const action = <S extends z.ZodMiniType>(a: Action<S>) => a;

/** The result of a change on a root person, as an outcome of the form. */
const asOutcome = (result: object | 'changed' | 'missing' | 'erased', saved: string): Outcome =>
  result === 'missing' || result === 'erased' ? result : { saved };

export const FOLLOW_UP_AFTER_EMAIL = 'Follow up on the email';
/** Why an email cannot be sent from a person's page: the site has no mail server (SMTP_URL unset). */
export const EMAIL_OFF = 'email: This site cannot send email yet (SMTP_URL is not set). Call them instead, or ask whoever runs the site to set it up.';

const actions = {
  call: action({
    schema: callSchema,
    run: async (sql, id, body, change) => asOutcome(await logCall(sql, id, body, change), 'call'),
  }),
  'next-action': action({
    schema: nextActionFormSchema,
    run: async (sql, id, body, change) => {
      if (body.done) return asOutcome(await setNextAction(sql, id, null, change), 'done');
      const missing = [...(body.what ? [] : ['what: Write the next action first']), ...(body.due ? [] : ['due: Choose a date and time'])];
      if (!body.what || !body.due) return { refused: missing };
      const pastDue = nextActionDueProblem(body.due, change.now);
      if (pastDue) return { refused: [`due: ${pastDue}`] };
      return asOutcome(await setNextAction(sql, id, { due: body.due, what: body.what }, change), 'next-action');
    },
  }),
  email: action({
    schema: emailFormSchema,
    run: async (sql, id, body, change, deps) => {
      // Without a mail server nothing would go out, yet the promise would count as kept and a follow-up be set.
      if (!sendsEmail(deps.config)) return { refused: [EMAIL_OFF], status: 409 };
      const next = { due: dueAfterBusinessDays(change.now, 2), what: FOLLOW_UP_AFTER_EMAIL };
      const result = await recordEmail(sql, id, { template: body.template, subject: body.subject, body: body.body, lead: body.lead, next }, change);
      if (result === 'no-such-lead') return { refused: ['lead: That lead is not theirs, or it was erased'] };
      // The worker sends it now rather than at its next poll.
      if (typeof result === 'object' && !result.again) deps.notifications.queued();
      return asOutcome(result, 'email');
    },
  }),
  merge: action({
    schema: mergeFormSchema,
    run: async (sql, id, body, change) => {
      const from = body.from ? await rootOf(sql, body.from) : body.email ? await personOfEmail(sql, body.email) : null;
      if (!body.from && !body.email) return { refused: ['email: Enter the email of the person to merge into this one'] };
      if (!from) return { refused: [body.email ? `email: Nobody with ${body.email} has sent us anything` : 'from: No such person'], status: 404 };
      const result = await mergePeople(sql, from, id, change);
      if (result === 'same') return { refused: ['email: That is this person already'] };
      return asOutcome(result, 'merge');
    },
  }),
  'undo-merge': action({
    schema: undoMergeSchema,
    run: async (sql, id, body, change) => {
      // Only a merge into this person, still undoable, is undone from its page.
      if (!(await undoableMerges(sql, id)).some((m) => m.id === body.merge))
        return { refused: ['merge: This merge was undone already, or a later change took those leads elsewhere'], status: 409 };
      const result = await undoMerge(sql, body.merge, change);
      return typeof result === 'object' ? { saved: 'undo-merge' } : { refused: ['merge: This merge can no longer be undone'], status: 409 };
    },
  }),
  erase: action({
    schema: personEraseFormSchema,
    run: async (sql, id, _body, change, deps) => {
      const notifyReceiver = deps.notifications.channels.includes('webhook');
      const result = await erasePerson(sql, id, { ...change, reason: 'request', notifyReceiver });
      if (result === 'changed' && notifyReceiver) deps.notifications.queued();
      // Erasing twice (a double-click) is done.
      return result === 'missing' ? 'missing' : { saved: 'erase' };
    },
  }),
};

/** The form POSTs, each at /admin/people/{id}/{name}: mounted at the person's address. */
export const personChanges = new Hono<AppEnv>();

const validPerson = validParam(personParamsSchema, (c) => noSuchPerson(c));

for (const [name, { schema, run }] of Object.entries(actions) as [string, Action<z.ZodMiniType>][]) {
  const here = (c: AppContext) => personPathOf(c.req.param('id') ?? '');
  const validChange = validForm(schema, { invalid: (c, _values, fields) => staffProblem(c, 400, 'Nothing was changed', fieldLines(fields), here(c)) });
  personChanges.post(`/${name}`, formWrite(), OWNER_ACTIONS.has(name) ? requireOwner('page') : requireStaffPage, validPerson, validChange, async (c) => {
    const { id } = c.req.valid('param');
    const deps = c.get('deps');
    const outcome = await withDatabaseDeadline(deps.sql, (db) => run(db, id, c.req.valid('form'), changeBy(c), deps));
    if (outcome === 'missing') return noSuchPerson(c);
    if (outcome === 'erased')
      return staffProblem(c, 409, 'Nothing was changed', ['This person was erased on request: they can no longer be changed.'], here(c));
    if ('refused' in outcome) return staffProblem(c, outcome.status ?? 400, 'Nothing was changed', outcome.refused, here(c));
    const anchor = outcome.saved === 'done' ? 'next-action' : outcome.saved === 'undo-merge' ? 'merge' : outcome.saved === 'erase' ? '' : outcome.saved;
    return c.redirect(`${here(c)}?saved=${outcome.saved}${anchor ? `#${anchor}` : ''}`, 303);
  });
}
