import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { inboxPage } from '../../db/queries/leads.ts';
import { type LeadWorker, startWorker } from '../../features/leads/delivery/worker.ts';
import { loadConfig } from '../../lib/config.ts';
import { channelsFor } from '../../lib/leads/notifications.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn } from '../helpers/staff.ts';

// Real servers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The people API and the person page's forms on the real database: the JSON contract exactly, every
// refusal (no session, no CSRF token, wrong types, too big, other methods, unknown and merged ids),
// calls keeping the reply-by promise (the inbox's overdue count drops), and a staff email delivered by
// the real worker to a real SMTP server with the staff member as Reply-To.

const START = new Date('2026-11-24T15:00:00Z'); // a Tuesday, 10:00 in Toronto
const DAY = 24 * 3600_000;
const fromHome = { referer: `${TEST_SITE_URL}/` };

/** A word no other lead contains, so each test finds only its own people. */
const token = () => `zq${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function makeRig(db: Database | null, smtp: TestSmtpServer | null) {
  let clock = START;
  const now = () => clock;
  const env: Record<string, string> = { RATE_LIMITS: 'off', LEAD_NOTIFY_EMAIL: 'leads@northlinedigital.ca', JOB_POLL_MS: '25' };
  if (smtp) env.SMTP_URL = smtp.url;
  let worker: LeadWorker | null = null;
  const notifications = { channels: channelsFor({ webhookConfigured: false }), queued: () => worker?.poke() };
  const t = await testApp({ ...(db ? { sql: db.sql } : {}), now, notifications }, env);
  if (db) {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env });
    worker = startWorker({ sql: db.sql, config, log: t.deps.log, now, webhookTimeoutMs: 300, random: () => 0 });
  }
  const staff = await createStaff(t.sql, 'maya', 'owner', { twoFactor: true });
  // A session idles out as the clock moves on days: advance() signs in again.
  const session = await signedIn(t, staff);
  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.request(path, {
      method,
      redirect: 'manual',
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const post = (path: string, fields: Record<string, string>) => {
    const form = formBody({ _csrf: session.csrf, ...fields });
    return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie }, body: form.body });
  };
  const get = (path: string) => t.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' });
  /** An audit by a new person (its business carries `word`), and that person's id. */
  const submitAudit = async (word: string, overrides: Parameters<typeof validAudit>[0] = {}) => {
    const audit = validAudit({ businessName: `Riverside Cleaning ${word}`, firstName: 'Daniel', lastName: 'Okafor', ...overrides });
    const res = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, fromHome);
    expect(res.status).toBe(201);
    const [lead] = await t.sql<{ personId: string }[]>`select person_id from leads where kind = 'audit' and id = ${audit.id}`;
    return { audit, personId: lead.personId };
  };
  return {
    t,
    staff,
    session,
    api,
    post,
    get,
    submitAudit,
    advance: async (ms: number) => {
      clock = new Date(clock.getTime() + ms);
      Object.assign(session, await signedIn(t, staff));
    },
    now,
    stop: async () => {
      await worker?.stop(2000);
    },
  };
}

type Rig = Awaited<ReturnType<typeof makeRig>>;

describe('the people API', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await makeRig(null, null);
  });

  test('GET /admin/api/people?q= answers exactly the contract', async () => {
    const word = token();
    const { audit, personId } = await rig.submitAudit(word, { phone: '(416) 555-0123' });
    const res = await rig.api('GET', `/admin/api/people?q=${word}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({
      people: [
        {
          id: personId,
          name: 'Daniel Okafor',
          email: audit.email.toLowerCase(),
          phone: '(416) 555-0123',
          leads: [{ type: 'audit', id: audit.id, createdAt: START.toISOString(), status: 'new' }],
          nextAction: { due: expect.any(String), what: 'Reply to their audit' },
          overdue: false,
        },
      ],
    });
    expect(body.people[0].nextAction.due).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // By phone digits too, whatever the punctuation.
    const byPhone = await (await rig.api('GET', `/admin/api/people?q=${encodeURIComponent('416.555.0123')}`)).json();
    expect(byPhone.people.map((p: { id: string }) => p.id)).toContain(personId);
    expect((await rig.api('GET', `/admin/api/people?q=${'x'.repeat(101)}`)).status).toBe(400);
    const nobody = await (await rig.api('GET', `/admin/api/people?q=${token()}`)).json();
    expect(nobody).toEqual({ people: [] });
  });

  test('a call: 201 with its id and the next action it set; the promise is kept, and the inbox’s overdue count drops', async () => {
    const word = token();
    const { audit, personId } = await rig.submitAudit(word);
    await rig.advance(5 * DAY); // past the 2-business-day promise
    const ctx = { staffId: rig.staff.id, now: rig.now(), timeZone: 'America/Toronto' };
    const before = await inboxPage(rig.t.sql, { overdue: true, q: word }, ctx);
    expect(before.total).toBe(1);
    const overdueBefore = (await inboxPage(rig.t.sql, {}, ctx)).overdue;
    const listed = await (await rig.api('GET', `/admin/api/people?q=${word}`)).json();
    expect(listed.people[0].overdue).toBe(true);

    const res = await rig.api('POST', `/admin/api/people/${personId}/calls`, { outcome: 'voicemail', note: 'Left a message about the audit' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ id: expect.any(String), nextAction: { due: expect.any(String), what: 'Call again: we left a voicemail' } });
    expect(new Date(body.nextAction.due).getTime()).toBeGreaterThan(rig.now().getTime());

    const [lead] = await rig.t.sql<{ firstReachedAt: Date | null }[]>`select first_reached_at from leads where kind = 'audit' and id = ${audit.id}`;
    expect(lead.firstReachedAt?.toISOString()).toBe(rig.now().toISOString());
    expect((await inboxPage(rig.t.sql, { overdue: true, q: word }, ctx)).total).toBe(0);
    expect((await inboxPage(rig.t.sql, {}, ctx)).overdue).toBe(overdueBefore - 1);
    const after = await (await rig.api('GET', `/admin/api/people?q=${word}`)).json();
    expect(after.people[0].overdue).toBe(false);
    expect(after.people[0].nextAction).toEqual(body.nextAction);
    // On the page: the call, its note, and the badge says the promise was kept late, never "was due by".
    const page = await (await rig.get(`/admin/people/${personId}`)).text();
    expect(page).toContain('called: Left a voicemail');
    expect(page).toContain('Left a message about the audit');
    expect(page).toMatch(/Audit: Replied in \d+ days?, \d+ (h|days?) late/);
    expect(page).not.toContain('was due by');
  });

  test('next action: due with an offset is saved; without one it is refused naming due', async () => {
    const { personId } = await rig.submitAudit(token());
    const ok = await rig.api('POST', `/admin/api/people/${personId}/next-action`, { due: '2026-12-01T10:00:00-05:00', what: 'Send the proposal' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ nextAction: { due: '2026-12-01T15:00:00.000Z', what: 'Send the proposal' } });
    const [row] = await rig.t.sql<
      { nextActionDue: Date; nextActionWhat: string }[]
    >`select next_action_due, next_action_what from people where id = ${personId}`;
    expect(row.nextActionDue.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(row.nextActionWhat).toBe('Send the proposal');

    for (const [body, field] of [
      [{ due: '2026-12-01T10:00:00', what: 'Call' }, 'due'],
      [{ due: '2026-12-01', what: 'Call' }, 'due'],
      [{ due: 1764601200000, what: 'Call' }, 'due'],
      [{ what: 'Call' }, 'due'],
      [{ due: '2026-12-01T10:00:00-05:00', what: '' }, 'what'],
      [{ due: '2026-12-01T10:00:00-05:00', what: 'x'.repeat(201) }, 'what'],
      [{ due: '2026-12-01T10:00:00-05:00', what: ['Call'] }, 'what'],
      // A day the calendar does not have (Date would move it into March), and text that would reorder the timeline.
      [{ due: '2026-02-30T10:00:00-05:00', what: 'Call' }, 'due'],
      [{ due: '2026-11-31T10:00:00-05:00', what: 'Call' }, 'due'],
      [{ due: '2026-12-01T10:00:00-05:00', what: 'RTL \u202egnp.exe' }, 'what'],
      [{ due: '2026-12-01T10:00:00-05:00', what: 'Call\nBcc: someone' }, 'what'],
    ] as const) {
      const res = await rig.api('POST', `/admin/api/people/${personId}/next-action`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).fields), JSON.stringify(body)).toEqual([field]);
    }
  });

  test('hostile: no session 401, no CSRF 403, wrong types 400 naming the field, huge 413, not JSON 415, other methods 405', async () => {
    const { personId } = await rig.submitAudit(token());
    const calls = `/admin/api/people/${personId}/calls`;
    for (const path of ['/admin/api/people', calls, `/admin/api/people/${personId}/next-action`, `/admin/api/people/${personId}/erase`]) {
      const method = path === '/admin/api/people' ? 'GET' : 'POST';
      const res = await rig.t.request(path, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, path).toBe(401);
      expect(await res.json()).toHaveProperty('error');
      if (method === 'POST') {
        const noToken = await rig.api('POST', path, {}, { 'x-csrf-token': '' });
        expect(noToken.status, path).toBe(403);
        const wrongToken = await rig.api('POST', path, {}, { 'x-csrf-token': 'A'.repeat(43) });
        expect(wrongToken.status, path).toBe(403);
      }
    }
    for (const [body, field] of [
      [{ outcome: 'busy' }, 'outcome'],
      [{}, 'outcome'],
      [{ outcome: 1 }, 'outcome'],
      [{ outcome: 'answered', note: 5 }, 'note'],
      [{ outcome: 'answered', note: 'x'.repeat(5001) }, 'note'],
      [{ outcome: 'answered', note: 'nul\u0000here' }, 'note'],
    ] as const) {
      const res = await rig.api('POST', calls, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual([field]);
    }
    expect((await rig.api('POST', calls, '{"outcome":')).status).toBe(400);
    expect((await rig.api('POST', calls, { outcome: 'answered', note: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await rig.api('POST', calls, 'outcome=answered', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await rig.api('POST', calls, { outcome: 'answered' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    for (const [method, path] of [
      ['GET', calls],
      ['PUT', calls],
      ['DELETE', `/admin/api/people/${personId}/erase`],
      ['POST', '/admin/api/people'],
      ['GET', `/admin/api/people/${personId}/next-action`],
    ] as const) {
      const res = await rig.api(method, path, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(405);
    }
    // Nothing of the refused calls was stored.
    const [{ count }] = await rig.t.sql<{ count: number }[]>`select count(*)::int as count from person_activities where person_id = ${personId}`;
    expect(count).toBe(0);
  });

  test('unknown and merged-away ids are 404; the page of a merged id leads to the person it joined', async () => {
    const a = await rig.submitAudit(token());
    const b = await rig.submitAudit(token());
    for (const id of ['3f1c2d9e-0000-4000-8000-000000000001', 'not a person', 'x'.repeat(40)]) {
      const path = `/admin/api/people/${encodeURIComponent(id)}/calls`;
      const res = await rig.api('POST', path, { outcome: 'answered' });
      expect(res.status, id).toBe(404);
      expect((await rig.get(`/admin/people/${encodeURIComponent(id)}`)).status, id).toBe(404);
    }
    // b merged into a from a's page, by email.
    const merged = await rig.post(`/admin/people/${a.personId}/merge`, { email: `  ${b.audit.email.toUpperCase()} ` });
    expect(merged.status).toBe(303);
    expect(merged.headers.get('location')).toBe(`/admin/people/${a.personId}?saved=merge#merge`);
    const page = await rig.get(`/admin/people/${b.personId}`);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/admin/people/${a.personId}`);
    for (const path of ['calls', 'next-action', 'erase']) {
      const body = path === 'calls' ? { outcome: 'answered' } : path === 'next-action' ? { due: '2026-12-01T10:00:00-05:00', what: 'x' } : {};
      expect((await rig.api('POST', `/admin/api/people/${b.personId}/${path}`, body)).status, path).toBe(404);
    }
    const merged2 = await (await rig.get(`/admin/people/${a.personId}?saved=merge`)).text();
    expect(merged2).toContain(b.audit.businessName);
    expect(merged2).toContain('role="status"');
    // Undo from the page: b is their own person again.
    const [merge] = await rig.t.sql<{ id: string }[]>`select id::text from person_merges where into_id = ${a.personId} and from_id = ${b.personId}`;
    const undone = await rig.post(`/admin/people/${a.personId}/undo-merge`, { merge: merge.id });
    expect(undone.status).toBe(303);
    expect((await rig.get(`/admin/people/${b.personId}`)).status).toBe(200);
    expect((await rig.post(`/admin/people/${a.personId}/undo-merge`, { merge: merge.id })).status).toBe(409);
    expect((await rig.post(`/admin/people/${a.personId}/merge`, { email: 'nobody-at-all@example.com' })).status).toBe(404);
    expect((await rig.post(`/admin/people/${a.personId}/merge`, { email: a.audit.email })).status).toBe(400);
  });

  test('erase: 200, then 410; nothing of the person is findable; the page shows the erased record', async () => {
    const word = token();
    const { audit, personId } = await rig.submitAudit(word, { phone: '647-555-0177' });
    expect((await rig.api('POST', `/admin/api/people/${personId}/calls`, { outcome: 'answered', note: `Talked about ${word}` })).status).toBe(201);
    const res = await rig.api('POST', `/admin/api/people/${personId}/erase`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ erased: true });
    expect((await rig.api('POST', `/admin/api/people/${personId}/erase`, {})).status).toBe(410);
    expect((await rig.api('POST', `/admin/api/people/${personId}/calls`, { outcome: 'answered' })).status).toBe(409);
    expect(await (await rig.api('GET', `/admin/api/people?q=${word}`)).json()).toEqual({ people: [] });
    const [lead] = await rig.t.sql`select name, email, phone, erased_at from leads where id = ${audit.id}`;
    expect(lead.name).toBe(null);
    expect(lead.phone).toBe(null);
    const [{ count }] = await rig.t.sql<{ count: number }[]>`select count(*)::int as count from person_activities where person_id = ${personId}`;
    expect(count).toBe(0);
    const page = await (await rig.get(`/admin/people/${personId}`)).text();
    expect(page).toContain('Erased person');
    expect(page).not.toContain(word);
  });

  test('the page’s forms: a call, a next action in Toronto time, done; each answers 303 back with the confirmation in place', async () => {
    const { personId } = await rig.submitAudit(token());
    const call = await rig.post(`/admin/people/${personId}/call`, { outcome: 'no-answer', note: '' });
    expect(call.status).toBe(303);
    expect(call.headers.get('location')).toBe(`/admin/people/${personId}?saved=call#call`);
    const next = await rig.post(`/admin/people/${personId}/next-action`, { what: 'Send the proposal', due: '2027-07-02T14:30' });
    expect(next.headers.get('location')).toBe(`/admin/people/${personId}?saved=next-action#next-action`);
    const [row] = await rig.t.sql<{ nextActionDue: Date }[]>`select next_action_due from people where id = ${personId}`;
    expect(row.nextActionDue.toISOString()).toBe('2027-07-02T18:30:00.000Z'); // EDT
    const page = await (await rig.get(`/admin/people/${personId}?saved=next-action`)).text();
    expect(page).toMatch(/role="status" data-saved="next-action"/);
    expect(page).toContain('value="2027-07-02T14:30"');
    // A day already gone (a typo in the year) is refused, on the page and through the API; earlier today is fine.
    const past = await rig.post(`/admin/people/${personId}/next-action`, { what: 'Send the proposal', due: '2020-07-02T14:30' });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('due: Choose today or a later day');
    const pastApi = await rig.api('POST', `/admin/api/people/${personId}/next-action`, { due: '2026-11-23T16:00:00-05:00', what: 'Yesterday' });
    expect(pastApi.status).toBe(400);
    expect((await pastApi.json()).fields).toEqual({ due: 'Choose today or a later day: a next action is still to be done' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(rig.now());
    const earlierToday = await rig.post(`/admin/people/${personId}/next-action`, { what: 'Call back', due: `${today}T00:05` });
    expect(earlierToday.status).toBe(303);
    const bad = await rig.post(`/admin/people/${personId}/next-action`, { what: 'Send', due: 'soon' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('due: Choose a date and time');
    const done = await rig.post(`/admin/people/${personId}/next-action`, { done: '1' });
    expect(done.headers.get('location')).toBe(`/admin/people/${personId}?saved=done#next-action`);
    const [after] = await rig.t.sql<{ nextActionDue: Date | null }[]>`select next_action_due from people where id = ${personId}`;
    expect(after.nextActionDue).toBe(null);
    // Without the CSRF field: refused, nothing stored.
    const form = formBody({ outcome: 'answered' });
    const forged = await rig.t.request(`/admin/people/${personId}/call`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...form.headers, cookie: rig.session.cookie },
      body: form.body,
    });
    expect(forged.status).toBe(403);
    const noSession = await rig.t.request(`/admin/people/${personId}/call`, { method: 'POST', redirect: 'manual', ...formBody({ outcome: 'answered' }) });
    expect(noSession.status).toBe(303);
    expect(noSession.headers.get('location')).toStartWith('/admin/login');
    expect((await rig.t.request(`/admin/people/${personId}`, { redirect: 'manual' })).status).toBe(303);
  });

  test('without a mail server (no SMTP_URL) Send is greyed out and says so, and a post anyway is refused with 409: nothing recorded, queued or counted as a reply', async () => {
    const word = token();
    const { audit, personId } = await rig.submitAudit(word);
    const page = await (await rig.get(`/admin/people/${personId}`)).text();
    expect(page).toContain('data-email-off');
    expect(page).toMatch(/<button type="submit" class="[^"]*" disabled="">Send<\/button>/);
    const res = await rig.post(`/admin/people/${personId}/email`, {
      template: 'audit-reply',
      lead: `audit/${audit.id}`,
      subject: `Hello ${word}`,
      body: 'Hi Daniel',
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This site cannot send email yet (SMTP_URL is not set).');
    const [row] = await rig.t.sql<{ activities: number; jobs: number; reached: Date | null; what: string | null }[]>`
      select (select count(*)::int from person_activities where person_id = ${personId} and kind = 'email') as activities,
             (select count(*)::int from jobs where channel = 'staff-message' and lead_id = ${audit.id}) as jobs,
             (select first_reached_at from leads where kind = 'audit' and id = ${audit.id}) as reached,
             (select next_action_what from people where id = ${personId}) as what`;
    // The next action stays the first reply, not "Follow up on the email".
    expect(row).toEqual({ activities: 0, jobs: 0, reached: null, what: 'Reply to their audit' });
  });
});

describe('an email from the person’s page', () => {
  let scratch: ScratchDatabase;
  let smtp: TestSmtpServer;
  let rig: Rig;
  beforeAll(async () => {
    scratch = await scratchDatabase();
    smtp = await startSmtpServer();
    rig = await makeRig(await scratch.open(), smtp);
  });
  afterAll(async () => {
    await rig?.stop();
    await smtp?.stop();
    await scratch?.drop();
  });

  test('reaches the real SMTP server with the staff member as Reply-To, is on the timeline as delivered, and proposes a follow-up', async () => {
    const word = token();
    const { audit, personId } = await rig.submitAudit(word);
    const page = await (await rig.get(`/admin/people/${personId}`)).text();
    // The first reply to their audit, filled in and signed by the staff member.
    expect(page).toContain(`Your growth audit for Riverside Cleaning ${word}`);
    expect(page).toContain('Hi Daniel,');
    const subject = `Your growth audit for Riverside Cleaning ${word}`;
    const res = await rig.post(`/admin/people/${personId}/email`, {
      template: 'audit-reply',
      lead: `audit/${audit.id}`,
      subject,
      body: `Hi Daniel,\n\nThanks for the audit (${word}).\n\nTalk soon,\nMaya`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/people/${personId}?saved=email#email`);
    const deadline = Date.now() + 15_000;
    let mail = smtp.received.find((m) => m.parsed.subject === subject);
    while (!mail && Date.now() < deadline) {
      await Bun.sleep(25);
      mail = smtp.received.find((m) => m.parsed.subject === subject);
    }
    if (!mail) throw new Error('the staff email never arrived');
    expect(mail.to).toEqual([audit.email]);
    expect(mail.parsed.replyTo?.value[0].address).toBe(rig.staff.email);
    expect(mail.parsed.messageId).toMatch(/^<staff-message\.\d+@/);
    expect(mail.parsed.text).toContain(`Thanks for the audit (${word}).`);
    const [person] = await rig.t.sql<
      { nextActionWhat: string; nextActionDue: Date }[]
    >`select next_action_what, next_action_due from people where id = ${personId}`;
    expect(person.nextActionWhat).toBe('Follow up on the email');
    expect(person.nextActionDue.toISOString()).toBe('2026-11-26T15:00:00.000Z'); // Thursday 10:00, 2 business days on
    // Delivered, in words, on the timeline.
    for (const started = Date.now(); ; await Bun.sleep(25)) {
      const [job] = await rig.t.sql`select state from jobs where channel = 'staff-message' and lead_id = ${audit.id}`;
      if (job?.state === 'delivered') break;
      if (Date.now() - started > 10_000) throw new Error(`job: ${JSON.stringify(job)}`);
    }
    const after = await (await rig.get(`/admin/people/${personId}?saved=email`)).text();
    expect(after).toContain('Delivered to the mail server');
    expect(after).toContain('data-saved="email"');
    // The lead's own page shows the promise kept and links back to the person.
    const leadPage = await (await rig.get(`/admin/leads/audit/${audit.id}`)).text();
    expect(leadPage).toContain(`href="/admin/people/${personId}"`);
    expect(leadPage).toContain('All of Daniel Okafor’s leads and calls');
    expect(leadPage).toContain('Replied in');
  });

  test('a double click (ten identical posts at once) sends one email; a different text is another email', async () => {
    const word = token();
    const { audit, personId } = await rig.submitAudit(word);
    const subject = `Following up ${word}`;
    const fields = { template: 'follow-up', lead: `audit/${audit.id}`, subject, body: `Hi Daniel,\n\nJust checking in (${word}).` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => rig.post(`/admin/people/${personId}/email`, fields)));
    for (const res of answers) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/admin/people/${personId}?saved=email#email`);
    }
    const other = await rig.post(`/admin/people/${personId}/email`, { ...fields, body: `${fields.body}\nOne more thing.` });
    expect(other.status).toBe(303);
    for (const started = Date.now(); ; await Bun.sleep(25)) {
      const jobs = await rig.t.sql<{ state: string }[]>`select state from jobs where channel = 'staff-message' and lead_id = ${audit.id}`;
      if (jobs.length === 2 && jobs.every((j) => j.state === 'delivered')) break;
      if (Date.now() - started > 15_000) throw new Error(`jobs: ${JSON.stringify(jobs)}`);
    }
    const [counts] = await rig.t.sql<{ emails: number }[]>`
      select count(*)::int as emails from person_activities where person_id = ${personId} and kind = 'email'`;
    expect(counts.emails).toBe(2);
    const received = smtp.received.filter((m) => m.parsed.subject === subject);
    expect(received.map((m) => m.parsed.text?.includes('One more thing.') ?? false).sort()).toEqual([false, true]);
  });
});
