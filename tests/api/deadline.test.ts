import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import postgres, { type Sql } from 'postgres';
import { type Database, openDatabase } from '../../db/client.ts';
import { DatabaseUnavailable } from '../../db/errors.ts';
import { readFeedSource } from '../../features/feed/feed-reader.ts';
import { createOpenAIWriter } from '../../features/stories/openai-writer.ts';
import { databaseWork, withDatabaseDeadline, withDeadline } from '../../server/deadline.ts';
import { createLogger } from '../../server/log.ts';
import { startFakeFeedServer } from '../fixtures/fake-feed-server.ts';
import { startFakeOpenAI } from '../fixtures/fake-openai-server.ts';
import { testDatabase } from '../helpers/db.ts';
import { freshDataDir } from '../helpers/template-db.ts';

setDefaultTimeout(60_000);

// Work past its deadline is cancelled, not abandoned: once withDatabaseDeadline has answered
// DatabaseUnavailable, the statement it has running is stopped on the database, its further queries are
// refused and its transaction rolls back, on the real test database (PGlite, or PostgreSQL with
// DATABASE_URL); a feed or a model that does not answer in time has its connection closed.

const unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', collect);

let db: Database;
/** One connection, as the embedded database has, so work can be made to wait for it. */
let one: Sql;
let endOne = async () => {};
/**
 * One connection whose statements are bounded as the server's are. On PostgreSQL it has no
 * statement_timeout: only the deadline's cancel can stop a statement. On the embedded database the
 * server gives the database its deadline as the statement limit (db/statement-watchdog.ts), as here.
 */
let bounded: Sql;
let endBounded = async () => {};
const BOUNDED_DEADLINE_MS = 200;
const table = 'deadline_test_rows';

beforeAll(async () => {
  db = await testDatabase();
  await db.sql.unsafe(`create table if not exists ${table} (id text primary key)`);
  if (process.env.DATABASE_URL) {
    one = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    endOne = () => one.end({ timeout: 5 });
    bounded = one;
  } else {
    one = db.sql;
    const limited = await openDatabase({ DATA_DIR: await freshDataDir() }, { statementTimeoutMs: BOUNDED_DEADLINE_MS });
    bounded = limited.sql;
    endBounded = limited.close;
  }
});

afterAll(async () => {
  process.off('unhandledRejection', collect);
  await endOne();
  await endBounded();
});

const stored = async (...ids: string[]) => (await db.sql<{ id: string }[]>`select id from ${db.sql(table)} where id = any(${ids})`).map((r) => r.id);
const settle = () => Bun.sleep(400);

test('a transaction that keeps querying after its deadline is refused its next query and rolls back: nothing of it is stored', async () => {
  const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
  let refusal: unknown;
  let began = false;
  const answered = withDatabaseDeadline(
    db.sql,
    (sql) =>
      sql.begin(async (tx) => {
        began = true;
        await tx`insert into ${tx(table)} (id) values (${first})`;
        await Bun.sleep(500);
        try {
          await tx`insert into ${tx(table)} (id) values (${second})`;
        } catch (error) {
          refusal = error;
          throw error;
        }
      }),
    250,
  );
  await expect(answered).rejects.toBeInstanceOf(DatabaseUnavailable);
  await Bun.sleep(700);
  // (On a machine too busy to begin the transaction within 250 ms, it is refused from its start.)
  if (began) expect((refusal as DOMException)?.name).toBe('TimeoutError');
  expect(await stored(first, second)).toEqual([]);
  // The connection serves on.
  expect((await db.sql`select 1 as n`)[0].n).toBe(1);
});

test('a transaction whose last query answers after the deadline rolls back instead of committing', async () => {
  const id = crypto.randomUUID();
  const answered = withDatabaseDeadline(
    db.sql,
    (sql) =>
      sql.begin(async (tx) => {
        await tx`insert into ${tx(table)} (id) values (${id})`;
        await Bun.sleep(250);
        return 'finished';
      }),
    100,
  );
  await expect(answered).rejects.toBeInstanceOf(DatabaseUnavailable);
  await settle();
  expect(await stored(id)).toEqual([]);
});

