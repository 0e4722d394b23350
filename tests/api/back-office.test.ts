import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { migrations } from '../../db/migrations/index.ts';
import { removeStaffAccount } from '../../db/queries/staff.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../lib/staff/session.ts';
import { CSV_BOM } from '../../lib/text/csv.ts';
import { replyBy } from '../../lib/time/business-days.ts';
import { requireStaff } from '../../server/staff-auth.ts';
import { testApp } from '../helpers/app.ts';
import { submitAudit, submitIntake } from '../helpers/inbox.ts';
import { createStaff, formBody, postLogin, signedIn } from '../helpers/staff.ts';

// The back office on the real database: who may reach it, what staff can do, and what it keeps.

/** A word no other test's leads contain, so each test finds only its own leads in the shared database. */
const token = () => `zq${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

const rowsOf = (html: string) => [...html.matchAll(/data-lead="(audit|intake)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`);

async function staffApp(env: Record<string, string> = {}, overrides = {}) {
  const t = await testApp(overrides, { RATE_LIMITS: 'off', ...env });
  const staff = await createStaff(t.sql, 'staff', 'owner', { twoFactor: true });
  const session = await signedIn(t, staff);
  const get = (path: string) => t.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' });
  const post = (path: string, fields: Record<string, string>, csrf = session.csrf) => {
    const form = formBody({ _csrf: csrf, ...fields });
    return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie }, body: form.body });
  };
  return { t, staff, session, get, post };
}

// Each test walks many staff routes on a real app: more than Bun's 5 s default on a loaded machine.
setDefaultTimeout(60_000);

