import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { validAudit } from '../helpers/audit.ts';
import { validIntake } from '../helpers/intake.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { countMail } from '../helpers/lead-delivery.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, a real SMTP server and a database of the file's own, so every count is exact.
setDefaultTimeout(120_000);

// The audit and the Q4 intake against a hostile visitor, through a real server process (production mode)
// with its own worker mailing a real SMTP server:
// - 50 identical plain-form posts at once from a browser without a `vid` cookie (a visitor who landed on
//   a cached page) are one submission: one row, one results link, one email to the team and one to the
//   person; a resend with the cookie the first answer set is still that submission;
// - 50 applications at once from a stranger who knows an applicant's email (in every letter case) are
//   50 applications of their own, each answered as a first one: the applicant's application, lead and
//   consent never change, and no answer says the email applied before.
// TRUST_PROXY=1 lets this one client pose as several addresses (X-Forwarded-For).

const BURST = 50;
const TEAM = 'leads@northlinedigital.ca';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let scratch: ScratchDatabase;
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  scratch = await scratchDatabase();
  smtp = await startSmtpServer();
  server = await startServer(
    { ...scratch.env, RATE_LIMITS: 'off', TRUST_PROXY: '1', LEAD_NOTIFY_EMAIL: TEAM, SMTP_URL: smtp.url, JOB_POLL_MS: '25' },
    scratch.env.DATA_DIR,
  );
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await scratch?.drop();
});

/** A plain form post as a browser without JavaScript sends it, from `address`, with no cookie unless given. */
function plainPost(path: string, body: URLSearchParams, address: string, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      referer: `${server.url}${path === '/api/q4-intake' ? '/q4-intake' : '/services/seo-services'}`,
      'user-agent': BROWSER,
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    body: body.toString(),
  });
}

/** The messages the SMTP server took for `to`, once `count` have arrived and a second more brought no other. */
async function mailSettled(to: string, count: number) {
  const deadline = Date.now() + 30_000;
  const mine = () => smtp.received.filter((m) => m.to.includes(to));
  while (mine().length < count && Date.now() < deadline) await Bun.sleep(50);
  await Bun.sleep(1500);
  return mine();
}

/** Stops the server (the embedded database is its alone while it runs) and opens the database. */
let db: Database | null = null;
async function database(): Promise<Database> {
  if (db) return db;
  await server.stop();
  db = await scratch.open();
  return db;
}

const cookieFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vid='))
    ?.split(';')[0];

// Filled by the tests, checked against the database at the end.
const audit = validAudit({ website: '', email: `plain+${crypto.randomUUID().slice(0, 8)}@spotlessnest.example` });
const application = validIntake({ website: '' });
const victim = validIntake({ website: '', marketingConsent: false });
const strangers: { id: string; workEmail: string }[] = [];

describe(`${BURST} identical plain-form posts at once from a browser without a vid cookie are one submission`, () => {
  test('the audit: one results link for all, the resend with the cookie the same; one email to the team and one to the person', async () => {
    const { id: _id, currentMarketing, primaryGoals, currentChallenges, ...answers } = audit;
    const body = new URLSearchParams(answers as unknown as Record<string, string>);
    for (const [name, values] of Object.entries({ currentMarketing, primaryGoals, currentChallenges })) for (const v of values ?? []) body.append(name, v);
    const answered = await Promise.all(Array.from({ length: BURST }, () => plainPost('/api/business-audit', body, '203.0.113.10')));
    expect(answered.map((r) => r.status).filter((s) => s !== 303)).toEqual([]);
    const locations = new Set(answered.map((r) => r.headers.get('location')));
    expect(locations.size).toBe(1);
    const [location] = locations;
    expect(location).toMatch(/^\/audit\/results\/[A-Za-z0-9_-]{43}$/);
    // Each cookieless post was given a visitor id of its own; sent again with one of them, it is the same submission.
    const cookies = new Set(answered.map(cookieFrom));
    expect(cookies.size).toBe(BURST);
    const resent = await plainPost('/api/business-audit', body, '203.0.113.10', cookieFrom(answered[7]));
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe(location);

    expect((await mailSettled(TEAM, 1)).filter((m) => m.parsed.subject?.includes(audit.businessName))).toHaveLength(1);
    const toPerson = await mailSettled(audit.email, 1);
    expect(toPerson).toHaveLength(1);
    expect(countMail(toPerson).duplicated).toBe(0);
  });

  test('the Q4 intake: the thank-you page for all; one email to the team and one receipt', async () => {
    const { id: _id, marketingConsent: _m, ...answers } = application;
    const body = new URLSearchParams(answers as unknown as Record<string, string>);
    const answered = await Promise.all(Array.from({ length: BURST }, () => plainPost('/api/q4-intake', body, '203.0.113.11')));
    expect(answered.map((r) => r.status).filter((s) => s !== 303)).toEqual([]);
    expect(new Set(answered.map((r) => r.headers.get('location')))).toEqual(new Set(['/q4-intake/thank-you']));
    const resent = await plainPost('/api/q4-intake', body, '203.0.113.11', cookieFrom(answered[0]));
    expect(resent.headers.get('location')).toBe('/q4-intake/thank-you');

    expect((await mailSettled(TEAM, 2)).filter((m) => m.parsed.subject?.includes(application.company))).toHaveLength(1);
    expect(await mailSettled(application.workEmail, 1)).toHaveLength(1);
  });
});

