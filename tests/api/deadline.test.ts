import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import postgres, { type Sql } from 'postgres';
import type { Database } from '../../db/client.ts';
import { DatabaseUnavailable } from '../../db/errors.ts';
import { databaseWork, deadline, withDatabaseDeadline } from '../../server/deadline.ts';
import { testDatabase } from '../helpers/db.ts';

setDefaultTimeout(60_000);

// Work past its deadline is cancelled, not abandoned: once withDatabaseDeadline has answered
// DatabaseUnavailable, the work's further queries are refused and its transaction rolls back, on the
// real test database (PGlite, or PostgreSQL with DATABASE_URL).

const unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', collect);

let db: Database;
/** One connection, as the embedded database has, so work can be made to wait for it. */
let one: Sql;
let endOne = async () => {};
const table = 'deadline_test_rows';

beforeAll(async () => {
  db = await testDatabase();
  await db.sql.unsafe(`create table if not exists ${table} (id text primary key)`);
  if (process.env.DATABASE_URL) {
    one = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    endOne = () => one.end({ timeout: 5 });
  } else one = db.sql;
});

afterAll(async () => {
  process.off('unhandledRejection', collect);
  await endOne();
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

test('deadline() gives work given as a function a signal that aborts when the time is up; a promise is only raced', async () => {
  let signal: AbortSignal | undefined;
  const late = await deadline(
    (s) => {
      signal = s;
      return Bun.sleep(200).then(() => 'work');
    },
    50,
    () => 'expired',
  );
  expect(late).toBe('expired');
  expect(signal?.aborted).toBe(true);
  expect((signal!.reason as DOMException).name).toBe('TimeoutError');
  expect(await deadline(Promise.resolve('work'), 50, () => 'expired')).toBe('work');
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
