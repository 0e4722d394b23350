// `bun run capacity`: the capacity model, worked out from the last `bun run bench:scale`
// (bench/results/scale-postgres.json) and the assumptions below, into docs/CAPACITY.md with every step
// of the arithmetic shown. Change an assumption here and run it again; measure again and run it again.
import type { ScaleResults, ScaleRow } from './scale.ts';

/** What a visit is: the assumptions, named, each printed in the document. */
const VISIT = {
  /** Page views per visit: the home page and this many other pages (all cached for everyone). */
  otherPages: 2,
  /** Of home-page views, the share from visitors without a cookie yet (the rest are returning). */
  newShare: 0.6,
  /** Requests for /static/build/* per visit (the island loader; bundles when an island is touched). */
  staticAssets: 1.5,
  /** A/B view events per visit (the hero and the audit form, once each when on screen). */
  events: 2,
  /** Audits and intake applications per visit. */
  audits: 0.015,
  intakes: 0.005,
};
/** The busiest hour's share of a day's visits (a local business site: weekday mornings). */
const PEAK_HOUR_SHARE = 0.12;
/** How much of the measured saturation a machine is planned to use. */
const HEADROOM = 0.6;
/** Of cached pages and static assets, the share a CDN answers at the edge. */
const CDN_HIT = 0.95;
/**
 * Gzip KB a visit moves (bun run bench:js and the pages' own sizes, 2026-11-24): the home page 22, two
 * other pages 16 each, and for the 60% who are new the islands' JavaScript, 95 (cached after).
 */
const KB_PER_VISIT = 22 + 2 * 16 + 0.6 * 95;
/** The machine's network link, in Mbit/s. */
const LINK_MBIT = 1000;
/** Rows a new visitor's first view events add besides the events: their assignment to each of the two tests. */
const ASSIGNMENT_ROWS_PER_NEW_VISITOR = 2;

const file = Bun.file('bench/results/scale-postgres.json');
if (!(await file.exists())) throw new Error('no bench/results/scale-postgres.json: run `DATABASE_URL=… bun run bench:scale` first');
const results = (await file.json()) as ScaleResults;
const concurrencies = Object.keys(results.runs).map(Number);
const machine = String(Math.max(...concurrencies));
const single = String(Math.min(...concurrencies));

