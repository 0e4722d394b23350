// `bun run soak`: 60 s of mixed traffic against the production server: every page on 16 connections,
// and the form and event APIs on 16 more (RATE_LIMITS=off). Reports requests, errors, non-2xx,
// p50/p99 per mix, RSS at start, after 10 s and at the end, and open file descriptors.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../tests/helpers/server.ts';
import { ensureTemplate } from '../tests/helpers/template-db.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const wrkPath = Bun.which('wrk');
if (!wrkPath) throw new Error('wrk is missing: apt-get install -y wrk');

if (!process.env.DATABASE_URL) await ensureTemplate();
const server = await startServer({ RATE_LIMITS: 'off' });
const pid = server.proc.pid;
const rssMb = async () => Math.round(Number((await Bun.file(`/proc/${pid}/status`).text()).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
const fds = () => readdirSync(`/proc/${pid}/fd`).length;

const pages = ['/', '/blog', '/services', '/services/seo-services', '/services/google-ads', '/what-is-digital-marketing', '/q4-intake', '/q4-intake/thank-you', '/social-generator', '/admin/ab-tests', '/no-such-page'];
const audit = {
  firstName: 'Soak', lastName: 'Test', email: 'soak@example.ca', phone: '', businessName: 'Soak Cleaning Co', industry: 'professional-services', website: '',
  monthlyRevenue: '10000-25000', currentMarketing: ['seo'], marketingBudget: '1000-5000', primaryGoals: ['lead-generation'], timeframe: '3-6-months',
  currentChallenges: ['low-traffic'], onlinePresence: 'fair', competitorAnalysis: 'some-idea', previousAgency: 'no',
};
const intake = {
  firstName: 'Soak', lastName: 'Test', workEmail: 'soak@example.ca', mobile: '416-555-0100', company: 'Soak Cleaning Co', website: '', industry: 'cleaners',
  city: 'Toronto', monthlyMarketingBudget: '1000-2500', biggestGoal: 'More recurring clients', howDidYouHear: '', caslConsent: 'true',
};
// The event goes to the seeded hero test; its ids are read from the API so this script never hard-codes them.
const tests = (await (await fetch(`${server.url}/api/ab-test/tests`)).json().catch(() => [])) as { id: string; name: string }[];
const heroTest = Array.isArray(tests) ? tests.find((t) => t.name === 'hero-variant') : undefined;
const assignment = heroTest ? await (await fetch(`${server.url}/api/ab-test/assignment?testName=hero-variant&userId=soak-visitor`)).json() : null;
const posts: [string, unknown][] = [['/api/business-audit', audit], ['/api/q4-intake', intake]];
if (assignment?.variantId) posts.push(['/api/ab-test/event', { testId: assignment.testId, variantId: assignment.variantId, eventType: 'view', userId: 'soak-visitor' }]);

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
const get = (p: string) => `wrk.format("GET", ${JSON.stringify(p)}, { ["Host"] = "${host}", ["Accept-Encoding"] = "gzip, br" })`;
const post = ([p, body]: [string, unknown]) => `wrk.format("POST", ${JSON.stringify(p)}, { ["Host"] = "${host}", ["Content-Type"] = "application/json" }, [[${JSON.stringify(body)}]])`;
const dir = mkdtempSync(join(tmpdir(), 'tlm-soak-'));
await Bun.write(join(dir, 'pages.lua'), lua(pages.map(get)));
await Bun.write(join(dir, 'apis.lua'), lua(posts.map(post)));

const run = (script: string) => {
  const proc = Bun.spawn([wrkPath, '-t1', '-c16', `-d${SECONDS}s`, '--latency', '-s', join(dir, script), server.url], { stdout: 'pipe' });
  return new Response(proc.stdout).text();
};
const start = { rss: await rssMb(), fds: fds() };
const runs = Promise.all([run('pages.lua'), run('apis.lua')]);
await Bun.sleep(10_000);
const after10s = { rss: await rssMb(), fds: fds() };
const [pagesOut, apisOut] = await runs;
const end = { rss: await rssMb(), fds: fds() };
await server.stop();
rmSync(dir, { recursive: true, force: true });

const parse = (label: string, text: string) => {
  const n = (re: RegExp) => Number(text.match(re)?.[1] ?? 0);
  const pct = (p: string) => text.match(new RegExp(`\\s${p}%\\s+([\\d.]+\\w+)`))?.[1] ?? '?';
  const errs = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return `| ${label} | ${n(/(\d+) requests in/)} | ${errs ? errs.slice(1).reduce((a, b) => a + Number(b), 0) : 0} | ${n(/Non-2xx or 3xx responses:\s+(\d+)/)} | ${pct('50')} | ${pct('99')} |`;
};
const serverErrors = (server.output().match(/"status":5\d\d/g) ?? []).length;
const report = `# Soak (${new Date().toISOString()}), ${SECONDS} s, 32 connections, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}

| Mix | requests | socket errors | non-2xx/3xx | p50 | p99 |
| --- | ---: | ---: | ---: | ---: | ---: |
${parse(`pages (${pages.length}, incl. one 404)`, pagesOut)}
${parse(`form and event APIs (${posts.length})`, apisOut)}

5xx responses in the server log: ${serverErrors}. The pages mix includes the 404 page, so about 1 in ${pages.length} page requests is an expected 404.
RSS: ${start.rss} MB at start, ${after10s.rss} MB after 10 s, ${end.rss} MB at the end (growth after 10 s: ${end.rss - after10s.rss} MB).
Open file descriptors: ${start.fds} at start, ${after10s.fds} after 10 s, ${end.fds} at the end.
`;
console.log(report);
await Bun.write('bench/results/soak.md', report);
