import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { claimDailyRun } from '../../db/queries/housekeeping.ts';
import { changeStatus } from '../../db/queries/leads.ts';
import { type LeadWorker, startWorker } from '../../features/leads/delivery/worker.ts';
import { startRetention } from '../../features/operations/retention/schedule.ts';
import { sweepRetention } from '../../features/operations/retention/sweep.ts';
import { loadConfig } from '../../lib/config.ts';
import { DAY_MS } from '../../lib/time/calendar.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { validIntake } from '../helpers/intake.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { countHooks } from '../helpers/lead-delivery.ts';
import { createStaff, signedIn } from '../helpers/staff.ts';

// Real databases of their own, and a real worker and webhook receiver: longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// Retention (issue 26): leads past LEAD_RETENTION_DAYS that never became clients are erased by the
// daily sweep, as staff erasure does; a won lead stays; the sweep runs once a day per deployment however
// many processes look, and each lead is erased and announced once. The clock is the test's.

const SECRET = `whsec_${Buffer.from('northline-retention-test-secret!').toString('base64')}`;
const OLD = new Date('2024-03-05T15:00:00Z');
const AFTER_RETENTION = new Date(OLD.getTime() + 730 * DAY_MS + 60_000);

type Clock = { now: Date };

async function leadMaker(db: Database, clock: Clock, webhookUrl = 'http://127.0.0.1:9/hook') {
  const t = await testApp({ sql: db.sql, now: () => clock.now }, { RATE_LIMITS: 'off', LEAD_WEBHOOK_URL: webhookUrl, LEAD_WEBHOOK_SECRET: SECRET });
  return {
    t,
    async audit({ spam = false } = {}) {
      const audit = validAudit();
      const res = await t.postJson('/api/business-audit', { ...audit, fillMs: spam ? 500 : 60_000 }, { referer: `${TEST_SITE_URL}/` });
      expect(res.status).toBe(201);
      return audit;
    },
    async intake() {
      const intake = validIntake();
      expect((await t.postJson('/api/q4-intake', { ...intake, fillMs: 60_000 })).status).toBe(201);
      return intake;
    },
  };
}

const capture = () => {
  const lines: LogEntry[] = [];
  return { lines, log: createLogger((entry) => lines.push(entry)) };
};

