// `bun run bench:analytics`: the analytics of issue 31 at 1,000,000 page views (BENCH_VIEWS) over 90
// days, on PostgreSQL: a scratch database bench_analytics on the server DATABASE_URL names (by default
// postgres://postgres@127.0.0.1:5432/postgres), made and dropped here (BENCH_KEEP=1 keeps it). Seeds the
// raw tables with SQL (bench/analytics-seed.ts), rolls up the finished days with the site's own roll-up
// (features/analytics/rollup.ts), then measures:
//  1. the dashboard's reads: each statement of db/queries/analytics-report.ts, and the report of a range
//     with the period before it as /admin/analytics and GET /admin/api/analytics ask for them
//     (routes/admin/_analytics.ts reportsOf), for the last 28 days (the default), 90 days and today,
//     in process (BENCH_RUNS each, p50/p99); the same before the roll-up, when every day is read from
//     the raw rows; then both addresses end to end through a real server process, signed in as staff;
//  2. the cost of counting: the counter's batches (features/analytics/collector.ts) written one after
//     another on PostgreSQL and on the embedded database (views a second, CPU µs per view here and in
//     the PostgreSQL backend), and the page cache's lane with ANALYTICS=on and off side by side
//     (bench/lane.ts, LANE_ANALYTICS=both);
//  3. storage: pg_total_relation_size of the raw and daily tables before and after the roll-up and
//     after the raw rows are deleted.
// Prints a Markdown report; writes bench/results/analytics-postgres.md at 1,000,000 views. Never part of
// the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres, { type Sql } from 'postgres';
import { openDatabase } from '../db/client.ts';
import { deleteRawBefore } from '../db/queries/analytics-counting.ts';
import { analyticsReport, daySplit, leadsOf, pagesOf, trafficByDay, variantVisitors, visitSlices } from '../db/queries/analytics-report.ts';
import { saveStaffAccount } from '../db/queries/staff.ts';
import { startAnalyticsRollup } from '../features/analytics/rollup.ts';
import { type Days, previousRange } from '../lib/analytics/range.ts';
import { agency } from '../lib/site.ts';
import { addDays, isoDay, parseIsoDay } from '../lib/time/calendar.ts';
import { dayIn } from '../lib/time/zoned.ts';
import { withDatabaseDeadline } from '../server/deadline.ts';
import { createLogger } from '../server/log.ts';
import { ROUTES, seedLeads, seedTraffic } from './analytics-seed.ts';
import { timeWrites, type WriteFigures } from './analytics-writes.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';
import { startSignedInServer } from './tools.ts';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const DAYS = 90;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const LEADS = 3000;
const BROWSERS = 100_000;
const EMAIL = 'bench@northlinedigital.ca';
const PASSWORD = 'bench password 123';
const GOAL_MS = 300;

