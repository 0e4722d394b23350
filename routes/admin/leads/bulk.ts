import { Hono } from 'hono';
import { changeOwner, changeStatus, setSpam } from '../../../db/queries/leads.ts';
import { openLeadsOfPeople } from '../../../db/queries/people-inbox.ts';
import { fieldLines } from '../../../lib/forms/validation.ts';
import type { LeadStatus } from '../../../lib/leads/pipeline.ts';
import { type BulkActionForm, bulkActionSchema } from '../../../lib/leads/schema.ts';
import { formWrite } from '../../../server/api/guards.ts';
import { validForm } from '../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { staffProblem } from '../../../server/middleware/errors.ts';
import { requireStaff } from '../../../server/staff-auth.ts';
import { changeBy } from '../_lead-changes.ts';

/** Where the inbox sent the form from (an inbox address), else the inbox itself. */
const inboxBack = (back: string | undefined) => (back && /^\/admin\/leads(\?[^\\\s#]*)?$/.test(back) ? back : '/admin/leads');

/**
 * POST /admin/leads/bulk (people, action, value): assigns, moves or marks as spam every open lead of each
 * person ticked in the inbox, one lead at a time through the same changes as a lead's own page (so each
 * lead's timeline records it), then 303 back to the inbox view it came from, which says what was done.
 */
export default new Hono<AppEnv>().post(
  '/',
  formWrite(),
  requireStaff('page'),
  validForm(bulkActionSchema, { lists: ['people'], invalid: (c, _values, fields) => staffProblem(c, 400, 'Nothing was changed', fieldLines(fields)) }),
  async (c) => {
    const form: BulkActionForm = c.req.valid('form');
    const { sql, notifications } = c.get('deps');
    const change = changeBy(c);
    const acted = await withDatabaseDeadline(sql, async (db) => {
      const leads = await openLeadsOfPeople(db, form.people);
      if (form.action === 'assign' && form.value !== 'none' && (await db`select 1 from users where id = ${form.value ?? ''}`).length === 0)
        return 'no-owner' as const;
      const roots = new Set<string>();
      for (const lead of leads) {
        if (form.action === 'assign') await changeOwner(db, lead.kind, lead.id, form.value ?? 'none', change);
        else if (form.action === 'status') await changeStatus(db, lead.kind, lead.id, form.value as LeadStatus, undefined, change);
        else await setSpam(db, lead.kind, lead.id, true, change, notifications.channels);
        roots.add(lead.root);
      }
      return roots.size;
    });
    if (acted === 'no-owner') return staffProblem(c, 400, 'Nothing was changed', ['value: That staff account no longer exists']);
    const people = new Set(form.people).size;
    const done = new URLSearchParams({ done: form.action, count: String(acted) });
    if (people > acted) done.set('skipped', String(people - acted));
    if (form.action !== 'spam' && form.value) done.set('value', form.value);
    const back = inboxBack(form.back);
    return c.redirect(`${back}${back.includes('?') ? '&' : '?'}${done}`, 303);
  },
);
