import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { gunzipSync } from 'node:zlib';
import { AB_TEST_IDS } from '../../lib/ab/definitions.ts';
import { PageCache } from '../../server/page-cache.ts';
import { pagePaths, siteRoutes } from '../../site/app.ts';
import { islandProps } from '../helpers/ab-home.ts';
import { testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The page cache (server/page-cache.ts): what is kept, under which key, for whom and for how long, and
// the HTTP around it (methods, HEAD, encodings, conditional requests, cache headers).

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

const sameHeaders = (a: Response, b: Response) => {
  const pick = (r: Response) => [...r.headers].filter(([name]) => name !== 'x-request-id');
  expect(pick(b)).toEqual(pick(a));
};
const bytes = async (r: Response) => new Uint8Array(await r.arrayBuffer());
/** A page cache with the site's table (the rules each page and API states), as the app makes it. */
const siteCache = (options: { now?: () => number } = {}) => new PageCache({ ...options, rules: siteRoutes.cacheRules });
/** A shared page's keeping: one copy until the process restarts. */
const FOREVER = { variant: '', ttlMs: Number.POSITIVE_INFINITY };

describe('pages that are the same for everyone', () => {
  test('a repeat request gets the first answer byte for byte, with the same headers and one log line each', async () => {
    const t = await testApp();
    for (const path of ['/services/seo-services', '/q4-intake', '/what-is-digital-marketing']) {
      const first = await t.request(path, { headers: { 'accept-encoding': 'gzip' } });
      const logged = t.logs.length;
      const again = await t.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(again.status).toBe(200);
      sameHeaders(first, again);
      expect(await bytes(again)).toEqual(await bytes(first));
      expect(t.logs.length).toBe(logged + 1);
      expect(t.logs.at(-1)).toMatchObject({ method: 'GET', status: 200, route: path });
      expect(t.logs.at(-1)!.requestId).not.toBe(t.logs[logged - 1].requestId);
    }
  });

  test('every shared page says a CDN may keep it 60 s; the kept copies are bounded by the routes, not by the requests', async () => {
    const pageCache = new PageCache();
    const t = await testApp({ pageCache });
    const shared = pagePaths.filter((p) => p !== '/' && p !== '/admin/ab-tests' && p !== '/blog');
    for (const path of shared) expect((await t.request(path)).headers.get('cache-control')).toBe(SHARED);
    const kept = pageCache.size;
    for (let i = 0; i < 300; i++) await t.request(`/junk-${i}?x=${i}`);
    for (let i = 0; i < 100; i++) await t.request(`/services?page=${i}`);
    // One 404 copy, whatever the addresses.
    expect(pageCache.size).toBe(kept + 1);
  });

  test('tracking parameters get the same kept answer; any other query is rendered for itself and never kept', async () => {
    const t = await testApp();
    const plain = await t.request('/services', { headers: { 'accept-encoding': 'br' } });
    const campaign = await t.request('/services?utm_source=newsletter&utm_medium=email&gclid=abc&fbclid=x&msclkid=y', { headers: { 'accept-encoding': 'br' } });
    // The campaign landing's own answer carries its attribution cookie and is private; its bytes and every
    // other header are the kept copy's, and the kept copy itself is untouched.
    expect(campaign.headers.get('set-cookie')).toStartWith('first_touch=');
    expect(campaign.headers.get('cache-control')).toBe('private, no-cache');
    const withoutCookie = new Response(null, { headers: [...campaign.headers].filter(([n]) => n !== 'set-cookie' && n !== 'cache-control') });
    const plainWithout = new Response(null, { headers: [...plain.headers].filter(([n]) => n !== 'cache-control') });
    sameHeaders(plainWithout, withoutCookie);
    expect(await bytes(campaign)).toEqual(await bytes(plain));
    const after = await t.request('/services', { headers: { 'accept-encoding': 'br' } });
    sameHeaders(plain, after);

    const guide = await (await t.request('/what-is-digital-marketing')).text();
    const search = await t.request('/what-is-digital-marketing?q=backlink');
    expect(search.headers.get('etag')).toBeNull();
    const searched = await search.text();
    expect(searched).not.toBe(guide);
    expect(await (await t.request('/what-is-digital-marketing')).text()).toBe(guide);
    // A query the page ignores is still answered fresh, and leaves the kept copy alone.
    const junk = await t.request('/what-is-digital-marketing?q=&junk=%3Cscript%3E');
    expect(junk.status).toBe(200);
    expect(junk.headers.get('etag')).toBeNull();
  });

  test('an address Hono routes to a page (trailing slash, percent-encoding) gets that page; one it does not route is a 404', async () => {
    const t = await testApp();
    const page = await (await t.request('/services', { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
    for (const path of ['/services/', '/%73ervices', '/services?utm_source=x']) {
      const res = await t.request(path, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, path).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(page));
    }
    for (const path of ['//services', '/services//', '/x/services', '/services%2F', '/SERVICES']) expect((await t.request(path)).status, path).toBe(404);
  });

  test('N concurrent misses render once', async () => {
    const cache = siteCache();
    let renders = 0;
    const make = async () => {
      renders += 1;
      await Bun.sleep(20);
      return '<p>services</p>';
    };
    const request = new Request('http://localhost/services');
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.answer(request, '/services', FOREVER, make)));
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
  });

  test('a kept answer expires after its time, and a failed making keeps nothing', async () => {
    let now = 1_000_000;
    const cache = siteCache({ now: () => now });
    let renders = 0;
    const request = new Request('http://localhost/blog');
    const make = () => `<p>blog ${++renders}</p>`;
    await cache.answer(request, '/blog', { variant: 'ready', ttlMs: 60_000 }, make);
    now += 60_000;
    await cache.answer(request, '/blog', { variant: 'ready', ttlMs: 60_000 }, make);
    expect(renders).toBe(1);
    now += 1;
    await cache.answer(request, '/blog', { variant: 'ready', ttlMs: 60_000 }, make);
    expect(renders).toBe(2);
    await expect(cache.answer(request, '/services', FOREVER, () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect(await (await cache.answer(request, '/services', FOREVER, () => '<p>ok</p>')).text()).toBe('<p>ok</p>');
  });

  test('a rule’s time may come from the data the answer is made from: the blog and the feed JSON live as long as their feed copy', () => {
    let now = 1_000_000;
    const cache = siteCache({ now: () => now });
    const blog = new Request('http://localhost/blog');
    const ready = { initial: { status: 'ready', posts: [] }, expiresAt: now + 15 * 60_000, generate: null };
    // Kept through its last millisecond before the copy's expiry.
    expect(cache.keepingFor(blog, '/blog', ready)).toEqual({ variant: 'ready', ttlMs: 15 * 60_000 - 1 });
    now += 14 * 60_000;
    expect(cache.keepingFor(blog, '/blog', ready)).toEqual({ variant: 'ready', ttlMs: 60_000 - 1 });
    // A copy whose time is up, a state that is not the grid, and a request the cache does not take are made for themselves.
    now += 60_000;
    expect(cache.keepingFor(blog, '/blog', ready)).toBeNull();
    expect(cache.keepingFor(blog, '/blog', { initial: { status: 'loading' }, expiresAt: now + 60_000, generate: null })).toBeNull();
    // Nor is the blog opened on the story generator, even if such a request reached the cache.
    expect(cache.keepingFor(blog, '/blog', { ...ready, expiresAt: now + 60_000, generate: 'northline-blog-1' })).toBeNull();
    expect(cache.keepingFor(new Request('http://localhost/blog?page=2'), '/blog', { ...ready, expiresAt: now + 60_000 })).toBeNull();
    expect(cache.keepingFor(new Request('http://localhost/api/rss-feed'), '/api/rss-feed', { copy: 7, expiresAt: now + 5_000 })).toEqual({
      variant: '7',
      ttlMs: 4_999,
    });
    expect(cache.keepingFor(new Request('http://localhost/services'), '/services', {})).toEqual(FOREVER);
  });
});

describe('methods', () => {
  test('every page answers other methods with 405 and Allow: GET, HEAD, and keeps answering GET with the page', async () => {
    const t = await testApp();
    for (const path of pagePaths) {
      const before = await (await t.request(path, { headers: { 'user-agent': CRAWLER } })).text();
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const res = await t.request(path, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: method === 'OPTIONS' ? undefined : 'a=1',
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(await res.text()).toContain('This address does not work that way');
      }
      const after = await t.request(path, { headers: { 'user-agent': CRAWLER } });
      expect(after.status).toBe(200);
      if (path !== '/admin/ab-tests') expect(await after.text()).toBe(before);
    }
  });

  test('HEAD states the real length of what GET sends, kept or live, in every encoding', async () => {
    const t = await testApp();
    // Deterministic answers only (the dashboard's numbers and time change from one request to the next).
    for (const path of ['/services', '/what-is-digital-marketing?q=seo', '/static/images/favicon.svg', '/no-such-page', '/api/rss-feed', '/sitemap.xml']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding, 'user-agent': CRAWLER };
        await t.request(path, { headers });
        const get = await t.request(path, { headers });
        const head = await t.request(path, { method: 'HEAD', headers });
        const body = await bytes(get);
        expect(head.status, `${path} ${encoding}`).toBe(get.status);
        expect(Number(head.headers.get('content-length')), `${path} ${encoding}`).toBe(body.byteLength);
        expect(await head.text()).toBe('');
      }
    }
    const dashboard = await t.request('/admin/ab-tests', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(Number(dashboard.headers.get('content-length'))).toBeGreaterThan(5000);
  });
});

describe('encodings', () => {
  test('q-values are honoured (q=0 means never), and identity can be refused (406)', async () => {
    const t = await testApp();
    const encodingFor = async (header: string, path = '/services') =>
      (await t.request(path, { headers: { 'accept-encoding': header } })).headers.get('content-encoding');
    for (const path of ['/services', '/api/rss-feed']) {
      expect(await encodingFor('gzip, deflate, br', path)).toBe('br');
      expect(await encodingFor('br;q=0, gzip', path)).toBe('gzip');
      expect(await encodingFor('br;q=0.5, gzip;q=0.8', path)).toBe('gzip');
      expect(await encodingFor('gzip;q=0, br;q=0', path)).toBeNull();
      expect(await encodingFor('*', path)).toBe('br');
      expect(await encodingFor('*;q=0, gzip', path)).toBe('gzip');
    }
    const refused = await t.request('/services', { headers: { 'accept-encoding': 'identity;q=0, *;q=0' } });
    expect(refused.status).toBe(406);
    expect(refused.headers.get('content-security-policy')).toBeTruthy();
    // Static twins follow the same rule.
    const js = t.deps.assets.loader;
    expect((await t.request(js, { headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers.get('content-encoding')).toBe('gzip');
    expect((await t.request(js, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })).headers.get('content-encoding')).toBeNull();
  });

  test('deflate, which the site does not make, gets identity every time, first request and later ones alike', async () => {
    const t = await testApp();
    for (const path of ['/q4-intake', '/admin/ab-tests', '/api/ab-test/tests']) {
      for (let i = 0; i < 3; i++) {
        const res = await t.request(path, { headers: { 'accept-encoding': 'deflate' } });
        expect(res.headers.get('content-encoding'), `${path} #${i}`).toBeNull();
      }
    }
  });

  test('live answers are gzipped for clients that take gzip', async () => {
    const t = await testApp();
    const res = await t.request('/admin/ab-tests', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(await bytes(res)).toString()).toContain('A/B Test Dashboard');
  });
});

describe('conditional requests (RFC 9110)', () => {
  test('a weak or strong match, or *, is a 304 for a page; never for an error page', async () => {
    const t = await testApp();
    const first = await t.request('/services', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.request('/services', { headers: { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('content-security-policy')).toBeTruthy();
    }
    expect((await t.request('/services', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })).status).toBe(200);
    expect((await t.request('/services', { headers: { 'accept-encoding': 'br', 'if-none-match': '"nope"' } })).status).toBe(200);
    for (const ifNoneMatch of ['*', 'W/"x"']) {
      const missing = await t.request('/no-such-page', { headers: { 'if-none-match': ifNoneMatch } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('etag')).toBeNull();
    }
  });
});

describe('the home page varies per visitor', () => {
  test('it is private: a new visitor (with a cookie), a returning one and a crawler alike', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const fresh = await t.request('/', { headers: { 'user-agent': BROWSER } });
    expect(fresh.headers.get('set-cookie')).toContain('vid=');
    expect(fresh.headers.get('cache-control')).toBe('private, no-cache');
    const cookie = fresh.headers.get('set-cookie')!.split(';')[0];
    for (const headers of [{ 'user-agent': BROWSER, cookie }, { 'user-agent': CRAWLER }] as Record<string, string>[]) {
      const res = await t.request('/?utm_source=flyer', { headers });
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('cache-control')).not.toContain('s-maxage');
    }
  });

  test('a returning visitor is answered from memory once the assignments are known, and never a crawler with the same cookie', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = `lane-${crypto.randomUUID()}`;
    const headers = { 'user-agent': BROWSER, cookie: `vid=${user}`, 'accept-encoding': 'br' };
    const first = await t.request('/', { headers });
    const firstBytes = await bytes(first);
    const again = await t.request('/', { headers });
    expect(again.headers.get('set-cookie')).toBeNull();
    sameHeaders(first, again);
    expect(await bytes(again)).toEqual(firstBytes);
    // Campaign traffic gets the same copy.
    expect(await bytes(await t.request('/?utm_campaign=fall&gclid=1', { headers }))).toEqual(firstBytes);

    const html = await (await t.request('/', { headers: { 'user-agent': BROWSER, cookie: `vid=${user}` } })).text();
    expect(html).toContain(AB_TEST_IDS.hero);
    const crawler = await (await t.request('/', { headers: { 'user-agent': CRAWLER, cookie: `vid=${user}` } })).text();
    expect(crawler).not.toContain(AB_TEST_IDS.hero);
  });

  test('a new visitor is answered by the fast lane once the running tests are in memory: the variants their id gives, a cookie of their own, and no copy per visitor', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const headers = { 'user-agent': BROWSER, 'accept-encoding': 'br' };
    // The first visits read the tests and make the copies the combinations need.
    for (let i = 0; i < 60; i++) await bytes(await t.request('/', { headers }));
    const laneBefore = t.deps.pageCache.stats.laneHits;
    const entriesBefore = t.deps.pageCache.size;
    const ids = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const res = await t.request('/', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const setCookie = res.headers.get('set-cookie')!;
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      ids.add(setCookie.match(/vid=([^;]+)/)![1]);
      await bytes(res);
    }
    expect(ids.size).toBe(400);
    // (A copy not made yet sends its first visitor through the app, which makes it; so does a moment when
    // this process is re-reading the running tests, which a loaded machine stretches: 16 of 400 in one CI run.)
    expect(t.deps.pageCache.stats.laneHits - laneBefore).toBeGreaterThanOrEqual(380);
    // No copy per visitor: one per combination of variants at most (3 hero × 2 contact-form variants,
    // db/migrations/0002), of which the warm-up may not have met every one.
    expect(t.deps.pageCache.size).toBeGreaterThanOrEqual(entriesBefore);
    expect(t.deps.pageCache.size).toBeLessThanOrEqual(3 * 2);
    // What the lane chose is what the app decides for that id when the visitor comes back (a query the
    // page cache does not know sends the request through the app).
    for (let i = 0; i < 20; i++) {
      const lane = await t.request('/', { headers: { 'user-agent': BROWSER } });
      const laneId = lane.headers.get('set-cookie')!.match(/vid=([^;]+)/)![1];
      const laneHtml = await lane.text();
      const appHtml = await (await t.request('/?utm_source=check&ref=1', { headers: { 'user-agent': BROWSER, cookie: `vid=${laneId}` } })).text();
      expect(islandProps(appHtml)).toEqual(islandProps(laneHtml));
    }
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

describe('APIs', () => {
  test('answer no-store, except the feed, which every reader may share for a minute', async () => {
    const t = await testApp();
    expect((await t.request('/api/ab-test/tests')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/ab-test/assignment?testName=hero-variant&userId=cc-1')).headers.get('cache-control')).toBe('no-store');
    expect((await t.postJson('/api/ab-test/event', {})).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/rss-feed')).headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=600');
  });
});
