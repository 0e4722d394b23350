// `bun run chaos`: faults while submissions flow. Never part of the test suite.
// 1. A private PostgreSQL cluster (Debian's pg_ctl, its own port and directory, run as `postgres`):
//    a fast restart, then a 5 s stop and start. Reports acknowledged submissions vs stored rows
//    (every acknowledged one must be stored), 503s, the longest response, and seconds from
//    database-up to the first success; the server process must survive throughout.
// 2. The embedded database: kill -9 of the server mid-write, five times; after each, every
//    acknowledged row must be in the reopened data directory.
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../db/client.ts';
import { type RunningServer, startServer } from '../tests/helpers/server.ts';
import { freshDataDir } from '../tests/helpers/template-db.ts';

const pgBin = readdirSync('/usr/lib/postgresql')
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((d) => existsSync(`${d}/pg_ctl`));
if (!pgBin) throw new Error('Debian PostgreSQL binaries not found under /usr/lib/postgresql');
const asPostgres = async (cmd: string[]) => {
  const p = Bun.spawn(['runuser', '-u', 'postgres', '--', ...cmd], { stdout: 'pipe', stderr: 'pipe' });
  if ((await p.exited) !== 0) throw new Error(`${cmd.join(' ')} failed: ${await new Response(p.stderr).text()}`);
};

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
{
  const dir = mkdtempSync(join(tmpdir(), 'tlm-chaos-pg-'));
  chownSync(dir, Number((await Bun.$`id -u postgres`.text()).trim()), Number((await Bun.$`id -g postgres`.text()).trim()));
  const port = 55_000 + Math.floor(Math.random() * 5000);
  const data = join(dir, 'data');
  await asPostgres([`${pgBin}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args: string[]) =>
    asPostgres([`${pgBin}/pg_ctl`, '-D', data, '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', ...args]);
  await ctl('start');
  const server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, RATE_LIMITS: 'off' });
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
  const sql = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { onnotice: () => {} });
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
  await ctl('stop', '-m', 'immediate').catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}

// ---- 2. kill -9 on the embedded database -----------------------------------------------------
{
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

const report = `# Chaos (${new Date().toISOString()})\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
await Bun.write('bench/results/chaos.md', report);
