import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { changeStatus } from '../../db/queries/leads.ts';
import { startWeeklyDigest, type WeeklyDigest } from '../../features/analytics/weekly-digest.ts';
import { loadConfig } from '../../lib/config.ts';
import { encodeTouch, type Touch } from '../../lib/leads/attribution.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';

// Real databases of their own, a real SMTP server and two senders at once: longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// The owner's Monday email (issue 31, lib/analytics/weekly-digest.ts): at 08:00 Toronto time on Monday,
// last week's visitors, leads, booked sessions and wins, the best and the weakest source, and the leads
// still waiting past the reply promise, to LEAD_NOTIFY_EMAIL; sent once however many processes look (two
// connection pools on PostgreSQL are two processes' worth of sessions; the embedded database is one
// process's, so there both senders share it). The clock is the test's; the visits are written as the
// counting writes them (a day's roll-up, or the day's visits while it has none).

const at = (iso: string) => new Date(iso);
const SUNDAY_2359 = at('2026-11-29T23:59:00-05:00');
const MONDAY_0759 = at('2026-11-30T07:59:00-05:00');
const MONDAY_0800 = at('2026-11-30T08:00:00-05:00');
const minutesAfter = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
const TEAM = 'owner@northlinedigital.ca, sales@northlinedigital.ca';

type Clock = { now: Date };
const clock: Clock = { now: at('2026-11-16T10:00:00-05:00') };
let scratch: ScratchDatabase;
let db: Database;
let staff: TestStaff;
/** Each lead's name, by what the test calls it. */
const names: Record<string, string> = {};

const cookieOf = (touch: Partial<Touch>) => `first_touch=${encodeURIComponent(encodeTouch({ landing: '/', at: '2026-11-01T12:00:00.000Z', ...touch }))}`;

/**
 * Last week (Monday, November 23 to Sunday, November 29, 2026) and around it:
 * - visits: Monday's rolled up (its raw visits, still kept, must not count twice), Sunday's not yet;
 *   google 103 visitors, facebook 152, direct 50, www.reddit.com 1: 306 in all, and some outside the week;
 * - leads: three from google (one won Thursday at $2,500 a month, one still new and overdue, one from
 *   Friday not yet due), a spam one from google, two direct (one contacted, one won then lost), one from
 *   Reddit won on Sunday with no retainer entered; one the Sunday before (still new: overdue), one on
 *   Monday morning, one won the week before;
 * - sessions: two booked, one cancelled, one for the spam lead and one the week before.
 */