describe('the retention sweep', () => {
  test('erases leads past their time that were never won, keeps the rest, once a day, with a count-only log line', async () => {
    const scratch = await scratchDatabase();
    try {
      const db = await scratch.open();
      const clock = { now: OLD };
      const make = await leadMaker(db, clock);
      const stale = await make.audit();
      const spam = await make.audit({ spam: true });
      const staleIntake = await make.intake();
      const won = await make.audit();
      const wonThenLost = await make.audit();
      const staff = await createStaff(db.sql, 'retention');
      const by = { actor: { id: staff.id, email: staff.email }, now: OLD };
      expect(await changeStatus(db.sql, 'audit', won.id, 'won', undefined, by)).toBe('changed');
      expect(await changeStatus(db.sql, 'audit', wonThenLost.id, 'won', undefined, by)).toBe('changed');
      expect(await changeStatus(db.sql, 'audit', wonThenLost.id, 'lost', 'Went elsewhere', by)).toBe('changed');
      expect(await changeStatus(db.sql, 'intake', staleIntake.id, 'contacted', `Called ${staleIntake.firstName}`, by)).toBe('changed');
      clock.now = new Date(AFTER_RETENTION.getTime() - 2 * DAY_MS);
      const recent = await make.audit();

      clock.now = AFTER_RETENTION;
      const { lines, log } = capture();
      const retention = startRetention({
        sql: db.sql,
        log,
        retentionDays: 730,
        notifyReceiver: true,
        now: () => clock.now,
        firstCheckMs: 3_600_000,
        vacuum: true,
      });
      const result = await retention.runDue();
      // Vacuumed (as the embedded database's sweep is): the erased rows' old versions are freed from the data files.
      const vacuumed = await db.sql<{ relname: string }[]>`
        select relname from pg_stat_user_tables where last_vacuum is not null and relname in ('leads', 'lead_events', 'jobs', 'business_audits', 'q4_intake_applications', 'contacts')`;
      expect(vacuumed).toHaveLength(6);
      expect(result).toEqual({ leadsErased: 3, abTestsArchived: 0, abEventsDeleted: 0 });
      expect(retention.counts).toEqual({ sweeps: 1, leadsErased: 3, abTestsArchived: 0, abEventsDeleted: 0, lastSweepAt: AFTER_RETENTION });

      const state = async (id: string) => {
        const [lead] = await db.sql<{ name: string | null; erasedAt: Date | null }[]>`select name, erased_at from leads where id = ${id}`;
        return lead.erasedAt ? 'erased' : 'kept';
      };
      expect({
        stale: await state(stale.id),
        spam: await state(spam.id),
        staleIntake: await state(staleIntake.id),
        won: await state(won.id),
        wonThenLost: await state(wonThenLost.id),
        recent: await state(recent.id),
      }).toEqual({ stale: 'erased', spam: 'erased', staleIntake: 'erased', won: 'kept', wonThenLost: 'kept', recent: 'kept' });
      expect(await db.sql`select 1 from business_audits where id in ${db.sql([stale.id, spam.id])}`).toHaveLength(0);
      expect(await db.sql`select 1 from q4_intake_applications where id = ${staleIntake.id}`).toHaveLength(0);
      // Erased by retention, said so on the timeline; the receiver is told of each once.
      const [event] = await db.sql`select actor_id, actor_email, to_value from lead_events where lead_id = ${stale.id} and kind = 'erased'`;
      expect(event).toEqual({ actorId: null, actorEmail: null, toValue: 'retention' });
      const notices = await db.sql<{ leadId: string }[]>`select lead_id from jobs where channel = 'erased-webhook' order by lead_id`;
      expect(notices.map((n) => n.leadId)).toEqual([stale.id, spam.id, staleIntake.id].sort());

      // One line per sweep, with counts and nothing about whom.
      const sweepLines = lines.filter((l) => l.msg === 'retention sweep');
      expect(sweepLines).toHaveLength(1);
      expect(sweepLines[0]).toMatchObject({ leadsErased: 3, abTestsArchived: 0, abEventsDeleted: 0, retentionDays: 730 });
      const logged = JSON.stringify(lines);
      for (const value of [stale.email, stale.firstName, stale.businessName, staleIntake.workEmail, staleIntake.company, stale.id, staleIntake.id])
        expect(logged).not.toContain(value);

      // Staff see an erased lead, erased by retention.
      const { cookie } = await signedIn(make.t, staff);
      const page = await (await make.t.request(`/admin/leads/audit/${stale.id}`, { headers: { cookie } })).text();
      expect(page).toContain('Personal details erased at the end of their retention time');
      expect(page).toContain('erased automatically at the end of their retention time');
      expect(page).not.toContain(stale.email);

      // Not again the same day; again a day later, with nothing left to erase.
      clock.now = new Date(AFTER_RETENTION.getTime() + DAY_MS - 1);
      expect(await retention.runDue()).toBeNull();
      clock.now = new Date(AFTER_RETENTION.getTime() + DAY_MS);
      expect(await retention.runDue()).toEqual({ leadsErased: 0, abTestsArchived: 0, abEventsDeleted: 0 });
      expect(retention.counts.sweeps).toBe(2);
      expect(retention.counts.leadsErased).toBe(3);
      await retention.stop();
    } finally {
      await scratch.drop();
    }
  });

  test('two processes at once: one sweeps; even run side by side past the claim, each lead is erased once and announced once', async () => {
    const scratch = await scratchDatabase();
    const receiver = startWebhookReceiver(SECRET);
    let worker: LeadWorker | null = null;
    try {
      // Two connection pools are two processes' worth of PostgreSQL sessions; the embedded database is
      // one process's, so there both run in this one.
      const first = await scratch.open();
      const second = scratch.env.DATABASE_URL ? await scratch.open() : first;
      const clock = { now: OLD };
      const make = await leadMaker(first, clock, receiver.url);
      const leads = [];
      for (let i = 0; i < 24; i++) leads.push(i % 3 === 0 ? await make.intake() : await make.audit());
      clock.now = AFTER_RETENTION;
      const options = { log: capture().log, retentionDays: 730, notifyReceiver: true, now: () => clock.now, firstCheckMs: 3_600_000 };
      const a = startRetention({ ...options, sql: first.sql });
      const b = startRetention({ ...options, sql: second.sql });
      const results = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      const ran = results.filter((r) => r !== null);
      expect(new Set(ran)).toHaveLength(1);
      expect(ran[0]?.leadsErased).toBe(24);
      expect(a.counts.sweeps + b.counts.sweeps).toBe(1);
      await Promise.all([a.stop(), b.stop()]);

      // Past the claim (a sweep that outlived its day, say): two sweeps over the same due leads.
      clock.now = OLD;
      const more = [];
      for (let i = 0; i < 24; i++) more.push(await make.audit());
      clock.now = AFTER_RETENTION;
      const sweep = { now: AFTER_RETENTION, retentionDays: 730, notifyReceiver: true };
      const [x, y] = await Promise.all([sweepRetention({ ...sweep, sql: first.sql }), sweepRetention({ ...sweep, sql: second.sql })]);
      expect(x.leadsErased + y.leadsErased).toBe(24);
      const all = [...leads, ...more].map((l) => l.id);
      const erasedEvents = await first.sql<{ leadId: string; n: number }[]>`
        select lead_id, count(*)::int as n from lead_events where kind = 'erased' and lead_id in ${first.sql(all)} group by lead_id`;
      expect(erasedEvents).toHaveLength(48);
      expect(erasedEvents.every((e) => e.n === 1)).toBe(true);
      const [notices] = await first.sql`select count(*)::int as n, count(distinct lead_id)::int as leads from jobs where channel = 'erased-webhook'`;
      expect(notices).toEqual({ n: 48, leads: 48 });

      // The worker delivers: each erased lead announced once, nothing of the lead.created ones (never sent in time).
      const config = loadConfig({
        NODE_ENV: 'test',
        PUBLIC_SITE_URL: TEST_SITE_URL,
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: SECRET,
        JOB_POLL_MS: '25',
      });
      worker = startWorker({ sql: first.sql, config, log: capture().log, now: () => clock.now });
      await receiver.waitFor(48, 30_000);
      await Bun.sleep(300);
      expect(countHooks(receiver.requests)).toEqual({ delivered: 48, duplicated: 0 });
      expect(receiver.requests.every((r) => r.id.startsWith('msg_lead_erased_') && r.validSignature)).toBe(true);
      console.log(
        'retention:',
        `two sweepers on ${scratch.env.DATABASE_URL ? 'PostgreSQL (two pools)' : 'the embedded database'}: ${new Set(ran).size} of 4 looks swept; past the claim ${x.leadsErased} + ${y.leadsErased} = 24 erased; ${receiver.requests.length} erasure webhooks for 48 leads`,
      );
    } finally {
      await worker?.stop(2000);
      await receiver.stop();
      await scratch.drop();
    }
  });

  test('the daily claim: one of many at the same moment, again a day later', async () => {
    const scratch = await scratchDatabase();
    try {
      const db = await scratch.open();
      const at = new Date('2026-12-01T08:00:00Z');
      const claims = await Promise.all(Array.from({ length: 10 }, () => claimDailyRun(db.sql, 'retention', at)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimDailyRun(db.sql, 'retention', new Date(at.getTime() + DAY_MS - 1))).toBe(false);
      // Another task has its own day.
      expect(await claimDailyRun(db.sql, 'other', at)).toBe(true);
      const later = await Promise.all(Array.from({ length: 10 }, () => claimDailyRun(db.sql, 'retention', new Date(at.getTime() + DAY_MS))));
      expect(later.filter(Boolean)).toHaveLength(1);
    } finally {
      await scratch.drop();
    }
  });

  test('on its own: the first look after start, then every look, sweeping when a day has passed; nothing after stop', async () => {
    const scratch = await scratchDatabase();
    try {
      const db = await scratch.open();
      const clock = { now: new Date('2026-12-01T08:00:00Z') };
      const retention = startRetention({
        sql: db.sql,
        log: capture().log,
        retentionDays: 730,
        notifyReceiver: false,
        now: () => clock.now,
        firstCheckMs: 10,
        checkEveryMs: 20,
      });
      const until = async (check: () => boolean) => {
        for (let waited = 0; !check(); waited += 10) {
          if (waited > 10_000) throw new Error('never swept');
          await Bun.sleep(10);
        }
      };
      await until(() => retention.counts.sweeps === 1);
      await Bun.sleep(100);
      expect(retention.counts.sweeps).toBe(1);
      clock.now = new Date(clock.now.getTime() + DAY_MS);
      await until(() => retention.counts.sweeps === 2);
      await retention.stop();
      clock.now = new Date(clock.now.getTime() + DAY_MS);
      await Bun.sleep(100);
      expect(retention.counts.sweeps).toBe(2);
    } finally {
      await scratch.drop();
    }
  });
});