const now = new Date();
const today = dayIn(now, agency.timeZone);
const dayBefore = (day: string, n: number) => isoDay(addDays(parseIsoDay(day), -n));
const RANGES: [label: string, range: Days][] = [
  ['last 28 days (the default)', { from: dayBefore(today, 27), to: today }],
  ['90 days', { from: dayBefore(today, DAYS - 1), to: today }],
  ['today', { from: today, to: today }],
];
const ctx = { now, timeZone: agency.timeZone };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`;
const quantiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99) };
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const thousands = (n: number) => Math.round(n).toLocaleString('en-CA');
const elapsed = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const note = (text: string) => console.error(`[bench:analytics] ${text}`);

/** `work` run `runs` times one after another, after `warm` runs not counted: p50 and p99 in ms. */
async function timed(runs: number, work: () => Promise<unknown>, warm = 5) {
  for (let i = 0; i < warm; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return quantiles(times);
}

/** The dashboard's database work for `range`, as reportsOf does it: the range and the period before, at once, under the deadline. */
const dashboardReads = (sql: Sql, range: Days) =>
  withDatabaseDeadline(sql, (db) => Promise.all([analyticsReport(db, range, ctx), analyticsReport(db, previousRange(range), ctx)]));

/** The statements of one report (analyticsReport): the days' split first, the others with it (the split is read once before they are timed). */
const STATEMENTS: [name: string, run: (sql: Sql, range: Days, split: Awaited<ReturnType<typeof daySplit>>) => Promise<unknown>][] = [
  ['daySplit', (sql, range) => daySplit(sql, range)],
  ['trafficByDay', (sql, _range, split) => trafficByDay(sql, split)],
  ['pagesOf', (sql, _range, split) => pagesOf(sql, split)],
  ['visitSlices', (sql, _range, split) => visitSlices(sql, split)],
  ['leadsOf', (sql, range) => leadsOf(sql, range, agency.timeZone)],
  ['variantVisitors', (sql, range) => variantVisitors(sql, range, agency.timeZone)],
];

type Reads = { label: string; range: Days; statements: { p50: number; p99: number }[]; dashboard: { p50: number; p99: number } };

/** Each statement alone (unless `statements` is false) and the dashboard's reads, for each range. */
async function timeReads(sql: Sql, runs: number, statements = true): Promise<Reads[]> {
  const out: Reads[] = [];
  for (const [label, range] of RANGES) {
    const each = [];
    const split = await daySplit(sql, range);
    for (const [, run] of statements ? STATEMENTS : []) each.push(await timed(runs, () => run(sql, range, split)));
    const dashboard = await timed(runs, () => dashboardReads(sql, range));
    out.push({ label, range, statements: each, dashboard });
    note(`reads ${label}: ${ms(dashboard.p50)} / ${ms(dashboard.p99)}`);
  }
  return out;
}
const both = ({ p50, p99 }: { p50: number; p99: number }) => `${ms(p50)} / ${ms(p99)}`;
const readsRow = (r: Reads) =>
  `| ${r.label} (${r.range.from} – ${r.range.to}) | ${r.statements.map((s) => `${both(s)} | `).join('')}**${both(r.dashboard)}** |`;

const SIZED = ['analytics_page_views', 'analytics_visits', 'analytics_daily_pages', 'analytics_daily_sources', 'analytics_rollups'] as const;

/** pg_total_relation_size (table, indexes, TOAST) and rows of each analytics table. */
async function sizes(sql: Sql): Promise<Record<string, { bytes: number; rows: number }>> {
  const out: Record<string, { bytes: number; rows: number }> = {};
  for (const table of SIZED) {
    const [row] = await sql.unsafe<{ bytes: string; rows: string }[]>(
      `select pg_total_relation_size('${table}') as bytes, (select count(*) from ${table}) as rows`,
    );
    out[table] = { bytes: Number(row.bytes), rows: Number(row.rows) };
  }
  return out;
}

/** A real server process on the scratch database, a staff member signed in: its address, cookie and stop. */
async function startServer(databaseUrl: string) {
  const { base, cookie, proc } = await startSignedInServer({ DATABASE_URL: databaseUrl, NODE_ENV: 'production' }, { email: EMAIL, password: PASSWORD });
  return {
    base,
    cookie,
    stop: async () => {
      proc.kill('SIGTERM');
      await proc.exited;
    },
  };
}

type Requests = { label: string; page: { p50: number; p99: number }; api: { p50: number; p99: number }; size: number };

/** GET /admin/analytics and /admin/api/analytics for each range through the server (the default range without a query, as the menu links it). */
async function timeRequests(base: string, cookie: string): Promise<Requests[]> {
  const out: Requests[] = [];
  for (const [label, range] of RANGES) {
    const query = label.startsWith('last 28') ? '' : `?from=${range.from}&to=${range.to}`;
    let size = 0;
    const time = (path: string) =>
      timed(
        RUNS,
        async () => {
          const res = await fetch(`${base}${path}${query}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${path}${query}: ${res.status} ${body.slice(0, 200)}`);
          if (path === '/admin/analytics') size = body.length;
        },
        10,
      );
    const page = await time('/admin/analytics');
    const api = await time('/admin/api/analytics');
    out.push({ label, page, api, size });
    note(`requests ${label}: page ${both(page)}, api ${both(api)}`);
  }
  return out;
}

const writeRow = (where: string, w: WriteFigures) =>
  `| ${where} | ${thousands(w.batchRows)} × ${w.batches} | ${thousands(w.viewsPerSecond)} | ${ms(w.batchMs.p50)} / ${ms(w.batchMs.max)} | ${w.handUs.toFixed(2)} | ${w.writeUs.toFixed(1)} | ${w.databaseUs === null ? '(in this process)' : w.databaseUs.toFixed(1)} | ${w.batchRows === 2000 ? thousands(w.floodPerSecond) : ''} |`;

/** The counter's batches on a fresh PostgreSQL database (one connection, its backend's CPU read from /proc) and on the embedded one. */
async function timeCounting(): Promise<string[]> {
  const rows: string[] = [];
  const scratch = await scratchPostgresDatabase(ADMIN_URL, 'bench_analytics_writes');
  try {
    const migrated = await openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
    await migrated.close();
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {}, transform: postgres.camel });
    const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    for (const batchRows of [1000, 2000]) rows.push(writeRow('PostgreSQL', await timeWrites(sql, pid, { batchRows, batches: 60 })));
    await sql.end({ timeout: 5 });
  } finally {
    await scratch.drop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'tlm-bench-analytics-'));
  try {
    const embedded = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '' });
    for (const batchRows of [1000, 2000]) rows.push(writeRow('embedded (PGlite)', await timeWrites(embedded.sql, null, { batchRows, batches: 30 })));
    await embedded.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** bench/lane.ts with ANALYTICS=on and off side by side: its table. */
async function laneSideBySide(): Promise<string> {
  const proc = Bun.spawn(['bun', 'bench/lane.ts'], {
    env: { ...process.env, DATABASE_URL: '', LANE_ANALYTICS: 'both', LANE_REQUESTS: process.env.LANE_REQUESTS ?? '100000' },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const table = await new Response(proc.stderr).text();
  if ((await proc.exited) !== 0) throw new Error(`bench/lane.ts failed: ${table}`);
  return table.trim();
}

async function main() {
  const report: string[] = [];
  const loadBefore = loadavg()[0];
  const scratch = await scratchPostgresDatabase(ADMIN_URL, 'bench_analytics');
  let dropped = false;
  let pgVersion = '';
  try {
    const db = await openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
    const sql = db.sql;
    await saveStaffAccount(sql, EMAIL, await Bun.password.hash(PASSWORD, 'argon2id'));
    const [{ serverVersion }] = await sql<{ serverVersion: string }[]>`show server_version`;
    pgVersion = serverVersion.split(' ')[0];

    let t0 = performance.now();
    const { visitors } = await seedTraffic(sql, { today, now, days: DAYS, views: VIEWS });
    note(`seeded ${thousands(VIEWS)} page views of ${thousands(visitors)} visitors in ${elapsed(t0)}`);
    t0 = performance.now();
    const leads = await seedLeads(sql, { count: LEADS, days: DAYS, now, browsers: BROWSERS });
    // As autovacuum leaves tables that are mostly added to: statistics, and pages marked all-visible (an
    // index-only scan then reads no table page; rows added since its last pass still need theirs).
    await sql`vacuum analyze`;
    note(`seeded ${LEADS} leads in ${elapsed(t0)}`);
    const [mix] = await sql<{ sources: number; landings: number }[]>`
      select count(distinct (source, medium, campaign))::int as sources, count(distinct landing)::int as landings from analytics_visits`;
    const raw = await sizes(sql);

    // Before the roll-up: every day read from the raw rows (a site whose roll-up has not run).
    const rawReads = await timeReads(sql, Math.max(10, Math.floor(RUNS / 5)), false);

    // The site's own roll-up of every finished day (as each process's looks do).
    t0 = performance.now();
    const rollup = startAnalyticsRollup({ sql, log: createLogger(() => {}), now: () => now, rawDays: DAYS, firstCheckMs: 3_600_000 });
    const run = await rollup.runDue();
    await rollup.stop();
    const rollupSeconds = (performance.now() - t0) / 1000;
    note(`rolled up ${run.daysRolledUp.length} days in ${rollupSeconds.toFixed(1)} s`);
    await sql`vacuum analyze`;
    const rolled = await sizes(sql);

    const reads = await timeReads(sql, RUNS);
    const explain = await explainStatements(scratch.url);
    await db.close();

    const server = await startServer(scratch.url);
    let requests: Requests[];
    try {
      requests = await timeRequests(server.base, server.cookie);
    } finally {
      await server.stop();
    }

    // The raw rows of every finished day deleted (as ANALYTICS_RAW_DAYS does, here all of them at once), then
    // VACUUM (what autovacuum does: the space is kept for new rows) and VACUUM FULL (the files rewritten).
    const after = await openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
    t0 = performance.now();
    const deleted = await deleteRawBefore(after.sql, today);
    const deleteSeconds = (performance.now() - t0) / 1000;
    await after.sql`vacuum analytics_page_views, analytics_visits`;
    const vacuumed = await sizes(after.sql);
    await after.sql`vacuum full analytics_page_views, analytics_visits`;
    const compacted = await sizes(after.sql);
    await after.close();
    if (process.env.BENCH_KEEP !== '1') {
      await scratch.drop();
      dropped = true;
    }

    note('the counter’s batches');
    const writes = await timeCounting();
    note('bench/lane.ts, ANALYTICS on and off');
    const lane = await laneSideBySide();

    const perMillion = (bytes: number) => mb((bytes * 1_000_000) / VIEWS);
    const sizeRow = (label: string, s: Record<string, { bytes: number; rows: number }>) =>
      `| ${label} | ${SIZED.map((t) => `${mb(s[t].bytes)} (${thousands(s[t].rows)})`).join(' | ')} | ${mb(SIZED.reduce((n, t) => n + s[t].bytes, 0))} |`;
    const dailyBytes = rolled.analytics_daily_pages.bytes + rolled.analytics_daily_sources.bytes + rolled.analytics_rollups.bytes;
    report.push(
      `# Analytics at ${thousands(VIEWS)} page views (PostgreSQL)`,
      '',
      ...(dayIn(new Date(), agency.timeZone) === today ? [] : [`**Toronto's day changed during the run: the server's figures are of another "today".**`, '']),
      `${new Date().toISOString().slice(0, 10)}; ${navigator.hardwareConcurrency} cores, shared with other work (load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end); PostgreSQL ${pgVersion} at DATABASE_URL, on this machine (scratch databases, dropped after). \`bun run bench:analytics\` (bench/analytics.ts).`,
      '',
      `Data: ${thousands(VIEWS)} page views of ${thousands(visitors)} visitor-days over ${DAYS} Toronto days ending today (${today}: a whole day's share up to the bench's start, the most raw rows a day holds), weekdays about twice a weekend day, ${(VIEWS / visitors).toFixed(2)} views per visitor, ${mix.sources} source/medium/campaign rows (direct, Google organic, Google Ads with and without UTM tags, Facebook ads and shares, a monthly newsletter, eight referring sites), ${mix.landings} landing pages of ${ROUTES.length} routes, 3 devices, 2.5% starting the audit; ${thousands(LEADS)} leads with first touches of those sources (${leads.won} won with a retainer, ${leads.booked} bookings), ${thousands(leads.assignments)} A/B assignments of ${thousands(BROWSERS)} browsers. Seeded with SQL into the raw tables; the ${run.daysRolledUp.length} finished days rolled up by the site's own roll-up (features/analytics/rollup.ts) in ${rollupSeconds.toFixed(1)} s (${((rollupSeconds * 1000) / run.daysRolledUp.length).toFixed(0)} ms a day); today is read from the raw rows, as on the site.`,
      '',
      '## 1. The dashboard',
      '',
      `Goal: under ${GOAL_MS} ms at 1,000,000 page views. ${reads.map((r) => `${r.label}: the reads p99 ${ms(r.dashboard.p99)}`).join('; ')}; the page itself, end to end: ${requests.map((r) => `${r.label} p99 ${ms(r.page.p99)}`).join('; ')}.`,
      '',
      `In process, ${RUNS} runs each after 5 not counted, one after another, p50 / p99. The statements of db/queries/analytics-report.ts alone, then **the dashboard's reads**: the report of the range and of the period before it at once (routes/admin/_analytics.ts reportsOf: each report's split of its days, then its five statements at once on the pool, under the request's deadline), what both /admin/analytics and GET /admin/api/analytics wait for.`,
      '',
      `| range | ${STATEMENTS.map(([name]) => name).join(' | ')} | dashboard's reads |`,
      `|---|${STATEMENTS.map(() => '---:|').join('')}---:|`,
      ...reads.map(readsRow),
      '',
      `Through a real server process (\`bun server.ts\`, NODE_ENV=production, signed in as staff), ${RUNS} requests each after 10 not counted, gzip, to the last byte, p50 / p99:`,
      '',
      '| range | GET /admin/analytics (the page) | GET /admin/api/analytics (JSON) | page size |',
      '|---|---:|---:|---:|',
      ...requests.map((r) => `| ${r.label} | ${both(r.page)} | ${both(r.api)} | ${Math.round(r.size / 1024)} KB |`),
      '',
      `Before the roll-up (every day read from the raw rows, ${Math.max(10, Math.floor(RUNS / 5))} runs each): the dashboard's reads, p50 / p99.`,
      '',
      "| range | dashboard's reads |",
      '|---|---:|',
      ...rawReads.map((r) => `| ${r.label} | ${both(r.dashboard)} |`),
      '',
      explain,
      '',
      '## 2. The cost of counting',
      '',
      "The counter's batches (features/analytics/collector.ts) written one after another at full speed (the counter itself writes a batch a second at most, and never more than 2% of the process's time), each of the views of visitors from 20,000 addresses with eight browsers, three views each, landing from the sources' URLs and Referers. CPU µs per view in this process: handing it over (`view`, on the request's path) and writing it (who asks, the source, the device, the day, the key, the statement); in the PostgreSQL backend, read from /proc. Under a flood the counter holds at most 2,000 views and writes a batch of them no sooner than 50 times the last batch's time (and a second): the last column is that ceiling.",
      '',
      '| database | batch × batches | views/s | batch p50 / max | hand-over µs/view | write µs/view (this process) | PostgreSQL backend µs/view | views/s counted under a flood |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...writes,
      '',
      'The page cache\'s lane in process (`LANE_ANALYTICS=both bun bench/lane.ts`, embedded database, the counter\'s batches included in "on"):',
      '',
      lane,
      '',
      '## 3. Storage',
      '',
      'pg_total_relation_size (table, indexes and TOAST) and rows:',
      '',
      `| when | ${SIZED.join(' | ')} | all |`,
      `|---|${SIZED.map(() => '---:|').join('')}---:|`,
      sizeRow('seeded, raw rows only', raw),
      sizeRow(`after the roll-up of ${run.daysRolledUp.length} days`, rolled),
      sizeRow(
        `after deleting the raw rows of those days (${thousands(deleted.pageViews)} page views, ${thousands(deleted.visits)} visits, in ${deleteSeconds.toFixed(1)} s) and VACUUM`,
        vacuumed,
      ),
      sizeRow('after VACUUM FULL', compacted),
      '',
      `Per million page views: the raw rows ${perMillion(raw.analytics_page_views.bytes + raw.analytics_visits.bytes)} (page views ${perMillion(raw.analytics_page_views.bytes)}, visits ${perMillion(raw.analytics_visits.bytes)}); the daily tables ${mb(dailyBytes)} for ${run.daysRolledUp.length} days (${mb((dailyBytes * 365) / run.daysRolledUp.length)} a year at this traffic: they grow with days × pages and days × source/landing/device rows, not with views).`,
    );
  } finally {
    if (!dropped && process.env.BENCH_KEEP !== '1') await scratch.drop();
  }
  const text = `${report.join('\n')}\n`;
  console.log(text);
  if (VIEWS === 1_000_000) await Bun.write('bench/results/analytics-postgres.md', text);
}