const find = (run: string, prefix: string): ScaleRow => {
  const row = results.runs[run].find((r) => r.route.startsWith(prefix));
  if (!row) throw new Error(`no ${prefix} in the run with WEB_CONCURRENCY=${run}`);
  return row;
};
const n = (x: number, digits = 0) => x.toLocaleString('en-CA', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Each kind of request in a visit: how many, and its measured req/s. */
const mix = (run: string, { cdn }: { cdn: boolean }) => {
  const edgeMiss = cdn ? 1 - CDN_HIT : 1;
  return [
    { what: 'cached pages', count: VISIT.otherPages * edgeMiss, row: find(run, 'cached page') },
    { what: '/ (new visitor)', count: VISIT.newShare, row: find(run, '/ (new') },
    { what: '/ (returning visitor)', count: 1 - VISIT.newShare, row: find(run, '/ (returning') },
    { what: 'static assets', count: VISIT.staticAssets * edgeMiss, row: find(run, 'static asset') },
    { what: 'A/B view events', count: VISIT.events, row: find(run, 'POST /api/ab-test/event') },
    { what: 'audits', count: VISIT.audits, row: find(run, 'POST /api/business-audit') },
    { what: 'intake applications', count: VISIT.intakes, row: find(run, 'POST /api/q4-intake') },
  ];
};

/** Machine-milliseconds per visit, its arithmetic, visits a second at saturation, and visitors a day. */
function capacity(run: string, cdn: boolean) {
  const parts = mix(run, { cdn }).filter((p) => p.count > 0);
  const msPerVisit = parts.reduce((sum, p) => sum + (p.count / p.row.rps) * 1000, 0);
  const arithmetic = parts.map((p) => `${n(p.count, 3)} / ${n(p.row.rps)}`).join(' + ');
  const visitsPerSecond = 1000 / msPerVisit;
  const daily = (visitsPerSecond * HEADROOM * 3600) / PEAK_HOUR_SHARE;
  const shares = parts.map((p) => `${p.what} ${n((((p.count / p.row.rps) * 1000) / msPerVisit) * 100)}%`).join(', ');
  return { msPerVisit, arithmetic, visitsPerSecond, daily, shares };
}

const perCore = results.runs[single].map(
  (r) => `| ${r.route} | ${n(r.rps)} | ${r.p99} | ${r.perRequest ? `${r.perRequest.rowsWritten} rows, ${n(r.perRequest.walBytes)} B WAL` : '–'} |`,
);
const onMachine = results.runs[machine].map(
  (r) => `| ${r.route} | ${n(r.rps)} | ${r.p99} | ${r.ceilingRps ? `${n(r.ceilingRps)} (${n((r.rps / r.ceilingRps) * 100)}%)` : '–'} |`,
);
const origin = capacity(machine, false);
const edge = capacity(machine, true);

// PostgreSQL writes: rows a visit writes, against the rows a second PostgreSQL wrote here on its own.
const event = find(machine, 'POST /api/ab-test/event').perRequest!;
const audit = find(machine, 'POST /api/business-audit').perRequest!;
const intake = find(machine, 'POST /api/q4-intake').perRequest!;
const rowsPerVisit =
  VISIT.events * event.rowsWritten + VISIT.newShare * ASSIGNMENT_ROWS_PER_NEW_VISITOR + VISIT.audits * audit.rowsWritten + VISIT.intakes * intake.rowsWritten;
const pg = results.postgresAlone;
const pgRowsPerSecond = pg.eventsPerSecond * pg.perEvent.rowsWritten;
const pgVisitsPerSecond = pgRowsPerSecond / rowsPerVisit;
const pgDaily = (pgVisitsPerSecond * HEADROOM * 3600) / PEAK_HOUR_SHARE;
const machinesBeforePg = pgDaily / edge.daily;

const smoke =
  results.seconds < 10
    ? `\n**A smoke run (${results.seconds} s per figure, on a busy machine): it shows the model's steps, not this machine's capacity. Run \`DATABASE_URL=… bun run bench:scale\` on a quiet machine, then \`bun run capacity\`.**\n`
    : '';
const doc = `# Capacity
${smoke}
Generated by \`bun run capacity\` from \`bench/results/scale-postgres.json\` (\`bun run bench:scale\`, ${results.at}: ${results.cores} cores,
wrk -c${results.connections} for ${results.seconds} s per figure, load average before the run ${results.loadAverage.map((l) => l.toFixed(2)).join(' / ')}). Every figure
below comes from that run and the assumptions listed; change either and run it again. On this shared development machine the
run's figures are only as good as the machine was quiet.

## Measured

Requests per second per core: one server process (WEB_CONCURRENCY=${single}; PostgreSQL and wrk run on the other core):

| Request | req/s | p99 | PostgreSQL work per request |
| --- | ---: | ---: | --- |
${perCore.join('\n')}

The whole ${results.cores}-core machine (WEB_CONCURRENCY=${machine}; server processes, PostgreSQL and wrk share it), against the ceiling (Bun
serving the same bytes from memory with as many processes, under the same wrk):

| Request | req/s | p99 | ceiling (share reached) |
| --- | ---: | ---: | ---: |
${onMachine.join('\n')}

PostgreSQL alone (the view event's statements from 20 connections, no HTTP): ${n(pg.eventsPerSecond)} events/s × ${pg.perEvent.rowsWritten} rows =
**${n(pgRowsPerSecond)} rows written a second**.

## Assumptions

| Name | Value | Meaning |
| --- | ---: | --- |
| otherPages | ${VISIT.otherPages} | pages per visit besides the home page (cached for everyone) |
| newShare | ${VISIT.newShare} | home-page views without a cookie yet |
| staticAssets | ${VISIT.staticAssets} | \`/static/build/*\` requests per visit |
| events | ${VISIT.events} | A/B view events per visit |
| audits, intakes | ${VISIT.audits}, ${VISIT.intakes} | submissions per visit |
| PEAK_HOUR_SHARE | ${PEAK_HOUR_SHARE} | the busiest hour's share of a day's visits |
| HEADROOM | ${HEADROOM} | share of the measured saturation a machine is planned to use |
| CDN_HIT | ${CDN_HIT} | share of cached pages and static assets a CDN answers |
| KB_PER_VISIT | ${n(KB_PER_VISIT)} | gzip bytes a visit moves (pages, and the islands' JS for new visitors) |
| LINK_MBIT | ${LINK_MBIT} | the machine's network link |

## One ${results.cores}-core machine

Machine time per visit = Σ (requests of each kind per visit / req/s of that kind) with the WEB_CONCURRENCY=${machine} figures:

${origin.arithmetic} = ${n(origin.msPerVisit / 1000, 6)} s = **${n(origin.msPerVisit, 3)} ms** (${origin.shares}).

Visits a second at saturation = 1000 / ${n(origin.msPerVisit, 3)} = **${n(origin.visitsPerSecond, 1)}**. Daily visitors = visits/s × HEADROOM × 3600 /
PEAK_HOUR_SHARE = ${n(origin.visitsPerSecond, 1)} × ${HEADROOM} × 3600 / ${PEAK_HOUR_SHARE} = **${n(origin.daily)} visitors a day**.

## With a CDN in front

The CDN answers ${CDN_HIT * 100}% of cached pages and static assets; the home page, the events and the forms always reach the
site (the home page is private to each visitor: see the README's "Behind a CDN"). Machine time per visit:

${edge.arithmetic} = ${n(edge.msPerVisit / 1000, 6)} s = **${n(edge.msPerVisit, 3)} ms** (${edge.shares}).

Visits a second = 1000 / ${n(edge.msPerVisit, 3)} = ${n(edge.visitsPerSecond, 1)}, so **${n(edge.daily)} visitors a day** on one machine: the CDN takes
${n((1 - edge.msPerVisit / origin.msPerVisit) * 100)}% of the work off it (× ${n(origin.msPerVisit / edge.msPerVisit, 1)}).

## When PostgreSQL's writes are the limit

Rows written per visit = events × ${event.rowsWritten} + newShare × ${ASSIGNMENT_ROWS_PER_NEW_VISITOR} (assignments) + audits × ${audit.rowsWritten} + intakes × ${intake.rowsWritten}
= ${VISIT.events} × ${event.rowsWritten} + ${VISIT.newShare} × ${ASSIGNMENT_ROWS_PER_NEW_VISITOR} + ${VISIT.audits} × ${audit.rowsWritten} + ${VISIT.intakes} × ${intake.rowsWritten} = **${n(rowsPerVisit, 2)}** (submissions count their
notification jobs; with RATE_LIMIT_STORE=postgres each event and submission adds one upsert to an unlogged table, no WAL).

PostgreSQL as measured here writes ${n(pgRowsPerSecond)} rows/s, so it serves ${n(pgRowsPerSecond)} / ${n(rowsPerVisit, 2)} = ${n(pgVisitsPerSecond, 1)} visits/s,
**${n(pgDaily)} visitors a day** with the same headroom and peak: about ${n(machinesBeforePg, 1)} CDN-fronted machines' worth of
visitors. Up to there, add machines (each WEB_CONCURRENCY = its cores, DATABASE_POOL_MAX sized as the README says); past
there, the writes are the bottleneck. Then, in order:

1. Pool connections with PgBouncer in transaction mode (\`DATABASE_PGBOUNCER=true\`): many machines' pools become a few dozen
   server connections, and PostgreSQL stops spending memory and CPU on idle backends.
2. Take event ingestion off the request: queue view and click events in memory per process and write them with one multi-row
   \`INSERT\` every second (a lost second of views on a crash is acceptable for A/B counts; submissions stay synchronous).
   Events are ${n(((VISIT.events * event.rowsWritten) / rowsPerVisit) * 100)}% of the rows a visit writes.
3. Partition \`ab_test_events\` by month: the results queries read only a test's months, and old months are detached and
   archived instead of deleted row by row.
4. Then a bigger database machine (writes scale with its cores and disk), read replicas for the dashboard and the CSV exports.

## What the model leaves out

- **Bandwidth.** At saturation the machine alone would send ${n(origin.visitsPerSecond, 1)} visits/s × ${n(KB_PER_VISIT)} KB × 8 =
  ${n((origin.visitsPerSecond * KB_PER_VISIT * 8 * 1024) / 1e6)} Mbit/s; a ${LINK_MBIT} Mbit/s link carries ${n((LINK_MBIT * 1e6) / (KB_PER_VISIT * 8 * 1024), 1)} visits/s
  (${n(((LINK_MBIT * 1e6) / (KB_PER_VISIT * 8 * 1024) / origin.visitsPerSecond) * 100)}% of the CPU's figure), so without a CDN the link, not the CPU, is the first limit. A CDN
  that serves the JavaScript and the cached pages leaves the origin the home page's ~22 KB per visit.
- **Connections and TLS.** wrk keeps its 50 connections open; real visitors open new ones, and TLS is terminated by the
  CDN or load balancer in front (README, Production), not by these processes.
- **Quiet-machine figures.** Everything above is saturation on this VM, whose speed swings 10–30% between runs; HEADROOM
  leaves room for that and for bursts.
`;
await Bun.write('docs/CAPACITY.md', doc);
// A document of the tree: formatted as the rest is (bun run lint checks it).
Bun.spawnSync(['bunx', 'biome', 'format', '--write', 'docs/CAPACITY.md']);
console.log(doc);
