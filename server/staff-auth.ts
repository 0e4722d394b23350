import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { createSession, deleteSession, endEverySession, endOtherSessions, findSession, touchSession } from '../db/queries/staff-sessions.ts';
import { querySuffix } from '../lib/http/request-address.ts';
import { OWNER_REFUSAL, ownerStanding } from '../lib/staff/roles.ts';
import { CSRF_FIELD, CSRF_HEADER, needsTouch, SESSION_COOKIE, SESSION_MAX_MS, type SignedInStaff, sessionState } from '../lib/staff/session.ts';
import { withDatabaseDeadline } from './deadline.ts';
import type { AppContext, AppEnv } from './deps.ts';
import { answerError } from './middleware/errors.ts';

// Staff sign-in state: a random 256-bit session id in an HttpOnly, SameSite=Strict cookie scoped to
// /admin; the database keeps only its SHA-256 (db/queries/staff-sessions.ts).
//
// CSRF: every staff write carries a token, and SameSite=Strict keeps the cookie off cross-site requests
// as well. The token is an HMAC of the session id, so it needs no storage, changes with every sign-in
// and cannot be worked out without the cookie. Hono's `csrf` middleware (an Origin check) alone was not
// chosen: SameSite counts a sibling subdomain as the same site, so a page on any *.example.ca could
// post with the cookie attached, and an Origin check that compares with the request's own URL breaks
// behind a TLS-terminating proxy. Forms send the token as `_csrf`, the status island as X-CSRF-Token.

/** How every staff token (session, device, second step, recovery code) is kept: its SHA-256, never itself. */
export const tokenHash = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex');
/** A new random 256-bit token, as cookie-safe text (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');
/** Whether a cookie's value is shaped like a token newToken() made. */
export const tokenShaped = (value: string | undefined): value is string => value !== undefined && /^[\w-]{43}$/.test(value);
const sha256 = tokenHash;
const csrfTokenOf = (sessionId: string) => createHmac('sha256', sessionId).update('staff-csrf').digest('base64url');

/** Each request's session, once looked up (null: none, or it ran out). */
const looked = new WeakMap<Request, SignedInStaff | null>();

/** The staff member signed in on this request, or null; a session past its time is deleted. */
export async function currentStaff(c: AppContext): Promise<SignedInStaff | null> {
  if (looked.has(c.req.raw)) return looked.get(c.req.raw) ?? null;
  const found = await lookUp(c);
  looked.set(c.req.raw, found);
  return found;
}

async function lookUp(c: AppContext): Promise<SignedInStaff | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!tokenShaped(id)) return null;
  const { sql, now } = c.get('deps');
  const idHash = sha256(id);
  const session = await withDatabaseDeadline(sql, (db) => findSession(db, idHash));
  if (!session) return null;
  const time = now();
  if (sessionState(session, time) !== 'active') {
    await withDatabaseDeadline(sql, (db) => deleteSession(db, idHash));
    return null;
  }
  if (needsTouch(session, time)) await withDatabaseDeadline(sql, (db) => touchSession(db, idHash, time));
  return { id: session.userId, email: session.email, role: session.role, twoFactor: session.twoFactor, csrfToken: csrfTokenOf(id) };
}

/**
 * Starts a session for `userId` and sets its cookie on the response, unless the account's password hash
 * is no longer `passwordHash` (changed while the sign-in was checked): then false, and no session.
 */
export async function signIn(c: AppContext, userId: string, passwordHash: string): Promise<boolean> {
  const { sql, now, config } = c.get('deps');
  const id = newToken();
  if (!(await withDatabaseDeadline(sql, (db) => createSession(db, sha256(id), userId, now(), passwordHash)))) return false;
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.isProduction,
    path: '/admin',
    maxAge: SESSION_MAX_MS / 1000,
  });
  return true;
}

/** Ends every session of the account (this one too), its remembered devices and waiting second steps, and clears this browser's cookie. */
export async function signOutEverywhere(c: AppContext, userId: string): Promise<number> {
  const ended = await withDatabaseDeadline(c.get('deps').sql, (db) => endEverySession(db, userId));
  forgetCookie(c);
  return ended;
}

