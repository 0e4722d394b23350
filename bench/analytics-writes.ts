import { existsSync, readFileSync } from 'node:fs';
import type { Sql } from 'postgres';
import { seededRandom } from '../db/seed-demo-leads.ts';
import { createPageViewCollector } from '../features/analytics/collector.ts';
import { createLogger } from '../server/log.ts';

// The counter's write path (features/analytics/collector.ts) at full speed, for bench/analytics.ts: page
// views handed to `view` as the lane hands them (a Request, its headers, its URL, its route, its start,
// the server that knows its address), then written one batch after another with `flush` (the counter's
// own pacing, a batch a second at most and never more than 2% of the process's time, is set aside: this
// is what one batch costs). A visitor makes 3 views (a landing from one of the sources' URLs and
// Referers, then two pages inside the site) from one of 20,000 addresses with one of eight browsers.

const SITE = 'https://northlinedigital.ca';
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S921W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];
const LANDINGS: [query: string, referer: string | null][] = [
  ['', null],
  ['', 'https://www.google.com/'],
  ['?gclid=Cj0KCQiA4fi7BhC5ARIsAEV1YiY', 'https://www.google.com/'],
  ['?utm_source=newsletter&utm_medium=email&utm_campaign=newsletter-2026-11', null],
  ['?utm_campaign=fb-free-audit&fbclid=IwAR2xQ', 'https://m.facebook.com/'],
  ['', 'https://www.linkedin.com/'],
];
const PAGES: [path: string, route: string][] = [
  ['/', '/'],
  ['/services', '/services'],
  ['/services/seo-services', '/services/:slug'],
  ['/services/google-ads', '/services/:slug'],
  ['/what-is-digital-marketing', '/what-is-digital-marketing'],
  ['/q4-intake', '/q4-intake'],
  ['/book', '/book'],
];

type View = { request: Request; headers: Headers; url: string; route: string };

/** `count` page views of count/3 visitors, with each request's socket address. */
function syntheticViews(count: number): { views: View[]; addressOf: Map<Request, string> } {
  const rand = seededRandom(31);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const views: View[] = [];
  const addressOf = new Map<Request, string>();
  while (views.length < count) {
    const address = `10.${Math.floor(rand() * 20)}.${Math.floor(rand() * 40)}.${Math.floor(rand() * 25)}`;
    const agent = pick(AGENTS);
    const [query, referer] = pick(LANDINGS);
    for (let k = 0; k < 3 && views.length < count; k++) {
      const [path, route] = pick(PAGES);
      const url = `${SITE}${path}${k === 0 ? query : ''}`;
      const from = k === 0 ? referer : `${SITE}/`;
      const request = new Request(url, { headers: { 'user-agent': agent, 'accept-encoding': 'gzip, br', ...(from ? { referer: from } : {}) } });
      views.push({ request, headers: request.headers, url, route });
      addressOf.set(request, address);
    }
  }
  return { views, addressOf };
}

/** User and system CPU time of a process (/proc/PID/stat, clock ticks of 10 ms) in µs, or null where it cannot be read. */
function processCpuUs(pid: number | null): number | null {
  if (pid === null || !existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export type WriteFigures = {
  batchRows: number;
  batches: number;
  views: number;
  /** Views per second, batches written one after another. */
  viewsPerSecond: number;
  /** ms per batch: median and worst. */
  batchMs: { p50: number; max: number };
  /** This process's CPU µs per view: handing it over (`view`) and writing it (working out, keys, the statement). */
  handUs: number;
  writeUs: number;
  /** The PostgreSQL backend's CPU µs per view, when its process can be read here. */
  databaseUs: number | null;
  /** Views per second the counter writes at most under a flood: a batch of `batchRows` no sooner than 50 times the last one's time, or a second. */
  floodPerSecond: number;
};

/**
 * Writes `batches` batches of `batchRows` views through a counter on `sql` (one connection, so its
 * backend's CPU can be read: `backendPid`, null on the embedded database, which runs in this process).
 */
export async function timeWrites(sql: Sql, backendPid: number | null, { batchRows, batches }: { batchRows: number; batches: number }): Promise<WriteFigures> {
  const collector = createPageViewCollector({
    sql,
    now: () => new Date(),
    log: createLogger(() => {}),
    siteHost: new URL(SITE).hostname,
    trustProxy: 0,
    // Never a batch of its own: each is started here.
    capacity: batchRows + 1,
    batchRows: batchRows + 1,
    flushEveryMs: 3_600_000,
    deadlineMs: 60_000,
  });
  const { views, addressOf } = syntheticViews(Math.min(60_000, batchRows * batches));
  const server = { requestIP: (request: Request) => ({ address: addressOf.get(request) ?? '10.0.0.1' }) };
  // The first batch makes the day's salt and warms the code: not counted.
  for (let i = 0; i < batchRows; i++) collector.view(views[i].request, views[i].headers, views[i].url, views[i].route, performance.now(), server);
  await collector.flush();
  let handUs = 0;
  let writeUs = 0;
  let next = batchRows;
  const batchMs: number[] = [];
  const database0 = processCpuUs(backendPid);
  const wall0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const hand0 = process.cpuUsage();
    for (let i = 0; i < batchRows; i++, next++) {
      const v = views[next % views.length];
      collector.view(v.request, v.headers, v.url, v.route, performance.now(), server);
    }
    const handed = process.cpuUsage(hand0);
    handUs += handed.user + handed.system;
    const write0 = process.cpuUsage();
    const t0 = performance.now();
    await collector.flush();
    batchMs.push(performance.now() - t0);
    const written = process.cpuUsage(write0);
    writeUs += written.user + written.system;
  }
  const wallMs = performance.now() - wall0;
  const database1 = processCpuUs(backendPid);
  await collector.stop();
  const counted = batches * batchRows;
  if (collector.counts.dropped > 0 || collector.counts.counted !== counted + batchRows)
    throw new Error(`the counter wrote ${collector.counts.counted} views and dropped ${collector.counts.dropped}`);
  batchMs.sort((a, b) => a - b);
  const p50 = batchMs[Math.floor((batchMs.length - 1) / 2)];
  return {
    batchRows,
    batches,
    views: counted,
    viewsPerSecond: counted / (wallMs / 1000),
    batchMs: { p50, max: batchMs.at(-1) as number },
    handUs: handUs / counted,
    writeUs: writeUs / counted,
    databaseUs: database0 === null || database1 === null ? null : (database1 - database0) / counted,
    floodPerSecond: batchRows / Math.max(1, (50 * p50) / 1000),
  };
}
