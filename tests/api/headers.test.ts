import { expect, setDefaultTimeout, test } from 'bun:test';
import * as z from 'zod/mini';
import { jsonWrite } from '../../server/api/guards.ts';
import { validJson } from '../../server/api/validate.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Signs of a leak: a stack frame, a source path, SQL, a connection string or environment name.
const LEAK = /(\bat\s+\S+\s+\(|\/work\/|node_modules|\.tsx?:\d+|\bselect\s+\S+\s+from\s|\binsert into\b|DATABASE_URL|postgres:\/\/)/i;

function expectHardened(res: Response, production: boolean) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(/script-src[^;]*unsafe/.test(csp)).toBe(false);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-powered-by')).toBeNull();
  expect(res.headers.get('server')).toBeNull();
  if (production) expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  else expect(res.headers.get('strict-transport-security')).toBeNull();
}

test.each([['production'], ['development']])('every kind of response carries the security headers (%s)', async (mode) => {
  const production = mode === 'production';
  const t = await testApp({}, { NODE_ENV: mode });
  const schema = z.object({ name: z.string().check(z.minLength(1)) });
  t.app.post('/api/probe', rateLimit('forms'), jsonWrite(64), validJson(schema), (c) => c.json({ ok: true }, 201));
  const hanging = await testApp({ sql: (() => ({ execute: () => new Promise(() => {}) })) as never, dbReady: () => false }, { NODE_ENV: mode });

  await t.healthy();
  const first = await t.request('/services', { headers: { 'accept-encoding': 'br' } });
  const responses: [string, Response][] = [
    ['200 HTML', first],
    // The second answer comes from memory before routing (the page cache's fast lane).
    ['200 HTML again', await t.request('/services', { headers: { 'accept-encoding': 'br' } })],
    ['304', await t.request('/services', { headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.get('etag')! } })],
    ['200 JSON', await t.request('/healthz')],
    ['201 JSON', await t.postJson('/api/probe', { name: 'x' })],
    ['400', await t.postJson('/api/probe', { name: '' })],
    ['400 malformed', await t.postJson('/api/probe', '{"name"')],
    ['403', await t.postJson('/api/probe', { name: 'x' }, { 'sec-fetch-site': 'cross-site' })],
    ['404 page', await t.request('/nowhere')],
    ['404 page again', await t.request('/nowhere')],
    ['404 JSON', await t.request('/api/nowhere')],
    ['413', await t.postJson('/api/probe', { name: 'x'.repeat(200) })],
    ['415', await t.request('/api/probe', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })],
    ['503', await hanging.request('/api/ab-test/tests')],
    ['503 health', await hanging.request('/healthz')],
    ['static', await t.request('/static/images/favicon.svg')],
  ];
  for (let i = 0; i < 12; i++) await t.postJson('/api/probe', { name: 'x' });
  responses.push(['429', await t.postJson('/api/probe', { name: 'x' })]);

  const statuses = responses.map(([label, res]) => [label, res.status]);
  expect(statuses).toEqual([
    ['200 HTML', 200],
    ['200 HTML again', 200],
    ['304', 304],
    ['200 JSON', 200],
    ['201 JSON', 201],
    ['400', 400],
    ['400 malformed', 400],
    ['403', 403],
    ['404 page', 404],
    ['404 page again', 404],
    ['404 JSON', 404],
    ['413', 413],
    ['415', 415],
    ['503', 503],
    ['503 health', 503],
    ['static', 200],
    ['429', 429],
  ]);
  for (const [label, res] of responses) {
    expectHardened(res, production);
    const html = label.startsWith('200 HTML') || label.startsWith('404 page') || label === '304';
    const body = label.startsWith('200 HTML') || label === 'static' ? '' : await res.text();
    expect(LEAK.test(body), `${label} leaks ${body.match(LEAK)?.[0]}`).toBe(false);
    if (!html && label !== 'static') {
      expect(res.headers.get('content-type'), label).toContain('application/json');
    }
  }
});
