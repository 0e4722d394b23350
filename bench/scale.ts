// `DATABASE_URL=… bun run bench:scale`: the site at WEB_CONCURRENCY=1 and =2 (BENCH_CONCURRENCY) on
// PostgreSQL, on this whole machine (nothing pinned: the server processes, PostgreSQL and wrk share
// its cores, as a single-machine install shares them): req/s, p50 and p99 for a cached page, `/` for
// a new and a returning visitor, a static asset, each form, and an A/B view event; beside each page,
// the ceiling (Bun serving the same bytes from memory with as many processes, under the same wrk).
// For each write, what PostgreSQL did per request (rows written, commits, WAL bytes). Writes
// bench/results/scale-postgres.md, and scale-postgres.json for `bun run capacity`. Never part of the
// test suite.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { recordEvent } from '../db/queries/ab-tests.ts';
import { islandProps } from '../tests/helpers/ab-home.ts';
import { formBodies } from './form-bodies.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';
import { CONNECTIONS, type Proc, SECONDS, startProcess, type WrkResult, wrk } from './tools.ts';

if (!process.env.DATABASE_URL) throw new Error('bench:scale measures on PostgreSQL: set DATABASE_URL (a scratch database bench_scale is made on its server)');
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,2').split(',').map(Number);
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const encoding = { 'accept-encoding': 'gzip, deflate, br' };

export type ScaleRow = {
  route: string;
  kind: 'page' | 'write';
  rps: number;
  p50: string;
  p99: string;
  failed: number;
  ceilingRps?: number;
  perRequest?: DatabaseWork;
};
export type DatabaseWork = { rowsWritten: number; commits: number; walBytes: number };
export type ScaleResults = {
  at: string;
  cores: number;
  seconds: number;
  connections: number;
  loadAverage: number[];
  runs: Record<string, ScaleRow[]>;
  /** PostgreSQL alone: the event API's statements sent straight from a pool of 20 connections (no HTTP, no site). */
  postgresAlone: { eventsPerSecond: number; perEvent: DatabaseWork };
};

const scratch = await scratchPostgresDatabase(process.env.DATABASE_URL, 'bench_scale');
const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });

/** What the database has done so far: rows written in its tables, commits, and the cluster's WAL position. */
async function databaseWork(): Promise<DatabaseWork> {
  // An idle connection hands its statistics to the shared counters within 10 s (PostgreSQL 15's
  // PGSTAT_IDLE_INTERVAL); the WAL position is exact at once.
  await Bun.sleep(11_000);
  await sql`select pg_stat_clear_snapshot()`;
  const [rows] = await sql<{ n: string }[]>`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) as n from pg_stat_user_tables`;
  const [db] = await sql<{ n: string }[]>`select xact_commit as n from pg_stat_database where datname = current_database()`;
  const [wal] = await sql<{ n: string }[]>`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as n`;
  return { rowsWritten: Number(rows.n), commits: Number(db.n), walBytes: Number(wal.n) };
}