test('work that waited past its deadline for the connection never runs its transaction', async () => {
  const id = crypto.randomUUID();
  // Another transaction holds the one connection for 400 ms.
  const holder = one.begin(async (tx) => {
    await tx`select 1`;
    await Bun.sleep(400);
  });
  await Bun.sleep(20);
  let ran = false;
  const answered = withDatabaseDeadline(
    one,
    (sql) =>
      sql.begin(async (tx) => {
        ran = true;
        await tx`insert into ${tx(table)} (id) values (${id})`;
      }),
    100,
  );
  await expect(answered).rejects.toBeInstanceOf(DatabaseUnavailable);
  await holder;
  await settle();
  expect(ran).toBe(false);
  expect(await stored(id)).toEqual([]);
});

test('a plain query started after the deadline is refused before it reaches the database', async () => {
  let outcome = '';
  const answered = withDatabaseDeadline(
    db.sql,
    async (sql) => {
      await Bun.sleep(200);
      try {
        await sql`select 1`;
        outcome = 'ran';
      } catch (error) {
        outcome = (error as Error).name;
      }
    },
    100,
  );
  await expect(answered).rejects.toBeInstanceOf(DatabaseUnavailable);
  await Bun.sleep(250);
  expect(outcome).toBe('TimeoutError');
});

test('withDeadline() gives work given as a function a signal that aborts when the time is up; a promise is only raced', async () => {
  let signal: AbortSignal | undefined;
  const late = await withDeadline(
    50,
    (s) => {
      signal = s;
      return Bun.sleep(200).then(() => 'work');
    },
    { onExpiry: () => 'expired' },
  );
  expect(late).toBe('expired');
  expect(signal?.aborted).toBe(true);
  expect((signal?.reason as DOMException | undefined)?.name).toBe('TimeoutError');
  expect(await withDeadline(50, Promise.resolve('work'), { onExpiry: () => 'expired' })).toBe('work');
  // Without onExpiry, the expiry is the TimeoutError itself.
  await expect(withDeadline(50, Bun.sleep(200))).rejects.toMatchObject({ name: 'TimeoutError' });
});

test('withDeadline(): another signal (a shutdown) stops the work too, and the answer is its reason, not the expiry', async () => {
  const shutdown = new AbortController();
  let signal: AbortSignal | undefined;
  const running = withDeadline(
    10_000,
    (s) => {
      signal = s;
      return new Promise<string>(() => {});
    },
    { signal: shutdown.signal, onExpiry: () => 'expired' },
  );
  shutdown.abort(new Error('shutting down'));
  await expect(running).rejects.toThrow('shutting down');
  expect(signal?.aborted).toBe(true);
  // Already aborted: the work is not started.
  let started = false;
  await expect(
    withDeadline(
      10_000,
      async () => {
        started = true;
      },
      { signal: shutdown.signal },
    ),
  ).rejects.toThrow('shutting down');
  expect(started).toBe(false);
});

/** Waits (up to 3 s) until `done()`; true if it came. */
const eventually = async (done: () => boolean) => {
  for (let waited = 0; waited < 3000 && !done(); waited += 20) await Bun.sleep(20);
  return done();
};

const statements = [
  ['a sleep', 'select pg_sleep(5)'],
  ['a heavy count', 'select count(*) from generate_series(1, 100000000)'],
] as const;

for (const [kind, statement] of statements) {
  test(`${kind} past its deadline is stopped on the database: the connection answers the next query at once`, async () => {
    const started = performance.now();
    await expect(withDatabaseDeadline(bounded, (sql) => sql.unsafe(statement), BOUNDED_DEADLINE_MS)).rejects.toBeInstanceOf(DatabaseUnavailable);
    // (On the embedded database nothing else runs while a statement does: the answer comes when it is stopped.)
    expect(performance.now() - started).toBeLessThan(BOUNDED_DEADLINE_MS + 1500);
    const next = performance.now();
    expect((await bounded`select 1 as n`)[0].n).toBe(1);
    // Left running, the statement would hold the one connection for seconds (the sleep 5 s, the count longer).
    expect(performance.now() - next).toBeLessThan(1000);
    if (process.env.DATABASE_URL) {
      const [{ running }] = await db.sql<{ running: number }[]>`
        select count(*)::int as running from pg_stat_activity where state = 'active' and query = ${statement}`;
      expect(running).toBe(0);
    }
  });
}

test('a statement within the limit is not stopped', async () => {
  const answered = await withDatabaseDeadline(bounded, (sql) => sql<{ n: number }[]>`select 1 as n from pg_sleep(0.05)`, 2000);
  expect(answered[0].n).toBe(1);
  expect((await bounded`select count(*)::int as n from generate_series(1, 1000)`)[0].n).toBe(1000);
});

