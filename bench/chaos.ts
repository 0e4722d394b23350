// `bun run chaos [postgres|embedded|rolling]`: faults while submissions flow (every scenario, or the
// ones named). Never part of the test suite.
// 1. postgres: a private PostgreSQL cluster (Debian's pg_ctl, its own port and directory, run as
//    `postgres`): a fast restart, then a 5 s stop and start. Reports acknowledged submissions vs stored
//    rows (every acknowledged one must be stored), 503s, the longest response, and seconds from
//    database-up to the first success; the server process must survive throughout.
// 2. embedded: kill -9 of the server mid-write, five times; after each, every acknowledged row must be
//    in the reopened data directory.
// 3. rolling: WEB_CONCURRENCY processes restarted one at a time under steady page and form traffic
//    (bench/rolling-restart.ts, in a network namespace of its own).
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase } from '../db/client.ts';
import { type RunningServer, startServer } from '../tests/helpers/server.ts';
import { freshDataDir } from '../tests/helpers/template-db.ts';
import { startPrivatePostgres } from './private-postgres.ts';

const SCENARIOS = ['postgres', 'embedded', 'rolling'] as const;
const chosen = process.argv.slice(2);
for (const name of chosen) if (!SCENARIOS.includes(name as (typeof SCENARIOS)[number])) throw new Error(`no scenario ${name}: ${SCENARIOS.join(', ')}`);
const runs = (name: (typeof SCENARIOS)[number]) => chosen.length === 0 || chosen.includes(name);

const application = (id: string, i: number) => ({
  id,
  firstName: 'Chaos',
  lastName: `Monkey ${i}`,
  workEmail: `chaos${i}@example.ca`,
  mobile: '416-555-0100',
  company: 'Chaos Cleaning',
  website: '',
  industry: 'cleaners',
  city: 'Toronto',
  monthlyMarketingBudget: '1000-2500',
  biggestGoal: 'Survive restarts',
  howDidYouHear: '',
  caslConsent: 'true',
});

type Outcome = { id: string; status: number; ms: number; at: number };

/** Posts submissions from `workers` loops until stopped; each submission retries with its id until acknowledged or stopped. */
function flow(server: RunningServer, workers = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const i = n++;
      const id = crypto.randomUUID();
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${server.url}/api/q4-intake`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(application(id, i)),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = -1; // connection refused or reset: the server is gone
      }
      outcomes.push({ id, status, ms: performance.now() - t0, at: Date.now() });
      if (status !== 201) await Bun.sleep(50);
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function storedIds(sql: postgres.Sql, ids: string[]) {
  const rows = await sql<{ id: string }[]>`select id from q4_intake_applications where id = any(${ids})`;
  return new Set(rows.map((r) => r.id));
}

const lines: string[] = [];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};

// ---- 1. PostgreSQL faults --------------------------------------------------------------------
if (runs('postgres')) {
  const pg = await startPrivatePostgres();
  const { ctl } = pg;
  const server = await startServer({ DATABASE_URL: pg.url, RATE_LIMITS: 'off' });
  const pid = server.proc.pid;
  const traffic = flow(server);
  await Bun.sleep(3000);
  say('PostgreSQL: fast restart');
  await ctl('restart', '-m', 'fast');
  await Bun.sleep(3000);
  say('PostgreSQL: stop for 5 s');
  await ctl('stop', '-m', 'fast');
  await Bun.sleep(5000);
  await ctl('start');
  const upAt = Date.now();
  say('PostgreSQL: started again');
  await Bun.sleep(5000);
  await traffic.stop();

  const acked = traffic.outcomes.filter((o) => o.status === 201);
  const sql = postgres(pg.url, { onnotice: () => {} });
  const stored = await storedIds(
    sql,
    traffic.outcomes.map((o) => o.id),
  );
  await sql.end();
  const missing = acked.filter((o) => !stored.has(o.id)).length;
  const firstSuccessAfterUp = traffic.outcomes.filter((o) => o.status === 201 && o.at >= upAt).sort((a, b) => a.at - b.at)[0];
  const alive = server.proc.exitCode === null && server.proc.pid === pid;
  say(`submissions sent: ${traffic.outcomes.length}; acknowledged (201): ${acked.length}; stored: ${stored.size}; acknowledged but missing: ${missing}`);
  say(
    `503 answers during the faults: ${traffic.outcomes.filter((o) => o.status === 503).length}; other non-201: ${traffic.outcomes.filter((o) => o.status !== 201 && o.status !== 503).length}`,
  );
  say(`longest response: ${Math.max(...traffic.outcomes.map((o) => o.ms)).toFixed(0)} ms`);
  say(`first success after the database came up: ${firstSuccessAfterUp ? ((firstSuccessAfterUp.at - upAt) / 1000).toFixed(2) : 'none'} s`);
  say(`server process restarted: ${alive ? 'no' : 'YES'}`);
  await server.stop();
  await pg.remove();
}

// ---- 2. kill -9 on the embedded database -----------------------------------------------------
if (runs('embedded')) {
  const dataDir = await freshDataDir();
  let clean = 0;
  for (let round = 1; round <= 5; round++) {
    const server = await startServer({ RATE_LIMITS: 'off', DATABASE_URL: '' }, dataDir);
    const traffic = flow(server);
    await Bun.sleep(800 + Math.random() * 700);
    server.proc.kill('SIGKILL');
    await server.proc.exited;
    await traffic.stop();
    const acked = traffic.outcomes.filter((o) => o.status === 201);
    const db = await openDatabase({ DATA_DIR: dataDir });
    const stored = await storedIds(
      db.sql,
      acked.map((o) => o.id),
    );
    await db.close();
    const missing = acked.length - stored.size;
    if (missing === 0) clean++;
    say(`embedded kill -9 round ${round}: acknowledged ${acked.length}, missing after reopen ${missing}`);
  }
  say(`embedded database: ${clean} of 5 restarts clean`);
  rmSync(dataDir, { recursive: true, force: true });
}

// ---- 3. rolling restarts under traffic -------------------------------------------------------
// In a network namespace of its own (root can make one; its loopback is private to the run), with
// net.ipv4.tcp_migrate_req as given: 1, as the README asks of production, and 0, the kernel's default,
// to show what it prevents. Without unshare, once, in this namespace as it is.
if (runs('rolling')) {
  const canUnshare = Bun.spawnSync(['unshare', '-n', 'true']).exitCode === 0;
  const settings = canUnshare ? ['1', '0'] : [null];
  for (const migrate of settings) {
    const inner = 'ip link set lo up && echo "$1" > /proc/sys/net/ipv4/tcp_migrate_req && exec bun bench/rolling-restart.ts';
    const cmd = migrate === null ? ['bun', 'bench/rolling-restart.ts'] : ['unshare', '-n', 'sh', '-c', inner, 'rolling', migrate];
    const proc = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'inherit' });
    const output = await new Response(proc.stdout).text();
    if ((await proc.exited) !== 0) throw new Error(`the rolling restart scenario failed:\n${output}`);
    for (const line of output.trim().split('\n')) say(line);
  }
}

const report = `# Chaos (${new Date().toISOString()}${chosen.length ? `, ${chosen.join(', ')}` : ''})\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
await Bun.write(chosen.length ? `bench/results/chaos-${chosen.join('-')}.md` : 'bench/results/chaos.md', report);