/**
 * The database's own time for each statement of the dashboard (the report of the range and of the period
 * before), as EXPLAIN ANALYZE gives it (the fastest of 3: the machine is shared), from the statement's text
 * and parameters as postgres.js sends them (caught by its debug hook); and the plan of the slowest
 * statement of the 90 days. Server time, not waiting: less swayed by the machine's other work than the
 * wall times above.
 */
export async function explainStatements(url: string): Promise<string> {
  let caught: { query: string; parameters: unknown[] } | null = null;
  const sql = postgres(url, { max: 1, onnotice: () => {}, transform: postgres.camel, debug: (_c, query, parameters) => (caught = { query, parameters }) });
  const rows: string[] = [];
  let slowest = { name: '', ms: 0, plan: '' };
  try {
    for (const [label, range] of RANGES) {
      const totals = STATEMENTS.map(() => 0);
      for (const period of [range, previousRange(range)]) {
        const split = await daySplit(sql, period);
        for (const [i, [name, run]] of STATEMENTS.entries()) {
          await run(sql, period, split);
          const { query, parameters } = caught as unknown as { query: string; parameters: unknown[] };
          let best = { ms: Number.POSITIVE_INFINITY, plan: '' };
          for (let k = 0; k < 3; k++) {
            const lines = await sql.unsafe<Record<string, string>[]>(`explain (analyze, buffers) ${query}`, parameters as never[]);
            // One column, "QUERY PLAN" (its name as the camel-case transform makes it).
            const plan = lines.map((l) => Object.values(l)[0]).join('\n');
            const took = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
            if (took < best.ms) best = { ms: took, plan };
          }
          totals[i] += best.ms;
          if (label === RANGES[1][0] && period === range && best.ms > slowest.ms) slowest = { name, ...best };
        }
      }
      rows.push(`| ${label} | ${totals.map((t) => ms(t)).join(' | ')} | **${ms(totals.reduce((a, b) => a + b, 0))}** |`);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return [
    "The database's own time (EXPLAIN ANALYZE's execution time, the fastest of 3) of each statement, the range's and the period before's added up:",
    '',
    `| range | ${STATEMENTS.map(([name]) => name).join(' | ')} | all |`,
    `|---|${STATEMENTS.map(() => '---:|').join('')}---:|`,
    ...rows,
    '',
    `The slowest statement of the 90 days, ${slowest.name} (${ms(slowest.ms)}):`,
    '',
    '```',
    slowest.plan,
    '```',
  ].join('\n');
}

if (import.meta.main) await main();