async function scenario() {
  const t = await testApp({ sql: db.sql, now: () => clock.now }, { RATE_LIMITS: 'off' });
  staff = await createStaff(db.sql, 'owner');
  const lead = async (key: string, when: string, cookie: string, { spam = false } = {}) => {
    clock.now = at(when);
    const sent = validAudit({ firstName: key, lastName: `Tester${Object.keys(names).length}` });
    const res = await t.postJson('/api/business-audit', { ...sent, fillMs: spam ? 500 : 60_000 }, { referer: `${TEST_SITE_URL}/`, cookie });
    expect(res.status).toBe(201);
    names[key] = `${sent.firstName} ${sent.lastName}`;
    return sent.id;
  };
  const status = async (id: string, to: 'won' | 'lost' | 'contacted', when: string, wonValue: string | null = null) => {
    expect(await changeStatus(db.sql, 'audit', id, to, undefined, { actor: staff, now: at(when) })).toBe('changed');
    if (to === 'won') await db.sql`update leads set won_value = ${wonValue} where kind = 'audit' and id = ${id}`;
  };
  const booking = async (id: string, when: string, state = 'booked') => {
    const starts = new Date(at(when).getTime() + 3 * 86_400_000);
    const ends = new Date(starts.getTime() + 45 * 60_000);
    await db.sql`insert into bookings (id, lead_kind, lead_id, starts_at, ends_at, blocked_until, status, manage_token, created_at, updated_at)
      values (${crypto.randomUUID()}, 'audit', ${id}, ${starts}, ${ends}, ${ends}, ${state}, ${crypto.randomUUID()}, ${at(when)}, ${at(when)})`;
  };
  const google = cookieOf({ utm_source: 'google', utm_medium: 'cpc', gclid: 'Cj0KCQ' });

  const earlier = await lead('Earlywin', '2026-11-16T10:00:00-05:00', google);
  await status(earlier, 'won', '2026-11-22T12:00:00-05:00', '9000.00');
  const sundayBefore = await lead('Sundaybefore', '2026-11-22T22:00:00-05:00', google);
  await booking(sundayBefore, '2026-11-22T22:30:00-05:00');

  const wonGoogle = await lead('Wongoogle', '2026-11-23T10:00:00-05:00', google);
  await booking(wonGoogle, '2026-11-24T10:00:00-05:00');
  await status(wonGoogle, 'won', '2026-11-26T15:00:00-05:00', '2500.00');
  const spam = await lead('Spammer', '2026-11-23T11:00:00-05:00', google, { spam: true });
  await booking(spam, '2026-11-23T11:30:00-05:00');
  await lead('Waitinggoogle', '2026-11-24T10:00:00-05:00', google);
  const lostDirect = await lead('Lostdirect', '2026-11-24T12:00:00-05:00', '');
  await status(lostDirect, 'won', '2026-11-25T09:00:00-05:00', '700.00');
  await status(lostDirect, 'lost', '2026-11-26T09:00:00-05:00');
  const contacted = await lead('Contacted', '2026-11-25T10:00:00-05:00', '');
  await booking(contacted, '2026-11-25T12:00:00-05:00');
  await booking(contacted, '2026-11-26T12:00:00-05:00', 'cancelled');
  await status(contacted, 'contacted', '2026-11-25T11:00:00-05:00');
  const reddit = await lead('Redditor', '2026-11-26T09:00:00-05:00', cookieOf({ referrer: 'www.reddit.com' }));
  await status(reddit, 'won', '2026-11-29T12:00:00-05:00', null);
  await lead('Fridaygoogle', '2026-11-27T10:00:00-05:00', google);
  await lead('Mondaymorning', '2026-11-30T07:30:00-05:00', '');

  // Monday's visits, rolled up (per landing and device, as the roll-up keeps them), and its raw visits still kept.
  const daily = [
    ['google', 'cpc', '/', 'desktop', 60],
    ['google', 'cpc', '/services', 'mobile', 40],
    ['facebook', 'paid-social', '/', 'mobile', 150],
    ['direct', 'none', '/', 'desktop', 50],
  ] as const;
  for (const [source, medium, landing, device, visitors] of daily)
    await db.sql`insert into analytics_daily_sources (day, source, medium, landing, device, visitors, pageviews, audit_started)
      values ('2026-11-23', ${source}, ${medium}, ${landing}, ${device}, ${visitors}, ${visitors * 2}, 0)`;
  const visit = (day: string, source: string, medium: string) =>
    db.sql`insert into analytics_visits (day, visitor_key, first_at, landing, source, medium, device, pageviews)
      values (${day}, ${crypto.randomUUID()}, ${at(`${day}T15:00:00Z`)}, '/', ${source}, ${medium}, 'mobile', 1)`;
  for (let i = 0; i < 5; i++) await visit('2026-11-23', 'google', 'cpc');
  // Sunday's, not yet rolled up.
  for (const [source, medium, count] of [
    ['google', 'cpc', 3],
    ['facebook', 'paid-social', 2],
    ['www.reddit.com', 'referral', 1],
  ] as const)
    for (let i = 0; i < count; i++) await visit('2026-11-29', source, medium);
  // Outside the week: the Sunday before (rolled up) and Monday itself.
  await db.sql`insert into analytics_daily_sources (day, source, medium, landing, device, visitors, pageviews, audit_started)
    values ('2026-11-22', 'google', 'cpc', '/', 'desktop', 999, 999, 0)`;
  await visit('2026-11-30', 'facebook', 'paid-social');
}

const capture = () => {
  const lines: LogEntry[] = [];
  return { lines, log: createLogger((entry) => lines.push(entry)) };
};

/** Two senders (two pools on PostgreSQL, as two processes would have) on the one database. */
async function twoSenders(env: Record<string, string>, { timers = false } = {}) {
  const second = scratch.env.DATABASE_URL ? await scratch.open() : db;
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env });
  const logs = capture();
  // With timers, each looks every 20 ms from the start; without, the test asks each to look.
  const pace = timers ? { firstCheckMs: 0, checkEveryMs: 20 } : { firstCheckMs: 3_600_000 };
  const options = { log: logs.log, now: () => clock.now, config, ...pace };
  const senders: WeeklyDigest[] = [startWeeklyDigest({ ...options, sql: db.sql }), startWeeklyDigest({ ...options, sql: second.sql })];
  const stop = () => Promise.all(senders.map((s) => s.stop()));
  stops.push(stop);
  return { senders, logs, stop };
}

