import { Hono } from 'hono';
import { LoginForm, type LoginFormProps } from '../../components/staff/LoginForm.tsx';
import { findStaffLogin } from '../../db/queries/staff-sessions.ts';
import { clientKey } from '../../lib/rate-limit.ts';
import { agency } from '../../lib/site.ts';
import { safeNext } from '../../lib/staff-session.ts';
import { formWrite } from '../../server/api/guards.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { clientAddress } from '../../server/middleware/rate-limit.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { currentStaff, privateHeaders, requireStaff, signIn, signOut } from '../../server/staff-auth.ts';

/** The one answer for an unknown email and a wrong password, so the form tells no one who has an account. */
export const LOGIN_FAILED = 'That email and password do not match a staff account.';
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

const loginPage = definePage<LoginFormProps>({
  meta: { title: `Staff sign-in | ${agency.name}`, description: 'Sign in to the back office.', path: '/admin/login', noindex: true, chrome: 'staff' },
  Component: LoginForm,
});

/** Checked when an email has no account, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= Bun.password.hash(crypto.randomUUID(), 'argon2id');
  return decoyHash;
};

const nextOf = (value: unknown) => safeNext(typeof value === 'string' ? value : null);

/**
 * GET /admin/login, POST /admin/login and POST /admin/logout. Failed sign-ins count against the
 * address and the account (RATE_RULES.loginFailuresBy*): once either runs out, every attempt answers 429
 * with Retry-After without looking at the password, until its 15 minutes are up. Each failure is a
 * security event in the log (address and time; never what was typed).
 */
const login = new Hono<AppEnv>()
  .get('/login', async (c) => {
    privateHeaders(c);
    const next = nextOf(c.req.query('next'));
    if (await currentStaff(c)) return c.redirect(next, 303);
    return renderPage(c, loginPage, { next, email: '', signedOut: c.req.query('signedOut') === '1' });
  })
  .post('/login', formWrite(), async (c) => {
    privateHeaders(c);
    const form = await c.req.parseBody();
    const next = nextOf(form.next);
    const email = typeof form.email === 'string' ? form.email.trim().toLowerCase().slice(0, 254) : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const show = (status: 400 | 401 | 429, error: string) => renderPage(c, loginPage, { next, email, error }, status);
    if (!email || !password) return show(400, 'Enter your work email and your password.');

    const { sql, rateLimiters, log, config } = c.get('deps');
    const address = clientKey(clientAddress(c));
    const limits = [rateLimiters.loginFailuresByAddress.peek(address), rateLimiters.loginFailuresByAccount.peek(email)];
    const securityEvent = (msg: string) => log.warn(msg, { event: 'security', requestId: c.get('requestId'), address });
    const throttled = config.RATE_LIMITS === 'on' && limits.find((l) => !l.allowed);
    if (throttled) {
      securityEvent('staff sign-in refused: too many failed attempts');
      c.header('Retry-After', String(Math.max(1, Math.ceil(throttled.resetMs / 1000))));
      return show(429, LOGIN_THROTTLED);
    }

    const account = await withDatabaseDeadline(sql, (db) => findStaffLogin(db, email));
    const valid = password.length <= 1024 && (await Bun.password.verify(password, account?.passwordHash ?? (await decoy())));
    if (!account || !valid) {
      rateLimiters.loginFailuresByAddress.hit(address);
      rateLimiters.loginFailuresByAccount.hit(email);
      securityEvent('staff sign-in failed');
      return show(401, LOGIN_FAILED);
    }
    await signIn(c, account.id);
    log.info('staff signed in', { event: 'security', requestId: c.get('requestId'), staffId: account.id });
    return c.redirect(next, 303);
  })
  .post('/logout', formWrite(), requireStaff('page'), async (c: AppContext) => {
    await signOut(c);
    return c.redirect('/admin/login?signedOut=1', 303);
  });

export default login;
