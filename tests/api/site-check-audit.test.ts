import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import type { Database } from '../../db/client.ts';
import { type LeadWorker, startWorker } from '../../features/leads/delivery/worker.ts';
import { checkSite } from '../../features/site-check/check-site.ts';
import { computeAudit } from '../../lib/audit/scoring.ts';
import { EMAIL_WAITS_FOR_CHECK_MS } from '../../lib/audit/site-check.ts';
import { loadConfig } from '../../lib/config.ts';
import { channelsFor } from '../../lib/leads/notifications.ts';
import { parseAllowHosts } from '../../lib/site-check/address.ts';
import { SITE_CHECK_KEYS } from '../../lib/site-check/types.ts';
import { type FixtureSite, goodSite, slowSite } from '../fixtures/site-check/sites.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, signedIn, staffPost } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The audit checks the prospect's website (issue 32), end to end: real audits posted to the real app on a
// database of the file's own, the real worker running the real check (features/site-check/check-site.ts)
// against websites served on loopback and let through by SITE_CHECK_ALLOW_HOSTS, a real SMTP server for
// the results email. The clock is the test's: the email's 15 s wait passes when the test moves it.

const START = new Date('2026-11-24T15:00:00Z');
const fromHome = { referer: `${TEST_SITE_URL}/` };

type SiteCheckJson = {
  status: string;
  url: string;
  checkedAt: string | null;
  checks: { key: string; label: string; status: string; evidence: string }[];
  reason?: string;
  reasonText?: string;
};

let scratch: ScratchDatabase;
let db: Database;
let smtp: TestSmtpServer;
let good: FixtureSite;
let cached: FixtureSite;
let erasable: FixtureSite;
let slow: FixtureSite;
let pathy: PathSite;
let redirecting: PathSite;
let clock = START;
let worker: LeadWorker | null = null;
let t: Awaited<ReturnType<typeof testApp>>;
let sql: Sql;

const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  worker?.poke();
};

function startTheWorker() {
  const allowHosts = parseAllowHosts([good, cached, erasable, slow, pathy, redirecting].map((s) => s.hostPort).join(',')) ?? [];
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, SMTP_URL: smtp.url, JOB_POLL_MS: '25' });
  worker = startWorker({
    sql,
    config,
    log: t.deps.log,
    now,
    random: () => 0,
    // The slow site never answers: its check is given a minute, so the email's 15 s wait runs out first.
    siteCheck: (url, signal) => checkSite(url, { allowHosts, siteUrl: TEST_SITE_URL, now, signal, budgetMs: url.startsWith(slow.origin) ? 60_000 : undefined }),
  });
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  sql = db.sql;
  smtp = await startSmtpServer();
  [good, cached, erasable, slow] = [goodSite(2026), goodSite(2026), goodSite(2026), slowSite()];
  [pathy, redirecting] = [pathSite(), pathSite()];
  const notifications = { channels: channelsFor({ webhookConfigured: false }), queued: () => worker?.poke() };
  t = await testApp({ sql, now, notifications }, { RATE_LIMITS: 'off', SMTP_URL: smtp.url });
});

afterAll(async () => {
  await worker?.stop(2000);
  await Promise.all([good, cached, erasable, slow, pathy, redirecting].map((s) => s?.stop()));
  await smtp?.stop();
  await scratch?.drop();
});

async function postAudit(website: string, overrides: Parameters<typeof validAudit>[0] = {}) {
  const audit = validAudit({ website, ...overrides });
  const res = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, fromHome);
  expect(res.status).toBe(201);
  const body = (await res.json()) as { resultsUrl: string; siteCheck: SiteCheckJson | null; audit: { auditScore: string } };
  return { ...audit, ...body };
}

