// `bun run bench:lane`: what the page cache's fast lane costs per request, in process, next to the
// baseline's work (bench/static-server.ts: the URL's path, a map lookup, a Response of a Blob with
// prebuilt headers), for each kind of request `bun run bench` loads. No sockets: the figures are the
// site's own work, which the bench's side-by-side ratio compares with the baseline's plus the server's
// (reading the request, writing the answer). Both sides build a new Request each time, as Bun.serve
// does, and that cost is measured alone and subtracted. Run it with stdout sent to /dev/null (the
// access log writes there); the table goes to stderr. `--cpu-prof-md` gives Bun's profile of it.
// One cost it cannot show: Bun makes a served request's headers object when it is first read (about 7%
// of a kept page's cost, side by side), where a Request made here has its headers already; the baseline
// never reads them. Never part of the test suite.
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
const { sql } = await testDatabase();
const config = loadConfig({ NODE_ENV: 'production', RATE_LIMITS: 'off', PORT: '3000' });
const site = createSite({ sql, config, assets: await loadAssets() });
const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 50000 }) };
const send = (path: string, headers: Record<string, string>) => site.fetch(new Request(ORIGIN + path, { headers }), { server });

const first = await send('/', { ...ENCODING, 'user-agent': BROWSER_UA });
const visitorCookie = first.headers.get('set-cookie')?.split(';')[0];
if (!visitorCookie) throw new Error('the home page set no visitor cookie');
await send('/', { ...ENCODING, 'user-agent': BROWSER_UA, cookie: visitorCookie });

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
  for (let i = 0; i < 3; i++) await (await send(c.path, c.headers)).arrayBuffer();
  const probe = await send(c.path, c.headers);
  const body = new Blob([await probe.arrayBuffer()]);
  const baseline = baselineOf(probe, body);
  const laneHits = site.deps.pageCache.stats.laneHits;
  const [request, siteRuns, baseRuns] = await timed([
    [`${ORIGIN}${c.path}`, c.headers, () => {}],
    [`${ORIGIN}${c.path}`, c.headers, (req) => site.fetch(req, { server })],
    [`${ORIGIN}/r0`, c.headers, baseline],
  ]);
  const fromLane = (site.deps.pageCache.stats.laneHits - laneHits) / (Math.floor(N / RUNS / BATCH) * BATCH * RUNS);
  const lane = Math.min(...siteRuns) - Math.min(...request);
  const base = Math.min(...baseRuns) - Math.min(...request);
  const difference = median(siteRuns.map((t, r) => t - baseRuns[r]));
  rows.push(
    `| ${c.label} | ${probe.status} | ${Math.min(...request).toFixed(2)} | ${lane.toFixed(2)} | ${base.toFixed(2)} | ${difference.toFixed(2)} | ${(fromLane * 100).toFixed(1)}% |`,
  );
}
console.error(
  `${N} requests per case and side in ${RUNS} runs; CPU µs per request: a new Request's own cost (fastest run), the site's and the baseline's (fastest run, less that), and the median over runs of site less baseline\n`,
);
console.error(
  '| case | status | new Request µs | site µs | baseline µs | site − baseline µs | by the lane |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |',
);
console.error(rows.join('\n'));
process.exit(0);
