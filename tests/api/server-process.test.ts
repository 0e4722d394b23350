import { expect, test } from 'bun:test';
import { startServer } from '../helpers/server.ts';

test('the server process serves, stops cleanly on SIGTERM, and restarts on the same data', async () => {
  const first = await startServer();
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  const res = await fetch(`${first.url}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-powered-by')).toBeNull();
  expect(await first.stop()).toBe(0);
  expect(first.output()).toContain('"msg":"shutting down"');

  const second = await startServer({}, first.dataDir);
  expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  expect(await second.stop()).toBe(0);
});

test('a bad environment value stops start-up with one line naming it', async () => {
  const proc = Bun.spawn(['bun', 'server.ts'], { env: { ...process.env, PORT: 'not-a-port' }, stdout: 'pipe', stderr: 'pipe' });
  expect(await proc.exited).toBe(1);
  const stderr = (await new Response(proc.stderr).text()).trim();
  expect(stderr.split('\n')).toHaveLength(1);
  expect(stderr).toStartWith('Invalid environment variable PORT:');
});
