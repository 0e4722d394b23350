import { expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/client.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

test('the server process serves, stops cleanly on SIGTERM, and restarts on the same data', async () => {
  const first = await startServer();
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  const res = await fetch(`${first.url}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-powered-by')).toBeNull();
  // Its data folder stays for the second server, which removes it when it stops.
  expect(await first.stop({ keepData: true })).toBe(0);
  expect(first.output()).toContain('"msg":"shutting down"');

  const second = await startServer({}, first.dataDir);
  expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  expect(await second.stop()).toBe(0);
});

test('a bad environment value stops start-up with one line naming it, through the one logger', async () => {
  const proc = Bun.spawn(['bun', 'server.ts'], { env: { ...process.env, PORT: 'not-a-port' }, stdout: 'pipe', stderr: 'pipe' });
  expect(await proc.exited).toBe(1);
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  expect(stderr).toBe('');
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0]);
  expect(entry.level).toBe('error');
  expect(entry.msg).toStartWith('Invalid environment variable PORT:');
});

test('while a new embedded database is still being created, pages are served and what needs data answers 503', async () => {
  // A brand-new data directory: creating the database takes seconds, and the server listens meanwhile.
  const dataDir = mkdtempSync(join(tmpdir(), 'tlm-new-db-'));
  const server = await startServer({ DATABASE_URL: '' }, dataDir, { waitForHealthy: false });
  try {
    const [page, health, api] = await Promise.all([fetch(`${server.url}/services`), fetch(`${server.url}/healthz`), fetch(`${server.url}/api/ab-test/tests`)]);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
    expect(health.status).toBe(503);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toMatchObject({ error: expect.any(String) });
    // Then it comes up, with nothing lost or half-made.
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.url}/healthz`)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await Bun.sleep(50);
    }
    expect((await fetch(`${server.url}/api/ab-test/tests`)).status).toBe(200);
  } finally {
    expect(await server.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

test('an embedded database that cannot be opened stops the server with one line saying so', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'tlm-bad-db-'));
  const notADirectory = join(folder, 'file');
  await Bun.write(notADirectory, 'not a database');
  const proc = Bun.spawn(['bun', 'server.ts'], {
    env: { ...process.env, PORT: '0', DATABASE_URL: '', DATA_DIR: notADirectory },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  expect(await proc.exited).toBe(1);
  rmSync(folder, { recursive: true, force: true });
  // The log's line (on stdout, with every other log line).
  const lines = (await new Response(proc.stdout).text()).trim().split('\n');
  expect(lines.filter((l) => l.includes('"level":"error"'))).toHaveLength(1);
  expect(lines.find((l) => l.includes('"level":"error"'))).toContain('"msg":"the embedded database could not be opened"');
});

test('a migration the database refuses stops the server with one line naming it (exit 1), rather than retrying it forever', async () => {
  // 0008_retention's objects are there but not its record: applying it again fails ("already exists").
  const scratch = await scratchDatabase();
  try {
    // A client of its own, closed before the server starts (the embedded database is one process's).
    const db = await openDatabase({ DATABASE_URL: scratch.env.DATABASE_URL, DATA_DIR: scratch.env.DATA_DIR ?? '' });
    await db.sql`delete from schema_migrations where name = '0008_retention'`;
    await db.close();
    const proc = Bun.spawn(['bun', 'server.ts'], {
      env: { ...process.env, PORT: '0', NODE_ENV: 'production', ...scratch.env },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const outcome = await Promise.race([proc.exited, Bun.sleep(20_000).then(() => 'still running after 20 s')]);
    if (outcome !== 1) proc.kill('SIGKILL');
    const stderr = (await new Response(proc.stderr).text()).trim();
    const stdout = await new Response(proc.stdout).text();
    // One error line of the log (the one logger, JSON on stdout) names the migration; nothing is retried.
    const errors = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((entry) => entry.level === 'error');
    console.log(`migrations: ${errors.map((e) => e.msg).join(' | ')}`);
    expect(outcome).toBe(1);
    expect(errors.map((e) => e.msg)).toEqual(['Migration 0008_retention failed: relation "leads_visitor_idx" already exists']);
    expect(stderr).toBe('');
    expect(stdout).not.toContain('retrying');
  } finally {
    await scratch.drop();
  }
});