const digestRows = async () => [
  ...(await db.sql<{ week: string; state: string; attempts: number; detail: string | null }[]>`
    select week_start::text as week, state, attempts, detail from analytics_digests order by week_start`),
];

let smtp: TestSmtpServer;
const stops: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  await scenario();
});

beforeEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await smtp?.stop();
  smtp = await startSmtpServer();
  await db.sql`delete from analytics_digests`;
});

afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
  await smtp?.stop();
  await scratch?.drop();
});

describe('the weekly email', () => {
  test('nothing before Monday 08:00; from then two senders looking every 20 ms send it once, to the team, with the week’s figures', async () => {
    const { senders, stop, logs } = await twoSenders({ SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: TEAM }, { timers: true });
    for (const when of [SUNDAY_2359, MONDAY_0759]) {
      clock.now = when;
      expect(await Promise.all(senders.map((s) => s.runDue()))).toEqual([null, null]);
      await Bun.sleep(200);
    }
    expect(smtp.received).toHaveLength(0);
    expect(await digestRows()).toHaveLength(0);

    clock.now = MONDAY_0800;
    await smtp.waitFor(1);
    // Both keep looking, through Monday and Tuesday: nothing more.
    await Bun.sleep(500);
    clock.now = at('2026-12-01T17:00:00-05:00');
    await Bun.sleep(500);
    await stop();
    expect(smtp.received).toHaveLength(1);
    expect(await digestRows()).toEqual([{ week: '2026-11-23', state: 'sent', attempts: 1, detail: expect.stringContaining('queued') }]);

    const [mail] = smtp.received;
    expect(mail.to.sort()).toEqual(['owner@northlinedigital.ca', 'sales@northlinedigital.ca']);
    expect(mail.parsed.subject).toBe('Your website last week: 306 visitors, 6 leads, 2 booked, 2 won');
    expect(mail.parsed.messageId).toMatch(/^<weekly-digest\.2026-11-23@/);
    const text = mail.parsed.text ?? '';
    for (const line of [
      'Monday, November 23 to Sunday, November 29 (Toronto time)',
      'Visitors: 306',
      'New leads: 6 (2.0% of visitors)',
      'Sessions booked: 2',
      'Clients won: 2, worth $2,500 a month (1 without a retainer entered)',
      'Best source: google brought 3 leads from 103 visitors (2.9%).',
      'Weakest source: facebook brought no leads from 152 visitors.',
      '2 leads are still waiting for a reply, past the 2-business-day promise',
      `${TEST_SITE_URL}/admin/leads?overdue=1`,
      `${TEST_SITE_URL}/admin/analytics?from=2026-11-23&to=2026-11-29`,
    ])
      expect(text).toContain(line);
    // The longest waiting first: the Sunday before's lead, then Tuesday's; nobody answered, won, spam or not yet due.
    expect(text.indexOf(names.Sundaybefore)).toBeGreaterThan(-1);
    expect(text.indexOf(names.Sundaybefore)).toBeLessThan(text.indexOf(names.Waitinggoogle));
    for (const key of ['Wongoogle', 'Spammer', 'Lostdirect', 'Contacted', 'Redditor', 'Fridaygoogle', 'Mondaymorning', 'Earlywin'])
      expect(text, key).not.toContain(names[key]);
    expect(String(mail.parsed.html)).toContain(`href="${TEST_SITE_URL}/admin/analytics?from=2026-11-23&amp;to=2026-11-29"`);
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');

    // One line, with counts and nobody's name or address.
    const sent = logs.lines.filter((l) => l.msg === 'weekly digest sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ week: '2026-11-23', visitors: 306, leads: 6, booked: 2, won: 2, waiting: 2 });
    const logged = JSON.stringify(logs.lines);
    for (const value of [...Object.values(names), 'owner@northlinedigital.ca']) expect(logged).not.toContain(value);
    console.log(
      'weekly digest:',
      `two senders on ${scratch.env.DATABASE_URL ? 'PostgreSQL (two pools)' : 'the embedded database'}: ${smtp.received.length} email for ${mail.to.length} recipients`,
    );
  });

  test('two senders looking at the same moment: one sends, the other finds the week taken', async () => {
    const { senders } = await twoSenders({ SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: TEAM });
    clock.now = minutesAfter(MONDAY_0800, 1);
    // Each asked twice at once: a second ask joins the look under way, never starts another.
    const runs = await Promise.all([...senders, ...senders].map((s) => s.runDue()));
    expect(runs[2]).toBe(runs[0]);
    expect(runs[3]).toBe(runs[1]);
    expect([runs[0]?.outcome, runs[1]?.outcome].sort()).toEqual(['not-mine', 'sent']);
    expect(smtp.received).toHaveLength(1);
  });

  test('a temporary refusal (greylisting 451) is tried again 5 minutes later and delivered once; a claim left by a process that died is taken after 10 minutes', async () => {
    const { senders, logs } = await twoSenders({ SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: TEAM });
    const [a, b] = senders;
    smtp.setMode('greylist');
    clock.now = MONDAY_0800;
    expect((await Promise.all([a.runDue(), b.runDue()])).map((r) => r?.outcome).sort()).toEqual(['failed', 'not-mine']);
    expect(await digestRows()).toEqual([{ week: '2026-11-23', state: 'failed', attempts: 1, detail: expect.stringContaining('451') }]);
    expect(logs.lines.filter((l) => l.msg === 'weekly digest failed, will retry')).toHaveLength(1);
    clock.now = minutesAfter(MONDAY_0800, 4);
    expect((await Promise.all([a.runDue(), b.runDue()])).map((r) => r?.outcome)).toEqual(['not-mine', 'not-mine']);
    // Greylisted once per recipient: the first retry meets the second address's greylisting, the next goes through.
    for (const minutes of [5, 10, 15, 20]) {
      clock.now = minutesAfter(MONDAY_0800, minutes);
      await Promise.all([b.runDue(), a.runDue()]);
    }
    expect(smtp.received).toHaveLength(1);
    expect((await digestRows())[0]).toMatchObject({ state: 'sent' });

    // The next Monday's claim was taken by a process that then died (kill -9): left 'sending'.
    const nextMonday = at('2026-12-07T08:00:00-05:00');
    await db.sql`insert into analytics_digests (week_start, state, attempts, claimed_at) values ('2026-11-30', 'sending', 1, ${nextMonday})`;
    smtp.setMode('accept');
    clock.now = minutesAfter(nextMonday, 9);
    expect((await Promise.all([a.runDue(), b.runDue()])).map((r) => r?.outcome)).toEqual(['not-mine', 'not-mine']);
    clock.now = minutesAfter(nextMonday, 10);
    expect((await Promise.all([a.runDue(), b.runDue()])).map((r) => r?.outcome).sort()).toEqual(['not-mine', 'sent']);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1].parsed.subject).toStartWith('Your website last week: 1 visitor, 1 lead, 0 booked, 0 won');
    expect((await digestRows()).map((r) => [r.week, r.state, r.attempts])).toEqual([
      ['2026-11-23', 'sent', expect.any(Number)],
      ['2026-11-30', 'sent', 2],
    ]);
  });

  test('without LEAD_NOTIFY_EMAIL, or without SMTP_URL, nothing is sent: one log line with counts, recorded with the reason, not tried again', async () => {
    const noTeam = await twoSenders({ SMTP_URL: smtp.url });
    clock.now = MONDAY_0800;
    await Promise.all(noTeam.senders.map((s) => s.runDue()));
    clock.now = minutesAfter(MONDAY_0800, 30);
    await Promise.all(noTeam.senders.map((s) => s.runDue()));
    expect(smtp.received).toHaveLength(0);
    expect(noTeam.logs.lines.filter((l) => l.msg === 'weekly digest not sent: LEAD_NOTIFY_EMAIL is not set')).toHaveLength(1);
    expect(await digestRows()).toEqual([{ week: '2026-11-23', state: 'failed', attempts: 5, detail: 'Not sent: LEAD_NOTIFY_EMAIL is not set' }]);
    await noTeam.stop();

    await db.sql`delete from analytics_digests`;
    const noSmtp = await twoSenders({ LEAD_NOTIFY_EMAIL: TEAM });
    await Promise.all(noSmtp.senders.map((s) => s.runDue()));
    const lines = noSmtp.logs.lines.filter((l) => l.msg === 'weekly digest not sent: SMTP_URL is not set');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ visitors: 306, leads: 6, waiting: 2 });
    expect(await digestRows()).toEqual([{ week: '2026-11-23', state: 'failed', attempts: 5, detail: 'Not sent: SMTP_URL is not set' }]);
    const logged = JSON.stringify([...noTeam.logs.lines, ...noSmtp.logs.lines]);
    for (const value of Object.values(names)) expect(logged).not.toContain(value);
  });
});
