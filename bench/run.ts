// `bun run bench`: throughput and latency of every page next to Bun serving the same number of bytes,
// the JS/CSS/HTML bytes each route ships, cold start, and the server's memory: its peak (VmHWM) on the
// first start on an empty DATA_DIR (or a new schema) and on a restart, and its resident memory (VmRSS,
// sampled every 50 ms) under the load below. Pins the server to core 0 and wrk to core 1 where taskset
// exists. Without DATABASE_URL it also measures the cold start on PostgreSQL (BENCH_POSTGRES_URL, else
// postgres://postgres@127.0.0.1:5432/postgres if one answers) on a scratch database bench_coldstart.
// Writes bench/results/latest.md (embedded) or latest-postgres.md (DATABASE_URL). Never part of the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import postgres from 'postgres';
import { buildBinary, ensureBuild } from '../build.ts';
import { formBodies } from './form-bodies.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';
import { CONNECTIONS, firstOk, hasTaskset, logDir, median, type Proc, peakRssMb, pin, rssMb, SECONDS, sampleRss, startProcess, wrk } from './tools.ts';

// This shared 2-core VM's speed swings by 10-30% from one 10 s run to the next, so the ratio to the
// baseline comes from running both at the same time: the two servers share core 0, each loaded by its
// own wrk on core 1, and the scheduler gives each half the core, so the ratio of their throughputs is
// the ratio of their costs per request, and a swing hits both alike. ROUNDS such pairs; the median.
// Throughput and latency are those of the page alone on the core.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// One process pinned to one core: several processes squeezed onto it would measure nothing useful.
if (Number(process.env.WEB_CONCURRENCY ?? 1) > 1)
  throw new Error(
    'bun run bench measures one server process on one core; for WEB_CONCURRENCY=1 and 2 on the whole machine, run `DATABASE_URL=… bun run bench:scale`',
  );
// A fresh clone has no build yet (and a stale one measures old code): built here as `bun start` would.
await ensureBuild({ embeddedDatabase: !process.env.DATABASE_URL });
const manifest = (await Bun.file('static/build/manifest.json').json()) as { islands: Record<string, { file: string; imports: string[] }> };