const resultsJson = async (resultsUrl: string) => {
  const res = await t.request(resultsUrl, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return (await res.json()) as { siteCheck: SiteCheckJson | null; audit: { auditScore: string } };
};

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened: ${JSON.stringify(value)}`);
    await Bun.sleep(25);
  }
}

const jobsOf = (id: string) => sql<{ channel: string; state: string }[]>`select channel, state from jobs where lead_id = ${id} order by channel`;
const mailFor = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('an audit with a website', () => {
  test('answers at once with the check pending; the results page says so and refreshes itself, then shows the findings and the score uses them', async () => {
    const audit = await postAudit(`${good.origin}/`);
    expect(audit.siteCheck).toEqual({ status: 'pending', url: `${good.origin}/`, checkedAt: null, checks: [] });
    // Nothing has fetched the site: the audit answered before any check ran (no worker yet).
    expect(good.requests()).toBe(0);

    const pendingPage = await t.request(audit.resultsUrl);
    expect(pendingPage.status).toBe(200);
    expect(pendingPage.headers.get('refresh')).toBe('3');
    expect(pendingPage.headers.get('cache-control')).toBe('private, no-store');
    const pendingHtml = await pendingPage.text();
    expect(pendingHtml).toContain('Checking your website…');
    expect(pendingHtml).toContain('data-site-check="pending"');
    expect((await resultsJson(audit.resultsUrl)).siteCheck?.status).toBe('pending');
    // The email waits for the check: nothing sent before the worker runs.
    expect(mailFor(audit.email)).toHaveLength(0);

    startTheWorker();
    const done = await until(
      'the check',
      () => resultsJson(audit.resultsUrl),
      (r) => r.siteCheck?.status === 'done',
    );
    const check = done.siteCheck as SiteCheckJson;
    expect(check.url).toBe(`${good.origin}/`);
    expect(check.checkedAt).toBe(START.toISOString());
    expect(check.checks.map((c) => c.key).sort()).toEqual([...SITE_CHECK_KEYS].sort());
    for (const c of check.checks) {
      expect(Object.keys(c).sort()).toEqual(['evidence', 'key', 'label', 'status']);
      expect(['pass', 'fail', 'unknown']).toContain(c.status);
      expect(c.evidence.length).toBeGreaterThan(0);
    }
    expect(check.checks.find((c) => c.key === 'title')?.status).toBe('pass');
    expect(check.checks.find((c) => c.key === 'https')?.status).toBe('fail'); // served over plain http on loopback

    // The stored score is the questionnaire's with the findings, and the lead's too.
    const expected = computeAudit({ ...audit, website: audit.website ?? null } as Parameters<typeof computeAudit>[0], check.checks as never).auditScore;
    expect(Number(done.audit.auditScore)).toBe(expected);
    const [lead] = await sql<{ score: number }[]>`select score from leads where kind = 'audit' and id = ${audit.id}`;
    expect(Number(lead.score)).toBe(expected);

    const donePage = await t.request(audit.resultsUrl);
    expect(donePage.headers.get('refresh')).toBeNull();
    const doneHtml = await donePage.text();
    expect(doneHtml).toContain('What we found on your website');
    expect(doneHtml).not.toContain('Checking your website…');
    expect(doneHtml).toContain('We also checked your website');
    expect(doneHtml).toContain('data-finding="title"');
    expect(doneHtml).toContain('href="/services/seo-services"');

    // The results email went after the check, with the findings.
    const [mail] = await until(
      'the results email',
      async () => mailFor(audit.email),
      (m) => m.length === 1,
    );
    expect(mail.parsed.text).toContain('What we found on your website');
    expect(mail.parsed.text).toContain('We also checked your website');
    // The mail server has it a moment before the job is marked delivered.
    const jobs = await until(
      'the jobs recorded',
      async () => [...(await jobsOf(audit.id))],
      (rows) => rows.every((j) => j.state !== 'running' && j.state !== 'queued'),
    );
    expect(jobs).toEqual([
      { channel: 'prospect-email', state: 'delivered' },
      { channel: 'site-check', state: 'delivered' },
      { channel: 'staff-email', state: 'skipped' },
    ]);
  });

  test('a site is fetched once an hour: a second audit of it, naming another page, reuses the first check of its home page (requests counted at the site)', async () => {
    const first = await postAudit(`${cached.origin}/`);
    await until(
      'the first check',
      () => resultsJson(first.resultsUrl),
      (r) => r.siteCheck?.status === 'done',
    );
    const fetched = cached.requests();
    expect(fetched).toBeGreaterThan(0);
    const second = await postAudit(`${cached.origin}/about`);
    const again = await until(
      'the second check',
      () => resultsJson(second.resultsUrl),
      (r) => r.siteCheck?.status === 'done',
    );
    expect(cached.requests()).toBe(fetched);
    // The check is of the site's home page, whatever page the audit named: it says so.
    expect(second.siteCheck?.url).toBe(`${cached.origin}/`);
    expect(again.siteCheck?.url).toBe(`${cached.origin}/`);
    expect(again.siteCheck?.checks).toEqual((await resultsJson(first.resultsUrl)).siteCheck?.checks as never);
    // An hour later the site is fetched again.
    advance(60 * 60_000 + 1000);
    const later = await postAudit(`${cached.origin}/`);
    await until(
      'the check an hour later',
      () => resultsJson(later.resultsUrl),
      (r) => r.siteCheck?.status === 'done',
    );
    expect(cached.requests()).toBeGreaterThan(fetched);
  });

  test('the results email waits up to 15 s for a check that does not finish, then goes anyway, saying so', async () => {
    const audit = await postAudit(`${slow.origin}/`);
    const createdAt = clock.getTime();
    await until(
      'the slow site is asked',
      async () => slow.requests(),
      (n) => n > 0,
    );
    // Real time passes, the test's clock does not: the email stays queued while the check is pending.
    await Bun.sleep(300);
    expect(mailFor(audit.email)).toHaveLength(0);
    expect((await jobsOf(audit.id)).find((j) => j.channel === 'prospect-email')?.state).toBe('queued');
    advance(EMAIL_WAITS_FOR_CHECK_MS - 1000);
    await Bun.sleep(300);
    expect(mailFor(audit.email)).toHaveLength(0);
    advance(1000);
    const [mail] = await until(
      'the email after 15 s',
      async () => mailFor(audit.email),
      (m) => m.length === 1,
    );
    expect(clock.getTime() - createdAt).toBeLessThanOrEqual(EMAIL_WAITS_FOR_CHECK_MS);
    expect(mail.parsed.text).toContain('We are still checking your website');
    expect((await resultsJson(audit.resultsUrl)).siteCheck?.status).toBe('pending');
  });

  test('an address that is not public is refused, saying why without naming anything of the network', async () => {
    const audit = await postAudit('http://10.0.0.1/');
    const refused = await until(
      'the refusal',
      () => resultsJson(audit.resultsUrl),
      (r) => r.siteCheck?.status === 'refused',
    );
    expect(refused.siteCheck).toMatchObject({ status: 'refused', url: 'http://10.0.0.1/', checks: [], reason: 'not-public' });
    expect(refused.siteCheck?.reasonText).toBe('We only check public websites, and this address is not one.');
    // No findings: the questionnaire's score stands.
    expect(Number(refused.audit.auditScore)).toBe(Number(audit.audit.auditScore));
    const html = await (await t.request(audit.resultsUrl)).text();
    expect(html).toContain('We could not check your website');
  });

  test('without a website nothing is checked or queued for it, and siteCheck is null', async () => {
    const audit = await postAudit('');
    expect(audit.siteCheck).toBeNull();
    expect((await jobsOf(audit.id)).map((j) => j.channel)).not.toContain('site-check');
    expect((await resultsJson(audit.resultsUrl)).siteCheck).toBeNull();
  });

  test('a replay of the audit with the same id queues no second check', async () => {
    const audit = validAudit({ website: 'http://10.0.0.2/' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, fromHome).then(async (r) => [r.status, await r.json()] as const)),
    );
    for (const [status, body] of answers) {
      expect(status).toBe(201);
      expect((body as { siteCheck: SiteCheckJson }).siteCheck.url).toBe('http://10.0.0.2/');
    }
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from jobs where lead_id = ${audit.id} and channel = 'site-check'`;
    expect(count).toBe(1);
    const [{ rows }] = await sql<{ rows: number }[]>`select count(*)::int as rows from site_checks where audit_id = ${audit.id}`;
    expect(rows).toBe(1);
  });
});

