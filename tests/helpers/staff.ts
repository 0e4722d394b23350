import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Sql } from 'postgres';
import { saveStaffAccount } from '../../db/queries/staff.ts';
import { confirmEnrolment, startEnrolment } from '../../db/queries/two-factor.ts';
import type { StaffRole } from '../../lib/staff/roles.ts';
import { normalRecoveryCode, RECOVERY_CODE_BYTES, recoveryCodeOf } from '../../lib/staff/totp.ts';
import { tokenHash } from '../../server/staff-auth.ts';
import { newTotpSecret } from '../../server/two-factor.ts';
import type { testApp } from './app.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

/**
 * A test's staff account. With two-factor sign-in on, `recoveryCodes` are its unused recovery codes: the
 * sign-in helpers below spend one for each second step (an app's code is taken once per 30 s, and a
 * test signs in more often than that).
 */
export type TestStaff = { id: string; email: string; password: string; recoveryCodes: string[] };

/** Recovery codes a test owner is given: more than the 10 a person gets, as tests sign in many times. */
const TEST_RECOVERY_CODES = 40;

/**
 * A staff account with its own email (tests share one database); cheap argon2id settings for speed. An
 * owner unless said otherwise (the tests written before roles act as the owners they were). An owner's
 * erasing, publishing and experiments need two-factor sign-in on: `twoFactor` turns it on, as enrolling
 * on the account page would.
 */
export async function createStaff(sql: Sql, name = 'staff', role: StaffRole = 'owner', { twoFactor = false } = {}): Promise<TestStaff> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@northlinedigital.ca`;
  const password = `pass ${crypto.randomUUID()}`;
  await saveStaffAccount(sql, email, await Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 4096, timeCost: 2 }), role);
  const [row] = await sql<{ id: string }[]>`select id from users where username = ${email}`;
  const recoveryCodes: string[] = [];
  if (twoFactor) {
    const secret = newTotpSecret();
    for (let i = 0; i < TEST_RECOVERY_CODES; i++) recoveryCodes.push(recoveryCodeOf(randomBytes(RECOVERY_CODE_BYTES)));
    const now = new Date();
    await startEnrolment(sql, row.id, secret, now);
    await confirmEnrolment(
      sql,
      row.id,
      secret,
      0,
      recoveryCodes.map((code) => tokenHash(normalRecoveryCode(code))),
      now,
    );
  }
  return { id: row.id, email, password, recoveryCodes };
}

/** The second step's code for `staff`: one of its recovery codes, used up. */
function nextCode(staff: TestStaff): string {
  const code = staff.recoveryCodes.shift();
  if (!code) throw new Error(`${staff.email} has no recovery codes left for a second step`);
  return code;
}

/**
 * After a right password (`answer`, the 303 of POST /admin/login): for an account with two-factor
 * sign-in, sends its code to the second step through `send` and returns that answer; else `answer`.
 */
export async function passSecondStep(
  answer: Response,
  staff: TestStaff,
  send: (path: string, init: { headers: Record<string, string>; body: string }) => Promise<Response>,
): Promise<Response> {
  const location = answer.headers.get('location') ?? '';
  if (!location.startsWith('/admin/login/code')) return answer;
  const next = new URL(location, 'http://site').searchParams.get('next') ?? '/admin/leads';
  const form = formBody({ code: nextCode(staff), next });
  return send('/admin/login/code', { headers: { ...form.headers, cookie: cookieSet(answer, 'staff_pending') }, body: form.body });
}

/**
 * Signs in on the login page `page` shows, as a person would, and waits for `landing` (a path; the
 * inbox by default): the password, then, for an account with two-factor sign-in, a recovery code.
 */
export async function signInOnPage(page: Page, staff: TestStaff, landing = '/admin/leads'): Promise<void> {
  await page.getByLabel('Work email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  const landed = (url: URL) => url.pathname === landing.split('?')[0];
  if (staff.recoveryCodes.length === 0) {
    await Promise.all([page.waitForURL(landed), page.getByRole('button', { name: 'Sign in' }).click()]);
    return;
  }
  await Promise.all([page.waitForURL((url) => url.pathname === '/admin/login/code'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await page.getByLabel('Code').fill(nextCode(staff));
  await Promise.all([page.waitForURL(landed), page.getByRole('button', { name: 'Continue' }).click()]);
}

export const formBody = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** POST /admin/login as a browser's form would. */
export function postLogin(t: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const form = formBody(fields);
  return t.request('/admin/login', { method: 'POST', redirect: 'manual', headers: { ...form.headers, ...headers }, body: form.body });
}

/** The `name=value` of the cookie `name` a response sets, or '' when it sets none. */
export const cookieSet = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`)) ?? '';

/**
 * Signs in (with a recovery code as the second step where two-factor sign-in is on) and returns the
 * session cookie, the CSRF token the pages carry, and the device cookie this browser was given.
 */
export async function signedIn(t: TestApp, staff: TestStaff, headers: Record<string, string> = {}): Promise<{ cookie: string; csrf: string; device: string }> {
  const password = await postLogin(t, { email: staff.email, password: staff.password }, headers);
  if (password.status !== 303) throw new Error(`sign-in answered ${password.status}`);
  const res = await passSecondStep(password, staff, (path, init) =>
    t.request(path, { method: 'POST', redirect: 'manual', headers: { ...init.headers, ...headers }, body: init.body }),
  );
  if (res.status !== 303) throw new Error(`the second step answered ${res.status}`);
  const cookie = cookieSet(res, 'staff_session');
  const device = cookieSet(res, 'staff_device');
  const page = await (await t.request('/admin/leads', { headers: { cookie } })).text();
  const csrf = page.match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (!csrf) throw new Error('no CSRF token on the inbox');
  return { cookie, csrf, device };
}

/** A staff form POST (a lead change) as the signed-in browser sends it: its cookie and CSRF token, no redirects followed. */
export function staffPost(
  t: TestApp,
  session: { cookie: string; csrf: string },
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const form = formBody({ ...fields, _csrf: session.csrf });
  return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie, ...headers }, body: form.body });
}

/**
 * Client addresses of a test's own. Sign-in attempts are counted per address in the database, which
 * every test in a run shares: each IPv4 address a test writes becomes an IPv6 address in a /64 of this
 * test's own (2001:db8:RUN:CCDD::1, from the address's last two octets), counted apart from every other.
 */
export function ownAddresses(): (ipv4: string) => string {
  const run = Math.floor(Math.random() * 0xffff).toString(16);
  return (ipv4) => {
    const [, , c, d] = ipv4.split('.').map(Number);
    return `2001:db8:${run}:${((c << 8) | d).toString(16)}::1`;
  };
}
