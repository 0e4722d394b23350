import { expect, test } from 'bun:test';
import { createServer } from 'node:net';
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
  // A loopback proxy that refuses connections until we "start the database".
  let upstream: ReturnType<typeof Bun.listen> | null = null;
  const server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${target ? target.pathname.slice(1) : 'postgres'}` });
  try {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBeTruthy();
    const api = await fetch(`${server.url}/api/ab-test/tests`);
    expect(api.status).toBe(503);
    expect((await api.json()).error).toContain('temporarily unavailable');
    expect((await fetch(`${server.url}/services`)).status).toBe(200);
    if (!target) return; // without a PostgreSQL to come up, the down half is what can be shown
    upstream = Bun.listen({
      hostname: '127.0.0.1',
      port,
      socket: {
        open(client) {
          const conn = Bun.connect({
            hostname: target.hostname,
            port: Number(target.port || 5432),
            socket: {
              data: (_s, data) => client.write(data),
              close: () => client.end(),
              error: () => client.end(),
            },
          });
          (client as unknown as { data: Promise<unknown> }).data = conn;
        },
        async data(client, data) {
          const conn = (await (client as unknown as { data: Promise<{ write: (d: unknown) => void }> }).data) as { write: (d: unknown) => void };
          conn.write(data);
        },
        async close(client) {
          ((await (client as unknown as { data: Promise<{ end: () => void }> }).data) as { end: () => void }).end();
        },
      },
    });
    const upAt = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - upAt < 15_000) {
      await Bun.sleep(100);
      status = (await fetch(`${server.url}/healthz`)).status;
    }
    expect(status).toBe(200);
    expect(Date.now() - upAt).toBeLessThan(6000);
  } finally {
    upstream?.stop(true);
    await server.stop();
  }
});
