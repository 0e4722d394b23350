import { openDatabase } from '../db/client.ts';
import { saveStaffAccount } from '../db/queries/staff.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';

// `bun bench/experiment-ship.ts`: the time from publishing a slot's new copy on one server process to
// every process serving it to a new visitor (p50/p99 over BENCH_SHIPS, 20 by default), two server
// processes on one PostgreSQL: a scratch database bench_experiment_ship on the server DATABASE_URL names
// (by default postgres://postgres@127.0.0.1:5432/postgres), made and dropped here. What it times is the
// publish (PUT /admin/api/content/hero): a Ship publishes the chosen variant as a content version the
// same way, and a test's end rides the same NOTIFY. Writes bench/results/experiment-ship.md. Never part of
// the test suite.

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHIPS = Number(process.env.BENCH_SHIPS ?? 20);
const EMAIL = 'bench-owner@northlinedigital.ca';
const PASSWORD = 'bench password for the ship timing';

async function startServer(databaseUrl: string) {
  const proc = Bun.spawn(['bun', 'server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', RATE_LIMITS: 'off', NODE_ENV: 'production', PUBLIC_SITE_URL: '' },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = proc.stdout.getReader();
  let out = '';
  let base = '';
  while (!base) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${out}`);
    out += new TextDecoder().decode(value);
    base = out.match(/"msg":"listening","url":"([^"]+)"/)?.[1] ?? '';
  }
  void (async () => {
    while (!(await reader.read()).done) {}
  })();
  while ((await fetch(`${base}/healthz`)).status !== 200) await Bun.sleep(50);
  return {
    base,
    stop: () => {
      proc.kill('SIGTERM');
      return proc.exited;
    },
  };
}

async function signIn(base: string) {
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 303 || !cookie) throw new Error(`sign-in failed: ${login.status}`);
  const csrf = (await (await fetch(`${base}/admin/leads`, { headers: { cookie } })).text()).match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (!csrf) throw new Error('no CSRF token');
  return { cookie, csrf };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

const scratch = await scratchPostgresDatabase(ADMIN_URL, 'bench_experiment_ship');
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
try {
  const db = await openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
  await saveStaffAccount(db.sql, EMAIL, await Bun.password.hash(PASSWORD, 'argon2id'), 'owner');
  // No test running: every new visitor sees the published copy.
  await db.sql`update ab_tests set is_active = false`;
  await db.close();
  servers.push(await startServer(scratch.url), await startServer(scratch.url));
  const staff = await signIn(servers[0].base);
  for (const s of servers) await (await fetch(`${s.base}/`)).text();
  const times: number[] = [];
  for (let i = 0; i < SHIPS; i++) {
    const headline = `Shipped copy number ${i} for Toronto`;
    const since = performance.now();
    const res = await fetch(`${servers[0].base}/admin/api/content/hero`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: staff.cookie, 'x-csrf-token': staff.csrf },
      body: JSON.stringify({ fields: { headline } }),
    });
    if (res.status !== 200) throw new Error(`publish answered ${res.status}`);
    const served = await Promise.all(
      servers.map(async (s) => {
        while (!(await (await fetch(`${s.base}/`)).text()).includes(headline)) {
          if (performance.now() - since > 10_000) throw new Error('not served within 10 s');
          await Bun.sleep(5);
        }
        return performance.now();
      }),
    );
    times.push(Math.max(...served) - since);
    await Bun.sleep(100);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const report = `# Ship to every process serving the new copy

\`bun bench/experiment-ship.ts\` (${new Date().toISOString().slice(0, 10)}): ${SHIPS} publishes of the hero slot through
\`PUT /admin/api/content/hero\` on process A of two \`bun server.ts\` processes on one PostgreSQL; each time is
from sending the publish until both processes serve the new headline to a new visitor (polled every 5 ms).
A Ship publishes its variant the same way (a content version, the same NOTIFY).

| publishes | p50 | p99 | max |
| --- | --- | --- | --- |
| ${SHIPS} | ${quantile(sorted, 0.5).toFixed(1)} ms | ${quantile(sorted, 0.99).toFixed(1)} ms | ${sorted[sorted.length - 1].toFixed(1)} ms |
`;
  console.log(report);
  await Bun.write('bench/results/experiment-ship.md', report);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await scratch.drop();
}