describe('one site, one check: its home page, whatever page an audit names', () => {
  test('a page that answers 404 cannot poison the site: the home page is checked, the page named is never fetched, and the next audit of the site reuses a true check', async () => {
    const first = await postAudit(`${pathy.origin}/missing?utm_source=mail#top`);
    const checked = await until(
      'the first check',
      () => resultsJson(first.resultsUrl),
      (r) => r.siteCheck?.status !== 'pending',
    );
    expect(checked.siteCheck).toMatchObject({ status: 'done', url: `${pathy.origin}/` });
    // The audit's answer named what is checked too: the site's home page, not the page named.
    expect(first.siteCheck).toEqual({ status: 'pending', url: `${pathy.origin}/`, checkedAt: null, checks: [] });
    expect(checked.siteCheck?.checks.find((c) => c.key === 'title')?.status).toBe('pass');
    expect(pathy.paths()).not.toContain('/missing');
    expect(pathy.paths()).toContain('/');
    // The results page shows the address that was checked, never the page named.
    const page = await (await t.request(first.resultsUrl)).text();
    expect(page).toContain('data-site-check="done"');
    expect(page).not.toContain(`${pathy.hostPort}/missing`);

    // The site's real owner audits it within the hour: the same true findings, from the cache (no new fetch).
    const fetched = pathy.requests();
    for (const website of [pathy.origin, `${pathy.origin}/`, `${pathy.origin}/index.html?ref=ad`]) {
      const next = await postAudit(website);
      const again = await until(
        `the check of ${website}`,
        () => resultsJson(next.resultsUrl),
        (r) => r.siteCheck?.status !== 'pending',
      );
      expect(again.siteCheck?.status).toBe('done');
      expect(again.siteCheck?.url).toBe(`${pathy.origin}/`);
      expect(again.siteCheck?.checks).toEqual(checked.siteCheck?.checks as never);
    }
    expect(pathy.requests()).toBe(fetched);
    expect(pathy.paths().filter((p) => p !== '/' && p !== '/robots.txt' && p !== '/sitemap.xml')).toEqual([]);
  });

  test('a page that redirects inside, or hangs, cannot make the site refused or failed for the next hour either', async () => {
    // Named first: /inside sends the checker to a private address, /hang never answers. Neither is fetched.
    const inside = await postAudit(`${redirecting.origin}/inside`);
    const insideCheck = await until(
      'the check of /inside',
      () => resultsJson(inside.resultsUrl),
      (r) => r.siteCheck?.status !== 'pending',
    );
    expect(insideCheck.siteCheck).toMatchObject({ status: 'done', url: `${redirecting.origin}/` });
    // An hour on the cache has forgotten the site: /hang would now be fetched, if pages named were.
    advance(60 * 60_000 + 1000);
    const hang = await postAudit(`${redirecting.origin}/hang?x=1`);
    const hangCheck = await until(
      'the check of /hang',
      () => resultsJson(hang.resultsUrl),
      (r) => r.siteCheck?.status !== 'pending',
    );
    expect(hangCheck.siteCheck).toMatchObject({ status: 'done', url: `${redirecting.origin}/` });
    expect(hangCheck.siteCheck?.checkedAt).toBe(clock.toISOString());
    const owner = await postAudit(`${redirecting.origin}/`);
    const ownerCheck = await until(
      'the owner’s check',
      () => resultsJson(owner.resultsUrl),
      (r) => r.siteCheck?.status !== 'pending',
    );
    expect(ownerCheck.siteCheck?.status).toBe('done');
    // The owner's audit reuses the last hour's check: the home page's, fetched when /hang was named.
    expect(ownerCheck.siteCheck?.checks).toEqual(hangCheck.siteCheck?.checks as never);
    const verdicts = (r: typeof ownerCheck) => r.siteCheck?.checks.map((c) => [c.key, c.status]);
    expect(verdicts(ownerCheck)).toEqual(verdicts(insideCheck));
    expect(redirecting.paths()).not.toContain('/inside');
    expect(redirecting.paths()).not.toContain('/hang');
  });
});

