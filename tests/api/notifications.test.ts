import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { type LeadWorker, startWorker } from '../../features/leads/delivery/worker.ts';
import { loadConfig } from '../../lib/config.ts';
import { encodeTouch } from '../../lib/leads/attribution.ts';
import { channelsFor } from '../../lib/leads/notifications.ts';
import { mailingAddressLine } from '../../lib/site.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { startWebhookReceiver, type TestWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { validIntake } from '../helpers/intake.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, signedIn, staffPost } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Every lead reaches a person: the notifications of real submissions, delivered by the real worker to a
// real SMTP server (smtp-server, parsed with mailparser) and a real HTTP receiver that checks the
// Standard Webhooks signature itself, on a database of the file's own so every count is exact. The
// clock is the test's: retries come due when the test moves it, not after real waits.

const SECRET = `whsec_${Buffer.from('northline-test-webhook-secret-32b').toString('base64')}`;
const TEAM = ['leads@northlinedigital.ca', 'maya@northlinedigital.ca'];
const START = new Date('2026-11-24T15:00:00Z'); // a Tuesday, 10:00 in Toronto

type Rig = Awaited<ReturnType<typeof makeRig>>;
type JobRow = { channel: string; state: string; attempts: number; lastError: string | null; detail: string | null };

async function makeRig(db: Database, smtp: Pick<TestSmtpServer, 'url'> | null, receiver: TestWebhookReceiver | null) {
  let clock = START;
  const now = () => clock;
  const env: Record<string, string> = { RATE_LIMITS: 'off', LEAD_NOTIFY_EMAIL: TEAM.join(', '), JOB_POLL_MS: '25' };
  if (smtp) env.SMTP_URL = smtp.url;
  if (receiver) Object.assign(env, { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET });
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env });
  let worker: LeadWorker | null = null;
  const notifications = { channels: channelsFor({ webhookConfigured: receiver !== null }), queued: () => worker?.poke() };
  const t = await testApp({ sql: db.sql, now, notifications }, env);
  const rig = {
    t,
    sql: db.sql,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
      worker?.poke();
    },
    start() {
      worker = startWorker({ sql: db.sql, config, log: t.deps.log, now, webhookTimeoutMs: 300, random: () => 0 });
    },
    async stop() {
      await worker?.stop(2000);
      worker = null;
    },
    jobs: (leadId: string): Promise<JobRow[]> => db.sql<JobRow[]>`
      select channel, state, attempts, last_error, detail from jobs where lead_id = ${leadId} order by channel`,
    async until(leadId: string, check: (jobs: JobRow[]) => boolean, ms = 15_000): Promise<JobRow[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const jobs = await rig.jobs(leadId);
        if (check(jobs)) return jobs;
        if (Date.now() > deadline) throw new Error(`jobs of ${leadId} never got there: ${JSON.stringify(jobs)}`);
        await Bun.sleep(20);
      }
    },
  };
  rig.start();
  return rig;
}

const cookieOf = (touch: Parameters<typeof encodeTouch>[0]) => `first_touch=${encodeURIComponent(encodeTouch(touch))}`;
const fromHome = { referer: `${TEST_SITE_URL}/` };

async function submitAudit(rig: Rig, overrides: Parameters<typeof validAudit>[0] = {}, headers: Record<string, string> = {}) {
  const audit = validAudit(overrides);
  const res = await rig.t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { ...fromHome, ...headers });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { resultsUrl: string };
  return { ...audit, resultsUrl: body.resultsUrl };
}

const mailTo = (smtp: TestSmtpServer, address: string) => smtp.received.filter((m) => m.to.includes(address));
const header = (mail: ReceivedMail, name: string) => String(mail.parsed.headers.get(name) ?? '');

