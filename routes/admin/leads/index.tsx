import { Hono } from 'hono';
import { anyoneTakingBookings } from '../../../db/queries/booking-settings.ts';
import { leadSources } from '../../../db/queries/leads.ts';
import { peoplePage } from '../../../db/queries/people-inbox.ts';
import { listStaffAccounts } from '../../../db/queries/staff.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { renderPage } from '../../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../../server/staff-auth.ts';
import { inboxContext, validPeopleQuery } from '../_inbox-filters.ts';
import { inboxPage } from '../_staff-pages.tsx';

/**
 * GET /admin/leads: the inbox, one page of the people whose leads its filters choose, in the chosen
 * order (their leads' CSV: routes/admin/leads.csv.ts; bulk actions: ./bulk.ts). Staff only.
 */
export default new Hono<AppEnv>().get('/', requireStaff('page'), validPeopleQuery, async (c) => {
  const query = c.req.valid('query');
  const ctx = inboxContext(c);
  const { sql } = c.get('deps');
  const [page, owners, sources, takingBookings] = await withDatabaseDeadline(sql, (db) =>
    Promise.all([peoplePage(db, query, ctx), listStaffAccounts(db), leadSources(db), anyoneTakingBookings(db)]),
  );
  return renderPage(c, inboxPage, { staff: signedInStaff(c), query, ...page, owners, sources, takingBookings, now: ctx.now, timeZone: ctx.timeZone });
});
