import { expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
import { databaseWork, withDatabaseDeadline } from '../../server/deadline.ts';
import { testApp } from '../helpers/app.ts';
import { halfClosedRequest, rawRequest } from '../helpers/raw-http.ts';
import { startServer } from '../helpers/server.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// /healthz answers from the last background check of the database (server/database-health.ts), so it
// never waits on the database per request.

test('a probe that half-closes its side after sending still gets its answer, from the real server', async () => {
  const server = await startServer();
  try {
    const port = Number(new URL(server.url).port);
    for (const request of ['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /healthz HTTP/1.0\r\n\r\n', 'HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n']) {
      const res = await halfClosedRequest(port, request);
      console.log(`half-closed ${request.split('\r\n')[0]}: ${res.raw.split('\r\n')[0]}${res.body ? ` ${res.body}` : ''}`);
      expect(res.status).toBe(200);
      if (request.startsWith('GET')) expect(JSON.parse(res.body)).toEqual({ status: 'ok', db: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // And as before for a client that keeps its side open.
    expect((await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status).toBe(200);
  } finally {
    await server.stop();
  }
});

/** A database of its own with one connection, so a transaction left open holds every query behind it. */
const openOneConnection = async () =>
  process.env.DATABASE_URL
    ? await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '', DATABASE_POOL_MAX: 1 })
    : await openDatabase({ DATA_DIR: await freshDataDir() });

test('while the database cannot answer, every probe still answers at once from the last check, and 503 follows the check deadline', async () => {
  const db = await openOneConnection();
  // Another database of the same process keeps answering meanwhile (in a test run, other files' sites
  // and workers do): that says nothing of this one.
  const other = await openOneConnection();
  let othersAnswered = 0;
  let keepAsking = true;
  const asking = (async () => {
    while (keepAsking) {
      await withDatabaseDeadline(other.sql, (q) => q`select 1`);
      othersAnswered++;
      await Bun.sleep(10);
    }
  })();
  const t = await testApp({ sql: db.sql });
  let release = () => {};
  try {
    await t.healthy();
    // Hold the only connection: the background check's `select 1` now waits behind this transaction.
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    const transaction = db.sql
      .begin(() => held)
      .finally(() => {
        holding = false;
      });
    const statuses: number[] = [];
    // Probes answer while the database is held, so none of them waited on it: they read the last check.
    // The first ones (before the check's deadline) say 200, then 503 once the held check has given up.
    const started = performance.now();
    while (statuses.at(-1) !== 503 && performance.now() - started < 5000) {
      statuses.push((await t.request('/healthz')).status);
      expect(holding).toBe(true);
      await Bun.sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`${statuses.length} probes answered while the database was held; 503 after ${seconds.toFixed(2)} s`);
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(503);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    // The check waited its deadline (a second) before it gave up, not longer.
    expect(seconds).toBeLessThan(2.5);
    release();
    await transaction;
    expect(othersAnswered).toBeGreaterThan(10);
    // The database answers again: so does /healthz, without a restart.
    await t.healthy();
  } finally {
    // Let go even when an expectation failed, so the databases close.
    release();
    keepAsking = false;
    await asking;
    t.deps.databaseHealth.stop();
    await Promise.all([db.close(), other.close()]);
  }
});

test('busy is not down: a check that waits past its deadline behind work the database is answering keeps /healthz at 200', async () => {
  const db = await openOneConnection();
  const t = await testApp({ sql: db.sql });
  try {
    await t.healthy();
    // Short queries on the one connection, queued faster than they are answered (as a burst of form
    // posts queues its transactions) until a check has waited out its one-second deadline behind them,
    // while they are answered one after another. Short, because the embedded database runs a query on
    // the server's own thread: a long one would hold the probes too. Queued until a check expired, not
    // by a count timed beforehand: a count drained too soon on a loaded machine, and proved nothing.
    const work = (q: typeof db.sql) => q`select count(*) from generate_series(1, 5000)`;
    const expiredBefore = databaseWork.expired;
    const answered: number[] = [];
    const started = performance.now();
    const burst: Promise<unknown>[] = [];
    const queueing = (async () => {
      while (databaseWork.expired === expiredBefore && performance.now() - started < 20_000) {
        for (let i = 0; i < 200; i++) burst.push(withDatabaseDeadline(db.sql, work, 60_000).then(() => answered.push(performance.now() - started)));
        await Bun.sleep(20);
      }
    })();
    let count = 0;
    const statuses: number[] = [];
    let settled = false;
    const all = queueing
      .then(() => {
        count = burst.length;
        return Promise.all(burst);
      })
      .finally(() => {
        settled = true;
      });
    while (!settled) {
      statuses.push((await t.request('/healthz')).status);
      await Bun.sleep(20);
    }
    await all;
    const seconds = (performance.now() - started) / 1000;
    console.log(`${statuses.length} probes over ${seconds.toFixed(2)} s of ${count} queued queries: ${statuses.filter((s) => s === 503).length} said 503`);
    // The queue really held a check past its deadline (else this proves nothing): it expired.
    expect(databaseWork.expired).toBeGreaterThan(expiredBefore);
    expect(seconds).toBeGreaterThan(1);
    expect(answered).toHaveLength(count);
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  } finally {
    t.deps.databaseHealth.stop();
    await db.close();
  }
});

test('503 within about a second of the database going away', async () => {
  const db = await openOneConnection();
  const t = await testApp({ sql: db.sql });
  await t.healthy();
  const goneAt = performance.now();
  await db.close();
  let status = 200;
  while (status === 200 && performance.now() - goneAt < 5000) {
    status = (await t.request('/healthz')).status;
    await Bun.sleep(20);
  }
  const seconds = (performance.now() - goneAt) / 1000;
  console.log(`/healthz 503 ${seconds.toFixed(2)} s after the database went away`);
  expect(status).toBe(503);
  expect(seconds).toBeLessThan(1.5);
  t.deps.databaseHealth.stop();
});
