import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../server/deps.ts';
import { privateHeaders, requireStaff } from '../../server/staff-auth.ts';
import { abResultsApi } from '../api/ab-test.ts';
import account from './account.tsx';
import inbox from './inbox.tsx';
import lead from './lead.tsx';
import changes from './lead-changes.ts';
import login from './login.tsx';

/** The A/B dashboard (a page of the site, server/app.ts): open to all unless AB_DASHBOARD_ACCESS=staff. */
export const dashboardAccess = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('deps').config.AB_DASHBOARD_ACCESS === 'staff') return requireStaff('page')(c, next);
  privateHeaders(c);
  await next();
});

/**
 * The back office under /admin: sign-in, the staff member's own account, the lead inbox, a lead, the changes staff make, the CSV
 * export, and the A/B read APIs for a staff-only dashboard. Each route says itself that it needs a
 * staff session (server/staff-auth.ts `requireStaff`), so none can be mounted without.
 */
const admin = new Hono<AppEnv>()
  .get('/', requireStaff('page'), (c) => c.redirect('/admin/leads', 303))
  .route('/', login)
  .route('/', account)
  .route('/', inbox)
  .route('/', lead)
  .route('/', changes)
  .use('/api/ab-test/*', requireStaff('api'))
  .route('/api/ab-test', abResultsApi);

export default admin;