describe('the back office', () => {
  test('the lead’s page shows the findings; staff re-run the check with a plain form post (a fresh fetch); refusals', async () => {
    const audit = await postAudit(`${good.origin}/`);
    await until(
      'the check',
      () => resultsJson(audit.resultsUrl),
      (r) => r.siteCheck?.status === 'done',
    );
    const staff = await createStaff(sql, 'site-checker');
    const session = await signedIn(t, staff);
    const leadPath = `/admin/leads/audit/${audit.id}`;
    const page = await (await t.request(leadPath, { headers: { cookie: session.cookie } })).text();
    expect(page).toContain('Website check');
    expect(page).toContain('What we found on the website');
    expect(page).toContain('data-lead-site-check="done"');
    expect(page).toContain(`action="${leadPath}/site-check"`);

    // Hostile: no CSRF token, no session, other methods.
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL };
    const noCsrf = await t.request(`${leadPath}/site-check`, { method: 'POST', redirect: 'manual', headers: { ...form, cookie: session.cookie }, body: '' });
    expect(noCsrf.status).toBe(403);
    const signedOut = await t.request(`${leadPath}/site-check`, { method: 'POST', redirect: 'manual', headers: form, body: `_csrf=${session.csrf}` });
    expect([303, 401, 403]).toContain(signedOut.status);
    if (signedOut.status === 303) expect(signedOut.headers.get('location')).toStartWith('/admin/login');
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.request(`${leadPath}/site-check`, { method, redirect: 'manual', headers: { cookie: session.cookie } });
      expect(res.status).toBe(405);
    }
    const [{ status: stillDone }] = await sql<{ status: string }[]>`select status from site_checks where audit_id = ${audit.id}`;
    expect(stillDone).toBe('done');

    const before = good.requests();
    const rerun = await staffPost(t, session, `${leadPath}/site-check`, {});
    expect(rerun.status).toBe(303);
    expect(rerun.headers.get('location')).toBe(`${leadPath}#site-check`);
    await until(
      'the re-run',
      () => resultsJson(audit.resultsUrl),
      (r) => r.siteCheck?.status === 'done' && good.requests() > before,
    );
    const timeline = await (await t.request(leadPath, { headers: { cookie: session.cookie } })).text();
    expect(timeline).toContain('checked the website again');
  });

  test('erasure leaves no address or finding of the check anywhere in the database', async () => {
    const marker = `erase-me-${crypto.randomUUID().slice(0, 8)}`;
    const url = `${erasable.origin}/${marker}`;
    const audit = await postAudit(url);
    await until(
      'the check',
      () => resultsJson(audit.resultsUrl),
      (r) => r.siteCheck?.status === 'done',
    );
    const searched = [marker, erasable.hostPort, 'Bright Smile Dental — Family Dentist'];
    const before = await everyRow(sql);
    for (const value of searched) expect(before).toContain(value);

    const staff = await createStaff(sql, 'site-eraser', 'owner', { twoFactor: true });
    const session = await signedIn(t, staff);
    const erased = await staffPost(t, session, `/admin/leads/audit/${audit.id}/erase`, { confirm: 'erase' });
    expect(erased.status).toBe(303);
    const after = await everyRow(sql);
    // Other audits of this file checked other fixture sites (other ports); none named this one.
    for (const value of searched.slice(0, 2)) expect(after).not.toContain(value);
    expect(await sql`select 1 from site_check_cache where url like ${`${erasable.origin}%`}`).toHaveLength(0);
  });
});

