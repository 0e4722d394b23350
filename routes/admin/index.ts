import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { requireStaff } from '../../server/staff-auth.ts';

/**
 * GET /admin: the back office starts at the inbox. The back office is the files beside this one: each
 * route says itself that it needs a staff session (server/staff-auth.ts `requireStaff`), so none can be
 * added without, and _middleware.ts answers 503 for all of it while the database is still opening.
 */
export default new Hono<AppEnv>().get('/', requireStaff('page'), (c) => c.redirect('/admin/leads', 303));
