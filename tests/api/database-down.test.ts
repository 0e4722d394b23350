import { expect, setDefaultTimeout, test } from 'bun:test';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

/** A port on loopback where nothing listens yet. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server started with PostgreSQL down: its DATABASE_URL names a loopback port where nothing listens yet. */
async function bootWithDatabaseDown() {
  const port = await freePort();
  const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
  const server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${target ? target.pathname.slice(1) : 'postgres'}` }, undefined, {
    waitForHealthy: false,
  });
  return { port, target, server };
}

test('booting while PostgreSQL is down serves 503 from /healthz, the data APIs and the dashboard (HTML), and keeps the feed and stories working', async () => {
  const { server } = await bootWithDatabaseDown();
  try {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBeTruthy();
    const api = await fetch(`${server.url}/api/ab-test/tests`);
    expect(api.status).toBe(503);
    expect((await api.json()).error).toContain('temporarily unavailable');
    expect((await fetch(`${server.url}/services`)).status).toBe(200);
    // A page that needs data says so in HTML, with Retry-After; what needs no data keeps working.
    const dashboard = await fetch(`${server.url}/admin/ab-tests`);
    expect(dashboard.status).toBe(503);
    expect(dashboard.headers.get('content-type')).toContain('text/html');
    expect(dashboard.headers.get('retry-after')).toBe('5');
    expect(await dashboard.text()).toContain('This page needs information we cannot reach at the moment.');
    expect((await fetch(`${server.url}/api/rss-feed`)).status).toBe(200);
    const story = { title: 'Spring cleaning checklist', content: 'Ten jobs our Leslieville crews do first every April.', link: '' };
    const generated = await fetch(`${server.url}/api/social-stories/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(story),
    });
    expect(generated.status).toBe(200);
    expect((await generated.json()).stories).toHaveLength(4);
  } finally {
    await server.stop();
  }
});

// Coming up needs a PostgreSQL to come up: CI runs this file on one (DATABASE_URL); on the embedded database it shows as skipped.
test.skipIf(!process.env.DATABASE_URL)('a server that booted while PostgreSQL was down recovers when it comes up, and again after an outage', async () => {
  const { port, target, server } = await bootWithDatabaseDown();
  if (!target) throw new Error('DATABASE_URL is needed');
  let upstream = null as Server | null;
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    // "Start the database": a loopback proxy on the port the server keeps trying.
    const sockets = new Set<Socket>();
    const startDatabase = async () => {
      upstream = createServer((client) => {
        const conn = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, conn]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(conn).pipe(client);
        conn.on('error', () => client.destroy());
        client.on('error', () => conn.destroy());
      });
      await new Promise<void>((resolve) => upstream!.listen(port, '127.0.0.1', resolve));
      return Date.now();
    };
    const secondsUntilHealthy = async (upAt: number) => {
      let status = 0;
      while (status !== 200 && Date.now() - upAt < 15_000) {
        await Bun.sleep(100);
        status = (await fetch(`${server.url}/healthz`)).status;
      }
      expect(status).toBe(200);
      return (Date.now() - upAt) / 1000;
    };
    expect(await secondsUntilHealthy(await startDatabase())).toBeLessThan(6);

    // An outage while running: every connection drops and new ones are refused for a few seconds, while
    // requests keep arriving (each failed attempt lengthens postgres.js's default reconnect backoff,
    // up to 20 s). Once the database is back, data is served again at once.
    upstream!.close();
    for (const s of sockets) s.destroy();
    const downAt = Date.now();
    while (Date.now() - downAt < 4000) {
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.url}/healthz`).then((r) => r.arrayBuffer())));
      await Bun.sleep(200);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    // Measured here: about 0.1 s with the capped backoff (at most 1 s between tries: db/client.ts), 3.5-4 s
    // with postgres.js's default; a busy CI machine once took 2.2 s with the cap. The bound sits between.
    expect(await secondsUntilHealthy(await startDatabase())).toBeLessThan(3);
    expect((await fetch(`${server.url}/api/ab-test/tests`)).status).toBe(200);
  } finally {
    upstream?.close();
    await server.stop();
  }
});
