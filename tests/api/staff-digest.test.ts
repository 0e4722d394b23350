import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { changeOwner, changeStatus } from '../../db/queries/leads.ts';
import { setNextAction } from '../../db/queries/people.ts';
import { type StaffDigests, startStaffDigests } from '../../features/people/digest.ts';
import { loadConfig } from '../../lib/config.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';

// Real databases of their own, a real SMTP server and two senders at once: longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// The staff's morning email (issue 30): at 08:00 Toronto time on a business day each staff member with
// something due or overdue gets one email, overdue first, with the people nobody owns yet; sent once
// however many processes look (two connection pools on PostgreSQL are two processes' worth of
// sessions; the embedded database is one process's, so there both senders share it). The clock is the test's.

const at = (iso: string) => new Date(iso);
const WEDNESDAY = at('2026-11-25T10:00:00-05:00');
const FRIDAY = at('2026-11-27T10:00:00-05:00');
const SATURDAY = at('2026-11-28T09:00:00-05:00');
const CHRISTMAS = at('2026-12-25T09:00:00-05:00');
const MONDAY_0759 = at('2026-11-30T07:59:00-05:00');
const MONDAY_0800 = at('2026-11-30T08:00:00-05:00');
const minutesAfter = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

type Clock = { now: Date };
type Lead = { id: string; name: string; business: string; personId: string };

const capture = () => {
  const lines: LogEntry[] = [];
  return { lines, log: createLogger((entry) => lines.push(entry)) };
};

/**
 * Three staff members and their leads, on a database of the test's own:
 * - Maya owns an audit from Wednesday (reply due Friday 18:00: overdue), one from Friday whose next action
 *   is Monday 07:00 (overdue by the morning) and one from Friday due Monday 14:00, plus a won lead and a
 *   spam lead that are due but closed or spam;
 * - Jon owns one from Wednesday (overdue);
 * - Ines owns one from Friday, due Tuesday: nothing due Monday;
 * - nobody owns one from Wednesday (overdue, not yet assigned).
 */
async function scenario(db: Database, clock: Clock) {
  const t = await testApp({ sql: db.sql, now: () => clock.now }, { RATE_LIMITS: 'off' });
  // Maya is the owner (she hands out the leads nobody owns); Jon and Ines are staff.
  const [maya, jon, ines] = [await createStaff(db.sql, 'maya'), await createStaff(db.sql, 'jon', 'staff'), await createStaff(db.sql, 'ines', 'staff')];
  const audit = async (firstName: string, lastName: string, owner: TestStaff | null, { spam = false } = {}): Promise<Lead> => {
    const sent = validAudit({ firstName, lastName });
    const res = await t.postJson('/api/business-audit', { ...sent, fillMs: spam ? 500 : 60_000 }, { referer: `${TEST_SITE_URL}/` });
    expect(res.status).toBe(201);
    if (owner) expect(await changeOwner(db.sql, 'audit', sent.id, owner.id, { actor: owner, now: clock.now })).toBe('changed');
    const [lead] = await db.sql<{ personId: string }[]>`select person_id from leads where kind = 'audit' and id = ${sent.id}`;
    return { id: sent.id, name: `${firstName} ${lastName}`, business: sent.businessName, personId: lead.personId };
  };
  clock.now = WEDNESDAY;
  const mayaOverdue = await audit('Raj', 'Patel', maya);
  const jonOverdue = await audit('Mo', 'Haddad', jon);
  const nobodys = await audit('Sam', 'Roy', null);
  const won = await audit('Wendy', 'Wong', maya);
  expect(await changeStatus(db.sql, 'audit', won.id, 'won', undefined, { actor: maya, now: clock.now })).toBe('changed');
  const spam = await audit('Spencer', 'Pam', maya, { spam: true });
  clock.now = FRIDAY;
  const mayaEarly = await audit('Ana', 'Silva', maya);
  const mayaToday = await audit('Lee', 'Chen', maya);
  const inesTomorrow = await audit('Ida', 'Berg', ines);
  const change = { actor: maya, now: FRIDAY };
  expect(await setNextAction(db.sql, mayaEarly.personId, { due: at('2026-11-30T07:00:00-05:00'), what: 'Call again: we left a voicemail' }, change)).toBe(
    'changed',
  );
  expect(await setNextAction(db.sql, mayaToday.personId, { due: at('2026-11-30T14:00:00-05:00'), what: 'Send the proposal' }, change)).toBe('changed');
  return { staff: { maya, jon, ines }, leads: { mayaOverdue, mayaEarly, mayaToday, jonOverdue, nobodys, won, spam, inesTomorrow } };
}

