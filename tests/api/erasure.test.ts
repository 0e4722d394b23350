import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { claimDueJobs, ERASED_BEFORE_SENT, failJob } from '../../db/queries/jobs.ts';
import { variantsSeenBy } from '../../db/queries/leads.ts';
import { encodeTouch } from '../../lib/leads/attribution.ts';
import { createTest } from '../helpers/ab-tests.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { validIntake } from '../helpers/intake.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn } from '../helpers/staff.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

// Real databases, and a scratch one made for one test: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Staff erasure as an attacker and a busy office would meet it: other methods, no CSRF token, twice,
// at the same moment as a status change, while notifications wait in the queue or are being sent, and
// what becomes of the person's A/B rows and of another lead from the same browser. The end-to-end search
// of the whole database and log after an erasure is tests/api/erasure-search.test.ts.

const SECRET = `whsec_${Buffer.from('northline-erasure-hostile-secret').toString('base64')}`;
const WEBHOOK = { LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook', LEAD_WEBHOOK_SECRET: SECRET };
const browser = { 'user-agent': VISITOR_USER_AGENT, referer: 'http://localhost:3000/' };

async function staffApp(env: Record<string, string> = {}, t?: TestApp) {
  const app = t ?? (await testApp({}, { RATE_LIMITS: 'off', ...env }));
  const staff = await createStaff(app.sql, 'erasure', 'owner', { twoFactor: true });
  const session = await signedIn(app, staff);
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const form = formBody(fields);
    return app.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie, ...headers }, body: form.body });
  };
  return {
    t: app,
    staff,
    session,
    get: (path: string) => app.request(path, { headers: { cookie: session.cookie } }),
    erase: (kind: string, id: string) => post(`/admin/leads/${kind}/${id}/erase`, { confirm: 'erase', _csrf: session.csrf }),
    post: (path: string, fields: Record<string, string>) => post(path, { ...fields, _csrf: session.csrf }),
    raw: post,
  };
}

async function submitAudit(t: TestApp, cookie = '') {
  const audit = validAudit();
  const res = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { ...browser, cookie });
  expect(res.status).toBe(201);
  return audit;
}

const leadRow = async (t: TestApp, id: string) =>
  (await t.sql`select name, email, visitor_id, first_touch::text as first_touch, erased_at from leads where id = ${id}`)[0];

