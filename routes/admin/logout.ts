import { Hono } from 'hono';
import { formWrite } from '../../server/api/guards.ts';
import type { AppEnv } from '../../server/deps.ts';
import { requireStaff, signOut } from '../../server/staff-auth.ts';

/** POST /admin/logout: ends this browser's session (the form in the staff frame's header). */
export default new Hono<AppEnv>().post('/', formWrite(), requireStaff('page'), async (c) => {
  await signOut(c);
  return c.redirect('/admin/login?signedOut=1', 303);
});
