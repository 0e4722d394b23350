import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import postgres from 'postgres';
import { LOCK_FILE } from '../../db/data-dir-lock.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// What more than one process does to shared state: a second server on one embedded database, and the
// story budget seen by several servers (or by one across a restart).

const EMBEDDED = { DATABASE_URL: '' };

describe('the embedded database belongs to one process', () => {
  test('a second server on the same DATA_DIR exits at once with one line naming the folder and the holder; after kill -9 the next one takes over', async () => {
    const dataDir = await freshDataDir();
    const first = await startServer(EMBEDDED, dataDir);
    let third: RunningServer | undefined;
    try {
      const started = performance.now();
      const second = Bun.spawn(['bun', 'server.ts'], {
        env: { ...process.env, ...EMBEDDED, PORT: '0', NODE_ENV: 'production', DATA_DIR: dataDir },
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const code = await second.exited;
      const elapsed = performance.now() - started;
      const stderr = await new Response(second.stderr).text();
      const stdout = await new Response(second.stdout).text();
      expect(code).toBe(1);
      expect(elapsed).toBeLessThan(5000);
      expect(stdout).not.toContain('"listening"');
      expect(stderr).toBe('');
      // One error line, through the one logger.
      const errors = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0].msg).toContain(dataDir);
      expect(errors[0].msg).toContain(`pid ${first.proc.pid}`);
      console.log(`second server on the same DATA_DIR: exit ${code} after ${Math.round(elapsed)} ms: ${errors[0].msg}`);

      // The first server kept its database: it still answers with data.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      first.proc.kill('SIGKILL');
      await first.proc.exited;
      expect(await Bun.file(`${dataDir}/${LOCK_FILE}`).exists()).toBe(true);
      third = await startServer(EMBEDDED, dataDir);
      expect((await fetch(`${third.url}/api/ab-test/tests`)).status).toBe(200);
    } finally {
      if (first.proc.exitCode === null && first.proc.signalCode === null) await first.stop();
      await third?.stop();
    }
  }, 90_000);
});

describe('the story budget is one budget, whatever the processes', () => {
  const story = {
    title: 'Five reviews a month',
    content: 'Ask on the last day of the job, in person, and send the link that evening.',
    link: 'https://northlinedigital.ca/blog/reviews',
  };
  /** n valid requests, five per client address (the per-client limit), the k-th client from `firstClient`. */
  const spend = async (server: RunningServer, n: number, firstClient: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const client = `198.51.${100 + Math.floor((firstClient + i) / 5 / 250)}.${Math.floor((firstClient + i) / 5) % 250}`;
      const res = await fetch(`${server.url}/api/social-stories/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify(story),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    return statuses;
  };
  const env = { TRUST_PROXY: '1' };

  if (process.env.DATABASE_URL) {
    test('two servers on one PostgreSQL share the 100 a day: the 101st is refused by either', async () => {
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const name = `tlm_budget_${crypto.randomUUID().slice(0, 8)}`;
      await admin.unsafe(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const servers: RunningServer[] = [];
      try {
        servers.push(await startServer({ ...env, DATABASE_URL: url.toString() }));
        servers.push(await startServer({ ...env, DATABASE_URL: url.toString() }));
        const [a, b] = servers;
        const statuses = [...(await spend(a, 50, 0)), ...(await spend(b, 50, 50))];
        expect(statuses.filter((s) => s === 200)).toHaveLength(100);
        expect((await spend(a, 1, 100))[0]).toBe(429);
        expect((await spend(b, 1, 105))[0]).toBe(429);
      } finally {
        for (const s of servers) await s.stop();
        await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.end();
      }
    }, 90_000);
  } else {
    test('the embedded database keeps the day’s budget across a restart: 60 before, 40 after, then refused', async () => {
      const dataDir = await freshDataDir();
      const before = await startServer({ ...EMBEDDED, ...env }, dataDir);
      const first = await spend(before, 60, 0);
      await before.stop();
      const after = await startServer({ ...EMBEDDED, ...env }, dataDir);
      try {
        const second = await spend(after, 41, 60);
        expect([...first, ...second].filter((s) => s === 200)).toHaveLength(100);
        expect(second.at(-1)).toBe(429);
      } finally {
        await after.stop();
      }
    }, 90_000);
  }
});
