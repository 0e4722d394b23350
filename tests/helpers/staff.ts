import type { Sql } from 'postgres';
import { saveStaffAccount } from '../../db/queries/staff.ts';
import type { StaffRole } from '../../lib/staff/roles.ts';
import type { testApp } from './app.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

export type TestStaff = { id: string; email: string; password: string };

/**
 * A staff account with its own email (tests share one database); cheap argon2id settings for speed. An
 * owner unless said otherwise (the tests written before roles act as the owners they were).
 */
export async function createStaff(sql: Sql, name = 'staff', role: StaffRole = 'owner'): Promise<TestStaff> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@northlinedigital.ca`;
  const password = `pass ${crypto.randomUUID()}`;
  await saveStaffAccount(sql, email, await Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 4096, timeCost: 2 }), role);
  const [row] = await sql<{ id: string }[]>`select id from users where username = ${email}`;
  return { id: row.id, email, password };
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

/** Signs in and returns the session cookie, the CSRF token the pages carry, and the device cookie this browser was given. */
export async function signedIn(t: TestApp, staff: TestStaff, headers: Record<string, string> = {}): Promise<{ cookie: string; csrf: string; device: string }> {
  const res = await postLogin(t, { email: staff.email, password: staff.password }, headers);
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
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
