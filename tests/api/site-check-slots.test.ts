import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import type { Database } from '../../db/client.ts';
import { type LeadWorker, startWorker } from '../../features/leads/delivery/worker.ts';
import { checkSite } from '../../features/site-check/check-site.ts';
import { loadConfig } from '../../lib/config.ts';
import { channelsFor } from '../../lib/leads/notifications.ts';
import { parseAllowHosts } from '../../lib/site-check/address.ts';
import { type FixtureSite, slowSite } from '../fixtures/site-check/sites.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { countMail } from '../helpers/lead-delivery.ts';

// Real servers, a real worker: a test may take longer than Bun's 5 s default.
setDefaultTimeout(90_000);

// Websites that never answer must not stall the notification queue. Real audits naming websites that
// accept the connection and never reply (each on a port of its own: a different site, so no two checks
// share a fetch), posted to the real app on a database of the file's own, then one ordinary audit; the
// real worker runs the real check against them (let through by SITE_CHECK_ALLOW_HOSTS) and sends the
// emails to a real SMTP server. The checks are given ten minutes, so every check that starts is still
// holding its slot, and its request is still open at the site, when the test looks: the order is proved by
// what the sites and the queue hold at the moment the email arrives, not by how long anything took.

const START = new Date('2026-11-24T15:00:00Z');
const TEAM = 'leads@northlinedigital.ca';
const HANGING = 8;
const fromHome = { referer: `${TEST_SITE_URL}/` };

let scratch: ScratchDatabase;
let db: Database;
let sql: Sql;
let smtp: TestSmtpServer;
let sites: FixtureSite[] = [];
let workers: LeadWorker[] = [];
let t: Awaited<ReturnType<typeof testApp>>;
let config: ReturnType<typeof loadConfig>;
const now = () => START;

function startTheWorker(): LeadWorker {
  const allowHosts = parseAllowHosts(sites.map((s) => s.hostPort).join(',')) ?? [];
  const worker = startWorker({
    sql,
    config,
    log: t.deps.log,
    now,
    random: () => 0,
    siteCheck: (url, signal) => checkSite(url, { allowHosts, siteUrl: TEST_SITE_URL, now, signal, budgetMs: 600_000 }),
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  sql = db.sql;
  smtp = await startSmtpServer();
  sites = Array.from({ length: HANGING }, () => slowSite());
  const env = { RATE_LIMITS: 'off', SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: TEAM, JOB_POLL_MS: '25' };
  config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env });
  const notifications = {
    channels: channelsFor({ webhookConfigured: false }),
    queued: () => {
      for (const w of workers) w.poke();
    },
  };
  t = await testApp({ sql, now, notifications }, env);
});

afterAll(async () => {
  for (const w of workers) await w.stop(500);
  await Promise.all(sites.map((s) => s.stop()));
  await smtp?.stop();
  await scratch?.drop();
});

