import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import * as z from 'zod/mini';
import { jsonWrite } from '../../server/api/guards.ts';
import { validJson } from '../../server/api/validate.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { pagePaths } from '../../site/app.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validIntake } from '../helpers/intake.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'x-frame-options'];

function expectSecurityHeaders(res: Response) {
  for (const name of SECURITY_HEADERS) expect(res.headers.get(name)).toBeTruthy();
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('pages', () => {
  test('the spec route table has 14 routes', () => {
    expect(pagePaths).toHaveLength(14);
  });

  test.each(pagePaths.map((p) => [p]))('%s answers 200 with the shared layout', async (path) => {
    const { request } = await testApp();
    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toStartWith('<!DOCTYPE html><html lang="en-CA">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${new URL(path, TEST_SITE_URL).toString()}"/>`);
    expect(html).toContain('<meta name="description" content="');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card"');
    expect(html).toContain('popoverTarget="site-menu"');
    expect(html).toContain('<footer');
    expect(html).toContain('href="#main"');
    expect(html).toContain('© 2024');
  });

  test('the home page title is exact', async () => {
    const { request } = await testApp();
    expect(await (await request('/')).text()).toContain('<title>Digital Marketing Agency Toronto</title>');
  });

  test('pages that should not be indexed say so', async () => {
    const { request } = await testApp();
    for (const path of ['/admin/ab-tests', '/social-generator', '/q4-intake/thank-you']) {
      expect(await (await request(path)).text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    expect(await (await request('/services')).text()).not.toContain('name="robots"');
  });

  test('Contact is an in-page anchor on the home page and /#contact elsewhere', async () => {
    const { request } = await testApp();
    expect(await (await request('/')).text()).toContain('href="#contact"');
    const services = await (await request('/services')).text();
    expect(services).toContain('href="/#contact"');
    expect(services).not.toContain('href="#contact"');
  });

  test('a page with no island loads only the island loader, at low priority; the phone menu is a native popover', async () => {
    const { request, deps } = await testApp();
    const html = await (await request('/services')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect([...head.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0])).toEqual([
      `<script type="module" src="${deps.assets.loader}" async="" fetchPriority="low">`,
    ]);
    expect(head).not.toContain('modulepreload');
    expect(html).not.toContain('data-island=');
    expect(html).toMatch(/<button type="button" popoverTarget="site-menu" aria-controls="site-menu" aria-label="Menu"/);
    expect(html).toMatch(/<nav id="site-menu" popover="auto" aria-label="Mobile"/);
    expect(head).not.toContain('Toaster');
  });

  test('an island that hydrates after load names its bundle, waits for idle time and holds early clicks', async () => {
    const { request, deps } = await testApp();
    const html = await (await request('/blog')).text();
    const island = html.match(/<div data-island="BlogExplorer"[^>]*>/)?.[0] ?? '';
    const explorer = deps.assets.islands.BlogExplorer;
    expect(island).toContain(`data-src="${explorer.file}"`);
    expect(island).toContain('data-hydrate="idle"');
    // Its controls need React, so clicks before it has hydrated are held and replayed.
    expect(island).toContain('data-hold=""');
  });

  test('an island that hydrates with the page hoists its module script and shared chunks into <head> once, at low priority', async () => {
    // The blog's grid hydrates at once while the feed is still loading (the island fetches it).
    const { request, deps } = await testApp({ feed: { getPosts: () => new Promise(() => {}) } });
    const html = await (await request('/blog')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const blog = deps.assets.islands.BlogExplorer;
    expect(head.split(`src="${blog.file}"`).length - 1).toBe(1);
    expect(head).toContain(`<script type="module" src="${blog.file}" async="" fetchPriority="low"></script>`);
    for (const chunk of blog.imports) expect(head.split(`<link rel="modulepreload" href="${chunk}" fetchPriority="low"/>`).length - 1).toBe(1);
    expect(html.match(/<div data-island="BlogExplorer"[^>]*>/)![0]).not.toContain('data-hydrate');
    // Its Toaster hydrates alongside it, through the loader.
    expect(html.match(/<div data-island="Toaster"[^>]*>/)![0]).toContain('data-hydrate="alongside"');
  }, 10_000);

  test('an unknown path answers 404 with the Page Not Found page and a link home', async () => {
    const { request } = await testApp();
    const res = await request('/no/such/page');
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('href="/"');
  });

  test('a trailing slash reaches the same page', async () => {
    const { request } = await testApp();
    expect((await request('/services/')).status).toBe(200);
  });
});

describe('operations', () => {
  test('/healthz reports the database, from its last background check', async () => {
    const { request, healthy } = await testApp();
    await healthy();
    const res = await request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  test('/healthz answers 503 when the database does not answer', async () => {
    const never = Object.assign(() => ({ execute: () => new Promise(() => {}) }), {}) as never;
    const { request } = await testApp({ sql: never });
    await request('/healthz');
    // Past the check's one-second deadline: still answered at once, from what it found.
    await Bun.sleep(1200);
    const started = performance.now();
    const res = await request('/healthz');
    expect(performance.now() - started).toBeLessThan(100);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ status: 'error', db: 'unavailable' });
  });

  test('an unexpected error is a generic 500 with a request id, no stack or path, and is logged', async () => {
    const { app, request, logs } = await testApp();
    app.get('/api/explode', () => {
      throw new Error('secret at /work/main/db/client.ts');
    });
    const res = await request('/api/explode');
    expect(res.status).toBe(500);
    expectSecurityHeaders(res);
    const body = await res.json();
    expect(body).toEqual({ error: 'Internal Server Error', requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('/work');
    expect(logs.some((l) => l.level === 'error' && l.requestId === body.requestId && String(l.stack).includes('secret'))).toBe(true);
  });

  test('every request is logged as one line without query strings or bodies', async () => {
    const { request, logs } = await testApp();
    await request('/services?email=someone%40example.com');
    const line = logs.find((l) => l.route === '/services');
    expect(line).toMatchObject({ method: 'GET', status: 200, requestId: expect.any(String), ms: expect.any(Number), time: expect.any(String) });
    expect(JSON.stringify(logs)).not.toContain('someone');
  });

  test('static build files are served hashed, immutable and compressed', async () => {
    const { request, deps } = await testApp();
    const res = await request(deps.assets.islands.GlossarySearch.file, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toContain('javascript');
    const css = await request(deps.assets.css, { headers: { 'accept-encoding': 'gzip' } });
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  test('static paths cannot escape the static folder', async () => {
    const { request } = await testApp();
    expect((await request('/static/../server.ts')).status).toBe(404);
    expect((await request('/static/%2e%2e/server.ts')).status).toBe(404);
    expect((await request('/static/build/nope.js')).status).toBe(404);
  });

  test('HTML is compressed for clients that accept it', async () => {
    const { request } = await testApp();
    const gz = await request('/services', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const br = await request('/services', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const plain = await request('/services');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<html lang="en-CA">');
  });

  test('a page without per-visitor data is rendered once and revalidated by ETag', async () => {
    const { request } = await testApp();
    const first = await request('/services', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const second = await request('/services', { headers: { 'accept-encoding': 'br' } });
    expect(second.headers.get('etag')).toBe(etag);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array(await first.arrayBuffer()));
    const notModified = await request('/services', { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toBeTruthy();
    expect(await notModified.text()).toBe('');
  });
});

describe('JSON API guards', () => {
  const schema = z.object({ name: z.string().check(z.minLength(1, 'Name is required')), email: z.email('Invalid email address') });
  async function appWithEcho() {
    const t = await testApp();
    t.app.post('/api/echo', jsonWrite(1024), validJson(schema), (c) => c.json(c.req.valid('json'), 201));
    return t;
  }

  test('a valid body reaches the handler', async () => {
    const { postJson } = await appWithEcho();
    const res = await postJson('/api/echo', { name: 'Ada', email: 'ada@example.ca' });
    expect(res.status).toBe(201);
  });

  test('invalid fields are a 400 naming each field', async () => {
    const { postJson } = await appWithEcho();
    const res = await postJson('/api/echo', { name: '', email: 'nope' });
    expect(res.status).toBe(400);
    expectSecurityHeaders(res);
    expect(await res.json()).toEqual({
      error: 'Invalid fields: name, email',
      fields: { name: 'Name is required', email: 'Invalid email address' },
      requestId: res.headers.get('x-request-id'),
    });
  });

  test('malformed JSON is a 400 JSON answer, not a 500', async () => {
    const { postJson } = await appWithEcho();
    const res = await postJson('/api/echo', '{"name": ');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBeString();
  });

  test('a non-JSON content type is a 415', async () => {
    const { request } = await appWithEcho();
    const res = await request('/api/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=x' });
    expect(res.status).toBe(415);
  });

  test('a body over the cap is a 413', async () => {
    const { postJson } = await appWithEcho();
    const res = await postJson('/api/echo', { name: 'x'.repeat(5000), email: 'a@b.ca' });
    expect(res.status).toBe(413);
  });

  test('cross-site writes are a 403', async () => {
    const { postJson } = await appWithEcho();
    expect((await postJson('/api/echo', { name: 'a', email: 'a@b.ca' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await postJson('/api/echo', { name: 'a', email: 'a@b.ca' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson('/api/echo', { name: 'a', email: 'a@b.ca' }, { origin: TEST_SITE_URL, 'sec-fetch-site': 'same-origin' })).status).toBe(201);
  });

  test('an unknown API path is a JSON 404', async () => {
    const { request } = await testApp();
    const res = await request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not Found', requestId: res.headers.get('x-request-id') });
  });
});

describe('errors: one shape per kind of client', () => {
  // Signs of a leak: a stack frame or a source path.
  const LEAK = /(\bat\s+\S+\s+\(|\/work\/|node_modules|\.tsx?:\d+)/;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  /**
   * The app with an API that checks, counts and answers, and an API and a page that throw (the secret
   * must never show). The page is asked with a query, which the page cache's fast lane leaves to the app
   * (its route table, made with the app, does not know routes a test adds).
   */
  async function appWithProbes() {
    const t = await testApp();
    const schema = z.object({ name: z.string().check(z.minLength(1, 'Name is required')) });
    t.app.post('/api/probe', jsonWrite(64), validJson(schema), rateLimit('forms'), (c) => c.json({ ok: true }, 201));
    t.app.get('/api/explode', () => {
      throw new Error('secret at /work/main/db/client.ts');
    });
    t.app.get('/explode', () => {
      throw new Error('secret at /work/main/routes/page.tsx');
    });
    return t;
  }
  const databaseDown = () => testApp({ sql: (() => ({ execute: () => new Promise(() => {}) })) as never, dbReady: () => false });

  test('an API answers every error {error, fields?, requestId}, the id its X-Request-Id, never a stack', async () => {
    const t = await appWithProbes();
    const intake = validIntake();
    expect((await t.postJson('/api/q4-intake', intake)).status).toBe(201);
    const answers: [number, Response][] = [
      [400, await t.postJson('/api/probe', { name: '' })],
      [400, await t.postJson('/api/probe', '{"name": ')],
      [404, await t.request('/api/nothing-here')],
      [405, await t.request('/api/business-audit')],
      [409, await t.postJson('/api/q4-intake', { ...intake, firstName: 'Mallory' })],
      [413, await t.postJson('/api/probe', { name: 'x'.repeat(100) })],
      [415, await t.request('/api/probe', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })],
      [500, await t.request('/api/explode')],
      [503, await (await databaseDown()).request('/api/ab-test/tests')],
    ];
    for (let i = 0; i < 10; i++) await t.postJson('/api/probe', { name: 'x' });
    answers.push([429, await t.postJson('/api/probe', { name: 'x' })]);

    const bodies: Record<string, unknown>[] = [];
    for (const [status, res] of answers) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type'), String(status)).toContain('application/json');
      const text = await res.text();
      expect(LEAK.test(text), `${status} leaks ${text}`).toBe(false);
      const body = JSON.parse(text);
      expect(
        Object.keys(body).filter((key) => key !== 'fields'),
        String(status),
      ).toEqual(['error', 'requestId']);
      expect(body.error).toBeString();
      expect(body.requestId).toBe(res.headers.get('x-request-id'));
      bodies.push(body);
    }
    expect(bodies[0]).toMatchObject({ error: 'Invalid fields: name', fields: { name: 'Name is required' } });
    expect(bodies[1]).toMatchObject({ error: 'Malformed JSON in request body' });
    expect(answers.find(([status]) => status === 503)![1].headers.get('retry-after')).toBe('5');
    expect(answers.find(([status]) => status === 429)![1].headers.get('retry-after')).toBeTruthy();
  });

  test("a person's request (a page, a plain form post) gets the status page, a 500 naming its request, never a stack", async () => {
    const t = await appWithProbes();
    const pages: [number, string, Response][] = [
      [404, 'Page Not Found', await t.request('/no/such/page')],
      [405, 'This address does not work that way', await t.request('/services', { method: 'POST', headers: form, body: 'a=1' })],
      [403, 'Nothing was sent', await t.request('/api/q4-intake', { method: 'POST', headers: { ...form, origin: 'https://evil.example' }, body: 'a=1' })],
      [413, 'That was too much to send', await t.request('/api/q4-intake', { method: 'POST', headers: form, body: `firstName=${'x'.repeat(20_000)}` })],
      [415, 'We could not read that form', await t.request('/admin/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })],
      [500, 'Something went wrong', await t.request('/explode?probe=1')],
      [503, "We'll be right back", await (await databaseDown()).request('/audit/results/abc')],
    ];
    for (const [status, heading, res] of pages) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type'), String(status)).toContain('text/html');
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html).toStartWith('<!DOCTYPE html><html lang="en-CA">');
      expect(html, String(status)).toContain(`>${status}</p>`);
      expect(html, String(status)).toContain(`>${heading.replace("'", '&#x27;')}</h1>`);
      expect(html).toContain('href="/"');
      expect(LEAK.test(html), `${status} leaks ${html.match(LEAK)?.[0]}`).toBe(false);
    }
    const [, , failed] = pages.find(([status]) => status === 500)!;
    expect(failed.headers.get('cache-control')).toBe('no-store');
    const again = await t.request('/explode?probe=2');
    expect(await again.text()).toContain(`Reference: ${again.headers.get('x-request-id')}`);
  });
});

describe('rate limits', () => {
  const schema = z.object({ name: z.string() });
  async function limitedApp(env: Record<string, string> = {}) {
    const t = await testApp({}, env);
    const { rateLimit } = await import('../../server/middleware/rate-limit.ts');
    t.app.post('/api/limited', rateLimit('forms'), jsonWrite(), validJson(schema), (c) => c.json({ ok: true }, 201));
    return t;
  }

  test('the eleventh form post in a minute is a 429 with Retry-After and RateLimit headers', async () => {
    const { postJson } = await limitedApp();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await postJson('/api/limited', { name: 'x' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit')).toContain('remaining=0');
    expect((await last!.json()).error).toContain('Too many requests');
  });

  test('RATE_LIMITS=off turns limits off', async () => {
    const { postJson } = await limitedApp({ RATE_LIMITS: 'off' });
    for (let i = 0; i < 15; i++) expect((await postJson('/api/limited', { name: 'x' })).status).toBe(201);
  });

  test('X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    const untrusted = await limitedApp();
    for (let i = 0; i < 10; i++) await untrusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await untrusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': '10.0.1.1' })).status).toBe(429);

    const trusted = await limitedApp({ TRUST_PROXY: 'true' });
    for (let i = 0; i < 10; i++) await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': '10.0.0.1' });
    expect((await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(429);
    expect((await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': '10.0.0.2' })).status).toBe(201);
  });

  test('behind a proxy that writes the client port, a new port is no new allowance', async () => {
    const trusted = await limitedApp({ TRUST_PROXY: 'true' });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const forwarded = i % 2 === 0 ? `5.5.5.7:${40_000 + i}` : `[2001:db8:7::${i}]:${50_000 + i}`;
      statuses.push((await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': forwarded })).status);
    }
    // Seven posts from each: the IPv4 client and the IPv6 /64, each port a new one.
    expect(statuses.filter((s) => s === 201)).toHaveLength(14);
    for (let i = 0; i < 4; i++) await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': `5.5.5.7:${60_000 + i}` });
    expect((await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': '5.5.5.7:65000' })).status).toBe(429);
    expect((await trusted.postJson('/api/limited', { name: 'x' }, { 'x-forwarded-for': '5.5.5.7' })).status).toBe(429);
  });
});