describe('every staff route without a session', () => {
  test('pages and forms answer 303 to the sign-in page (which comes back to the page), APIs 401 JSON, all private', async () => {
    const t = await testApp();
    const id = '3f1c2d9e-0000-4000-8000-000000000001';
    const form = formBody({ status: 'contacted', _csrf: 'x' });
    const routes: [string, string, 'page' | 'api', string?][] = [
      ['GET', '/admin', 'page', '/admin'],
      ['GET', '/admin/leads', 'page', '/admin/leads'],
      ['GET', '/admin/leads?status=new&q=chen', 'page', '/admin/leads?status=new&q=chen'],
      ['GET', '/admin/leads.csv', 'page', '/admin/leads.csv'],
      ['GET', '/admin/leads.csv?format=raw', 'page', '/admin/leads.csv?format=raw'],
      ['GET', `/admin/leads/audit/${id}`, 'page', `/admin/leads/audit/${id}`],
      ['GET', `/admin/leads/intake/${id}`, 'page', `/admin/leads/intake/${id}`],
      ['POST', `/admin/leads/audit/${id}/status`, 'page'],
      ['POST', `/admin/leads/audit/${id}/owner`, 'page'],
      ['POST', `/admin/leads/audit/${id}/notes`, 'page'],
      ['POST', `/admin/leads/audit/${id}/spam`, 'page'],
      ['POST', `/admin/leads/audit/${id}/erase`, 'page'],
      ['POST', '/admin/logout', 'page'],
      ['GET', '/admin/board', 'page', '/admin/board'],
      ['GET', '/admin/analytics', 'page', '/admin/analytics'],
      ['GET', '/admin/analytics?from=2026-11-01', 'page', '/admin/analytics?from=2026-11-01'],
      ['GET', '/admin/analytics.csv?table=sources', 'page', '/admin/analytics.csv?table=sources'],
      ['POST', '/admin/leads/bulk', 'page'],
      ['GET', `/admin/people/${id}`, 'page', `/admin/people/${id}`],
      ...['call', 'next-action', 'email', 'merge', 'undo-merge', 'erase'].map((change): [string, string, 'page'] => [
        'POST',
        `/admin/people/${id}/${change}`,
        'page',
      ]),
      ['GET', '/admin/api/people?q=chen', 'api'],
      ['GET', '/admin/api/analytics?from=2026-11-01&to=2026-11-24', 'api'],
      ...['calls', 'next-action', 'erase'].map((change): [string, string, 'api'] => ['POST', `/admin/api/people/${id}/${change}`, 'api']),
      ['POST', `/admin/api/leads/audit/${id}/status`, 'api'],
      ['GET', '/admin/api/ab-test/tests', 'api'],
      ['GET', '/admin/api/ab-test/results/x', 'api'],
    ];
    for (const [method, path, kind, back] of routes) {
      const json = kind === 'api' && method === 'POST';
      const res = await t.request(path, {
        method,
        redirect: 'manual',
        headers: json ? { 'content-type': 'application/json' } : method === 'POST' ? form.headers : {},
        body: method === 'GET' ? undefined : json ? JSON.stringify({ status: 'contacted' }) : form.body,
      });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      if (kind === 'api') {
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(await res.json()).toHaveProperty('error');
      } else {
        expect(res.status, `${method} ${path}`).toBe(303);
        expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(back ?? '/admin/leads')}`);
      }
    }
    // The sign-in page itself is open, private, and never kept.
    const login = await t.request('/admin/login');
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(await login.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  test('a forged, malformed or deleted session cookie is no session, and is cleared', async () => {
    const { t, session, post } = await staffApp();
    for (const cookie of ['staff_session=not-a-session', `staff_session=${'A'.repeat(43)}`, 'staff_session=', `staff_session=${'x'.repeat(5000)}`]) {
      const res = await t.request('/admin/leads', { headers: { cookie }, redirect: 'manual' });
      expect(res.status, cookie.slice(0, 40)).toBe(303);
    }
    const bye = await post('/admin/logout', {});
    expect(bye.status).toBe(303);
    expect(bye.headers.get('location')).toBe('/admin/login?signedOut=1');
    expect(bye.headers.get('set-cookie')).toContain('staff_session=;');
    // The old cookie, replayed after signing out, opens nothing.
    const replay = await t.request('/admin/leads', { headers: { cookie: session.cookie }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('set-cookie')).toContain('staff_session=;');
  });

  test("a staff member's pages are never kept for the next visitor (page cache, shared caches, sitemap)", async () => {
    const { t, get } = await staffApp();
    expect((await get('/admin/leads')).status).toBe(200);
    expect((await get('/admin/leads')).headers.get('cache-control')).toBe('no-store');
    const anonymous = await t.request('/admin/leads', { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(await (await t.request('/sitemap.xml')).text()).not.toContain('/admin');
  });
});

describe('signing in', () => {
  test('sets an HttpOnly, SameSite=Strict cookie for /admin with a 256-bit id stored only as a hash, and returns to a same-site next', async () => {
    const t = await testApp();
    const staff = await createStaff(t.sql);
    const res = await postLogin(t, { email: ` ${staff.email.toUpperCase()} `, password: staff.password, next: '/admin/leads?status=new' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?status=new');
    const [cookie, device] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^staff_session=[\w-]{43}; Max-Age=604800; Path=\/admin; HttpOnly; SameSite=Strict$/);
    // The browser is remembered for the account (a device cookie: lib/staff/sign-in-throttle.ts), for a year.
    expect(device).toMatch(/^staff_device=[\w-]{43}; Max-Age=31536000; Path=\/admin; HttpOnly; SameSite=Strict$/);
    const id = cookie.split(';')[0].split('=')[1];
    const stored = await t.sql<{ idHash: string }[]>`select id_hash from staff_sessions where user_id = ${staff.id}`;
    expect(stored).toHaveLength(1);
    expect(stored[0].idHash).not.toContain(id);
    expect(stored[0].idHash).toBe(new Bun.CryptoHasher('sha256').update(id).digest('hex'));
    // Secure in production.
    const prod = await testApp({}, { NODE_ENV: 'production' });
    for (const set of (await postLogin(prod, { email: staff.email, password: staff.password })).headers.getSetCookie()) expect(set).toContain('; Secure');
  });

  test('next may not leave the site', async () => {
    const t = await testApp();
    const staff = await createStaff(t.sql);
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await postLogin(t, { email: staff.email, password: staff.password, next });
      expect(res.headers.get('location'), next).toBe('/admin/leads');
    }
    // Already signed in, the sign-in page goes straight on.
    const { cookie } = await signedIn(t, staff);
    const again = await t.request('/admin/login?next=%2Fadmin%2Fab-tests', { headers: { cookie }, redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/admin/ab-tests');
  });

  test('bad input: 400 for missing fields, 415 for another body type, 413 for a huge one, 403 from another site', async () => {
    const t = await testApp();
    expect((await postLogin(t, { email: 'a@b.ca' })).status).toBe(400);
    expect((await t.postJson('/admin/login', { email: 'a@b.ca', password: 'x' })).status).toBe(415);
    expect((await postLogin(t, { email: 'a@b.ca', password: 'x'.repeat(40_000) })).status).toBe(413);
    expect((await postLogin(t, { email: 'a@b.ca', password: 'x' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await postLogin(t, { email: 'a@b.ca', password: 'x' }, { origin: 'https://evil.example' })).status).toBe(403);
    for (const method of ['PUT', 'DELETE', 'PATCH']) expect((await t.request('/admin/login', { method })).status).toBe(405);
  });

  test('a session ends after 12 idle hours, and after 7 days however busy', async () => {
    let now = Date.UTC(2026, 10, 23, 14);
    const t = await testApp({ now: () => new Date(now) });
    const staff = await createStaff(t.sql);
    const idle = await signedIn(t, staff);
    const open = (cookie: string) => t.request('/admin/leads', { headers: { cookie }, redirect: 'manual' }).then((r) => r.status);
    now += SESSION_IDLE_MS - 60_000;
    expect(await open(idle.cookie)).toBe(200);
    now += SESSION_IDLE_MS;
    expect(await open(idle.cookie)).toBe(303);

    const busy = await signedIn(t, staff);
    const started = now;
    while (now < started + SESSION_MAX_MS - 6 * 3_600_000) {
      now += 6 * 3_600_000;
      expect(await open(busy.cookie)).toBe(200);
    }
    now = started + SESSION_MAX_MS;
    expect(await open(busy.cookie)).toBe(303);
  });
});

describe('removing a staff account', () => {
  test('ends its sessions at once; its leads become unassigned; the timeline still names who did what', async () => {
    const { t, staff, session, post } = await staffApp();
    const id = await submitAudit(t, token());
    await post(`/admin/leads/audit/${id}/owner`, { owner: staff.id });
    await post(`/admin/leads/audit/${id}/notes`, { note: 'Called back.' });
    // Another owner stays, so removing this one leaves the agency someone who can act (the only owner is never removed).
    await createStaff(t.sql, 'remaining-owner', 'owner');
    expect(await removeStaffAccount(t.sql, staff.email)).toBe('removed');
    expect((await t.request('/admin/leads', { headers: { cookie: session.cookie }, redirect: 'manual' })).status).toBe(303);
    const [lead] = await t.sql`select owner_id from leads where id = ${id}`;
    expect(lead.ownerId).toBeNull();
    const events = await t.sql`select kind, actor_email from lead_events where lead_id = ${id} and kind in ('owner', 'note') order by id`;
    expect([...events]).toEqual([
      { kind: 'owner', actorEmail: staff.email },
      { kind: 'note', actorEmail: staff.email },
    ]);
  });
});

describe('CSRF', () => {
  test("a form or API write without this session's token is 403 and changes nothing", async () => {
    const { t, staff, post, session } = await staffApp();
    const id = await submitAudit(t, token());
    const other = await signedIn(t, await createStaff(t.sql));
    for (const csrf of ['', 'wrong', other.csrf, `${session.csrf}x`]) {
      const res = await post(`/admin/leads/audit/${id}/status`, { status: 'won' }, csrf);
      expect(res.status, csrf).toBe(403);
      // The back office's problem page: in the staff frame, saying what to do.
      const html = await res.text();
      expect(html).toContain('>Nothing was sent</h1>');
      expect(html).toContain('This form has expired or came from somewhere else. Reload the page and try again.');
      expect(html).toContain(staff.email);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    const api = (headers: Record<string, string>) =>
      t.request(`/admin/api/leads/audit/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, ...headers },
        body: JSON.stringify({ status: 'won', wonValue: 2500 }),
      });
    const refused = await api({});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'This form has expired or came from somewhere else. Reload the page and try again.',
      requestId: refused.headers.get('x-request-id'),
    });
    expect((await api({ 'x-csrf-token': other.csrf })).status).toBe(403);
    const [lead] = await t.sql`select status from leads where kind = 'audit' and id = ${id}`;
    expect(lead.status).toBe('new');
    const ok = await api({ 'x-csrf-token': session.csrf });
    expect(ok.status).toBe(200);
    // Its only lead won: nothing is left to do for the person.
    expect(await ok.json()).toEqual({
      status: 'won',
      wonValue: 2500,
      changed: true,
      followUp: { what: null, due: null, late: false, flag: null },
      overdueLeads: expect.any(Number),
    });
    const events = await t.sql`select actor_id, from_value, to_value from lead_events where lead_id = ${id} and kind = 'status'`;
    expect([...events]).toEqual([{ actorId: staff.id, fromValue: 'new', toValue: 'won' }]);
  });
});