describe('with SMTP and a webhook receiver', () => {
  let scratch: ScratchDatabase;
  let smtp: TestSmtpServer;
  let receiver: TestWebhookReceiver;
  let rig: Rig;

  beforeAll(async () => {
    scratch = await scratchDatabase();
    smtp = await startSmtpServer();
    receiver = startWebhookReceiver(SECRET);
    rig = await makeRig(await scratch.open(), smtp, receiver);
  });
  afterAll(async () => {
    await rig?.stop();
    await receiver?.stop();
    await smtp?.stop();
    await scratch?.drop();
  });

  test('an audit: the team’s email, the prospect’s results and the signed webhook, each once', async () => {
    const touch = {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall-cleaners',
      landing: '/services/lead-generation',
      at: '2026-11-20T14:00:00.000Z',
    };
    const audit = await submitAudit(rig, {}, { cookie: cookieOf(touch) });
    // Three notifications, and the check of the website the audit named (issue 32; this worker has no checker).
    await rig.until(audit.id, (jobs) => jobs.length === 4 && jobs.every((j) => j.state === 'delivered'));

    // The team: both addresses, Reply-To the prospect, the business (and nothing more personal) in the subject.
    const [team] = smtp.received.filter((m) => m.parsed.subject === `New audit lead: ${audit.businessName}`);
    expect(team.to.sort()).toEqual([...TEAM].sort());
    expect(team.parsed.replyTo?.text).toBe(audit.email);
    expect(team.parsed.from?.text).toBe('"Northline Digital" <hello@northlinedigital.ca>');
    expect(team.parsed.messageId).toBe(`<lead.audit.${audit.id}.staff-email@northlinedigital.ca>`);
    expect(header(team, 'auto-submitted')).toBe('auto-generated');
    const inboxLink = `${TEST_SITE_URL}/admin/leads/audit/${audit.id}`;
    for (const part of [team.parsed.text ?? '', String(team.parsed.html)]) {
      expect(part).toContain(inboxLink);
      expect(part).toContain(`${audit.firstName} ${audit.lastName}`);
      expect(part).toContain('google / cpc · fall-cleaners');
      expect(part).toContain('Toronto time');
    }
    for (const personal of [audit.firstName, audit.lastName, audit.email]) expect(team.parsed.subject).not.toContain(personal);

    // The prospect: their results, the services' pages, the private link the API answered, who sent it.
    const [prospect] = mailTo(smtp, audit.email);
    expect(prospect.parsed.subject).toBe(`Your growth audit results for ${audit.businessName}`);
    expect(prospect.parsed.replyTo?.text).toBe('hello@northlinedigital.ca');
    const text = prospect.parsed.text ?? '';
    const html = String(prospect.parsed.html);
    expect(audit.resultsUrl).toMatch(/^\/audit\/results\/[A-Za-z0-9_-]{43}$/);
    // The HTML's words, as a mail app shows them (its address is in parts that do not break inside).
    const htmlWords = html.replace(/<[^>]+>/g, '');
    for (const part of [text, html]) {
      expect(part).toContain(`${TEST_SITE_URL}${audit.resultsUrl}`);
      expect(part).toContain(`${TEST_SITE_URL}/services/`);
      expect(part).toMatch(/\d{1,3}\/100/);
    }
    for (const words of [text, htmlWords]) expect(words).toContain(mailingAddressLine);
    expect(html).toContain('<span class="nowrap">ON M5V 1R2</span>');
    expect(html).not.toMatch(/<img|<script|utm_/i);
    // One primary (filled) button, the booking; the results link is outlined; our phone, email and site are links.
    const buttons = [...html.matchAll(/<a href="([^"]+)" style="[^"]*background:(#[0-9a-f]+)[^"]*">([^<]+)<\/a>/g)].map((m) => [m[3], m[2]]);
    expect(buttons.filter(([, background]) => background === '#1d4ed8').map(([label]) => label)).toHaveLength(1);
    expect(buttons.find(([label]) => label === 'See your results online')?.[1]).toBe('#ffffff');
    expect(html).toContain('href="tel:+1-416-555-0142"');
    expect(html).toContain('href="mailto:hello@northlinedigital.ca"');
    expect(html).toContain('href="https://northlinedigital.ca"');
    expect(text).toContain('because you asked for your audit results');

    // The webhook: signed as published, the lead with its source and its place in the inbox.
    const hooks = receiver.requests.filter((r) => r.id === `msg_lead_audit_${audit.id}`);
    expect(hooks).toHaveLength(1);
    expect(hooks[0].validSignature).toBe(true);
    const body = JSON.parse(hooks[0].body);
    expect(body).toMatchObject({
      type: 'lead.created',
      data: {
        type: 'audit',
        id: audit.id,
        email: audit.email,
        business: audit.businessName,
        url: inboxLink,
        source: { source: 'google', medium: 'cpc', campaign: 'fall-cleaners' },
      },
    });
    expect(body.data.score).toBeNumber();

    // Each delivery is on the lead's timeline once.
    const events = await rig.sql`select from_value, to_value from lead_events where lead_id = ${audit.id} and kind = 'delivery' order by from_value`;
    expect(events.map((e) => `${e.fromValue}:${e.toValue}`)).toEqual([
      'prospect-email:delivered',
      'site-check:delivered',
      'staff-email:delivered',
      'webhook:delivered',
    ]);
  });

  test('an application: the team’s email, and the applicant’s receipt with the reply-by date and the Rush tip', async () => {
    const application = validIntake();
    const res = await rig.t.postJson('/api/q4-intake', { ...application, fillMs: 60_000 }, { referer: `${TEST_SITE_URL}/q4-intake` });
    expect(res.status).toBe(201);
    await rig.until(application.id, (jobs) => jobs.length === 3 && jobs.every((j) => j.state === 'delivered'));
    const [receipt] = mailTo(smtp, application.workEmail);
    expect(receipt.parsed.subject).toBe('We got your Q4 application');
    const text = receipt.parsed.text ?? '';
    // Submitted Tuesday 10:00 in Toronto: due Thursday 18:00.
    expect(text).toContain('by Thursday, November 26, 2026 at 6:00 p.m., Toronto time');
    expect(text).toContain("Reply 'Rush' with your ideal start date");
    expect(String(receipt.parsed.html)).toContain('You&#x27;re on the Q4 list.');
    const [team] = smtp.received.filter((m) => m.parsed.subject === `New Q4 application: ${application.company}`);
    expect(team.parsed.replyTo?.text).toBe(application.workEmail);
    expect(team.parsed.text).toContain('Monthly budget: $2,500 – $5,000 a month');
  });

  test('a receiver that answers 500 twice, then 200: three tries under one webhook-id, one delivery recorded', async () => {
    receiver.answer([500, 500, 200]);
    const before = receiver.requests.length;
    const audit = await submitAudit(rig);
    const id = `msg_lead_audit_${audit.id}`;
    const webhook = (jobs: JobRow[]) => jobs.find((j) => j.channel === 'webhook');
    await rig.until(audit.id, (jobs) => webhook(jobs)?.attempts === 1 && webhook(jobs)?.state === 'queued');
    expect(webhook(await rig.jobs(audit.id))?.lastError).toBe('HTTP 500 from the receiver');
    rig.advance(10_000);
    await rig.until(audit.id, (jobs) => webhook(jobs)?.attempts === 2 && webhook(jobs)?.state === 'queued');
    rig.advance(10_000);
    await rig.until(audit.id, (jobs) => webhook(jobs)?.state === 'delivered');
    const tries = receiver.requests.slice(before).filter((r) => r.id === id);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    expect(tries.every((r) => r.validSignature)).toBe(true);
    const recorded = await rig.sql`select to_value from lead_events where lead_id = ${audit.id} and kind = 'delivery' and from_value = 'webhook'`;
    expect(recorded.map((e) => e.toValue)).toEqual(['delivered']);
    receiver.answer([200]);
  });

  test('a receiver that hangs: the try times out, and a later one delivers', async () => {
    receiver.answer(['hang', 200]);
    const audit = await submitAudit(rig);
    await rig.until(audit.id, (jobs) => jobs.some((j) => j.channel === 'webhook' && j.lastError === 'no answer within 0.3 s'));
    rig.advance(10_000);
    await rig.until(audit.id, (jobs) => jobs.find((j) => j.channel === 'webhook')?.state === 'delivered');
    receiver.answer([200]);
  });

  test('a redirect is not followed: it counts as a failure, and nothing is posted elsewhere', async () => {
    receiver.answer([302, 200]);
    const before = receiver.requests.length;
    const audit = await submitAudit(rig);
    await rig.until(audit.id, (jobs) => jobs.find((j) => j.channel === 'webhook')?.lastError?.startsWith('HTTP 302: a redirect') === true);
    expect(receiver.requests.length - before).toBe(1);
    rig.advance(10_000);
    await rig.until(audit.id, (jobs) => jobs.find((j) => j.channel === 'webhook')?.state === 'delivered');
    receiver.answer([200]);
  });

  test('failing for 24 hours makes it dead; the inbox shows it, and Retry sends it once', async () => {
    receiver.answer([503]);
    const audit = await submitAudit(rig);
    const id = `msg_lead_audit_${audit.id}`;
    const webhook = async () => (await rig.jobs(audit.id)).find((j) => j.channel === 'webhook');
    // Each step waits for the try under way to end, then moves the clock two hours: every retry is
    // due, until the 24 hours are over.
    for (let step = 0; step < 14; step++) {
      const [current] = (await rig.until(audit.id, (jobs) => jobs.some((j) => j.channel === 'webhook' && j.attempts > 0 && j.state !== 'running'))).filter(
        (j) => j.channel === 'webhook',
      );
      if (current.state === 'dead') break;
      rig.advance(2 * 60 * 60_000);
      await rig.until(audit.id, (jobs) => jobs.some((j) => j.channel === 'webhook' && (j.attempts > current.attempts || j.state === 'dead')));
    }
    const dead = await webhook();
    expect(dead?.state).toBe('dead');
    expect(dead?.lastError).toBe('HTTP 503 from the receiver');

    const staff = await createStaff(rig.sql, 'retry');
    const session = await signedIn(rig.t, staff);
    const inbox = await (await rig.t.request('/admin/leads?failed=1', { headers: { cookie: session.cookie } })).text();
    expect(inbox).toContain(audit.businessName);
    expect(inbox).toContain('Notification failed');
    expect(inbox).toMatch(/data-failed-count="[1-9]/);
    const page = await (await rig.t.request(`/admin/leads/audit/${audit.id}`, { headers: { cookie: session.cookie } })).text();
    expect(page).toContain('data-delivery-failed');
    expect(page).toContain('HTTP 503 from the receiver');

    receiver.answer([200]);
    const before = receiver.requests.filter((r) => r.id === id).length;
    const retry = () => staffPost(rig.t, session, `/admin/leads/audit/${audit.id}/retry`, { channel: 'webhook' });
    const first = await retry();
    expect(first.status).toBe(303);
    await rig.until(audit.id, (jobs) => jobs.find((j) => j.channel === 'webhook')?.state === 'delivered');
    // Pressing it again once it was sent sends nothing more.
    expect((await retry()).status).toBe(303);
    await Bun.sleep(200);
    expect(receiver.requests.filter((r) => r.id === id).length - before).toBe(1);
    const events =
      await rig.sql`select to_value, actor_email from lead_events where lead_id = ${audit.id} and kind = 'delivery' and from_value = 'webhook' order by id`;
    expect(events.map((e) => e.toValue)).toEqual(['dead', 'retried', 'delivered']);
    expect(events[1].actorEmail).toBe(staff.email);
    // A bad channel is refused by name; nothing changes.
    const bad = await staffPost(rig.t, session, `/admin/leads/audit/${audit.id}/retry`, { channel: 'carrier-pigeon' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('channel');
  });

  test('a greylisting server (451 at RCPT TO the first time): each email is tried again and sent once, never dead', async () => {
    smtp.setMode('greylist');
    const audit = await submitAudit(rig);
    const emails = (jobs: JobRow[]) => jobs.filter((j) => j.channel.endsWith('email'));
    const deferred = await rig.until(audit.id, (jobs) => emails(jobs).length === 2 && emails(jobs).every((j) => j.attempts === 1 && j.state === 'queued'));
    for (const job of emails(deferred)) {
      expect(job.lastError).toContain('451');
      expect(job.lastError).not.toContain(audit.email);
    }
    rig.advance(10_000);
    await rig.until(audit.id, (jobs) => emails(jobs).every((j) => j.state === 'delivered'));
    expect(mailTo(smtp, audit.email)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.parsed.replyTo?.text === audit.email)).toHaveLength(1);
    smtp.setMode('accept');
  });

  test('a mailbox that does not exist is final at once, and the error names no address', async () => {
    smtp.setMode('no-such-mailbox');
    const audit = await submitAudit(rig);
    const jobs = await rig.until(audit.id, (js) => js.filter((j) => j.channel.endsWith('email')).every((j) => j.state === 'dead'));
    for (const job of jobs.filter((j) => j.channel.endsWith('email'))) {
      expect(job.attempts).toBe(1);
      expect(job.lastError).toContain('550');
      expect(job.lastError).not.toContain(audit.email);
    }
    smtp.setMode('accept');
  });

  test('spam gets no notification; marking it as not spam sends each one once', async () => {
    const audit = validAudit();
    const res = await rig.t.postJson('/api/business-audit', { ...audit, fillMs: 500 }, fromHome);
    expect(res.status).toBe(201);
    await Bun.sleep(150);
    expect(await rig.jobs(audit.id)).toEqual([]);
    const staff = await createStaff(rig.sql, 'unspam');
    const session = await signedIn(rig.t, staff);
    const unspam = () => staffPost(rig.t, session, `/admin/leads/audit/${audit.id}/spam`, { spam: 'false' });
    expect((await unspam()).status).toBe(303);
    await rig.until(audit.id, (jobs) => jobs.length === 3 && jobs.every((j) => j.state === 'delivered'));
    expect(mailTo(smtp, audit.email)).toHaveLength(1);
  });

  test('a lead erased before its notifications run is sent nothing; the receiver is told it was erased', async () => {
    await rig.stop();
    const audit = await submitAudit(rig);
    const staff = await createStaff(rig.sql, 'eraser', 'owner', { twoFactor: true });
    const session = await signedIn(rig.t, staff);
    const erase = await staffPost(rig.t, session, `/admin/leads/audit/${audit.id}/erase`, { confirm: 'erase' });
    expect(erase.status).toBe(303);
    rig.start();
    // The three notifications, the website check (issue 32) and the erasure notice.
    const jobs = await rig.until(audit.id, (js) => js.length === 5 && js.find((j) => j.channel === 'erased-webhook')?.state === 'delivered');
    const created = jobs.filter((j) => j.channel !== 'erased-webhook');
    expect(created.map((j) => [j.state, j.detail])).toEqual(created.map(() => ['skipped', 'Erased before it was sent: nothing was sent']));
    expect(mailTo(smtp, audit.email)).toEqual([]);
    expect(receiver.requests.some((r) => r.id === `msg_lead_audit_${audit.id}`)).toBe(false);
    expect(receiver.requests.filter((r) => r.id === `msg_lead_erased_audit_${audit.id}`)).toHaveLength(1);
  });

  test('stopping puts a delivery still under way back in the queue, its try not counted', async () => {
    receiver.answer(['hang']);
    const audit = await submitAudit(rig);
    await receiver.waitFor(receiver.requests.filter((r) => r.id === `msg_lead_audit_${audit.id}`).length + 1, 5000).catch(() => undefined);
    await rig.until(audit.id, (jobs) => jobs.find((j) => j.channel === 'webhook')?.state === 'running');
    await rig.stop();
    const [job] = (await rig.jobs(audit.id)).filter((j) => j.channel === 'webhook');
    // The hanging try either timed out (a counted failure) or was stopped (back in the queue, not counted).
    expect(job.state).toBe('queued');
    receiver.answer([200]);
    rig.start();
    rig.advance(10_000);
    await rig.until(audit.id, (jobs) => jobs.find((j) => j.channel === 'webhook')?.state === 'delivered');
  });
});

describe('without SMTP_URL', () => {
  test('each email is one log line with no personal data, and shows on the lead as not sent', async () => {
    const scratch = await scratchDatabase();
    const rig = await makeRig(await scratch.open(), null, null);
    try {
      // No website, so no website check beside the two emails (issue 32).
      const audit = await submitAudit(rig, { website: '' });
      const jobs = await rig.until(audit.id, (js) => js.length === 2 && js.every((j) => j.state === 'skipped'));
      expect(jobs.map((j) => j.detail)).toEqual([
        'SMTP_URL is not set: written to the log instead of sent to the prospect',
        'SMTP_URL is not set: written to the log instead of sent to 2 team addresses',
      ]);
      const lines = rig.t.logs.filter((l) => l.msg === 'email not sent: SMTP_URL is not set' && l.leadId === audit.id);
      // The two deliveries run side by side: their lines come in either order.
      expect(lines.map((l) => [l.type, l.recipientDomain]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
        // The prospect's domain can name their business: not logged.
        ['audit-results', undefined],
        ['new-lead', 'northlinedigital.ca'],
      ]);
      const everything = JSON.stringify(rig.t.logs);
      for (const personal of [audit.email, audit.firstName, audit.lastName, audit.businessName, audit.phone ?? '']) expect(everything).not.toContain(personal);
      // The lead's page says why they were not sent, and offers no Send now that would only skip them again.
      const staff = await createStaff(rig.sql, 'no-smtp');
      const session = await signedIn(rig.t, staff);
      const page = await (await rig.t.request(`/admin/leads/audit/${audit.id}`, { headers: { cookie: session.cookie } })).text();
      const rows = [...page.matchAll(/<li data-delivery="([\w-]+)" data-state="skipped"[\s\S]*?<\/li>/g)];
      expect(rows.map((r) => r[1]).sort()).toEqual(['prospect-email', 'staff-email']);
      for (const [row] of rows) {
        expect(row).toContain('data-send-now-off');
        expect(row).toContain('It can be sent once whoever runs the site sets up a mail server (SMTP_URL).');
        expect(row).not.toContain('Send now');
      }
    } finally {
      await rig.stop();
      await scratch.drop();
    }
  });
});

describe('STARTTLS', () => {
  let dir: string;
  let tls: { key: string; cert: string };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tlm-tls-'));
    const made = Bun.spawnSync(
      [
        'openssl',
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stderr: 'pipe' },
    );
    expect(made.exitCode).toBe(0);
    tls = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('offered by the server, it is used; an unknown certificate is refused unless SMTP_URL says to trust it', async () => {
    const smtp = await startSmtpServer({ tls });
    const scratch = await scratchDatabase();
    const db = await scratch.open();
    const strict = await makeRig(db, smtp, null);
    try {
      // No website, so every job is an email (issue 32 queues a website check beside them otherwise).
      const refused = await submitAudit(strict, { website: '' });
      const jobs = await strict.until(refused.id, (js) => js.every((j) => j.lastError !== null));
      expect(jobs[0].lastError).toMatch(/certificate/i);
      expect(smtp.received).toEqual([]);
      await strict.stop();

      const trusting = await makeRig(db, { url: `${smtp.url}?tls.rejectUnauthorized=false` }, null);
      try {
        const audit = await submitAudit(trusting);
        await trusting.until(audit.id, (js) => js.every((j) => j.state === 'delivered'));
        expect(smtp.received.length).toBeGreaterThanOrEqual(2);
        expect(smtp.received.every((m) => m.secure)).toBe(true);
      } finally {
        await trusting.stop();
      }
    } finally {
      await strict.stop();
      await smtp.stop();
      await scratch.drop();
    }
  });
});