/**
 * Ends every other session of the signed-in account, keeping this browser's: when two-factor sign-in is
 * turned on, sessions begun with the password alone must not carry on with what it now grants.
 */
export async function signOutOtherSessions(c: AppContext, userId: string): Promise<number> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!tokenShaped(id)) return 0;
  return withDatabaseDeadline(c.get('deps').sql, (db) => endOtherSessions(db, userId, sha256(id)));
}

/** Ends this browser's session, if any, and clears its cookie. */
export async function signOut(c: AppContext): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE);
  if (id) await withDatabaseDeadline(c.get('deps').sql, (db) => deleteSession(db, sha256(id)));
  forgetCookie(c);
}

function forgetCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/admin', secure: c.get('deps').config.isProduction, httpOnly: true, sameSite: 'Strict' });
}

/** The staff member a `requireStaff` route is answering. */
export function signedInStaff(c: AppContext): SignedInStaff {
  const staff = c.get('staff');
  if (!staff) throw new Error('signedInStaff() on a route without requireStaff');
  return staff;
}

/** Marks an answer private: never indexed, never stored by a browser or a shared cache. */
export function privateHeaders(c: AppContext): void {
  c.header('X-Robots-Tag', 'noindex');
  c.header('Cache-Control', 'no-store');
}

/** The login page that brings a staff member back to `path` once signed in. */
const loginPath = (path: string) => `/admin/login?next=${encodeURIComponent(path)}`;

/**
 * Staff only. Without a session a page answers 303 to the login page (which returns to this page) and
 * an API 401 JSON; a write (anything but GET and HEAD) must also carry this session's CSRF token (403).
 * Every answer is private.
 */
export function requireStaff(kind: 'page' | 'api') {
  return createMiddleware<AppEnv>(async (c, next) => {
    privateHeaders(c);
    const staff = await currentStaff(c);
    if (!staff) {
      if (getCookie(c, SESSION_COOKIE)) forgetCookie(c);
      if (kind === 'api') return answerError(c, 401, 'Sign in required: your staff session has ended or was never started');
      const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
      return c.redirect(loginPath(reading ? c.req.path + querySuffix(c.req.url) : '/admin/leads'), 303);
    }
    // Signed in either way: a refused write is shown in the back office's frame.
    c.set('staff', staff);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !(await carriesToken(c, staff.csrfToken))) {
      return answerError(c, 403, 'This form has expired or came from somewhere else. Reload the page and try again.');
    }
    await next();
  });
}

/**
 * Owner only (issue 33), on any Hono route, page or API: signs the request in as `requireStaff(kind)`
 * does (unless a `requireStaff` before it already has: login redirect or 401, CSRF on writes), then
 * answers a `staff` account, or an owner whose account has no two-factor sign-in (issue 26), 403
 * through answerError (JSON for an API, the staff problem page for a person) before anything after it
 * runs, so nothing is read from the body or changed. Put it before
 * the validators: `.post('/erase', formWrite(), requireOwner('page'), validForm(…), handler)`. The role
 * and two-factor state are read from the database with the session on every request, so a demotion (or
 * two-factor sign-in turned off) counts at once.
 */
export function requireOwner(kind: 'page' | 'api') {
  const staffGate = requireStaff(kind);
  const ownerGate = createMiddleware<AppEnv>(async (c, next) => {
    const standing = ownerStanding(signedInStaff(c));
    if (standing !== 'owner') return answerError(c, 403, OWNER_REFUSAL[standing]);
    await next();
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('staff')) return ownerGate(c, next);
    let passed = false;
    const refused = await staffGate(c, async () => {
      passed = true;
    });
    if (!passed) return refused ?? c.res;
    return ownerGate(c, next);
  });
}

async function carriesToken(c: AppContext, expected: string): Promise<boolean> {
  let given = c.req.header(CSRF_HEADER);
  if (!given && /^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    const field = (await c.req.parseBody())[CSRF_FIELD];
    given = typeof field === 'string' ? field : undefined;
  }
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
