import { Hono } from 'hono';
import { LoginCodeForm, type LoginCodeFormProps } from '../../components/staff/LoginCodeForm.tsx';
import { LoginForm, type LoginFormProps } from '../../components/staff/LoginForm.tsx';
import { countPendingTry } from '../../db/queries/sign-in.ts';
import { findStaffLogin } from '../../db/queries/staff-sessions.ts';
import { hasTwoFactor } from '../../db/queries/two-factor.ts';
import { clientKey } from '../../lib/http/client-address.ts';
import { agency } from '../../lib/site.ts';
import { CODE_MISSING, SIGN_IN_MISSING, signInCodeSchema, signInSchema } from '../../lib/staff/schema.ts';
import { safeNext } from '../../lib/staff/session.ts';
import { PENDING_TRIES } from '../../lib/staff/sign-in-throttle.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validForm } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { clientAddress } from '../../server/middleware/rate-limit.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { type Guarded, guardedCheck } from '../../server/sign-in-guard.ts';
import { currentStaff, privateHeaders, signIn } from '../../server/staff-auth.ts';
import { knownDevice, rememberThisDevice } from '../../server/staff-device.ts';
import { currentSecondStep, endSecondStep, forgetSecondStep, spendCode, startSecondStep } from '../../server/two-factor.ts';

/** The one answer for an unknown email and a wrong password, so the form tells no one who has an account. */
export const LOGIN_FAILED = 'That email and password do not match a staff account.';
/** Too many attempts from this address (SIGN_IN_RULES.address). */
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
/** Too many attempts on this account from browsers it does not know (SIGN_IN_RULES.strangers). */
export const LOGIN_SLOWED =
  'Too many sign-in attempts on this account from devices it does not know. Please wait 30 seconds and try again, or sign in from a device you have used before.';
/** Another check of this account or from this address is running. */
export const LOGIN_BUSY = 'Another sign-in is being checked. Please try again in a moment.';
export const CODE_FAILED = 'That code is not right, or was already used. Enter the code your app shows now, or one of your recovery codes.';
export const CODE_EXPIRED = 'Your sign-in timed out or was already used. Please enter your email and password again.';
export const CODE_TOO_MANY = 'Too many wrong codes. Please enter your email and password again.';

const loginPage = definePage<LoginFormProps>({
  meta: { title: `Staff sign-in | ${agency.name}`, description: 'Sign in to the back office.', path: '/admin/login', noindex: true, chrome: 'staff' },
  Component: LoginForm,
});

const codePage = definePage<LoginCodeFormProps>({
  meta: { title: `Two-step sign-in | ${agency.name}`, description: 'Sign in to the back office.', path: '/admin/login/code', noindex: true, chrome: 'staff' },
  Component: LoginCodeForm,
});

/** Checked when an email has no account, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= Bun.password.hash(crypto.randomUUID(), 'argon2id');
  return decoyHash;
};

const nextOf = (value: unknown) => safeNext(typeof value === 'string' ? value : null);
const codePath = (next: string) => `/admin/login/code?next=${encodeURIComponent(next)}`;

/** A security event in the log: the address and the time, never what was typed. */
function securityEvent(c: AppContext, msg: string, fields: Record<string, unknown> = {}) {
  c.get('deps').log.warn(msg, { event: 'security', requestId: c.get('requestId'), address: clientKey(clientAddress(c)), ...fields });
}

/** A refused attempt (throttled or busy): the message for the form and the Retry-After, or null when it was checked. */
function refusal<T>(c: AppContext, guarded: Guarded<T>): string | null {
  if (guarded.outcome === 'checked') return null;
  if (guarded.outcome === 'busy') {
    securityEvent(c, 'staff sign-in refused: another check is running');
    c.header('Retry-After', '1');
    return LOGIN_BUSY;
  }
  securityEvent(c, 'staff sign-in refused: too many attempts', { limit: guarded.why });
  c.header('Retry-After', String(guarded.retryAfterSeconds));
  return guarded.why === 'address' ? LOGIN_THROTTLED : LOGIN_SLOWED;
}

/** The end of a sign-in (the password, and the code where two-factor is on): a session, and this browser remembered. */
async function complete(c: AppContext, account: { id: string; passwordHash: string }, next: string): Promise<Response | null> {
  if (!(await signIn(c, account.id, account.passwordHash))) return null;
  await rememberThisDevice(c, account.id);
  c.get('deps').log.info('staff signed in', { event: 'security', requestId: c.get('requestId'), staffId: account.id });
  return c.redirect(next, 303);
}

/** The sign-in forms as sent (lib/staff/schema.ts); a field left empty gets its form again, saying so. */
const validSignIn = validForm(signInSchema, {
  invalid: (c, values, fields) => {
    privateHeaders(c);
    const email = typeof values.email === 'string' ? values.email : '';
    return renderPage(c, loginPage, { next: nextOf(values.next), email, error: Object.values(fields)[0] ?? SIGN_IN_MISSING }, 400);
  },
});