test('a story request past its deadline aborts the call to the model: the model server sees the connection closed', async () => {
  const llm = startFakeOpenAI();
  try {
    // The writer's own budget (25 s) is far off: only the request's deadline can end the call this soon.
    const writer = createOpenAIWriter({ apiKey: 'test-key', baseURL: llm.baseURL, model: 'fake-model', log: createLogger(() => {}) });
    const input = { title: 'Five Reviews a Month', content: 'Ask every happy client for a review on the last day of the job.', link: '' };
    // A first story loads the SDK, so that the call below is on the wire well before its deadline.
    expect((await writer.writeAll(input)).writer).toBe('openai');
    llm.setMode('hang');
    const answer = await withDeadline(500, (signal) => writer.writeAll(input, signal), { onExpiry: () => 'expired' as const });
    expect(answer).toBe('expired');
    expect(llm.requests.length).toBe(2);
    expect(await eventually(() => llm.hangUps() === 1)).toBe(true);
  } finally {
    llm.stop();
  }
});

test('a feed past its deadline is aborted: the feed server sees the connection closed', async () => {
  const feed = startFakeFeedServer();
  try {
    const started = performance.now();
    await expect(readFeedSource(`${feed.url}/held.xml`, { timeoutMs: 500 })).rejects.toThrow('Feed took longer than 500 ms');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(feed.hits.get('/held.xml')).toBe(1);
    expect(await eventually(() => feed.hangUps.get('/held.xml') === 1)).toBe(true);
  } finally {
    feed.releaseHeld();
    feed.stop();
  }
});

test('the counts /metrics reports: operations in flight return to zero once abandoned work winds down, and each expiry is counted', async () => {
  await settle();
  const before = { ...databaseWork };
  const answered = withDatabaseDeadline(db.sql, (sql) => Bun.sleep(150).then(() => sql`select 1`), 50);
  expect(databaseWork.inFlight).toBe(before.inFlight + 1);
  await expect(answered).rejects.toBeInstanceOf(DatabaseUnavailable);
  expect(databaseWork.expired).toBe(before.expired + 1);
  await settle();
  expect(databaseWork.inFlight).toBe(before.inFlight);
  expect(unhandled).toEqual([]);
});

test('resetting the connections rolls back a transaction the driver lost track of, and the pool serves on', async () => {
  const reset = process.env.DATABASE_URL ? () => (one as unknown as { close(): Promise<void> }).close() : db.resetConnections;
  const id = crypto.randomUUID();
  // BEGIN sent as a plain statement (allowed on one connection): the server is in a transaction the
  // client does not know about, as it was after the crash this replaced.
  await one.unsafe('begin');
  await one`insert into ${one(table)} (id) values (${id})`;
  await reset();
  expect((await one`select 1 as n`)[0].n).toBe(1);
  expect(await stored(id)).toEqual([]);
});

test('a transaction whose COMMIT is on its way when the deadline passes is waited for: the answer is its outcome', async () => {
  // A deferred constraint trigger runs at COMMIT: this one takes 300 ms, so the commit outlasts the deadline.
  const slow = 'deadline_test_slow_commits';
  await db.sql.unsafe(`create table if not exists ${slow} (id text primary key)`);
  await db.sql.unsafe(`create or replace function ${slow}_wait() returns trigger language plpgsql as $$ begin perform pg_sleep(0.3); return null; end $$`);
  await db.sql.unsafe(`drop trigger if exists ${slow}_at_commit on ${slow}`);
  await db.sql.unsafe(
    `create constraint trigger ${slow}_at_commit after insert on ${slow} deferrable initially deferred for each row execute function ${slow}_wait()`,
  );
  const id = crypto.randomUUID();
  const started = performance.now();
  const answered = await withDatabaseDeadline(
    db.sql,
    (sql) =>
      sql.begin(async (tx) => {
        await tx`insert into ${tx(slow)} (id) values (${id})`;
        return 'stored';
      }),
    200,
  );
  expect(answered).toBe('stored');
  expect(performance.now() - started).toBeGreaterThan(250);
  const rows = await db.sql`select id from ${db.sql(slow)} where id = ${id}`;
  expect(rows.length).toBe(1);
});
