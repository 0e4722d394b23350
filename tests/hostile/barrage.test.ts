import { expect, setDefaultTimeout, test } from 'bun:test';
import { pagePaths } from '../../site/app.ts';
import { DESKTOP, serverAndBrowser, VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { rawRequest } from '../helpers/raw-http.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// 10,000 hostile requests against a production server (mixed methods, Host forms, junk addresses,
// encodings, conditions, odd ids and bodies), then a real browser opens every page: each must still
// answer 200 with its own content, and a Host-less HTTP/1.0 health check must still pass.

const REQUESTS = 10_000;
const CONCURRENCY = 32;

const ctx = serverAndBrowser();

/** What a browser sees on each page: its status and title. */
async function browserView(): Promise<Record<string, string>> {
  const context = await ctx.browser.newContext({ viewport: DESKTOP, userAgent: VISITOR_USER_AGENT });
  const page = await context.newPage();
  const seen: Record<string, string> = {};
  for (const path of pagePaths) {
    const response = await page.goto(ctx.server.url + path);
    seen[path] = `${response?.status()} ${await page.title()}`;
  }
  await context.close();
  return seen;
}

/** The i-th request of the barrage: a different kind of attack on each turn. */
function hostile(i: number, port: number, host: string): () => Promise<number> {
  const routes = [...pagePaths, '/api/rss-feed', '/healthz', '/sitemap.xml', '/static/images/favicon.svg'];
  // Which variant of its kind: independent of the kind (i % 12), so every variant of every kind occurs.
  const k = Math.floor(i / 12);
  const path = routes[k % routes.length];
  const viaFetch =
    (target: string, init: RequestInit = {}) =>
    () =>
      fetch(`http://${host}${target}`, { ...init, decompress: false } as RequestInit).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
  const viaSocket = (text: string) => () => rawRequest(port, text).then((r) => r.status);
  const methods = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'PURGE'];
  switch (i % 12) {
    case 0: // Another method, as a cross-site form post would send it.
      return viaSocket(
        `${methods[k % methods.length]} ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\nConnection: close\r\n\r\nemail=x`,
      );
    case 1: // No Host at all (HTTP/1.0), at the path or one level down.
      return viaSocket(`GET ${k % 2 === 0 ? path : `/x${path}`} HTTP/1.0\r\n\r\n`);
    case 2: // An empty or invalid Host.
      return viaSocket(`GET /x${path} HTTP/1.1\r\nHost: ${['', 'a/b', 'h@evil', 'two words'][k % 4]}\r\nConnection: close\r\n\r\n`);
    case 3: // A unique junk address.
      return viaFetch(`/${['no-such-page', 'wp-admin', 'services/x', '.env', 'admin/ab-tests/x'][k % 5]}-${i}?${i}`);
    case 4: // A real page with a junk query, or campaign tags.
      return viaFetch(k % 2 === 0 ? `${path}?utm_source=spam-${i}&gclid=${i}` : `${path}?page=${i}&q=%3Cscript%3E`);
    case 5: // Odd encodings and conditions.
      return viaFetch(path, {
        headers: {
          'accept-encoding': ['deflate', 'br;q=0', 'identity;q=0, *;q=0', 'x;;q=abc', 'GZIP', ''][k % 6],
          'if-none-match': ['*', 'W/"x"', '"a", "b"', ''][Math.floor(k / 6) % 4],
        },
      });
    case 6: // HEAD.
      return viaFetch(path, { method: 'HEAD' });
    case 7: // Odd path parameters and encodings of paths.
      return viaFetch(
        [
          '/api/ab-test/results/%00',
          '/api/ab-test/results/%ED%A0%80',
          '/%73ervices',
          '/services/',
          '//services',
          '/services%2F..%2Fadmin',
          `/api/ab-test/results/${'x'.repeat(300)}`,
        ][k % 7],
      );
    case 8: // Refused writes: cross-site, wrong type, empty, oversized.
      return viaFetch(['/api/business-audit', '/api/q4-intake', '/api/ab-test/event', '/api/social-stories/generate'][k % 4], {
        method: 'POST',
        headers: { 'content-type': k % 3 === 1 ? 'text/plain' : 'application/json', 'sec-fetch-site': k % 5 === 2 ? 'cross-site' : 'same-origin' },
        body: k % 7 === 3 ? 'x'.repeat(70_000) : '{}',
      });
    case 9: // Claimed conversions and made-up users.
      return viaFetch('/api/ab-test/event', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          testId: 'a8b7c6d5-0000-4000-8000-000000000002',
          variantId: 'a8b7c6d5-0000-4000-8000-000000000021',
          eventType: 'conversion',
          userId: `fake-${i}`,
        }),
      });
    case 10: // Password guesses on the dashboard (open here: no ADMIN_PASSWORD), and odd headers.
      return viaFetch('/admin/ab-tests', {
        headers: { authorization: `Basic ${btoa(`admin:guess${i}`)}`, 'x-forwarded-for': `10.0.${k % 250}.1`, cookie: `vid=${'A'.repeat(k % 80)}` },
      });
    default: // Absolute-form targets naming another host.
      return viaSocket(`GET http://evil.example${path} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
  }
}

test(`after ${REQUESTS.toLocaleString('en-CA')} hostile requests every page still answers 200 with its own content to a browser`, async () => {
  const before = await browserView();
  for (const path of pagePaths) expect(before[path]).toStartWith('200 ');
  const { host, port } = new URL(ctx.server.url);

  const statuses: Record<number, number> = {};
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const status = await hostile(next++, Number(port), host)();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`barrage: ${REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(statuses)}`);
  expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(REQUESTS);
  // Nothing a client sends is a server error, and every answer is an HTTP answer.
  expect(Object.keys(statuses).filter((s) => Number(s) >= 500 || Number(s) === 0)).toEqual([]);

  expect(await browserView()).toEqual(before);
  const health = await rawRequest(Number(port), 'GET /healthz HTTP/1.0\r\n\r\n');
  expect(health.status).toBe(200);
  expect(ctx.server.output()).not.toMatch(/"level":"error"/);
}, 180_000);
