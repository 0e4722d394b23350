import { expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
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

test('503 within about a second of the database going away, and every probe meanwhile answered at once', async () => {
  const db = process.env.DATABASE_URL
    ? await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '' })
    : await openDatabase({ DATA_DIR: await freshDataDir() });
  const t = await testApp({ sql: db.sql });
  await t.healthy();
  const goneAt = performance.now();
  await db.close();
  let status = 200;
  let slowest = 0;
  while (status === 200 && performance.now() - goneAt < 5000) {
    const asked = performance.now();
    status = (await t.request('/healthz')).status;
    slowest = Math.max(slowest, performance.now() - asked);
    await Bun.sleep(20);
  }
  const seconds = (performance.now() - goneAt) / 1000;
  console.log(`/healthz 503 ${seconds.toFixed(2)} s after the database went away; slowest answer meanwhile ${slowest.toFixed(1)} ms`);
  expect(status).toBe(503);
  expect(seconds).toBeLessThan(1.5);
  expect(slowest).toBeLessThan(50);
  t.deps.databaseHealth.stop();
});