async function postAudit(website: string) {
  const audit = validAudit({ website });
  const res = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, fromHome);
  expect(res.status).toBe(201);
  return audit;
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened: ${JSON.stringify(value)}`);
    await Bun.sleep(25);
  }
}

/** Requests the hanging sites have taken: each is a check holding its fetch open (they never answer). */
const heldAtSites = () => sites.reduce((sum, s) => sum + s.requests(), 0);
const siteCheckStates = async () => {
  const rows = await sql<{ state: string; count: number }[]>`select state, count(*)::int as count from jobs where channel = 'site-check' group by state`;
  return Object.fromEntries(rows.map((r) => [r.state, r.count])) as Record<string, number>;
};
const jobsOf = (id: string) =>
  sql<{ channel: string; state: string; attempts: number }[]>`select channel, state, attempts from jobs where lead_id = ${id} order by channel`;
/** The messages the SMTP server took for an ordinary lead: the team's and the prospect's. */
const mailOf = (email: string) => smtp.received.filter((m) => m.to.includes(email) || (m.to.includes(TEAM) && m.parsed.replyTo?.text.includes(email)));

describe('website checks never take the slots emails need', () => {
  test('checks of sites that never answer hold site-check slots only: audits queued behind them, or arriving while they hang, are emailed at once', async () => {
    // Queued first, all of them, before any worker runs: the checks (and these audits' own emails) are
    // ahead of the first ordinary audit in the queue's order.
    for (const site of sites) await postAudit(`${site.origin}/`);
    const behind = await postAudit('');
    expect((await jobsOf(behind.id)).map((j) => j.channel)).toEqual(['prospect-email', 'staff-email']);

    startTheWorker();
    // Checks under way: each running check has its request open at a site, and the rest wait in the queue.
    const underWay = async (): Promise<{ held: number; running?: number; queued?: number }> => ({ held: heldAtSites(), ...(await siteCheckStates()) });
    const { held } = await until('the checks under way', underWay, (s) => s.held > 0 && s.running === s.held && s.queued === HANGING - s.held);
    // Fewer checks run at once than the worker's deliveries (4): what is left is theirs.
    expect(held).toBeLessThan(4);

    // The ordinary audit queued behind them: its team email and results email reach the mail server…
    await until(
      'the emails of the audit queued behind the checks',
      () => mailOf(behind.email),
      (m) => m.length === 2,
    );
    // …and one posted now, while every check still hangs, too.
    const during = await postAudit('');
    await until(
      'the emails of the audit posted while the checks hang',
      () => mailOf(during.email),
      (m) => m.length === 2,
    );
    // No check let go meanwhile: nothing above was a check ending and freeing a slot (they are given ten minutes).
    expect(await underWay()).toEqual({ held, running: held, queued: HANGING - held });
    // Every hanging audit's team email went too (their results emails wait up to 15 s for the check, and the test's clock stands still).
    await until(
      'the team emails of the hanging audits',
      () => smtp.received.filter((m) => m.to.includes(TEAM)).length,
      (n) => n === HANGING + 2,
    );
    for (const audit of [behind, during])
      await until(
        'the ordinary audits’ jobs recorded',
        () => jobsOf(audit.id),
        (rows) => rows.every((j) => j.state === 'delivered'),
      );
  });

  test('a second worker (another process) takes site-check slots of its own and never a job the first holds; a later audit is still emailed at once, each email once', async () => {
    const before = heldAtSites();
    startTheWorker();
    await until('the second worker’s checks', heldAtSites, (n) => n === before * 2);
    const later = await postAudit('');
    await until(
      'the later audit’s two emails',
      () => mailOf(later.email),
      (m) => m.length === 2,
    );
    expect(heldAtSites()).toBe(before * 2);
    expect((await siteCheckStates()).running).toBe(before * 2);
    // No message was sent twice, and no check ran twice: each running check is one request at one site.
    expect(countMail(smtp.received).duplicated).toBe(0);
    for (const site of sites) expect(site.requests()).toBeLessThanOrEqual(1);
  });

  test('when the sites give up, every check ends once and the queued ones run: none lost, none run twice', async () => {
    // Closing the hanging sites drops their open requests (a site that closed the connection) and refuses the rest.
    await Promise.all(sites.map((s) => s.stop()));
    const states = await until('every check ended', siteCheckStates, (s) => s.delivered === HANGING);
    expect(states).toEqual({ delivered: HANGING });
    const [{ attempts }] = await sql<{ attempts: number }[]>`select max(attempts)::int as attempts from jobs where channel = 'site-check'`;
    expect(attempts).toBe(1);
    const [{ failed }] = await sql<{ failed: number }[]>`select count(*)::int as failed from site_checks where status = 'failed'`;
    expect(failed).toBe(HANGING);
  });

  test('stopping a worker puts a check it holds back in the queue, its try not counted', async () => {
    const site = slowSite();
    sites.push(site);
    for (const w of workers.splice(0)) await w.stop(500);
    const worker = startTheWorker();
    const audit = await postAudit(`${site.origin}/`);
    await until(
      'the check under way',
      () => site.requests(),
      (n) => n === 1,
    );
    await worker.stop(200);
    workers = [];
    const [check] = (await jobsOf(audit.id)).filter((j) => j.channel === 'site-check');
    expect(check).toEqual({ channel: 'site-check', state: 'queued', attempts: 0 });
  });
});