describe('errors in the back office', () => {
  test('a signed-in staff member sees a failure in the staff frame with its reference, never its stack', async () => {
    const t = await testApp();
    // Added before the first request (Hono builds its router then); asked with a query, which the page
    // cache's fast lane leaves to the app.
    t.app.get('/admin/explode', requireStaff('page'), () => {
      throw new Error('secret at /work/main/routes/admin/lead.tsx');
    });
    const staff = await createStaff(t.sql);
    const { cookie } = await signedIn(t, staff);
    const res = await t.request('/admin/explode?probe=1', { headers: { cookie } });
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('>Something went wrong</h1>');
    expect(html).toContain(`Reference: ${res.headers.get('x-request-id')}`);
    expect(html).toContain(staff.email);
    expect(html).not.toContain('secret');
    expect(html).not.toContain('/work/');
  });

  test('a form’s address opened as a page (Enter in the address bar after the form answered): 405 in the staff frame, back to the page above it; a stray address 404 there; neither kept', async () => {
    const t = await testApp();
    const staff = await createStaff(t.sql, 'maya', 'owner', { twoFactor: true });
    const { cookie } = await signedIn(t, staff);
    for (const [path, back] of [
      ['/admin/account/two-factor/confirm', '/admin/account'],
      ['/admin/leads/bulk', '/admin/leads'],
      ['/admin/experiments/00000000-0000-4000-8000-000000000000/start', '/admin/experiments/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.request(path, { headers: { cookie } });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toContain('POST');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      const html = await res.text();
      expect(html, path).toContain('This is the address of a form, not a page');
      expect(html, path).toContain(`href="${back}"`);
      expect(html, path).toContain(staff.email);
    }
    // Not a page of the back office: 404 in its frame, never kept (the fast lane leaves /admin/ alone).
    for (let i = 0; i < 2; i++) {
      const stray = await t.request('/admin/no-such-page', { headers: { cookie } });
      expect(stray.status).toBe(404);
      expect(stray.headers.get('cache-control')).toBe('no-store');
      expect(await stray.text()).toContain('No such page in the back office');
    }
    // Without a session: the plain pages, still never kept; an API's address stays JSON.
    const anonymous = await t.request('/admin/no-such-page');
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/admin/account/two-factor/confirm')).status).toBe(405);
    const api = await t.request('/admin/api/people', { method: 'DELETE', headers: { cookie } });
    expect(api.status).toBe(405);
    expect(await api.json()).toMatchObject({ error: expect.stringContaining('Method Not Allowed') });
  });
});

describe('the inbox', () => {
  test('lists both kinds newest first with their summary, filters, searches, and pages by 50', async () => {
    const { t, get, post } = await staffApp();
    const word = token();
    const audits = [];
    for (let i = 0; i < 3; i++) audits.push(await submitAudit(t, `${word}Bakery${i}`));
    const intake = await submitIntake(t, `${word} Medspa`);
    const page = await (await get(`/admin/leads?q=${word}`)).text();
    expect(rowsOf(page)).toEqual([`intake/${intake}`, ...audits.reverse().map((id) => `audit/${id}`)]);
    // One row per person (each sent one lead here), the newest first when every reply is due at the same time.
    expect(page).toContain('Showing 1–4 of 4 people');
    expect(page).toContain('$2,500 – $5,000 a month');
    expect(page).toMatch(/\d+\/100 · (Starter|Growth|Enterprise)/);

    expect(rowsOf(await (await get(`/admin/leads?q=${word}&type=intake`)).text())).toEqual([`intake/${intake}`]);
    // Search ignores case and finds emails; LIKE wildcards are literal.
    expect(rowsOf(await (await get(`/admin/leads?q=${word.toUpperCase()}BAKERY1`)).text())).toHaveLength(1);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}%25`)).text())).toHaveLength(0);

    await post(`/admin/leads/audit/${audits[0]}/status`, { status: 'contacted' });
    await post(`/admin/leads/audit/${audits[1]}/owner`, { owner: 'none' });
    const me = (await t.sql`select owner_id from leads where id = ${audits[0]}`)[0];
    expect(me.ownerId).toBeNull();
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&status=contacted`)).text())).toEqual([`audit/${audits[0]}`]);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&status=new`)).text())).toHaveLength(3);

    // Bad filters: 400 naming each one.
    const bad = await get('/admin/leads?status=closed&page=0');
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain('status:');
    expect(text).toContain('page:');
  });

  test('50 a page, with working pages and a count; a page past the end is empty, not an error', async () => {
    const { t, get } = await staffApp();
    const word = token();
    for (let i = 0; i < 53; i++) await submitIntake(t, `${word} Co ${i}`);
    const first = await (await get(`/admin/leads?q=${word}`)).text();
    expect(rowsOf(first)).toHaveLength(50);
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain(`href="/admin/leads?q=${word}&amp;page=2"`);
    const second = await (await get(`/admin/leads?q=${word}&page=2`)).text();
    expect(rowsOf(second)).toHaveLength(3);
    expect(new Set([...rowsOf(first), ...rowsOf(second)]).size).toBe(53);
    const past = await get(`/admin/leads?q=${word}&page=9`);
    expect(past.status).toBe(200);
    expect(rowsOf(await past.text())).toHaveLength(0);
  });

  test('owner filter: me, nobody, one person', async () => {
    const { t, staff, get, post } = await staffApp();
    const word = token();
    const mine = await submitAudit(t, `${word}Mine`);
    const theirs = await submitAudit(t, `${word}Theirs`);
    const free = await submitAudit(t, `${word}Free`);
    const colleague = await createStaff(t.sql, 'colleague');
    expect((await post(`/admin/leads/audit/${mine}/owner`, { owner: staff.id })).status).toBe(303);
    expect((await post(`/admin/leads/audit/${theirs}/owner`, { owner: colleague.id })).status).toBe(303);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&owner=me`)).text())).toEqual([`audit/${mine}`]);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&owner=${colleague.id}`)).text())).toEqual([`audit/${theirs}`]);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&owner=none`)).text())).toEqual([`audit/${free}`]);
    // An owner that is no staff account changes nothing.
    expect((await post(`/admin/leads/audit/${free}/owner`, { owner: crypto.randomUUID() })).status).toBe(404);
  });

  test('overdue: still new after 2 Ontario business days, red and counted; the date range is Toronto days', async () => {
    // Friday 21 Nov 2026, 17:30 Toronto: due Tuesday 25 Nov at 18:00.
    let now = Date.parse('2026-11-21T17:30:00-05:00');
    const { t, staff } = await staffApp({}, { now: () => new Date(now) });
    // Days pass between these requests: each is a fresh sign-in (a session idles out after 12 hours).
    const get = async (path: string) => t.request(path, { headers: { cookie: (await signedIn(t, staff)).cookie } });
    const post = async (path: string, fields: Record<string, string>) => {
      const { cookie, csrf } = await signedIn(t, staff);
      const form = formBody({ _csrf: csrf, ...fields });
      return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie }, body: form.body });
    };
    const word = token();
    const late = await submitAudit(t, `${word}Late`);
    const handled = await submitAudit(t, `${word}Handled`);
    const [row] = await t.sql`select reply_by from leads where id = ${late}`;
    expect(row.replyBy.toISOString()).toBe(replyBy(new Date(now)).toISOString());
    expect(row.replyBy.toISOString()).toBe('2026-11-25T23:00:00.000Z');
    now = Date.parse('2026-11-25T17:59:00-05:00');
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&overdue=1`)).text())).toEqual([]);
    expect((await post(`/admin/leads/audit/${handled}/status`, { status: 'contacted' })).status).toBe(303);
    now = Date.parse('2026-11-25T18:01:00-05:00');
    const page = await (await get(`/admin/leads?q=${word}&overdue=1`)).text();
    expect(rowsOf(page)).toEqual([`audit/${late}`]);
    expect(page).toMatch(new RegExp(`data-lead="audit/${late}" data-overdue="true" data-flag="overdue"`));
    expect(page).toMatch(/\d+ leads? past the 2-business-day promise/);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&from=2026-11-21&to=2026-11-21`)).text())).toHaveLength(2);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&from=2026-11-22`)).text())).toHaveLength(0);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&to=2026-11-20`)).text())).toHaveLength(0);
  });

  test('spam-flagged submissions are hidden unless asked for, and can be marked not spam', async () => {
    const { t, get, post } = await staffApp();
    const word = token();
    const spam = await submitIntake(t, `${word} Spam`, { fax: '555-0100' });
    expect(rowsOf(await (await get(`/admin/leads?q=${word}`)).text())).toEqual([]);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}&spam=1`)).text())).toEqual([`intake/${spam}`]);
    expect((await post(`/admin/leads/intake/${spam}/spam`, { spam: 'false' })).status).toBe(303);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}`)).text())).toEqual([`intake/${spam}`]);
    const [stored] = await t.sql`select is_spam from q4_intake_applications where id = ${spam}`;
    expect(stored.isSpam).toBe(false);
  });
});

