import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import postgres from 'postgres';
import { openDatabase } from '../../db/client.ts';
import { createHomeVariants } from '../../features/ab/home-variants.ts';
import { AB_TEST_NAMES } from '../../lib/ab/definitions.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';

setDefaultTimeout(30_000);

// What several processes share through the database, tested in one process on either database: the
// rate-limit counts (RATE_LIMIT_STORE=postgres), word of A/B test changes, and the connection settings.

const SHARED = { RATE_LIMIT_STORE: 'postgres', TRUST_PROXY: '1' };

describe('RATE_LIMIT_STORE=postgres', () => {
  test('25 form posts at once from one client: exactly 10 stored, the rest 429; a minute later the client may post again', async () => {
    let now = Date.parse('2026-11-24T15:00:00Z');
    const t = await testApp({ now: () => new Date(now) }, SHARED);
    const client = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const post = () => t.postJson('/api/business-audit', validAudit(), { 'x-forwarded-for': client });
    const statuses = (await Promise.all(Array.from({ length: 25 }, post))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit')).toBe('limit=10, remaining=0, reset=60');
    // Refused posts are not counted past the limit.
    const [{ hits }] = await t.sql<{ hits: number }[]>`select hits from rate_limit_windows where rule = 'forms' and client = ${client}`;
    expect(hits).toBe(11);

    now += 30_000;
    expect((await post()).headers.get('retry-after')).toBe('30');
    now += 30_000;
    const again = await post();
    expect(again.status).toBe(201);
    expect(again.headers.get('ratelimit')).toBe('limit=10, remaining=9, reset=60');
  });

  test('an invalid post is never counted, and ended windows are deleted', async () => {
    let now = Date.parse('2026-11-25T15:00:00Z');
    const t = await testApp({ now: () => new Date(now) }, SHARED);
    const client = `198.18.0.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 12; i++) expect((await t.postJson('/api/business-audit', { firstName: 42 }, { 'x-forwarded-for': client })).status).toBe(400);
    expect(await t.sql`select 1 from rate_limit_windows where client = ${client}`).toHaveLength(0);
    expect((await t.postJson('/api/business-audit', validAudit(), { 'x-forwarded-for': client })).status).toBe(201);
    expect(await t.sql`select 1 from rate_limit_windows where client = ${client}`).toHaveLength(1);
    // The next count after a minute or more prunes every window that has ended.
    now += 10 * 60_000;
    await t.postJson('/api/business-audit', validAudit(), { 'x-forwarded-for': '198.18.1.1' });
    let left = 1;
    for (let i = 0; i < 50 && left > 0; i++) {
      await Bun.sleep(20);
      [{ left }] = await t.sql<{ left: number }[]>`select count(*)::int as left from rate_limit_windows where window_end < ${new Date(now)}`;
    }
    expect(left).toBe(0);
  });

  test('while PostgreSQL cannot be reached, each process counts for itself: the 6th story is still refused', async () => {
    // Stories need no database: only the rate limit's count goes to PostgreSQL, through a client that
    // has been closed (every query fails at once, as with a database that went away).
    const unreachable = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 1, onnotice: () => {} });
    await unreachable.end();
    const logs: LogEntry[] = [];
    const t = await testApp({ sql: unreachable, log: createLogger((e) => logs.push(e)) }, SHARED);
    const story = { title: 'Reviews', content: 'Ask on the last day of the job.' };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.postJson('/api/social-stories/generate', story, { 'x-forwarded-for': '192.0.2.200' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(logs.some((l) => l.msg === 'shared rate limits unavailable: counting in this process' && l.rule === 'stories')).toBe(true);
  });
});

describe('A/B test changes', () => {
  test('stopping or reconfiguring a test makes the process forget its remembered visitors within 2 s', async () => {
    const scratch = await scratchDatabase();
    const db = await scratch.open();
    const logs: LogEntry[] = [];
    const variants = createHomeVariants({ sql: db.sql, now: () => new Date(), log: createLogger((e) => logs.push(e)) });
    const stop = variants.watch({ listen: db.canListen });
    try {
      const visitor = { id: crypto.randomUUID(), isNew: false };
      const remembered = async () => {
        await variants.resolve(visitor, 'test');
        return variants.keyFromMemory(visitor.id);
      };
      /** Whether the visitor is forgotten within 2 s of `change`. */
      const forgottenAfter = async (change: () => Promise<unknown>) => {
        expect(await remembered()).toBeDefined();
        // The watch's first read of the tests' fingerprint, before anything changes.
        await Bun.sleep(1200);
        await change();
        const until = Date.now() + 2000;
        while (variants.keyFromMemory(visitor.id) !== undefined && Date.now() < until) await Bun.sleep(25);
        return variants.keyFromMemory(visitor.id) === undefined;
      };
      expect(
        await forgottenAfter(
          () => db.sql`update ab_test_variants set configuration = configuration || '{"formTitle":"Your free audit"}'
            where test_id = (select id from ab_tests where name = ${AB_TEST_NAMES.contactForm}) and not is_control`,
        ),
      ).toBe(true);
      expect(await forgottenAfter(() => db.sql`update ab_tests set is_active = false where name = ${AB_TEST_NAMES.hero}`)).toBe(true);
      expect((await variants.resolve(visitor, 'test')).heroTracking).toBeNull();
      const via = db.canListen ? 'notify' : 'reread';
      expect(logs.some((l) => l.msg === 'A/B tests changed: remembered variants forgotten' && l.via === via)).toBe(true);
    } finally {
      await stop();
      await scratch.drop();
    }
  });
});

describe('connections', () => {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    test('every connection carries the deadline as statement_timeout and idle_in_transaction_session_timeout; the pool holds DATABASE_POOL_MAX', async () => {
      const db = await openDatabase({ DATABASE_URL: url, DATA_DIR: '', DATABASE_POOL_MAX: 2 }, { statementTimeoutMs: 300 });
      try {
        const [settings] =
          await db.sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`;
        expect(settings).toEqual({ statement: '300ms', idle: '300ms' });
        // A query that outlives the deadline is stopped by the server, not left running.
        const error = await db.sql`select pg_sleep(3)`.catch((e) => e);
        expect(error.code).toBe('57014');
        const pids = await Promise.all(Array.from({ length: 6 }, () => db.sql<{ pid: number }[]>`select pg_backend_pid() as pid, pg_sleep(0.05)`));
        expect(new Set(pids.map(([r]) => r.pid)).size).toBeLessThanOrEqual(2);
        expect(db.canListen).toBe(true);
      } finally {
        await db.close();
      }
    });

    test('DATABASE_PGBOUNCER=true: no named prepared statements, no startup settings, no LISTEN, and a warning when the role has no timeout', async () => {
      const logs: string[] = [];
      const log = createLogger((entry) => entry.level === 'warn' && logs.push(entry.msg));
      const bouncer = await openDatabase({ DATABASE_URL: url, DATA_DIR: '', DATABASE_POOL_MAX: 1, DATABASE_PGBOUNCER: true }, { statementTimeoutMs: 300, log });
      const direct = await openDatabase({ DATABASE_URL: url, DATA_DIR: '', DATABASE_POOL_MAX: 1 });
      try {
        const prepared = async (sql: postgres.Sql) => {
          for (let i = 0; i < 3; i++) await sql`select ${i}::int as n`;
          const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from pg_prepared_statements`;
          return count;
        };
        expect(await prepared(bouncer.sql)).toBe(0);
        expect(await prepared(direct.sql)).toBeGreaterThan(0);
        expect((await bouncer.sql`select current_setting('statement_timeout') as s`)[0].s).toBe('0');
        expect(bouncer.canListen).toBe(false);
        expect(logs.some((m) => m.startsWith('statement_timeout is not set for this role behind PgBouncer'))).toBe(true);
      } finally {
        await bouncer.close();
        await direct.close();
      }
    });
  } else {
    test('the embedded database keeps its one connection whatever DATABASE_POOL_MAX says, and does not LISTEN', async () => {
      const scratch = await scratchDatabase();
      try {
        const db = await openDatabase({ DATA_DIR: scratch.env.DATA_DIR, DATABASE_POOL_MAX: 5 }, { statementTimeoutMs: 300 });
        const pids = await Promise.all(Array.from({ length: 6 }, () => db.sql<{ pid: number }[]>`select pg_backend_pid() as pid`));
        expect(new Set(pids.map(([r]) => r.pid)).size).toBe(1);
        expect(db.canListen).toBe(false);
        await db.close();
      } finally {
        await scratch.drop();
      }
    });
  }
});
