import { Hono } from 'hono';
import * as z from 'zod/mini';
import { anyoneTakingBookings } from '../../../db/queries/booking-settings.ts';
import { leadTimeline } from '../../../db/queries/leads.ts';
import { activitiesOfPerson, findPerson, leadsOfPerson, rootOf, samePhonePeople, staffDisplayName, undoableMerges } from '../../../db/queries/people.ts';
import { sendsEmail } from '../../../lib/config.ts';
import { isOpenStatus } from '../../../lib/people/next-action.ts';
import { personParamsSchema, templateChoiceSchema } from '../../../lib/people/schema.ts';
import { firstTemplateFor, signatureName, templateEmail } from '../../../lib/people/templates.ts';
import { validParam } from '../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { renderPage } from '../../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../../server/staff-auth.ts';
import { personPage } from '../_staff-pages.tsx';
import { noSuchPerson, personChanges, personPathOf } from './_person-changes.ts';

/**
 * GET /admin/people/{id}: one person, every lead of theirs and everything that happened, with what
 * staff do next (call, next action, email, merge, erase: plain forms posting to
 * /admin/people/{id}/{change}, routes/admin/people/_person-changes.ts). A merged person's address
 * leads to the person they were merged into.
 */
const person = new Hono<AppEnv>().get(
  '/',
  requireStaff('page'),
  validParam(personParamsSchema, (c) => noSuchPerson(c)),
  async (c) => {
    const { id } = c.req.valid('param');
    const { sql, now, config } = c.get('deps');
    const staff = signedInStaff(c);
    const root = await withDatabaseDeadline(sql, (db) => rootOf(db, id));
    if (!root) return noSuchPerson(c);
    if (root !== id) return c.redirect(personPathOf(root), 303);
    // The query only chooses what the page shows (a template, a confirmation): anything it cannot read is ignored.
    const query = z.safeParse(templateChoiceSchema, c.req.query());
    const choice = query.success ? query.data : {};
    const time = now();
    const [found, leads, activities, merges, samePhone, displayName, bookable] = await withDatabaseDeadline(sql, (db) =>
      Promise.all([
        findPerson(db, root),
        leadsOfPerson(db, root),
        activitiesOfPerson(db, root),
        undoableMerges(db, root),
        samePhonePeople(db, root),
        staffDisplayName(db, staff.id),
        anyoneTakingBookings(db),
      ]),
    );
    if (!found) return noSuchPerson(c);
    const timelines = await withDatabaseDeadline(sql, (db) => Promise.all(leads.map((l) => leadTimeline(db, l.kind, l.id))));
    const events = leads.flatMap((l, i) => timelines[i].map((event) => ({ kind: l.kind, leadId: l.id, event })));
    // The email to write: about the lead chosen, else the newest open one, else the newest that can be written to.
    const writable = leads.filter((l) => !l.erasedAt && l.email);
    const lead = writable.find((l) => `${l.kind}/${l.id}` === choice.lead) ?? writable.find((l) => isOpenStatus(l.status) && !l.isSpam) ?? writable[0] ?? null;
    const template = choice.template ?? (lead && !lead.firstReachedAt ? firstTemplateFor(lead.kind) : 'follow-up');
    const composer = lead
      ? {
          template,
          lead: `${lead.kind}/${lead.id}`,
          ...templateEmail(template, {
            kind: lead.kind,
            name: lead.name,
            business: lead.business,
            score: lead.score,
            staffName: signatureName(displayName, staff.email),
            sessionMinutes: config.BOOKING_SESSION_MINUTES,
            bookUrl: bookable ? `${config.PUBLIC_SITE_URL}/book` : null,
          }),
        }
      : null;
    return renderPage(c, personPage, {
      staff,
      person: found,
      leads,
      events,
      activities,
      merges,
      samePhone,
      composer,
      saved: choice.saved ?? null,
      confirmErase: c.req.query('erase') === 'confirm',
      canEmail: sendsEmail(config),
      now: time,
    });
  },
);

person.route('/', personChanges);

export default person;
