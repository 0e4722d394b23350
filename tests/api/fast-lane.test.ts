import { describe, expect, test } from 'bun:test';
import { AB_TEST_IDS } from '../../lib/ab-tests.ts';
import { testApp } from '../helpers/app.ts';

// Cached pages answered from memory before Hono routes anything (routes/fast-lane.ts): the same bytes,
// headers and log line as the first answer, and never a page that needs the app.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const sameHeaders = (a: Response, b: Response) => {
  const pick = (r: Response) => [...r.headers].filter(([name]) => name !== 'x-request-id' && name !== 'content-length');
  expect(pick(b)).toEqual(pick(a));
};

describe('pages that are the same for everyone', () => {
  test('a repeat request gets the first answer byte for byte, with the same headers and one log line each', async () => {
    const t = await testApp();
    for (const path of ['/services/seo-services', '/q4-intake', '/what-is-digital-marketing', '/no-such-page']) {
      const first = await t.request(path, { headers: { 'accept-encoding': 'gzip' } });
      const logged = t.logs.length;
      const again = await t.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(again.status).toBe(first.status);
      sameHeaders(first, again);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array(await first.arrayBuffer()));
      expect(t.logs.length).toBe(logged + 1);
      const line = t.logs.at(-1)!;
      expect(line).toMatchObject({ method: 'GET', status: first.status, route: t.logs[logged - 1].route });
      expect(line.requestId).toMatch(/^[\w-]{8,}$/);
      expect(line.requestId).not.toBe(t.logs[logged - 1].requestId);
    }
  });

  test('the address includes the query: a glossary search is rendered fresh, the plain guide is not', async () => {
    const t = await testApp();
    const plain = await (await t.request('/what-is-digital-marketing')).text();
    const search = await (await t.request('/what-is-digital-marketing?q=backlink')).text();
    expect(search).not.toBe(plain);
    expect(await (await t.request('/what-is-digital-marketing?q=backlink')).text()).toBe(search);
    expect(await (await t.request('/what-is-digital-marketing')).text()).toBe(plain);
  });

  test('only GET: a HEAD or a POST to a cached address goes through the app', async () => {
    const t = await testApp();
    await t.request('/services');
    expect((await t.request('/services', { method: 'HEAD' })).status).toBe(200);
    expect((await t.request('/services', { method: 'POST' })).status).toBe(404);
  });
});

describe('the home page for a returning visitor', () => {
  test('is answered from memory once the assignments are known, and never for a crawler with the same cookie', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = `lane-${crypto.randomUUID()}`;
    const headers = { 'user-agent': BROWSER, cookie: `vid=${user}`, 'accept-encoding': 'br' };
    const first = await t.request('/', { headers });
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const again = await t.request('/', { headers });
    expect(again.headers.get('set-cookie')).toBeNull();
    sameHeaders(first, again);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(firstBytes);

    const html = await (await t.request('/', { headers: { 'user-agent': BROWSER, cookie: `vid=${user}` } })).text();
    expect(html).toContain(AB_TEST_IDS.hero);
    const crawler = await (await t.request('/', { headers: { 'user-agent': CRAWLER, cookie: `vid=${user}` } })).text();
    expect(crawler).not.toContain(AB_TEST_IDS.hero);
  });

  test('a new visitor still gets a cookie of their own on every first visit', async () => {
    const t = await testApp();
    const cookies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await t.request('/', { headers: { 'user-agent': BROWSER } });
      cookies.add(res.headers.get('set-cookie')!.match(/vid=([^;]+)/)![1]);
    }
    expect(cookies.size).toBe(3);
  });
});
