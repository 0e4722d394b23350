// `bun run bench:lane`: what the page cache's fast lane costs per request, in process, next to the
// baseline's work (bench/static-server.ts: the URL's path, a map lookup, a Response of a Blob with
// prebuilt headers), for each kind of request `bun run bench` loads. No sockets: the figures are the
// site's own work, which the bench's side-by-side ratio compares with the baseline's plus the server's
// (reading the request, writing the answer). Both sides build a new Request each time, as Bun.serve
// does, and that cost is measured alone and subtracted. Run it with stdout sent to /dev/null (the
// access log writes there); the table goes to stderr. `--cpu-prof-md` gives Bun's profile of it.
// One cost it cannot show: Bun makes a served request's headers object when it is first read (about 7%
// of a kept page's cost, side by side), where a Request made here has its headers already; the baseline
// never reads them. LANE_ANALYTICS=on (the default, as the site runs) or off sets ANALYTICS; `both` times
// each case on two sites, one counting page views and one not, side by side in the same runs (the
// counter's batches, written to the embedded database in this process, counted in). Never part of the
// test suite.
import { loadConfig } from '../lib/config.ts';
import { loadAssets } from '../server/static-files.ts';
import { createSite } from '../site/app.ts';
import { testDatabase } from '../tests/helpers/db.ts';

const N = Number(process.env.LANE_REQUESTS ?? 200_000);
const ONLY = process.env.LANE_CASE;
const ORIGIN = 'http://127.0.0.1:3000';
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

// As the bench runs the server: production (secure cookies, the security headers), the site naming itself.
const MODES = { on: ['on'], off: ['off'], both: ['on', 'off'] }[process.env.LANE_ANALYTICS ?? 'on'] as ('on' | 'off')[] | undefined;
if (!MODES) throw new Error('LANE_ANALYTICS: on, off or both');
const { sql } = await testDatabase();
const assets = await loadAssets();
const sites = MODES.map((ANALYTICS) =>
  createSite({ sql, config: loadConfig({ NODE_ENV: 'production', RATE_LIMITS: 'off', PORT: '3000', ANALYTICS }), assets }),
);
const [site] = sites;
const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 50000 }) };
const send = (path: string, headers: Record<string, string>, to = site) => to.fetch(new Request(ORIGIN + path, { headers }), { server });

const first = await send('/', { ...ENCODING, 'user-agent': BROWSER_UA });
const visitorCookie = first.headers.get('set-cookie')?.split(';')[0];
if (!visitorCookie) throw new Error('the home page set no visitor cookie');
for (const each of sites) await send('/', { ...ENCODING, 'user-agent': BROWSER_UA, cookie: visitorCookie }, each);

const cases: { label: string; path: string; headers: Record<string, string> }[] = [
  { label: '/ (new visitor)', path: '/', headers: { ...ENCODING, 'user-agent': BROWSER_UA } },
  { label: '/ (returning visitor)', path: '/', headers: { ...ENCODING, 'user-agent': BROWSER_UA, cookie: visitorCookie } },
  {
    label: '/?utm_source=… (returning)',
    path: '/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-audit&gclid=Cj0KCQiA',
    headers: { ...ENCODING, 'user-agent': BROWSER_UA, cookie: visitorCookie },
  },
  { label: '/services', path: '/services', headers: ENCODING },
  { label: '/services/seo-services', path: '/services/seo-services', headers: ENCODING },
  { label: '404 page', path: '/no-such-page', headers: ENCODING },
  { label: '/api/rss-feed', path: '/api/rss-feed', headers: ENCODING },
];

/** The baseline's work for one stored answer (bench/static-server.ts). */
function baselineOf(answer: Response, body: Blob) {
  const stored = new Map([['/r0', { status: answer.status, headers: new Headers(answer.headers), body }]]);
  return (req: Request) => {
    const response = stored.get(new URL(req.url).pathname);
    return response ? new Response(response.body, { status: response.status, headers: response.headers }) : new Response('not stored', { status: 404 });
  };
}

