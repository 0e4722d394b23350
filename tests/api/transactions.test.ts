import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { connect, createServer, type NetConnectOpts, type Socket } from 'node:net';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { openDatabase } from '../../db/client.ts';
import { testDatabase } from '../helpers/db.ts';
import { freshDataDir } from '../helpers/template-db.ts';

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

/** A proxy in front of the database whose connections can be cut, as a server restart or a network fault would. */
async function cuttableProxy(target: { path: string } | { host: string; port: number }) {
  const pairs = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target as NetConnectOpts);
    client.pipe(upstream).on('error', () => {});
    upstream.pipe(client).on('error', () => {});
    client.on('error', () => {});
    upstream.on('error', () => {});
    pairs.add(client).add(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut: () => {
      for (const socket of pairs) socket.destroy();
      pairs.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The chaos test met this one on PostgreSQL: idle_in_transaction_session_timeout ended a session under a
// transaction, whose rollback was then written to the closed connection from a setImmediate: an uncaught
// "null is not an object (evaluating 'socket.write')", and the connection was moved out of the pool.
test('a transaction whose connection closes under it gets errors for its later queries, nothing uncaught, and the pool reconnects', async () => {
  // The embedded database: a PGlite of its own, reached over TCP through the proxy (its socket server takes one client).
  const own = process.env.DATABASE_URL ? null : await openDatabase({ DATA_DIR: await freshDataDir() });
  let target: { path: string } | { host: string; port: number };
  if (own) {
    target = { path: (own.sql.options as unknown as { path: string }).path };
    await own.sql.end({ timeout: 5 });
  } else {
    const url = new URL(process.env.DATABASE_URL!);
    target = { host: url.hostname, port: Number(url.port || 5432) };
  }
  const proxy = await cuttableProxy(target);
  const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : new URL('postgres://postgres@127.0.0.1/postgres');
  const sql = postgres({
    host: '127.0.0.1',
    port: proxy.port,
    user: url.username || 'postgres',
    database: url.pathname.slice(1) || 'postgres',
    max: 1,
    onnotice: () => {},
  });
  try {
    const later: string[] = [];
    const transaction = sql.begin(async (tx) => {
      await tx`select 1`;
      proxy.cut();
      await Bun.sleep(100);
      for (const n of [2, 3])
        await tx`select ${n}::int`.then(
          () => later.push('ran'),
          (error: { code?: string }) => later.push(String(error.code)),
        );
    });
    expect(
      await transaction.then(
        () => 'committed',
        (error: { code?: string }) => error.code,
      ),
    ).toBe('CONNECTION_CLOSED');
    await Bun.sleep(200);
    expect(later).toEqual(['CONNECTION_CLOSED', 'CONNECTION_CLOSED']);
    expect(unhandled).toEqual([]);
    expect((await sql`select 4 as n`)[0].n).toBe(4);
    expect(await sql.begin((tx) => tx`select 5 as n`.then(([row]) => row.n))).toBe(5);
  } finally {
    await sql.end({ timeout: 5 });
    await proxy.close();
    await own?.close();
  }
});
