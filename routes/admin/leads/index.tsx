import { Hono } from 'hono';
import { leadSources, inboxPage as loadInboxPage } from '../../../db/queries/leads.ts';
import { listStaffAccounts } from '../../../db/queries/staff.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { renderPage } from '../../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../../server/staff-auth.ts';
import { inboxContext, validFilters } from '../_inbox-filters.ts';
import { inboxPage } from '../_staff-pages.tsx';

/** GET /admin/leads: the inbox, one page of the leads its filters choose (their CSV: routes/admin/leads.csv.ts). Staff only. */
export default new Hono<AppEnv>().get('/', requireStaff('page'), validFilters, async (c) => {
  const filters = c.req.valid('query');
  const ctx = inboxContext(c);
  const { sql } = c.get('deps');
  const [page, owners, sources] = await withDatabaseDeadline(sql, (db) =>
    Promise.all([loadInboxPage(db, filters, ctx), listStaffAccounts(db), leadSources(db)]),
  );
  return renderPage(c, inboxPage, { staff: signedInStaff(c), filters, ...page, owners, sources, now: ctx.now });
});