describe('erasure, attacked', () => {
  test('only a POST with the staff member’s CSRF token erases; anything else changes nothing', async () => {
    const { t, session, raw } = await staffApp();
    const audit = await submitAudit(t);
    const path = `/admin/leads/audit/${audit.id}/erase`;
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.request(path, { method, headers: { cookie: session.cookie } });
      expect([method, res.status]).toEqual([method, 405]);
      expect(res.headers.get('allow')).toContain('POST');
    }
    expect((await raw(path, { confirm: 'erase' })).status).toBe(403);
    expect((await raw(path, { confirm: 'erase', _csrf: `${session.csrf}x` })).status).toBe(403);
    // No session: to the sign-in page.
    const anonymous = await t.request(path, { method: 'POST', redirect: 'manual', ...formBody({ confirm: 'erase', _csrf: session.csrf }) });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toStartWith('/admin/login');
    // The box not ticked: 400, naming it.
    const unconfirmed = await raw(path, { _csrf: session.csrf });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Tick the box to confirm the erasure');
    const lead = await leadRow(t, audit.id);
    expect(lead.erasedAt).toBeNull();
    expect(lead.email).toBe(audit.email);
  });

  test('twice is once: one erased event, one erasure notice, and nothing else changes', async () => {
    const { t, erase, post } = await staffApp(WEBHOOK);
    const audit = await submitAudit(t);
    expect((await erase('audit', audit.id)).status).toBe(303);
    const [first] = await t.sql`select erased_at from leads where id = ${audit.id}`;
    expect((await erase('audit', audit.id)).status).toBe(303);
    const [second] = await t.sql`select erased_at from leads where id = ${audit.id}`;
    expect(second.erasedAt).toEqual(first.erasedAt);
    expect((await t.sql`select 1 from lead_events where lead_id = ${audit.id} and kind = 'erased'`).length).toBe(1);
    expect((await t.sql`select 1 from jobs where lead_id = ${audit.id} and channel = 'erased-webhook'`).length).toBe(1);
    expect((await post(`/admin/leads/audit/${audit.id}/notes`, { note: 'after' })).status).toBe(409);
    expect((await post(`/admin/leads/audit/${audit.id}/retry`, { channel: 'staff-email' })).status).toBe(409);
  });

  test('at the same moment as a status change: one wins the row, the other waits; no error, and the erasure holds', async () => {
    const { t, erase, post, session } = await staffApp(WEBHOOK);
    for (let round = 0; round < 8; round++) {
      const audit = await submitAudit(t);
      const statusForm = post(`/admin/leads/audit/${audit.id}/status`, { status: 'contacted', note: `Spoke to ${audit.firstName} ${audit.lastName}` });
      const statusJson = t.request(`/admin/api/leads/audit/${audit.id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: JSON.stringify({ status: 'session booked', note: `Booked ${audit.phone}` }),
      });
      const [s1, erased, s2] = await Promise.all([statusForm, erase('audit', audit.id), statusJson]);
      expect(erased.status).toBe(303);
      expect([303, 409]).toContain(s1.status);
      expect([200, 409]).toContain(s2.status);
      const lead = await leadRow(t, audit.id);
      expect(lead.erasedAt).toBeInstanceOf(Date);
      expect(lead.email).toBeNull();
      // A status change that got in first keeps its record, its note gone; none came after the erasure
      // (in the order they were written: each took its time before waiting for the row).
      const events = await t.sql<{ kind: string; note: string | null }[]>`
        select kind, note from lead_events where lead_id = ${audit.id} and kind in ('status', 'erased') order by id`;
      expect(events.at(-1)?.kind).toBe('erased');
      expect(events.every((e) => e.note === null)).toBe(true);
      expect((await t.sql`select 1 from jobs where lead_id = ${audit.id} and channel = 'erased-webhook'`).length).toBe(1);
    }
  });

  test('notifications still queued are never sent; the erasure notice is queued only with a webhook configured', async () => {
    const withHook = await staffApp(WEBHOOK);
    const audit = await submitAudit(withHook.t);
    expect((await withHook.erase('audit', audit.id)).status).toBe(303);
    const jobs = await withHook.t.sql<{ channel: string; state: string; detail: string | null }[]>`
      select channel, state, detail from jobs where lead_id = ${audit.id} order by channel`;
    expect([...jobs]).toEqual([
      { channel: 'erased-webhook', state: 'queued', detail: null },
      { channel: 'prospect-email', state: 'skipped', detail: ERASED_BEFORE_SENT },
      // The audit named a website: its check, queued with it, is never run either (issue 32).
      { channel: 'site-check', state: 'skipped', detail: ERASED_BEFORE_SENT },
      { channel: 'staff-email', state: 'skipped', detail: ERASED_BEFORE_SENT },
      { channel: 'webhook', state: 'skipped', detail: ERASED_BEFORE_SENT },
    ]);

    const noHook = await staffApp();
    const other = await submitAudit(noHook.t);
    expect((await noHook.erase('audit', other.id)).status).toBe(303);
    const channels = await noHook.t.sql<{ channel: string }[]>`select channel from jobs where lead_id = ${other.id} order by channel`;
    expect(channels.map((j) => j.channel)).toEqual(['prospect-email', 'site-check', 'staff-email']);
  });

  test('an erasure notice that failed for good can be retried from the erased lead, and nothing else of it', async () => {
    const { t, erase, post, get } = await staffApp(WEBHOOK);
    const audit = await submitAudit(t);
    expect((await erase('audit', audit.id)).status).toBe(303);
    await t.sql`update jobs set state = 'dead', attempts = 40, last_error = 'HTTP 503 from the receiver' where lead_id = ${audit.id} and channel = 'erased-webhook'`;
    const page = await (await get(`/admin/leads/audit/${audit.id}`)).text();
    expect(page).toContain('Erasure notice (webhook)');
    expect(page).toContain('Last error: HTTP 503 from the receiver');
    expect((await post(`/admin/leads/audit/${audit.id}/retry`, { channel: 'erased-webhook' })).status).toBe(303);
    const [job] = await t.sql`select state, attempts from jobs where lead_id = ${audit.id} and channel = 'erased-webhook'`;
    expect(job).toEqual({ state: 'queued', attempts: 0 });
    expect((await post(`/admin/leads/audit/${audit.id}/retry`, { channel: 'prospect-email' })).status).toBe(409);
  });

  test('a delivery under way when the lead is erased records nothing afterwards (its refusal would name the domain)', async () => {
    // A database of its own: the claim takes whatever is due.
    const scratch = await scratchDatabase();
    try {
      const db = await scratch.open();
      const t = await testApp({ sql: db.sql }, { RATE_LIMITS: 'off' });
      const { erase } = await staffApp({}, t);
      const audit = await submitAudit(t);
      const now = new Date();
      const claimed = await claimDueJobs(db.sql, { limit: 10, now, leasedUntil: new Date(now.getTime() + 30_000) });
      // The two emails, and the check of the website the audit named (issue 32).
      expect(claimed.map((j) => j.channel).sort()).toEqual(['prospect-email', 'site-check', 'staff-email']);
      expect((await erase('audit', audit.id)).status).toBe(303);
      for (const job of claimed) {
        expect(
          await failJob(db.sql, job, { error: `SMTP EENVELOPE 550: 5.1.1 <…@spotlessnest.example>: Recipient address rejected`, retryAt: null }, now),
        ).toBe(false);
      }
      const rows = await db.sql<{ state: string; lastError: string | null }[]>`select state, last_error from jobs where lead_id = ${audit.id}`;
      expect([...rows]).toEqual([
        { state: 'skipped', lastError: null },
        { state: 'skipped', lastError: null },
        { state: 'skipped', lastError: null },
      ]);
      expect((await db.sql`select 1 from lead_events where lead_id = ${audit.id} and note is not null`).length).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});

describe('the person’s A/B rows', () => {
  test('unlinked from the lead and the cookie: a fresh pseudonym everywhere, event data dropped, the counts unchanged, another lead from the browser still linked', async () => {
    const { t, erase } = await staffApp();
    const abTest = await createTest(t.sql, { weights: [1, 0] });
    const visitor = crypto.randomUUID();
    const touch = encodeTouch({ utm_source: 'newsletter', utm_medium: 'email', utm_term: 'someone@example.ca', landing: '/', at: '2026-11-20T14:00:00.000Z' });
    const cookie = `vid=${visitor}; first_touch=${encodeURIComponent(touch)}`;
    const event = await t.postJson(
      '/api/ab-test/event',
      { testId: abTest.id, variantId: abTest.variantIds[0], eventType: 'view', eventData: { who: visitor } },
      { ...browser, cookie },
    );
    expect(event.status).toBe(201);
    const counts = async () =>
      t.sql`select variant_id, event_type, count(distinct user_id)::int as visitors, count(*)::int as events from ab_test_events
            where test_id = ${abTest.id} group by variant_id, event_type order by variant_id, event_type`;
    const audit = await submitAudit(t, cookie);
    const application = validIntake();
    expect((await t.postJson('/api/q4-intake', { ...application, fillMs: 60_000 }, { ...browser, cookie })).status).toBe(201);
    const before = await counts();
    expect(before.map((r) => r.eventType)).toEqual(['conversion', 'view']);

    expect((await erase('audit', audit.id)).status).toBe(303);
    expect(await counts()).toEqual(before);
    expect((await t.sql`select 1 from ab_test_events where user_id = ${visitor}`).length).toBe(0);
    expect((await t.sql`select 1 from ab_test_assignments where user_id = ${visitor}`).length).toBe(0);
    const [assignment] = await t.sql<{ userId: string; source: string }[]>`select user_id, source from ab_test_assignments where test_id = ${abTest.id}`;
    expect(assignment.userId).not.toBe(visitor);
    expect(assignment.source).toBe('newsletter');
    const data = await t.sql`select event_data from ab_test_events where test_id = ${abTest.id}`;
    expect(data.every((r) => r.eventData === null)).toBe(true);
    // The application from the same browser follows the pseudonym, so its A/B variants still show.
    const [other] = await t.sql<{ visitorId: string }[]>`select visitor_id from leads where id = ${application.id}`;
    expect(other.visitorId).toBe(assignment.userId);
    expect((await variantsSeenBy(t.sql, other.visitorId)).map((v) => v.testName)).toContain(abTest.name);
    // The erased lead keeps its source and medium only.
    const lead = await leadRow(t, audit.id);
    expect(lead.visitorId).toBeNull();
    expect(JSON.parse(lead.firstTouch)).toEqual({ source: 'newsletter', medium: 'email' });
  });
});