const RUNS = Number(process.env.LANE_RUNS ?? 40);
/** Requests between two turns of the event loop, as a server under load takes them in batches. */
const BATCH = 500;
const turn = () => new Promise((resolve) => setImmediate(resolve));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
/**
 * CPU µs (this process's, every thread's: the garbage collector's too) per call of each of `works` on a
 * new Request each time, in runs of N/RUNS calls, the works taking turns: CPU time rather than elapsed
 * time, as this machine is shared; still, a slower run is mostly someone else's load (caches), so the
 * fastest run, or the median of differences between works in the same run, says the most. The event
 * loop turns every BATCH requests (timers, the database, the access log's write), counted in.
 */
async function timed(works: [url: string, headers: Record<string, string>, work: (req: Request) => unknown][]): Promise<number[][]> {
  const runs = works.map((): number[] => []);
  const n = Math.floor(N / RUNS / BATCH) * BATCH;
  for (let r = 0; r < RUNS; r++) {
    for (const [w, [url, headers, work]] of works.entries()) {
      const t0 = process.cpuUsage();
      for (let i = 0; i < n; i += BATCH) {
        for (let j = 0; j < BATCH; j++) work(new Request(url, { headers }));
        await turn();
      }
      const { user, system } = process.cpuUsage(t0);
      runs[w].push((user + system) / n);
    }
  }
  return runs;
}

const rows: string[] = [];
for (const c of cases) {
  if (ONLY && !c.label.includes(ONLY)) continue;
  // Warm: the copy is made, and the lane answers it from then on.
  for (const each of sites) for (let i = 0; i < 3; i++) await (await send(c.path, c.headers, each)).arrayBuffer();
  const probe = await send(c.path, c.headers);
  const body = new Blob([await probe.arrayBuffer()]);
  const baseline = baselineOf(probe, body);
  const laneHits = sites.map((each) => each.deps.pageCache.stats.laneHits);
  const [request, ...siteRuns] = await timed([
    [`${ORIGIN}${c.path}`, c.headers, () => {}],
    ...sites.map((each): [string, Record<string, string>, (req: Request) => unknown] => [
      `${ORIGIN}${c.path}`,
      c.headers,
      (req) => each.fetch(req, { server }),
    ]),
    [`${ORIGIN}/r0`, c.headers, baseline],
  ]);
  const baseRuns = siteRuns.pop() as number[];
  const fromLane = (site.deps.pageCache.stats.laneHits - laneHits[0]) / (Math.floor(N / RUNS / BATCH) * BATCH * RUNS);
  const own = (runs: number[]) => Math.min(...runs) - Math.min(...request);
  const difference = median(siteRuns[0].map((t, r) => t - baseRuns[r]));
  const sideBySide = siteRuns.length === 2 ? ` ${own(siteRuns[1]).toFixed(2)} | ${median(siteRuns[0].map((t, r) => t - siteRuns[1][r])).toFixed(2)} |` : '';
  rows.push(
    `| ${c.label} | ${probe.status} | ${Math.min(...request).toFixed(2)} | ${own(siteRuns[0]).toFixed(2)} |${sideBySide} ${own(baseRuns).toFixed(2)} | ${difference.toFixed(2)} | ${(fromLane * 100).toFixed(1)}% |`,
  );
}
const both = sites.length === 2;
console.error(
  `${N} requests per case and side in ${RUNS} runs; CPU µs per request: a new Request's own cost (fastest run), the site's and the baseline's (fastest run, less that), and the median over runs of site less baseline${both ? '; the site with ANALYTICS=on (counting page views) and off, and the median over runs of on less off' : ` (ANALYTICS=${MODES[0]})`}\n`,
);
console.error(
  both
    ? '| case | status | new Request µs | site µs, ANALYTICS=on | site µs, off | on − off µs | baseline µs | site (on) − baseline µs | by the lane |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
    : '| case | status | new Request µs | site µs | baseline µs | site − baseline µs | by the lane |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |',
);
console.error(rows.join('\n'));
if (MODES[0] === 'on') {
  // What became of the views the counting site saw: most of a flood's are dropped by design (it holds 2,000 at most).
  const outcomes = (await site.deps.metrics.registry.render())
    .split('\n')
    .map((line) => line.match(/^analytics_page_views_total\{outcome="(\w+)"\} (\d+)/))
    .filter((m) => m !== null)
    .map((m) => `${m[1]} ${Number(m[2]).toLocaleString('en-CA')}`);
  console.error(`\nPage views the site with ANALYTICS=on saw, by what became of them: ${outcomes.join(', ')}`);
}
process.exit(0);