/** Every row of every table, as JSON text: what the database holds, to search. */
async function everyRow(sql: Sql): Promise<string> {
  const tables = await sql<{ tableSchema: string; tableName: string }[]>`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`;
  const parts: string[] = [];
  for (const { tableSchema, tableName } of tables) {
    const rows = await sql.unsafe<{ row: string }[]>(`select row_to_json(t)::text as row from "${tableSchema}"."${tableName}" t`);
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

type PathSite = FixtureSite & { paths: () => string[] };

/**
 * A site whose home page is fine (200, a real page) while other pages are not: /missing answers 404,
 * /inside redirects to a private address, /hang never answers. Every path asked for is recorded.
 */
function pathSite(): PathSite {
  const paths: string[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 30,
    fetch(req) {
      const path = new URL(req.url).pathname;
      paths.push(path);
      if (path === '/')
        return new Response(
          '<!doctype html><html lang="en"><head><title>Harbour Bakery — Fresh Bread on Queen West</title></head><body><h1>Harbour Bakery</h1></body></html>',
          { headers: { 'content-type': 'text/html; charset=utf-8' } },
        );
      if (path === '/inside') return new Response(null, { status: 302, headers: { location: 'http://10.0.0.1/' } });
      if (path === '/hang') return new Promise<Response>(() => {});
      return new Response('not found', { status: 404 });
    },
  });
  return {
    origin: `http://127.0.0.1:${server.port}`,
    hostPort: `127.0.0.1:${server.port}`,
    requests: () => paths.length,
    paths: () => [...paths],
    stop: () => server.stop(true),
  };
}
