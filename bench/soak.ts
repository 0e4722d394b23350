// `bun run soak`: 60 s (SOAK_SECONDS) of mixed traffic at 32 connections against the production server
// (RATE_LIMITS=off), as three concurrent wrk processes: cached pages on 16 connections (the static
// pages, /blog, the 404 page and / for a returning visitor with its cookie), live pages that do
// database work per request on 4 (/ for a new visitor, /admin/ab-tests), and the form and event APIs
// on 12. Reports requests, socket errors, non-2xx/3xx and p50/p99 per mix, 5xx responses in the
// server log, RSS and open file descriptors at start, after 10 s and at the end plus a 5 s series.
// Runs on DATABASE_URL (PostgreSQL) when set, else the embedded PGlite; writes bench/results/soak.md
// (embedded) or bench/results/soak-postgres.md (PostgreSQL).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../tests/helpers/server.ts';
import { formBodies } from './form-bodies.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const usingPostgres = Boolean(process.env.DATABASE_URL);
const wrkPath = Bun.which('wrk');
if (!wrkPath) throw new Error('wrk is missing: apt-get install -y wrk');

const server = await startServer({ RATE_LIMITS: 'off' });
const pid = server.proc.pid;
const rssMb = async () => Math.round(Number((await Bun.file(`/proc/${pid}/status`).text()).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
const fds = () => readdirSync(`/proc/${pid}/fd`).length;

// A browser's user agent: Bun's own is (rightly) classed as a bot, and bots get no visitor cookie.
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const visitorCookie = (await fetch(`${server.url}/`, { headers: { 'user-agent': BROWSER_UA } })).headers.get('set-cookie')?.split(';')[0];
if (!visitorCookie) throw new Error('the home page set no visitor cookie');

type Req = { path: string; headers?: Record<string, string> };
const cachedPages: Req[] = [
  ...[
    '/services',
    '/services/seo-services',
    '/services/google-ads',
    '/what-is-digital-marketing',
    '/q4-intake',
    '/q4-intake/thank-you',
    '/social-generator',
    '/blog',
    '/no-such-page',
  ].map((path) => ({ path })),
  { path: '/', headers: { 'User-Agent': BROWSER_UA, Cookie: visitorCookie } },
];
const livePages: Req[] = [{ path: '/', headers: { 'User-Agent': BROWSER_UA } }, { path: '/admin/ab-tests' }];

const { audit, intake } = formBodies('Soak');
// The event goes to the seeded hero test; its ids are read from the API so this script never hard-codes them.
const tests = (await (await fetch(`${server.url}/api/ab-test/tests`)).json().catch(() => [])) as { id: string; name: string }[];
const heroTest = Array.isArray(tests) ? tests.find((t) => t.name === 'hero-variant') : undefined;
// Asked as a browser: a crawler's answer is the control, not stored, and the events would be refused.
const assignment = heroTest
  ? await (await fetch(`${server.url}/api/ab-test/assignment?testName=hero-variant&userId=soak-visitor`, { headers: { 'user-agent': BROWSER_UA } })).json()
  : null;
const posts: [string, unknown][] = [
  ['/api/business-audit', audit],
  ['/api/q4-intake', intake],
];
if (assignment?.variantId)
  posts.push(['/api/ab-test/event', { testId: assignment.testId, variantId: assignment.variantId, eventType: 'view', userId: 'soak-visitor' }]);

const lua = (requests: string[]) => `
local requests = { ${requests.join(', ')} }
local i = 0
request = function()
  i = i % #requests + 1
  return requests[i]
end
`;
// A header table given to wrk.format replaces wrk's defaults, Host included: name it.
const host = new URL(server.url).host;
const luaHeaders = (headers: Record<string, string>) =>
  `{ ${Object.entries({ Host: host, ...headers })
    .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join(', ')} }`;
const get = ({ path, headers }: Req) => `wrk.format("GET", ${JSON.stringify(path)}, ${luaHeaders({ 'Accept-Encoding': 'gzip, br', ...headers })})`;
const post = ([p, body]: [string, unknown]) =>
  `wrk.format("POST", ${JSON.stringify(p)}, ${luaHeaders({ 'Content-Type': 'application/json', 'User-Agent': BROWSER_UA })}, [[${JSON.stringify(body)}]])`;
const dir = mkdtempSync(join(tmpdir(), 'tlm-soak-'));
await Bun.write(join(dir, 'cached.lua'), lua(cachedPages.map(get)));
await Bun.write(join(dir, 'live.lua'), lua(livePages.map(get)));
await Bun.write(join(dir, 'apis.lua'), lua(posts.map(post)));

const run = (script: string, connections: number) => {
  const proc = Bun.spawn([wrkPath, '-t1', `-c${connections}`, `-d${SECONDS}s`, '--latency', '-s', join(dir, script), server.url], { stdout: 'pipe' });
  return new Response(proc.stdout).text();
};
const t0 = performance.now();
const start = { rss: await rssMb(), fds: fds() };
// Only what the server logs from here on counts (readiness polling may see a 503 while it boots).
const outputBefore = server.output().length;
const series: { s: number; rss: number; fds: number }[] = [{ s: 0, ...start }];
let after10s = start;
let running = true;
const runs = Promise.all([run('cached.lua', 16), run('live.lua', 4), run('apis.lua', 12)]).finally(() => (running = false));
// Samples on a fixed 5 s grid; the 10 s sample is the one the growth is measured from.
const sampler = (async () => {
  for (let s = 5; s < SECONDS; s += 5) {
    const wait = t0 + s * 1000 - performance.now();
    await Promise.race([runs, Bun.sleep(Math.max(0, wait))]);
    if (!running) return;
    const sample = { s, rss: await rssMb(), fds: fds() };
    series.push(sample);
    if (s === 10) after10s = sample;
  }
})();
const [cachedOut, liveOut, apisOut] = await runs;
await sampler;
const end = { rss: await rssMb(), fds: fds() };
series.push({ s: Math.round((performance.now() - t0) / 1000), ...end });
await server.stop();
rmSync(dir, { recursive: true, force: true });

const parse = (label: string, text: string) => {
  const n = (re: RegExp) => Number(text.match(re)?.[1] ?? 0);
  const pct = (p: string) => text.match(new RegExp(`\\s${p}%\\s+([\\d.]+\\w+)`))?.[1] ?? '?';
  const errs = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return `| ${label} | ${n(/(\d+) requests in/)} | ${errs ? errs.slice(1).reduce((a, b) => a + Number(b), 0) : 0} | ${n(/Non-2xx or 3xx responses:\s+(\d+)/)} | ${pct('50')} | ${pct('99')} |`;
};
const soakOutput = server.output().slice(outputBefore);
const serverErrorLines = soakOutput.split('\n').filter((line) => /"status":5\d\d/.test(line));
const serverErrors = serverErrorLines.length;
// Which routes answered 5xx, and the first error the server logged, so a failure can be traced.
const errorRoutes = [...new Set(serverErrorLines.map((line) => `${line.match(/"route":"([^"]*)"/)?.[1]} ${line.match(/"status":(\d+)/)?.[1]}`))].join(', ');
const firstError = soakOutput.split('\n').find((line) => /"level":"(error|warn)"/.test(line));
const database = usingPostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
const report = `# Soak on ${database} (${new Date().toISOString()}), ${SECONDS} s, 32 connections

| Mix | requests | socket errors | non-2xx/3xx | p50 | p99 |
| --- | ---: | ---: | ---: | ---: | ---: |
${parse(`cached pages (${cachedPages.length}, incl. the 404 page and / for a returning visitor), 16 connections`, cachedOut)}
${parse(`live pages (/ for a new visitor, /admin/ab-tests), 4 connections`, liveOut)}
${parse(`form and event APIs (${posts.length}), 12 connections`, apisOut)}

5xx responses in the server log: ${serverErrors}${serverErrors ? ` (${errorRoutes})` : ''}.${firstError ? ` First error logged: ${firstError.slice(0, 400)}` : ''} The cached mix includes the 404 page, so about 1 in ${cachedPages.length} of its requests is an expected 404.
RSS: ${start.rss} MB at start, ${after10s.rss} MB after 10 s, ${end.rss} MB at the end (growth after 10 s: ${end.rss - after10s.rss} MB).
Open file descriptors: ${start.fds} at start, ${after10s.fds} after 10 s, ${end.fds} at the end.
RSS / FDs every 5 s: ${series.map((x) => `${x.s} s ${x.rss} MB/${x.fds}`).join(', ')}.
`;
console.log(report);
await Bun.write(usingPostgres ? 'bench/results/soak-postgres.md' : 'bench/results/soak.md', report);
