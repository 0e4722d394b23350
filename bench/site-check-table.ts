// `bun bench/site-check-table.ts`: the site check's verdicts on each fixture site (tests/fixtures/site-check/),
// and the addresses it refuses with the connections a listener on ports 80 and 443 of every local address
// recorded for each (all must be zero). Writes bench/results/site-check-fixtures.md and
// site-check-refusals.md. Ports 80 and 443 need root (or CAP_NET_BIND_SERVICE). Never part of the suite.
import { checkSite } from '../features/site-check/check-site.ts';
import { parseAllowHosts } from '../lib/site-check/address.ts';
import { SITE_CHECK_KEYS, type SiteCheckOutcome } from '../lib/site-check/types.ts';
import {
  bareSite,
  brokenSite,
  compressedBombSite,
  connectionRecorder,
  errorSite,
  goodSite,
  hugeSite,
  notAPageSite,
  redirectingSite,
  redirectingTo,
  slowSite,
  windows1252Site,
} from '../tests/fixtures/site-check/sites.ts';

const now = () => new Date();
const year = now().getFullYear();
const check = (url: string, allow: string[]) =>
  checkSite(url, { allowHosts: parseAllowHosts(allow.join(',')) ?? [], siteUrl: 'https://northlinedigital.ca', now });

const inside = await connectionRecorder();
const fixtures = [
  ['good', goodSite(year)],
  ['bare', bareSite()],
  ['slow (never answers)', slowSite()],
  ['huge (5 MB)', hugeSite()],
  ['compressed (16 MB sent as 16 KB of gzip)', compressedBombSite()],
  ['4 redirects', redirectingSite()],
  ['redirect to another local port', redirectingTo(`http://127.0.0.1:${inside.port}/`)],
  ['redirect to 169.254.169.254', redirectingTo('http://169.254.169.254/latest/meta-data/')],
  ['broken HTML', brokenSite()],
  ['windows-1252', windows1252Site()],
  ['a picture, not a page', notAPageSite()],
  ['server error (500)', errorSite()],
] as const;
const outcomes: [string, SiteCheckOutcome, number][] = [];
for (const [name, site] of fixtures) {
  const started = performance.now();
  outcomes.push([name, await check(`${site.origin}/`, [site.hostPort]), performance.now() - started]);
  await site.stop();
}
const mark = { pass: '✓ pass', fail: '✗ fail', unknown: '? unknown' } as const;
const lines = [
  `# Site check verdicts on the fixture sites (${now().toISOString().slice(0, 10)})`,
  '',
  'Each fixture served on loopback and let through by the allow list (as SITE_CHECK_ALLOW_HOSTS does), so the',
  'secure-connection checks fail for every one of them: they are plain http.',
  '',
  `| check | ${outcomes.map(([name]) => name).join(' | ')} |`,
  `| --- | ${outcomes.map(() => '---').join(' | ')} |`,
  `| outcome | ${outcomes.map(([, o]) => `**${o.status}**${'reason' in o ? `: ${o.reason}` : ''}`).join(' | ')} |`,
  `| time | ${outcomes.map(([, , ms]) => `${Math.round(ms)} ms`).join(' | ')} |`,
  ...SITE_CHECK_KEYS.map(
    (key) =>
      `| ${key} | ${outcomes.map(([, o]) => (o.status === 'done' ? mark[o.checks.find((c) => c.key === key)?.status ?? 'unknown'] : '–')).join(' | ')} |`,
  ),
  '',
  '## Evidence on the good and bare sites',
  '',
  '| check | good | bare |',
  '| --- | --- | --- |',
  ...SITE_CHECK_KEYS.map(
    (key) =>
      `| ${key} | ${[outcomes[0][1], outcomes[1][1]].map((o) => o.checks.find((c) => c.key === key)?.evidence.replaceAll('|', '\\|') ?? '').join(' | ')} |`,
  ),
];
await Bun.write('bench/results/site-check-fixtures.md', `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
await inside.stop();

const recorders = [await connectionRecorder(80, '::'), await connectionRecorder(443, '::')];
const REFUSED = [
  'http://localhost/',
  'http://127.0.0.2/',
  'http://10.0.0.1/',
  'http://192.168.1.1/',
  'http://172.16.0.1/',
  'http://100.64.0.1/',
  'http://169.254.169.254/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://0.0.0.0/',
  'http://2130706433/',
  'http://0x7f000001/',
  'https://user:pass@127.0.0.1/',
  'http://127.0.0.1:8080/',
  'https://127.0.0.1:22/',
  'file:///etc/passwd',
  'gopher://127.0.0.1:70/',
];
const rows: string[] = [];
for (const address of REFUSED) {
  const before = recorders.reduce((n, r) => n + r.connections(), 0);
  const outcome = await check(address, []);
  await Bun.sleep(20);
  const made = recorders.reduce((n, r) => n + r.connections(), 0) - before;
  rows.push(`| \`${address}\` | ${outcome.status}${'reason' in outcome ? ` (${outcome.reason})` : ''} | ${made} |`);
}
// Redirects from a site the allow list lets through, to loopback on ports 80 and 443: refused at the hop.
const REDIRECTED_TO = ['http://127.0.0.1/', 'http://[::1]/', 'http://localhost/', 'https://127.0.0.1/', 'http://[::ffff:7f00:1]/'];
for (const target of REDIRECTED_TO) {
  const hop = redirectingTo(target);
  const before = recorders.reduce((n, r) => n + r.connections(), 0);
  const outcome = await check(`${hop.origin}/`, [hop.hostPort]);
  await Bun.sleep(20);
  const made = recorders.reduce((n, r) => n + r.connections(), 0) - before;
  rows.push(`| an allowed site redirecting to \`${target}\` | ${outcome.status}${'reason' in outcome ? ` (${outcome.reason})` : ''} | ${made} |`);
  await hop.stop();
}
for (const r of recorders) await r.stop();
const refusals = [
  '# Addresses the site check refuses, and the connections made for each',
  '',
  'A listener on ports 80 and 443 of every local address (IPv4 and IPv6, one dual-stack socket each) recorded',
  'every connection while each address was checked; the port-8080, port-22 and gopher (port 70) addresses are',
  'refused by their port or scheme before any lookup. The last rows start at a fixture site the allow list lets',
  'through, which redirects to loopback on port 80 or 443: the hop is refused before it connects.',
  'Made with `bun bench/site-check-table.ts`.',
  '',
  '| address | outcome | connections |',
  '| --- | --- | ---: |',
  ...rows,
];
await Bun.write('bench/results/site-check-refusals.md', `${refusals.join('\n')}\n`);
console.log(refusals.join('\n'));
process.exit(0);