describe('a lead', () => {
  test('shows every answer with its label, the score, the consent record, and logs who viewed it; the access log holds no lead data', async () => {
    const { t, staff, get } = await staffApp();
    const word = token();
    const audit = await submitAudit(t, `${word}Bakery`, { industry: 'restaurants', currentMarketing: ['seo', 'referrals'] });
    const res = await get(`/admin/leads/audit/${audit}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    for (const text of [
      'Restaurants &amp; food',
      'SEO; Word of mouth &amp; referrals',
      'Results the visitor saw',
      'Online presence',
      'Estimated monthly value',
      'Sent from',
      '>/<',
    ]) {
      expect(html).toContain(text);
    }
    const [viewed] = await t.sql`select actor_id, actor_email from lead_events where lead_id = ${audit} and kind = 'viewed'`;
    expect(viewed).toEqual({ actorId: staff.id, actorEmail: staff.email });

    const intake = await submitIntake(t, `${word} Medspa`);
    const detail = await (await get(`/admin/leads/intake/${intake}`)).text();
    expect(detail).toContain('Consent record (CASL)');
    expect(detail).toContain('given on /q4-intake');
    expect(detail).toContain('Medspa or aesthetics clinic');

    expect(JSON.stringify(t.logs)).not.toContain(word);
    expect((await get('/admin/leads/audit/no-such-lead')).status).toBe(404);
    expect((await get('/admin/leads/contact/x')).status).toBe(404);
    expect((await get(`/admin/leads/audit/${'x'.repeat(400)}`)).status).toBe(404);
  });

  test('the access log keeps one entry per person per 10 minutes: a reload or the page after a change is the same look', async () => {
    let now = Date.UTC(2026, 10, 23, 15);
    const { t, staff, get } = await staffApp({}, { now: () => new Date(now) });
    const id = await submitAudit(t, token());
    const views = async () => (await t.sql`select actor_id from lead_events where lead_id = ${id} and kind = 'viewed'`).map((r) => r.actorId);
    await get(`/admin/leads/audit/${id}`);
    await get(`/admin/leads/audit/${id}`);
    expect(await views()).toEqual([staff.id]);
    now += 11 * 60_000;
    await get(`/admin/leads/audit/${id}`);
    expect(await views()).toEqual([staff.id, staff.id]);
  });

  test('pipeline: status with a note, owner, notes, each an event on the timeline; bad input is 400 and changes nothing', async () => {
    const { t, staff, get, post } = await staffApp();
    const id = await submitAudit(t, token());
    const path = `/admin/leads/audit/${id}`;
    const done = await post(`${path}/status`, { status: 'contacted', note: 'Left a voicemail at 10:15.' });
    expect(done.status).toBe(303);
    // Back on the lead, at the form, with what was saved said beside it.
    expect(done.headers.get('location')).toBe(`${path}?saved=status#status`);
    const confirmed = await (await get(`${path}?saved=status`)).text();
    expect(confirmed).toContain('role="status" data-saved="status"');
    expect(confirmed).toContain('Saved: Contacted.');
    expect(await (await get(`${path}?saved=%3Cscript%3E`)).text()).not.toContain('data-saved=');
    // Back to the inbox view the change came from, never anywhere else.
    expect((await post(`${path}/status`, { status: 'session booked', back: '/admin/leads?status=new' })).headers.get('location')).toBe(
      '/admin/leads?status=new',
    );
    expect((await post(`${path}/notes`, { note: 'Booked Tue 10:00', back: 'https://evil.example/' })).headers.get('location')).toBe(
      `${path}?saved=notes#notes`,
    );
    await post(`${path}/owner`, { owner: staff.id });
    for (const [action, fields] of [
      ['status', { status: 'closed' }],
      ['notes', { note: '   ' }],
      ['owner', { owner: "'; drop table leads; --" }],
      ['spam', { spam: 'maybe' }],
      ['erase', {}],
    ] as const) {
      const res = await post(`${path}/${action}`, fields);
      expect(res.status, action).toBe(400);
    }
    const events =
      await t.sql`select kind, from_value, to_value, note, actor_email from lead_events where lead_id = ${id} and kind <> 'viewed' order by at, id`;
    expect(events.map((e) => e.kind)).toEqual(['submitted', 'status', 'status', 'note', 'owner']);
    expect(events[1]).toMatchObject({ fromValue: 'new', toValue: 'contacted', note: 'Left a voicemail at 10:15.', actorEmail: staff.email });
    const html = await (await get(path)).text();
    expect(html).toContain('moved it from New to Contacted');
    expect(html).toContain('Left a voicemail at 10:15.');
    expect(html).toContain(`assigned it to ${staff.email}`);
    expect((await post('/admin/leads/audit/no-such/status', { status: 'won', wonValue: '2500' })).status).toBe(404);
  });

  test('erase: the answers and the contact row are gone, an anonymous record with who and when remains, nothing more can change', async () => {
    const { t, staff, get, post } = await staffApp();
    const word = token();
    const id = await submitAudit(t, `${word}Erase`);
    await post(`/admin/leads/audit/${id}/notes`, { note: `Owner said call ${word} mobile` });
    const [audit] = await t.sql`select email, created_at from business_audits where id = ${id}`;
    expect((await t.sql`select 1 from contacts where email = ${audit.email}`).length).toBe(1);

    expect((await post(`/admin/leads/audit/${id}/erase`, { confirm: 'erase' })).status).toBe(303);
    expect(await t.sql`select 1 from business_audits where id = ${id}`).toHaveLength(0);
    expect(await t.sql`select 1 from contacts where email = ${audit.email}`).toHaveLength(0);
    const [lead] = await t.sql`select name, business, email, visitor_id, page, erased_at, score from leads where id = ${id}`;
    expect(lead).toMatchObject({ name: null, business: null, email: null, visitorId: null, page: null });
    expect(lead.erasedAt).toBeInstanceOf(Date);
    const events = await t.sql`select kind, note, actor_email from lead_events where lead_id = ${id} order by at, id`;
    expect(events.at(-1)).toEqual({ kind: 'erased', note: null, actorEmail: staff.email });
    expect(JSON.stringify(events)).not.toContain(word);

    const html = await (await get(`/admin/leads/audit/${id}`)).text();
    expect(html).toContain('Erased lead');
    expect(html).not.toContain(word);
    expect(rowsOf(await (await get(`/admin/leads?q=${word}`)).text())).toEqual([]);
    expect((await post(`/admin/leads/audit/${id}/status`, { status: 'won', wonValue: '2500' })).status).toBe(409);
    // Pressing Erase twice is not an error.
    expect((await post(`/admin/leads/audit/${id}/erase`, { confirm: 'erase' })).status).toBe(303);
  });
});

// The machine-named columns scripts read (?format=raw), unchanged; the staff export is tests/api/lead-export.test.ts.
describe('CSV export, ?format=raw', () => {
  test('UTF-8 with a BOM, stable columns, the current filters, and formula-safe cells', async () => {
    const { t, get } = await staffApp();
    const word = token();
    await submitAudit(t, `${word}Café`, { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Côté' });
    await submitIntake(t, `${word} Medspa`);
    const res = await get(`/admin/leads.csv?q=${word}&type=audit&format=raw`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="northline-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'type,id,received_toronto,name,business,email,score,tier,budget,status,owner,reply_by_toronto,overdue,spam,erased,marketing_consent,' +
        'source,medium,campaign,term,content,gclid,fbclid,referrer,landing_page,first_touch_toronto,' +
        'last_touch_source,last_touch_medium,last_touch_campaign,last_touch_referrer,last_touch_landing_page,last_touch_toronto,notifications,gbraid,wbraid',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${word}Café`);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil.example"") Côté"');
    expect(lines[1]).toMatch(/^Audit,/);

    // Gzipped as a stream for a client that asks.
    const gz = await t.request(`/admin/leads.csv?q=${word}&format=raw`, {
      headers: { cookie: (await signedIn(t, await createStaff(t.sql))).cookie, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const unzipped = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())));
    expect(unzipped.split('\r\n')).toHaveLength(4);
    expect((await get('/admin/leads.csv?type=contacts&format=raw')).status).toBe(400);
  });
});

describe('the migration', () => {
  test('files submissions stored before it in the inbox, due by the business-day rule', async () => {
    const t = await testApp();
    const schema = `m_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const arrived = new Date('2026-05-15T21:59:00Z'); // Friday 17:59 before Victoria Day
    const leads = await t.sql
      .begin(async (tx) => {
        await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
        for (const m of migrations.slice(0, 3)) await tx.unsafe(m.sql);
        await tx`insert into business_audits (id, first_name, last_name, email, business_name, industry, monthly_revenue, marketing_budget, timeframe,
                   online_presence, competitor_analysis, previous_agency, package_tier, estimated_value, audit_score, created_at)
                 values ('a1', 'Maya', 'Chen', 'maya@example.com', 'Leslieville Bakery', 'restaurants', '10000-25000', '1000-5000', '1-3-months',
                   'fair', 'some-idea', 'no', 'growth', 2500, 61, ${arrived})`;
        await tx`insert into q4_intake_applications (id, first_name, last_name, work_email, mobile, company, industry, city, monthly_marketing_budget,
                   biggest_goal, casl_consent, consent_page, created_at)
                 values ('i1', 'Priya', 'Raman', 'priya@glow.example', '416-555-0188', 'Glow', 'medspas', 'Toronto', '2500-5000', 'More clients', 'true', '/q4-intake', ${arrived})`;
        const backOffice = migrations[3];
        await tx.unsafe(backOffice.sql);
        await backOffice.after?.(tx);
        const rows = await tx`select kind, id, name, business, score, budget, status, reply_by, page from leads order by kind`;
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((e: { rows?: unknown }) => e.rows as Record<string, unknown>[]);
    expect(leads).toEqual([
      {
        kind: 'audit',
        id: 'a1',
        name: 'Maya Chen',
        business: 'Leslieville Bakery',
        score: 61,
        budget: null,
        status: 'new',
        replyBy: replyBy(arrived),
        page: null,
      },
      {
        kind: 'intake',
        id: 'i1',
        name: 'Priya Raman',
        business: 'Glow',
        score: null,
        budget: '2500-5000',
        status: 'new',
        replyBy: replyBy(arrived),
        page: '/q4-intake',
      },
    ]);
    expect(replyBy(arrived).toISOString()).toBe('2026-05-20T22:00:00.000Z');
  });
});
