import { expect, test } from 'bun:test';
import { connect, createServer, type Server } from 'node:net';
import { startServer } from '../helpers/server.ts';

/** A port on loopback where nothing listens yet. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('booting while PostgreSQL is down serves 503 from /healthz and the APIs, then recovers when it comes up', async () => {
  const port = await freePort();
  const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
  // Nothing listens on the port at first: the database is "down".
  let upstream: Server | null = null;
  const server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${target ? target.pathname.slice(1) : 'postgres'}` }, undefined, { waitForHealthy: false });
  try {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBeTruthy();
    const api = await fetch(`${server.url}/api/ab-test/tests`);
    expect(api.status).toBe(503);
    expect((await api.json()).error).toContain('temporarily unavailable');
    expect((await fetch(`${server.url}/services`)).status).toBe(200);
    if (!target) return; // without a PostgreSQL to come up, the down half is what can be shown
    // "Start the database": a loopback proxy on the port the server keeps trying.
    upstream = createServer((client) => {
      const conn = connect(Number(target.port || 5432), target.hostname);
      client.pipe(conn).pipe(client);
      conn.on('error', () => client.destroy());
      client.on('error', () => conn.destroy());
    });
    await new Promise<void>((resolve) => upstream!.listen(port, '127.0.0.1', resolve));
    const upAt = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - upAt < 15_000) {
      await Bun.sleep(100);
      status = (await fetch(`${server.url}/healthz`)).status;
    }
    expect(status).toBe(200);
    expect(Date.now() - upAt).toBeLessThan(6000);
  } finally {
    upstream?.close();
    await server.stop();
  }
});