const validCode = validForm(signInCodeSchema, {
  invalid: (c, values, fields) => {
    privateHeaders(c);
    return renderPage(c, codePage, { next: nextOf(values.next), error: Object.values(fields)[0] ?? CODE_MISSING }, 400);
  },
});

/**
 * GET and POST /admin/login (the password), GET and POST /admin/login/code (the second step, for an
 * account with two-factor sign-in); signing out is routes/admin/logout.ts. Every password and code check goes through
 * guardedCheck (server/sign-in-guard.ts: counted in the database first, one at a time per account and
 * per address; limits in lib/staff/sign-in-throttle.ts). Each failure is a security event in the log.
 */
const login = new Hono<AppEnv>()
  .get('/', async (c) => {
    privateHeaders(c);
    const next = nextOf(c.req.query('next'));
    if (await currentStaff(c)) return c.redirect(next, 303);
    const signedOut = c.req.query('signedOut');
    return renderPage(c, loginPage, { next, email: '', signedOut: signedOut === '1' || signedOut === 'everywhere' ? signedOut : undefined });
  })
  .post('/', formWrite(), validSignIn, async (c) => {
    privateHeaders(c);
    const { next, email, password } = c.req.valid('form');
    const show = (status: 401 | 429, error: string) => renderPage(c, loginPage, { next, email, error }, status);

    const { sql } = c.get('deps');
    const account = await withDatabaseDeadline(sql, (db) => findStaffLogin(db, email));
    const device = await knownDevice(c, account?.id);
    const guarded = await guardedCheck(
      c,
      { email, device },
      async () => password.length <= 1024 && (await Bun.password.verify(password, account?.passwordHash ?? (await decoy()))),
      (valid) => valid && account !== null,
    );
    const refused = refusal(c, guarded);
    if (refused) return show(429, refused);
    if (!account || guarded.outcome !== 'checked' || !guarded.result) {
      securityEvent(c, 'staff sign-in failed');
      return show(401, LOGIN_FAILED);
    }
    if (await withDatabaseDeadline(sql, (db) => hasTwoFactor(db, account.id))) {
      await startSecondStep(c, account.id);
      c.get('deps').log.info('staff password accepted: code asked', { event: 'security', requestId: c.get('requestId'), staffId: account.id });
      return c.redirect(codePath(next), 303);
    }
    return (await complete(c, account, next)) ?? show(401, LOGIN_FAILED);
  })
  .get('/code', async (c) => {
    privateHeaders(c);
    const next = nextOf(c.req.query('next'));
    if (!(await currentSecondStep(c))) return c.redirect(`/admin/login?next=${encodeURIComponent(next)}`, 303);
    return renderPage(c, codePage, { next });
  })
  .post('/code', formWrite(), validCode, async (c) => {
    privateHeaders(c);
    const { next, code } = c.req.valid('form');
    const startAgain = (error: string) => {
      forgetSecondStep(c);
      return renderPage(c, loginPage, { next, email: '', error }, 401);
    };
    const step = await currentSecondStep(c);
    if (!step) return startAgain(CODE_EXPIRED);

    const { sql, now } = c.get('deps');
    const tries = await withDatabaseDeadline(sql, (db) => countPendingTry(db, step.idHash, now()));
    if (tries === null) return startAgain(CODE_EXPIRED);
    if (tries > PENDING_TRIES) {
      await endSecondStep(c, step.idHash);
      securityEvent(c, 'staff sign-in code refused: too many tries');
      return startAgain(CODE_TOO_MANY);
    }
    const { pending } = step;
    const device = await knownDevice(c, pending.userId);
    const guarded = await guardedCheck(
      c,
      { email: pending.email, device },
      () => withDatabaseDeadline(sql, (db) => spendCode(db, pending.userId, code, now())),
      (used) => used !== null,
    );
    const refused = refusal(c, guarded);
    if (refused) return renderPage(c, codePage, { next, error: refused }, 429);
    if (guarded.outcome !== 'checked' || guarded.result === null) {
      securityEvent(c, 'staff sign-in code refused');
      return renderPage(c, codePage, { next, error: CODE_FAILED }, 401);
    }
    if (guarded.result === 'recovery') securityEvent(c, 'staff signed in with a recovery code', { staffId: pending.userId });
    // Only one request ends the step: a code sent twice at once signs in once.
    if (!(await endSecondStep(c, step.idHash))) return startAgain(CODE_EXPIRED);
    return (await complete(c, { id: pending.userId, passwordHash: pending.passwordHash }, next)) ?? startAgain(CODE_EXPIRED);
  });

export default login;