async function routeBytes(base: string, path: string) {
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  const html = await res.text();
  const gz = (s: string | Uint8Array) => gzipSync(s).length;
  const assets = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) assets.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) assets.add(m[1]);
  let js = 0;
  let css = 0;
  for (const m of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) css += gz(m[1]);
  for (const m of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g))
    css += gz(new Uint8Array(await (await fetch(base + m[1], { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()));
  for (const a of assets) js += gz(new Uint8Array(await (await fetch(base + a, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()));
  const islands = [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]))];
  // Islands hydrated on demand load their bundles later; count them separately.
  let onDemand = 0;
  for (const name of islands) {
    const island = manifest.islands[name];
    for (const file of [island.file, ...island.imports]) {
      if (assets.has(file)) continue;
      assets.add(file);
      onDemand += gz(new Uint8Array(await (await fetch(base + file, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()));
    }
  }
  return { htmlGzip: gz(html), js, onDemand, css, islands, scripts: assets.size };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const usingPostgres = Boolean(process.env.DATABASE_URL);
const dataDir = usingPostgres ? '' : mkdtempSync(join(tmpdir(), 'tlm-bench-'));
// The server rejects an empty DATA_DIR: pass it only for the embedded database.
const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  RATE_LIMITS: 'off',
  PORT: '0',
  ...(usingPostgres ? { DATABASE_URL: process.env.DATABASE_URL! } : { DATA_DIR: dataDir }),
};
const serverCmd = pin(0, ['bun', 'server.ts']);

/** How long after readiness a started server's resident memory is read (what it holds once settled). */
const SETTLE_MS = 3000;

/**
 * Starts the server and times its first 200 for `/` (it listens, and serves pages, while its database
 * comes up) and its readiness (`/healthz` 200: the database open and migrated); its peak RSS (VmHWM:
 * the kernel's record, so no sample misses it) and its RSS once settled.
 */
async function timedStart(env: Record<string, string>, cmd = serverCmd) {
  const t0 = performance.now();
  const started = await startProcess(cmd, env);
  const exited = started.proc.exited.then((code) => Promise.reject(new Error(`the server exited (${code}) before it was ready`)));
  const firstMs = await Promise.race([firstOk(`${started.url}/`, t0), exited]);
  const readyMs = await Promise.race([firstOk(`${started.url}/healthz`, t0), exited]);
  exited.catch(() => {}); // it exits later, when stopped
  await Bun.sleep(SETTLE_MS);
  return { ...started, firstMs, readyMs, rss: await peakRssMb(started.proc.pid), settled: await rssMb(started.proc.pid) };
}
const stopServer = async (s: { proc: Proc }) => {
  s.proc.kill('SIGTERM');
  await s.proc.exited;
};
const startLine = (label: string, firstDoes: string, first: Awaited<ReturnType<typeof timedStart>>, again: Awaited<ReturnType<typeof timedStart>>[]) =>
  `${label}: first start (${firstDoes}) to first 200 ${Math.round(first.firstMs)} ms, ready ${Math.round(first.readyMs)} ms, peak RSS ${first.rss} MB, ${first.settled} MB ${SETTLE_MS / 1000} s after; ` +
  `later starts on the same data (median of ${again.length}) to first 200 ${Math.round(median(again.map((x) => x.firstMs)))} ms, ready ${Math.round(median(again.map((x) => x.readyMs)))} ms, peak RSS ${median(again.map((x) => x.rss))} MB, ${median(again.map((x) => x.settled))} MB ${SETTLE_MS / 1000} s after.`;

// Cold starts: the first creates the database (embedded) or the schema, the later ones reopen it; the
// last one stays up for the measurements, which start once it is ready.
const firstStart = await timedStart(serverEnv);
await stopServer(firstStart);
const laterStarts: Awaited<ReturnType<typeof timedStart>>[] = [];
for (let i = 0; i < 3; i++) {
  if (i > 0) await stopServer(laterStarts[i - 1]);
  laterStarts.push(await timedStart(serverEnv));
}
const server = laterStarts.at(-1)!;
const base = server.url;
// The loaded server's memory, sampled through every measurement below.
const underLoad = sampleRss(server.proc.pid);
const ownStart = usingPostgres
  ? startLine('PostgreSQL', 'migrates the schema', firstStart, laterStarts)
  : startLine('Embedded database', 'creates it', firstStart, laterStarts);

const staticServer = await startProcess(pin(0, ['bun', 'bench/static-server.ts']), {});

const routes: { label: string; path: string; headers?: Record<string, string> }[] = [];
// A browser's user agent: Bun's own is (rightly) classed as a bot, and bots get no visitor cookie.
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const visitorCookie = (await fetch(`${base}/`, { headers: { 'user-agent': BROWSER_UA } })).headers.get('set-cookie')?.split(';')[0];
if (!visitorCookie) throw new Error('the home page set no visitor cookie');
routes.push({ label: '/ (new visitor)', path: '/', headers: { 'user-agent': BROWSER_UA } });
routes.push({ label: '/ (returning visitor)', path: '/', headers: { 'user-agent': BROWSER_UA, cookie: visitorCookie } });
// Campaign traffic: tracking parameters get the same kept page as plain `/`.
const CAMPAIGN_PATH = '/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-audit&gclid=Cj0KCQiA';
routes.push({ label: '/?utm_source=… (returning visitor)', path: CAMPAIGN_PATH, headers: { 'user-agent': BROWSER_UA, cookie: visitorCookie } });
for (const path of ['/services', '/services/seo-services', '/what-is-digital-marketing', '/blog', '/q4-intake', '/no-such-page', '/api/rss-feed']) {
  routes.push({ label: path === '/no-such-page' ? '404 page' : path, path });
}

const rows: string[] = [];
/** Each route's side-by-side ratio to the baseline, by label. */
const ratioOf = new Map<string, number>();
/** Headers the server writes per connection or per response, or that belong to one visitor. */
const PER_RESPONSE_HEADERS = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie', 'x-request-id']);
const encodingHeaders = { 'accept-encoding': 'gzip, deflate, br' };
for (const r of routes) {
  const headers = { ...encodingHeaders, ...(r.headers ?? {}) };
  const probe = await fetch(base + r.path, { headers, decompress: false } as RequestInit);
  const body = await probe.arrayBuffer();
  const size = body.byteLength;
  if (probe.status >= 500 || (probe.status === 404 && r.path.startsWith('/api/'))) {
    rows.push(`| ${r.label} | ${probe.status} | – | – | – | – | – |`);
    continue;
  }
  // The baseline serves this same response (status, headers, body) from memory.
  const baselineUrl = `${staticServer.url}/r${rows.length}`;
  const replayHeaders = [...probe.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
  await fetch(baselineUrl, { method: 'PUT', headers: { 'x-replay-status': String(probe.status), 'x-replay-headers': JSON.stringify(replayHeaders) }, body });
  // Both get the same request headers, as a static file server would from the same browser.
  const page = await wrk(base + r.path, headers);
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const [shared, baseline] = await Promise.all([wrk(base + r.path, headers), wrk(baselineUrl, headers)]);
    ratios.push(baseline.rps ? shared.rps / baseline.rps : 0);
  }
  const ratio = median(ratios);
  ratioOf.set(r.label, ratio);
  const baselineAlone = await wrk(baselineUrl, headers);
  const expectedStatus = probe.status === 404;
  const problems = page.errors || (page.non2xx && !expectedStatus) ? ` (${page.errors} errors, ${page.non2xx} non-2xx/3xx)` : '';
  rows.push(
    `| ${r.label} | ${probe.status}, ${size} B | ${Math.round(page.rps)} | ${page.p50} | ${page.p99} | ${Math.round(baselineAlone.rps)} | ${ratio.toFixed(2)}× (${ratios.map((x) => x.toFixed(2)).join('/')})${problems} |`,
  );
}

// Campaign traffic against plain `/` for the same returning visitor: the ratio of their ratios to the
// baseline. Loading both on the one server process at once measures nothing: it answers the two loads
// in turn, so each gets about as many answers as the other whatever each costs (it said 1.0× while the
// campaign's own ratio was half the plain page's).
const campaignRatio = ratioOf.get('/?utm_source=… (returning visitor)');
const plainRatio = ratioOf.get('/ (returning visitor)');
const campaignLine =
  campaignRatio && plainRatio
    ? `Campaign traffic (\`${CAMPAIGN_PATH}\`, a landing: its first-touch cookie is made and set on every answer) against plain \`/\`, same returning visitor, as the ratio of their ratios to the baseline: ${(campaignRatio / plainRatio).toFixed(2)}×.`
    : 'Campaign traffic against plain `/`: not measured.';

// Form submissions (each request a new row).
const posts: string[] = [];
const { audit, intake } = formBodies('Bench');
const bodies: Record<string, unknown> = { '/api/business-audit': audit, '/api/q4-intake': intake };
for (const [path, body] of Object.entries(bodies)) {
  const probe = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (probe.status === 404) {
    posts.push(`| POST ${path} | not built yet | – | – |`);
    continue;
  }
  const script = join(tmpdir(), `tlm-bench-${path.replace(/\W/g, '')}.lua`);
  await Bun.write(script, `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [[${JSON.stringify(body)}]]\n`);
  const r = await wrk(base + path, {}, script);
  posts.push(`| POST ${path} | ${probe.status} | ${Math.round(r.rps)} | ${r.p99}${r.non2xx ? ` (${r.non2xx} non-2xx)` : ''} |`);
}

const bytes: string[] = [];
for (const path of [
  '/',
  '/blog',
  '/admin/ab-tests',
  '/social-generator',
  '/services',
  '/services/seo-services',
  '/what-is-digital-marketing',
  '/q4-intake',
  '/q4-intake/thank-you',
  '/no-such-page',
]) {
  const b = await routeBytes(base, path);
  bytes.push(`| ${path} | ${kb(b.htmlGzip)} | ${kb(b.js)} | ${kb(b.js + b.onDemand)} (${b.scripts} files) | ${kb(b.css)} | ${b.islands.join(', ')} |`);
}

const loadRss = await underLoad.stop();
await Bun.sleep(SETTLE_MS);
const afterLoadRss = await rssMb(server.proc.pid);
server.proc.kill('SIGTERM');
staticServer.proc.kill('SIGTERM');
await server.proc.exited;
await staticServer.proc.exited;

// The single binary (bun run build:binary), started the same way: on this run's embedded database, and
// below on PostgreSQL.
const binaryDir = mkdtempSync(join(tmpdir(), 'tlm-bench-bin-'));
const binaryPath = join(binaryDir, 'site');
await buildBinary(binaryPath);
const binaryCmd = pin(0, [binaryPath]);
let binaryStart = '';
if (!usingPostgres) {
  const starts = [];
  for (let i = 0; i < 3; i++) {
    const s = await timedStart(serverEnv, binaryCmd);
    starts.push(s);
    await stopServer(s);
  }
  binaryStart = `The single binary on that embedded database (median of 3): first 200 ${Math.round(median(starts.map((x) => x.firstMs)))} ms, ready ${Math.round(median(starts.map((x) => x.readyMs)))} ms.`;
}
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

// PostgreSQL cold start, measured on a quiet machine after the runs: on a scratch database, the first
// start migrates the schema, the second starts on the existing schema.
async function postgresColdStart(): Promise<string> {
  const adminUrl = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    return 'PostgreSQL cold start: not measured (no server)';
  }
  await admin.end({ timeout: 5 });
  const scratch = await scratchPostgresDatabase(adminUrl, 'bench_coldstart');
  const { DATA_DIR: _embedded, ...withoutDataDir } = serverEnv;
  const pgEnv = { ...withoutDataDir, DATABASE_URL: scratch.url };
  try {
    const first = await timedStart(pgEnv);
    await stopServer(first);
    const again = [];
    for (let i = 0; i < 3; i++) {
      const s = await timedStart(pgEnv);
      again.push(s);
      await stopServer(s);
    }
    const binaryAgain = [];
    for (let i = 0; i < 3; i++) {
      const s = await timedStart(pgEnv, binaryCmd);
      binaryAgain.push(s);
      await stopServer(s);
    }
    return `${startLine('PostgreSQL', 'migrates the schema', first, again)}\nThe single binary on PostgreSQL (median of 3): first 200 ${Math.round(median(binaryAgain.map((x) => x.firstMs)))} ms, ready ${Math.round(median(binaryAgain.map((x) => x.readyMs)))} ms.`;
  } finally {
    await scratch.drop();
  }
}
const postgresStart = usingPostgres ? '' : await postgresColdStart().catch((e) => `PostgreSQL cold start: failed (${String(e).split('\n')[0]})`);
if (postgresStart) console.log(postgresStart);
rmSync(logDir, { recursive: true, force: true });
rmSync(binaryDir, { recursive: true, force: true });

const report = `# Benchmark (${new Date().toISOString()})

Machine: ${navigator.hardwareConcurrency} cores; server ${hasTaskset ? 'pinned to core 0, wrk to core 1' : 'unpinned (no taskset)'}; database: ${usingPostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}.
wrk -t1 -c${CONNECTIONS} -d${SECONDS}s --latency, requests sent with \`Accept-Encoding: gzip, deflate, br\`. Baseline: Bun serving the
identical response (the status, headers and body bytes the site sent, minus Date, Set-Cookie and X-Request-Id) from memory
(bench/static-server.ts), pinned to the same core, to the same requests. req/s, p50 and p99 are the page's alone, and
static req/s the baseline's alone. The ratio is measured with both running at once, each loaded by its own wrk: they share
the core, so it is the ratio of their costs per request, unaffected by this VM's swings in speed between runs; the median
of ${ROUNDS} such runs (each in brackets).

| Route | Status, bytes | req/s | p50 | p99 | static req/s | ratio (side by side) |
| --- | --- | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

${campaignLine}

| Form endpoint (RATE_LIMITS=off) | status | req/s | p99 |
| --- | --- | ---: | ---: |
${posts.join('\n')}

| Route | HTML gzip (with inline CSS) | JS gzip with the page | JS gzip incl. on-demand islands | CSS gzip (inlined) | islands |
| --- | ---: | ---: | ---: | ---: | --- |
${bytes.join('\n')}

Start-up (the server listens at once and serves pages while its database comes up; ready = \`/healthz\` 200):
${ownStart}${binaryStart ? `\n${binaryStart}` : ''}${postgresStart ? `\n${postgresStart}` : ''}
Memory of the server under the load above (${usingPostgres ? 'PostgreSQL' : 'embedded database'}; VmRSS sampled every 50 ms from the first route to the last form post): median ${loadRss.median} MB, largest sample ${loadRss.max} MB; peak (VmHWM, start-up included) ${loadRss.peak} MB; ${afterLoadRss} MB ${SETTLE_MS / 1000} s after the load.
`;
console.log(report);
await Bun.write(usingPostgres ? 'bench/results/latest-postgres.md' : 'bench/results/latest.md', report);