/** The queue is empty: every notification of the run has been handled (its writes belong to the submission). */
async function queueDrained() {
  for (let i = 0; i < 600; i++) {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where state in ('queued', 'running')`;
    if (n === 0) return;
    await Bun.sleep(100);
  }
}

const luaPost = async (name: string, body: unknown) => {
  const script = join(tmpdir(), `tlm-scale-${name}.lua`);
  await Bun.write(script, `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [[${JSON.stringify(body)}]]\n`);
  return script;
};

const row = (route: string, kind: ScaleRow['kind'], r: WrkResult, extra: Partial<ScaleRow> = {}): ScaleRow => ({
  route,
  kind,
  rps: Math.round(r.rps),
  p50: r.p50,
  p99: r.p99,
  failed: r.errors + r.non2xx,
  ...extra,
});

async function stop(proc: Proc) {
  proc.kill('SIGTERM');
  await proc.exited;
}

/** The static baseline with `n` processes on one port (SO_REUSEPORT), each holding the same responses. */
async function baseline(n: number, responses: { name: string; status: number; headers: [string, string][]; body: ArrayBuffer }[]) {
  const file = join(tmpdir(), `tlm-scale-baseline-${process.pid}.json`);
  await Bun.write(file, JSON.stringify(responses.map(({ body, ...r }) => ({ ...r, base64: Buffer.from(body).toString('base64') }))));
  const env = { BASELINE_FILE: file, BASELINE_REUSE_PORT: n > 1 ? '1' : '' };
  const first = await startProcess(['bun', 'bench/static-server.ts'], { ...env, BASELINE_PORT: '0' });
  const procs = [first.proc];
  for (let i = 1; i < n; i++) procs.push((await startProcess(['bun', 'bench/static-server.ts'], { ...env, BASELINE_PORT: new URL(first.url).port })).proc);
  return { url: first.url.replace(/\/$/, ''), stop: () => Promise.all(procs.map(stop)) };
}

const PER_RESPONSE = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie', 'x-request-id']);

const runs: Record<string, ScaleRow[]> = {};
/** The last run's returning visitor and their hero variant: whose view events PostgreSQL alone records. */
let lastTracking = { testId: '', variantId: '', userId: '' };
for (const n of CONCURRENCIES) {
  const server = await startProcess(
    ['bun', 'server.ts'],
    { NODE_ENV: 'production', RATE_LIMITS: 'off', PORT: '0', DATABASE_URL: scratch.url, WEB_CONCURRENCY: String(n) },
    { until: n > 1 ? 'all processes ready' : 'listening' },
  );
  const base = server.url;
  while ((await fetch(`${base}/healthz`).catch(() => null))?.status !== 200) await Bun.sleep(50);

  // A returning visitor whose assignments are stored (their browser sent its views), and their events.
  const first = await fetch(`${base}/`, { headers: { 'user-agent': BROWSER_UA } });
  const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { hero } = islandProps(await first.text());
  if (!hero.tracking) throw new Error('the hero test is not running: the event figures need it');
  const visitor = { 'user-agent': BROWSER_UA, cookie };
  const loader = (await (await fetch(`${base}/services`)).text()).match(/<script[^>]+src="([^"]+)"/)?.[1] ?? '/static/build/manifest.json';

  const pages: { route: string; path: string; headers: Record<string, string> }[] = [
    { route: 'cached page (/services)', path: '/services', headers: {} },
    { route: '/ (returning visitor)', path: '/', headers: visitor },
    { route: '/ (new visitor)', path: '/', headers: { 'user-agent': BROWSER_UA } },
    { route: `static asset (${loader.split('/').pop()})`, path: loader, headers: {} },
  ];
  const responses = [];
  for (const [i, p] of pages.entries()) {
    const probe = await fetch(base + p.path, { headers: { ...encoding, ...p.headers }, decompress: false } as RequestInit);
    const headers = [...probe.headers].filter(([name]) => !PER_RESPONSE.has(name.toLowerCase())) as [string, string][];
    responses.push({ name: `r${i}`, status: probe.status, headers, body: await probe.arrayBuffer() });
  }
  const rows: ScaleRow[] = [];
  for (const p of pages) rows.push(row(p.route, 'page', await wrk(base + p.path, { ...encoding, ...p.headers })));
  const ceiling = await baseline(n, responses);
  for (const [i, p] of pages.entries()) rows[i].ceilingRps = Math.round((await wrk(`${ceiling.url}/r${i}`, { ...encoding, ...p.headers })).rps);
  await ceiling.stop();

  const { audit, intake } = formBodies('Scale');
  const writes: { route: string; path: string; body: unknown; headers: Record<string, string>; table: string }[] = [
    { route: 'POST /api/business-audit', path: '/api/business-audit', body: audit, headers: {}, table: 'business_audits' },
    { route: 'POST /api/q4-intake', path: '/api/q4-intake', body: intake, headers: {}, table: 'q4_intake_applications' },
    {
      route: 'POST /api/ab-test/event (view)',
      path: '/api/ab-test/event',
      body: { ...hero.tracking, eventType: 'view' },
      headers: visitor,
      table: 'ab_test_events',
    },
  ];
  for (const w of writes) {
    const before = await databaseWork();
    const [{ count: rowsBefore }] = await sql<{ count: number }[]>`select count(*)::int as count from ${sql(w.table)}`;
    const r = await wrk(base + w.path, w.headers, await luaPost(w.table, w.body));
    await queueDrained();
    const after = await databaseWork();
    const [{ count: rowsAfter }] = await sql<{ count: number }[]>`select count(*)::int as count from ${sql(w.table)}`;
    const stored = Math.max(1, rowsAfter - rowsBefore);
    const per = (k: keyof DatabaseWork) => Math.round(((after[k] - before[k]) / stored) * 10) / 10;
    rows.push(row(w.route, 'write', r, { perRequest: { rowsWritten: per('rowsWritten'), commits: per('commits'), walBytes: per('walBytes') } }));
  }
  runs[String(n)] = rows;
  await stop(server.proc);
  lastTracking = { testId: hero.tracking.testId, variantId: hero.tracking.variantId, userId: cookie.replace(/^vid=/, '') };
}

// PostgreSQL's own write ceiling here: the view event's statements, as the site sends them, from 20
// connections for the same time, with no HTTP server in the way.
const pool = postgres(scratch.url, { max: 20, transform: postgres.camel, onnotice: () => {} });
const before = await databaseWork();
let events = 0;
if (!lastTracking.userId) throw new Error('no visitor to record events for');
const until = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (performance.now() < until) {
      const outcome = await recordEvent(pool, { ...lastTracking, eventType: 'view', source: 'direct' });
      if (outcome !== 'recorded') throw new Error(`PostgreSQL alone: the event was not recorded (${outcome})`);
      events++;
    }
  }),
);
const after = await databaseWork();
await pool.end();
const perEvent = (k: keyof DatabaseWork) => Math.round(((after[k] - before[k]) / Math.max(1, events)) * 10) / 10;
const postgresAlone = {
  eventsPerSecond: Math.round(events / SECONDS),
  perEvent: { rowsWritten: perEvent('rowsWritten'), commits: perEvent('commits'), walBytes: perEvent('walBytes') },
};
await sql.end();
await scratch.drop();

const { loadavg, cpus } = await import('node:os');
const results: ScaleResults = {
  at: new Date().toISOString(),
  cores: cpus().length,
  seconds: SECONDS,
  connections: CONNECTIONS,
  loadAverage: loadavg(),
  runs,
  postgresAlone,
};
await Bun.write('bench/results/scale-postgres.json', `${JSON.stringify(results, null, 2)}\n`);

const header = CONCURRENCIES.map((n) => `WEB_CONCURRENCY=${n}: req/s | p50 | p99 | ceiling req/s (share)`).join(' | ');
const lines = runs[String(CONCURRENCIES[0])].map((_, i) => {
  const cells = CONCURRENCIES.map((n) => {
    const r = runs[String(n)][i];
    const failed = r.failed ? ` (${r.failed} failed)` : '';
    const ceiling = r.ceilingRps ? `${r.ceilingRps} (${Math.round((r.rps / r.ceilingRps) * 100)}%)` : '–';
    return `${r.rps}${failed} | ${r.p50} | ${r.p99} | ${ceiling}`;
  });
  return `| ${runs[String(CONCURRENCIES[0])][i].route} | ${cells.join(' | ')} |`;
});
const work = runs[String(CONCURRENCIES.at(-1))]
  .filter((r) => r.perRequest)
  .map((r) => `| ${r.route} | ${r.perRequest!.rowsWritten} | ${r.perRequest!.commits} | ${Math.round(r.perRequest!.walBytes)} B |`);
const report = `# Several processes on PostgreSQL (${results.at})

Machine: ${results.cores} cores, load average before the run ${results.loadAverage.map((l) => l.toFixed(2)).join(' / ')}; nothing pinned: the server
processes, PostgreSQL (${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//').replace(/\/[^/]*$/, '')}) and wrk -t1 -c${CONNECTIONS} -d${SECONDS}s share the machine. The ceiling
is Bun serving the same response bytes from memory with as many processes on one port, under the same wrk: the most
any server could answer here with that load generator beside it. Rate limits off; every POST stores a new row.

| Route | ${header} |
| --- | ${CONCURRENCIES.map(() => '---: | ---: | ---: | ---:').join(' | ')} |
${lines.join('\n')}

What PostgreSQL does per request (WEB_CONCURRENCY=${CONCURRENCIES.at(-1)}; a submission's count includes its notifications'
jobs worked to the end by the worker; WAL is the whole cluster's, so other databases' writes meanwhile add to it):

| Write | rows written | commits | WAL |
| --- | ---: | ---: | ---: |
${work.join('\n')}

PostgreSQL alone (the view event's statements from 20 connections, no HTTP): ${postgresAlone.eventsPerSecond} events/s, each
${postgresAlone.perEvent.rowsWritten} rows written, ${postgresAlone.perEvent.commits} commits, ${Math.round(postgresAlone.perEvent.walBytes)} B of WAL.
`;
console.log(report);
await Bun.write('bench/results/scale-postgres.md', report);
