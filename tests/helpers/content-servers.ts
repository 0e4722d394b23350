import type { Sql } from 'postgres';
import { VISITOR_USER_AGENT } from './browser.ts';
import { createStaff, formBody, passSecondStep } from './staff.ts';

// Staff publishing and shipping over HTTP to a running server, and how long until every server serves
// the new copy: shared by the propagation tests and bench/experiment-ship.ts.

export type HttpStaff = { cookie: string; csrf: string };

/** An owner's account (two-factor sign-in on) made on `sql`, signed in on the server at `url`: its session cookie and CSRF token. */
export async function signInOver(url: string, sql: Sql): Promise<HttpStaff> {
  const staff = await createStaff(sql, 'publisher', 'owner', { twoFactor: true });
  const form = formBody({ email: staff.email, password: staff.password });
  const password = await fetch(`${url}/admin/login`, { method: 'POST', redirect: 'manual', ...form });
  if (password.status !== 303) throw new Error(`sign-in answered ${password.status}`);
  const res = await passSecondStep(password, staff, (path, init) => fetch(`${url}${path}`, { method: 'POST', redirect: 'manual', ...init }));
  if (res.status !== 303) throw new Error(`the second step answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('staff_session='));
  if (!cookie) throw new Error('no session cookie');
  const page = await (await fetch(`${url}/admin/leads`, { headers: { cookie } })).text();
  const csrf = page.match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (!csrf) throw new Error('no CSRF token on the inbox');
  return { cookie, csrf };
}

/** PUT /admin/api/content/{slot} on the server at `url`. */
export async function publishOver(url: string, staff: HttpStaff, slot: string, fields: Record<string, unknown>): Promise<Response> {
  return fetch(`${url}/admin/api/content/${slot}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: staff.cookie, 'x-csrf-token': staff.csrf },
    body: JSON.stringify({ fields }),
  });
}

/** A staff JSON call to the experiment builder on the server at `url`; throws unless it answers `expect`. */
async function experimentsCall(url: string, staff: HttpStaff, path: string, body: unknown, expect: number) {
  const res = await fetch(`${url}/admin/api/experiments${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: staff.cookie, 'x-csrf-token': staff.csrf },
    body: JSON.stringify(body),
  });
  if (res.status !== expect) throw new Error(`POST /admin/api/experiments${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).experiment as { id: string; variants: { id: string; name: string }[] };
}

/** Creates and starts a hero experiment whose one challenger shows `headline`: its id and the challenger's. */
export async function runHeroExperimentOver(url: string, staff: HttpStaff, name: string, headline: string): Promise<{ id: string; variantId: string }> {
  const experiment = await experimentsCall(
    url,
    staff,
    '',
    {
      name,
      slot: 'hero',
      hypothesis: 'A timing run of Ship',
      trafficAllocation: 100,
      goal: 'lead',
      variants: [
        { name: 'Control', isControl: true },
        { name: 'Challenger', isControl: false, fields: { headline } },
      ],
    },
    201,
  );
  await experimentsCall(url, staff, `/${experiment.id}/start`, {}, 200);
  return { id: experiment.id, variantId: experiment.variants[1]!.id };
}

/** POST /admin/api/experiments/{id}/ship on the server at `url`. */
export async function shipOver(url: string, staff: HttpStaff, id: string, variantId: string): Promise<void> {
  await experimentsCall(url, staff, `/${id}/ship`, { variantId }, 200);
}

/**
 * Milliseconds from `since` until the home page of every server at `urls` holds `text` (a new
 * visitor, and a returning one when `cookie` is given), polled every 10 ms; null past `limitMs`.
 */
export async function msUntilServed(urls: string[], text: string, since: number, limitMs = 5000, cookie?: string): Promise<number | null> {
  const served = async (url: string) => {
    for (;;) {
      const res = await fetch(`${url}/`, { headers: { 'user-agent': VISITOR_USER_AGENT, ...(cookie ? { cookie } : {}) } });
      if ((await res.text()).includes(text)) return performance.now();
      if (performance.now() - since > limitMs) return null;
      await Bun.sleep(10);
    }
  };
  const times = await Promise.all(urls.map(served));
  return times.some((t) => t === null) ? null : Math.max(...(times as number[])) - since;
}