describe(`${BURST} applications at once from a stranger who knows an applicant's email`, () => {
  test('each is its own application, answered 201 {id} exactly as a first one; the team is told of each', async () => {
    const first = await fetch(`${server.url}/api/q4-intake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': '203.0.113.20' },
      body: JSON.stringify({ ...victim, fillMs: 60_000 }),
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ id: victim.id });

    const [local, domain] = victim.workEmail.split('@');
    const cases = [victim.workEmail, victim.workEmail.toUpperCase(), `${local}@${domain.toUpperCase()}`, `  ${local.toUpperCase()}@${domain} `];
    const answered = await Promise.all(
      Array.from({ length: BURST }, async (_, n) => {
        const stranger = validIntake({
          workEmail: cases[n % cases.length],
          company: `Takeover ${n}`,
          mobile: '647-555-0999',
          monthlyMarketingBudget: '10000+',
          biggestGoal: 'Rewrite their application.',
          marketingConsent: true,
        });
        strangers.push(stranger);
        const res = await fetch(`${server.url}/api/q4-intake`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': '198.51.100.66' },
          body: JSON.stringify({ ...stranger, fillMs: 60_000 }),
        });
        return { sent: stranger.id, status: res.status, body: await res.json() };
      }),
    );
    // Each answered as the applicant's own first application was: 201 and its own id, nothing more.
    for (const a of answered) expect(a).toEqual({ sent: a.sent, status: 201, body: { id: a.sent } });

    // The team hears of every application, the first and each later one.
    const team = (await mailSettled(TEAM, 3 + BURST)).filter((m) => m.parsed.subject?.startsWith('New Q4 application'));
    expect(team.filter((m) => m.parsed.subject?.includes('Takeover '))).toHaveLength(BURST);
    expect(team.filter((m) => m.parsed.subject === `New Q4 application: ${victim.company}`)).toHaveLength(1);
  });
});

describe('what the database holds', () => {
  test('one audit, one contact and one lead for the burst of plain audits; one application for the burst of plain applications', async () => {
    const { sql } = await database();
    const [audits] = await sql`select count(*)::int as n from business_audits where email = ${audit.email}`;
    const [contacts] = await sql`select count(*)::int as n from contacts where email = ${audit.email}`;
    const [auditLeads] = await sql`select count(*)::int as n from leads where kind = 'audit' and email = ${audit.email}`;
    const [applications] = await sql`select count(*)::int as n from q4_intake_applications where work_email = ${application.workEmail}`;
    expect({ audits: audits.n, contacts: contacts.n, auditLeads: auditLeads.n, applications: applications.n }).toEqual({
      audits: 1,
      contacts: 1,
      auditLeads: 1,
      applications: 1,
    });
  });

  test("the applicant's application, lead and consent are as they sent them; each stranger's is its own row, on the same person", async () => {
    const { sql } = await database();
    const [mine] = await sql`
      select company, mobile, monthly_marketing_budget, biggest_goal, work_email, marketing_consent, marketing_consent_at, updated_at
      from q4_intake_applications where id = ${victim.id}`;
    expect(mine).toEqual({
      company: victim.company,
      mobile: victim.mobile,
      monthlyMarketingBudget: victim.monthlyMarketingBudget,
      biggestGoal: victim.biggestGoal,
      workEmail: victim.workEmail,
      marketingConsent: false,
      marketingConsentAt: null,
      updatedAt: null,
    });
    const [lead] = await sql`select business, phone, budget, marketing_consent from leads where kind = 'intake' and id = ${victim.id}`;
    expect(lead).toEqual({ business: victim.company, phone: victim.mobile, budget: victim.monthlyMarketingBudget, marketingConsent: false });
    // Its timeline: submitted, and its own two notifications delivered; nothing rewrote it.
    const events = await sql`select kind from lead_events where lead_kind = 'intake' and lead_id = ${victim.id} order by at, id`;
    expect(events.map((e) => e.kind)).toEqual(['submitted', 'delivery', 'delivery']);

    const rows = await sql`select id, marketing_consent from q4_intake_applications where lower(work_email) = ${victim.workEmail.toLowerCase()}`;
    expect(rows).toHaveLength(1 + BURST);
    expect(rows.filter((r) => r.id !== victim.id).every((r) => r.marketingConsent === true)).toBe(true);
    const people = await sql`select distinct person_id from leads where kind = 'intake' and id in ${sql([victim.id, ...strangers.map((s) => s.id)])}`;
    expect(people).toHaveLength(1);
  });
});

if (process.env.DATABASE_URL) {
  describe('two processes on one PostgreSQL', () => {
    test(`${BURST} identical cookieless plain audits at once, spread over both processes, are one submission`, async () => {
      const shared = await scratchDatabase();
      const mail = await startSmtpServer();
      const pair = await startServer({
        ...shared.env,
        WEB_CONCURRENCY: '2',
        RATE_LIMITS: 'off',
        TRUST_PROXY: '1',
        LEAD_NOTIFY_EMAIL: TEAM,
        SMTP_URL: mail.url,
      });
      try {
        const twin = validAudit({ website: '', email: `pair+${crypto.randomUUID().slice(0, 8)}@spotlessnest.example` });
        const { id: _id, currentMarketing, primaryGoals, currentChallenges, ...answers } = twin;
        const body = new URLSearchParams(answers as unknown as Record<string, string>);
        for (const [name, values] of Object.entries({ currentMarketing, primaryGoals, currentChallenges })) for (const v of values ?? []) body.append(name, v);
        const answered = await Promise.all(
          Array.from({ length: BURST }, () =>
            fetch(`${pair.url}/api/business-audit`, {
              method: 'POST',
              redirect: 'manual',
              keepalive: false,
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                origin: pair.url,
                'user-agent': BROWSER,
                'x-forwarded-for': '203.0.113.60',
                connection: 'close',
              },
              body: body.toString(),
            }),
          ),
        );
        expect(answered.map((r) => r.status).filter((s) => s !== 303)).toEqual([]);
        expect(new Set(answered.map((r) => r.headers.get('location'))).size).toBe(1);
        // Both processes answered some of the burst.
        const numbers = new Set([...pair.output().matchAll(/"route":"\/api\/business-audit"[^\n]*"process":(\d+)/g)].map((m) => m[1]));
        expect(numbers.size).toBe(2);
        const toPerson = () => mail.received.filter((m) => m.to.includes(twin.email));
        for (const deadline = Date.now() + 30_000; toPerson().length < 1 && Date.now() < deadline; ) await Bun.sleep(50);
        await Bun.sleep(1500);
        expect(toPerson()).toHaveLength(1);
        const { sql } = await shared.open();
        const [{ n }] = await sql`select count(*)::int as n from business_audits where email = ${twin.email}`;
        expect(n).toBe(1);
      } finally {
        await pair.stop();
        await mail.stop();
        await shared.drop();
      }
    });
  });
}