const digestRows = async (db: Database) => [
  ...(await db.sql<{ email: string; state: string; attempts: number; detail: string | null }[]>`
    select u.username as email, d.state, d.attempts, d.detail from staff_digests d join users u on u.id = d.user_id order by u.username`),
];

const to = (mail: ReceivedMail) => mail.to.join(',');

/** Two senders (two pools on PostgreSQL, as two processes would have) on one database; null: without SMTP_URL. */
async function twoSenders(scratch: ScratchDatabase, first: Database, clock: Clock, smtp: TestSmtpServer | null, timers = false) {
  const second = scratch.env.DATABASE_URL ? await scratch.open() : first;
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...(smtp ? { SMTP_URL: smtp.url } : {}) });
  const logs = capture();
  // With timers, each looks every 20 ms from the start; without, the test asks each to look.
  const pace = timers ? { firstCheckMs: 0, checkEveryMs: 20 } : { firstCheckMs: 3_600_000 };
  const options = { log: logs.log, now: () => clock.now, config, ...pace };
  const senders: StaffDigests[] = [startStaffDigests({ ...options, sql: first.sql }), startStaffDigests({ ...options, sql: second.sql })];
  return { senders, logs, stop: () => Promise.all(senders.map((s) => s.stop())) };
}

type Context = Awaited<ReturnType<typeof scenario>> & {
  scratch: ScratchDatabase;
  db: Database;
  clock: Clock;
  smtp: TestSmtpServer;
  /** Two senders, stopped when the test ends (or before, by the test). */
  senders(smtp: TestSmtpServer | null, timers?: boolean): ReturnType<typeof twoSenders>;
};

/** The scenario on a scratch database with a real SMTP server; everything stopped and dropped afterwards. */
async function withScenario(body: (context: Context) => Promise<void>) {
  const scratch = await scratchDatabase();
  const smtp = await startSmtpServer();
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const db = await scratch.open();
    const clock = { now: WEDNESDAY };
    const made = await scenario(db, clock);
    await body({
      ...made,
      scratch,
      db,
      clock,
      smtp,
      async senders(server, timers) {
        const two = await twoSenders(scratch, db, clock, server, timers);
        stops.push(two.stop);
        return two;
      },
    });
  } finally {
    for (const stop of stops) await stop();
    await smtp.stop();
    await scratch.drop();
  }
}

