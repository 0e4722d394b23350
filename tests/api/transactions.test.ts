import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { testDatabase } from '../helpers/db.ts';

setDefaultTimeout(60_000);

// postgres.js 3.4.9 as patched in patches/postgres@3.4.9.patch (porsager/postgres#1189): the crash the
// bench met on the embedded database ("undefined is not an object (evaluating 'c.queue')", uncaught, from
// a transaction's query handler) and what a query on a finished transaction does.
//
// One connection, as the embedded database has (max: 1): plain queries issued together are pipelined on
// it, up to max_pipeline (100) sent and unanswered. A sql.begin() whose BEGIN is the query that fills the
// pipeline was written to the socket without onexecute running, so the transaction never got its
// connection: the connection went back to the pool inside an open transaction (other requests' queries
// ran in it), and the transaction's first query called its handler with no connection — a TypeError in
// Query.handle(), a promise nobody awaits, so an unhandled rejection that ends the process.

const unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', collect);

/** One connection to the test database, as the embedded database's client has. */
async function oneConnection(): Promise<{ sql: Sql; end: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    return { sql, end: () => sql.end({ timeout: 5 }) };
  }
  // The embedded test database is already one connection.
  return { sql: (await testDatabase()).sql, end: async () => {} };
}

const clients: { end: () => Promise<void> }[] = [];
afterAll(async () => {
  process.off('unhandledRejection', collect);
  for (const c of clients) await c.end();
});

test('a transaction whose BEGIN fills the connection pipeline gets its connection: no crash, and no other query runs inside it', async () => {
  const client = await oneConnection();
  clients.push(client);
  const { sql } = client;
  await sql`select 1`;
  // 100 queued plain queries put BEGIN exactly at the boundary; the others on either side of it.
  for (const queued of [98, 99, 100, 101, 102]) {
    // Each plain query reports the application_name it ran under: the transaction sets its own locally,
    // so a plain query that ran inside the transaction would see it.
    const plain = Array.from({ length: queued }, () => sql<{ name: string }[]>`select current_setting('application_name') as name`.execute());
    const inside = sql.begin(async (tx) => {
      await tx`select set_config('application_name', 'inside-the-transaction', true)`;
      const [{ name }] = await tx<{ name: string }[]>`select current_setting('application_name') as name`;
      return name;
    });
    const after = Array.from({ length: 5 }, () => sql<{ name: string }[]>`select current_setting('application_name') as name`.execute());
    expect(await inside).toBe('inside-the-transaction');
    const names = (await Promise.all([...plain, ...after])).map(([row]) => row.name);
    expect(names.filter((name) => name === 'inside-the-transaction')).toEqual([]);
  }
  await Bun.sleep(10);
  expect(unhandled).toEqual([]);
});

test('a query on a transaction that has committed (or a savepoint that has ended) is refused and runs nowhere', async () => {
  const client = await oneConnection();
  clients.push(client);
  const { sql } = client;
  let kept: TransactionSql | undefined;
  await sql.begin(async (tx) => {
    kept = tx;
    await tx`select 1`;
  });
  const marker = `after-${crypto.randomUUID()}`;
  const late = await kept!`select set_config('application_name', ${marker}, false)`.then(
    () => 'ran',
    (error: { code?: string }) => error.code,
  );
  expect(late).toBe('TRANSACTION_ENDED');
  const [{ name }] = await sql<{ name: string }[]>`select current_setting('application_name') as name`;
  expect(name).not.toBe(marker);

  const inSavepoint = await sql.begin(async (tx) => {
    let savepoint: Sql | undefined;
    await tx.savepoint(async (sp) => {
      savepoint = sp as unknown as Sql;
      await sp`select 1`;
    });
    return savepoint!`select 2`.then(
      () => 'ran',
      (error: { code?: string }) => error.code,
    );
  });
  expect(inSavepoint).toBe('TRANSACTION_ENDED');
  // The connection serves on.
  expect((await sql`select 3 as n`)[0].n).toBe(3);
  expect(unhandled).toEqual([]);
});