describe('the staff’s morning email', () => {
  test('07:59, a Saturday and Christmas send nothing; at 08:00 two senders looking every 20 ms send each staff member with something due exactly one email, overdue first', async () => {
    await withScenario(async ({ scratch, db, clock, smtp, senders: start, staff, leads }) => {
      const senders = await start(smtp, true);

      for (const when of [SATURDAY, CHRISTMAS, MONDAY_0759]) {
        clock.now = when;
        expect(await Promise.all(senders.senders.map((s) => s.runDue()))).toEqual([null, null]);
        await Bun.sleep(200);
      }
      expect(smtp.received).toHaveLength(0);
      expect(await digestRows(db)).toHaveLength(0);

      clock.now = MONDAY_0800;
      await smtp.waitFor(2);
      // Both keep looking, minute after minute: nothing more.
      await Bun.sleep(500);
      clock.now = minutesAfter(MONDAY_0800, 30);
      await Bun.sleep(500);
      await senders.stop();
      expect(smtp.received.map(to).sort()).toEqual([staff.jon.email, staff.maya.email].sort());
      expect(await digestRows(db)).toEqual(
        [
          { email: staff.maya.email, state: 'sent', attempts: 1, detail: expect.stringContaining('queued') },
          { email: staff.jon.email, state: 'sent', attempts: 1, detail: expect.stringContaining('queued') },
          { email: staff.ines.email, state: 'skipped', attempts: 1, detail: 'Nothing of theirs due or overdue (1 not yet assigned)' },
        ].sort((a, b) => a.email.localeCompare(b.email)),
      );

      // Maya's: her two overdue (the longest waiting first), then today's, then the one nobody owns; nothing closed, spam or anyone else's.
      const mail = smtp.received.find((m) => to(m) === staff.maya.email);
      if (!mail) throw new Error('no email for Maya');
      expect(mail.parsed.subject).toBe('Your follow-ups for Monday, November 30: 1 due, 2 overdue, 1 not yet assigned');
      const text = mail.parsed.text ?? '';
      const order = [
        'Overdue',
        `${leads.mayaOverdue.name}, ${leads.mayaOverdue.business}`,
        'Overdue by 2 days',
        leads.mayaEarly.name,
        'Overdue by 1 h',
        'Due today',
        leads.mayaToday.name,
        'Due today, 14:00',
        'Send the proposal',
        'Not yet assigned',
        leads.nobodys.name,
      ].map((s) => text.indexOf(s));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      for (const lead of [leads.mayaOverdue, leads.mayaEarly, leads.mayaToday, leads.nobodys])
        expect(text).toContain(`${TEST_SITE_URL}/admin/people/${lead.personId}`);
      for (const lead of [leads.won, leads.spam, leads.jonOverdue, leads.inesTomorrow]) expect(text).not.toContain(lead.name);
      const html = String(mail.parsed.html);
      expect(html).toContain(`href="${TEST_SITE_URL}/admin/people/${leads.mayaOverdue.personId}"`);
      expect(html.indexOf(leads.mayaOverdue.name)).toBeLessThan(html.indexOf(leads.mayaToday.name));
      expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');

      const jons = smtp.received.find((m) => to(m) === staff.jon.email);
      expect(jons?.parsed.subject).toBe('Your follow-ups for Monday, November 30: 1 overdue, 1 not yet assigned');
      expect(jons?.parsed.text).toContain(leads.jonOverdue.name);
      expect(jons?.parsed.text).not.toContain(leads.mayaOverdue.name);

      // One line per staff member, with counts and nobody's name or address.
      const logged = JSON.stringify(senders.logs.lines);
      expect(senders.logs.lines.filter((l) => l.msg === 'staff digest sent')).toHaveLength(2);
      for (const value of [staff.maya.email, staff.jon.email, ...Object.values(leads).flatMap((l) => [l.name, l.business])])
        expect(logged).not.toContain(value);
      console.log(
        'staff digest:',
        `two senders on ${scratch.env.DATABASE_URL ? 'PostgreSQL (two pools)' : 'the embedded database'}: ${smtp.received.length} emails for 3 staff (1 with nothing due)`,
      );
    });
  });

  test('an owner with nothing of their own due still gets the people nobody owns, to hand them out; staff with nothing due get nothing', async () => {
    await withScenario(async ({ db, clock, smtp, senders: start, staff, leads }) => {
      // Olga owns the agency and no lead: only the person nobody owns is due on Monday for her.
      const olga = await createStaff(db.sql, 'olga', 'owner');
      const { senders } = await start(smtp);
      clock.now = MONDAY_0800;
      await Promise.all(senders.map((s) => s.runDue()));
      const rows = await digestRows(db);
      expect(rows.find((r) => r.email === olga.email)).toMatchObject({ state: 'sent', attempts: 1 });
      expect(rows.find((r) => r.email === staff.ines.email)).toMatchObject({
        state: 'skipped',
        detail: 'Nothing of theirs due or overdue (1 not yet assigned)',
      });
      expect(smtp.received.map(to).sort()).toEqual([olga.email, staff.jon.email, staff.maya.email].sort());
      const mail = smtp.received.find((m) => to(m) === olga.email);
      expect(mail?.parsed.subject).toBe('Your follow-ups for Monday, November 30: 1 not yet assigned');
      const text = mail?.parsed.text ?? '';
      expect(text).toContain('Nothing of yours is due today, but 1 person nobody owns yet is: give each to someone so they are not left waiting.');
      expect(text).toContain(`${TEST_SITE_URL}/admin/people/${leads.nobodys.personId}`);
      for (const lead of [leads.mayaOverdue, leads.mayaToday, leads.jonOverdue, leads.inesTomorrow]) expect(text).not.toContain(lead.name);
    });
  });

  test('a temporary refusal (greylisting 451) is tried again 5 minutes later and delivered once; a claim left by a process that died is taken after 10 minutes', async () => {
    await withScenario(async ({ db, clock, smtp, senders: start, staff }) => {
      const { senders, logs } = await start(smtp);
      const [a, b] = senders;
      // Jon's was claimed at 08:00 by a process that then died (kill -9): left 'sending'.
      await db.sql`insert into staff_digests (user_id, day, state, attempts, claimed_at) values (${staff.jon.id}, '2026-11-30', 'sending', 1, ${MONDAY_0800})`;
      smtp.setMode('greylist');

      clock.now = MONDAY_0800;
      // Between them, one claim each: Maya's refused, Ines's skipped (nothing due), Jon's not theirs to take yet.
      const runs = await Promise.all([a.runDue(), b.runDue()]);
      expect(
        runs.reduce((sum, r) => ({ sent: sum.sent + (r?.sent ?? 0), skipped: sum.skipped + (r?.skipped ?? 0), failed: sum.failed + (r?.failed ?? 0) }), {
          sent: 0,
          skipped: 0,
          failed: 0,
        }),
      ).toEqual({ sent: 0, skipped: 1, failed: 1 });
      const state = async (who: TestStaff) => (await digestRows(db)).find((r) => r.email === who.email);
      expect(await state(staff.maya)).toMatchObject({ state: 'failed', attempts: 1, detail: expect.stringContaining('451') });
      expect(await state(staff.jon)).toMatchObject({ state: 'sending', attempts: 1 });
      expect(logs.lines.filter((l) => l.msg === 'staff digest failed, will retry')).toHaveLength(1);

      // Not yet: the retry waits 5 minutes, the dead claim 10.
      clock.now = minutesAfter(MONDAY_0800, 4);
      expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([
        { day: '2026-11-30', sent: 0, skipped: 0, failed: 0 },
        { day: '2026-11-30', sent: 0, skipped: 0, failed: 0 },
      ]);
      clock.now = minutesAfter(MONDAY_0800, 5);
      await Promise.all([a.runDue(), b.runDue()]);
      expect(await state(staff.maya)).toMatchObject({ state: 'sent', attempts: 2 });
      expect(await state(staff.jon)).toMatchObject({ state: 'sending', attempts: 1 });
      expect(smtp.received.map(to)).toEqual([staff.maya.email]);

      // Ten minutes on, Jon's is taken again (greylisted at its first real try, then through).
      clock.now = minutesAfter(MONDAY_0800, 10);
      await Promise.all([b.runDue(), a.runDue()]);
      expect(await state(staff.jon)).toMatchObject({ state: 'failed', attempts: 2 });
      clock.now = minutesAfter(MONDAY_0800, 15);
      await Promise.all([b.runDue(), a.runDue()]);
      clock.now = minutesAfter(MONDAY_0800, 40);
      await Promise.all([b.runDue(), a.runDue()]);
      expect(await state(staff.jon)).toMatchObject({ state: 'sent', attempts: 3 });
      expect(await state(staff.ines)).toMatchObject({ state: 'skipped', attempts: 1 });
      expect(smtp.received.map(to).sort()).toEqual([staff.jon.email, staff.maya.email].sort());
      expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(2);
    });
  });

  test('a mailbox that does not exist (550) is not tried again; without SMTP_URL one log line per staff member, nothing personal, recorded as skipped', async () => {
    await withScenario(async ({ db, clock, smtp, senders: start, staff, leads }) => {
      const refused = await start(smtp);
      smtp.setMode('no-such-mailbox');
      clock.now = MONDAY_0800;
      await Promise.all(refused.senders.map((s) => s.runDue()));
      smtp.setMode('accept');
      for (const minutes of [5, 10, 30]) {
        clock.now = minutesAfter(MONDAY_0800, minutes);
        await Promise.all(refused.senders.map((s) => s.runDue()));
      }
      expect(smtp.received).toHaveLength(0);
      const rows = await digestRows(db);
      expect(rows.find((r) => r.email === staff.maya.email)).toMatchObject({ state: 'failed', attempts: 5, detail: expect.stringContaining('550') });
      expect(refused.logs.lines.filter((l) => l.msg === 'staff digest failed for good')).toHaveLength(2);
      await refused.stop();

      // The next business day, without SMTP_URL.
      clock.now = at('2026-12-01T08:00:00-05:00');
      const unsent = await start(null);
      await Promise.all(unsent.senders.map((s) => s.runDue()));
      const lines = unsent.logs.lines.filter((l) => l.msg === 'staff digest not sent: SMTP_URL is not set');
      // Ines's lead is due today (Tuesday 18:00) now.
      expect(lines.map((l) => l.user).sort()).toEqual([staff.maya.id, staff.jon.id, staff.ines.id].sort());
      const logged = JSON.stringify(unsent.logs.lines);
      for (const value of [staff.maya.email, staff.jon.email, staff.ines.email, ...Object.values(leads).flatMap((l) => [l.name, l.business])])
        expect(logged).not.toContain(value);
      const tuesday = await db.sql<{ state: string; detail: string }[]>`select state, detail from staff_digests where day = '2026-12-01'`;
      expect(tuesday).toHaveLength(3);
      expect(tuesday.every((r) => r.state === 'skipped' && r.detail === 'SMTP_URL is not set')).toBe(true);
    });
  });
});
