import { expect, setDefaultTimeout, test } from 'bun:test';
import { testApp } from '../helpers/app.ts';
import { validIntake } from '../helpers/intake.ts';
import { startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// GET /metrics: the Prometheus text format (server/site-metrics.ts, server/metrics.ts), checked by
// Prometheus's own promtool; who may read it (routes/metrics.ts); and what a scrape counts.

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one sample line (`name{labels}`), or undefined when the scrape has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('promtool check metrics passes on what the real server answers, after pages, the fast lane, a 404, a form and the health check', async () => {
  const server = await startServer({ RATE_LIMITS: 'off' });
  try {
    for (const path of ['/services', '/services', '/services', '/no-such-page', '/healthz']) await (await fetch(server.url + path)).arrayBuffer();
    const posted = await fetch(`${server.url}/api/q4-intake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validIntake()),
    });
    expect(posted.status).toBe(201);
    // The worker takes the new lead's notifications (logged, no SMTP here) within its poll.
    await Bun.sleep(1500);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const check = Bun.spawnSync(['promtool', 'check', 'metrics'], { stdin: new TextEncoder().encode(text) });
    const said = `${check.stdout.toString()}${check.stderr.toString()}`.trim();
    console.log(`promtool check metrics: exit ${check.exitCode}${said ? `\n${said}` : ' (no problems reported)'}`);
    expect(check.exitCode).toBe(0);

    expect(sample(text, 'http_requests_total{route="/services",status="200"}')).toBe(3);
    expect(sample(text, 'http_requests_total{route="(not found)",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="/api/q4-intake",status="201"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="/services"}')).toBe(3);
    expect(sample(text, 'page_cache_hits_total{lane="fast"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'page_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'leads_today')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'database_up')).toBe(1);
    expect(sample(text, 'database_pool_max_connections')).toBe(process.env.DATABASE_URL ? 10 : 1);
    for (const state of ['queued', 'running', 'dead']) expect(sample(text, `notification_jobs{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'notification_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'notifications_sent_total{channel="webhook"}')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // The heap's objects apart from what they hold outside it (array buffers, the embedded database's
    // memory), which Bun's heapUsed counts in: that made "used" larger than the process (329 MB of 231).
    expect(sample(text, 'process_heap_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'process_heap_used_bytes')).toBeLessThan(sample(text, 'process_resident_memory_bytes') ?? 0);
    expect(sample(text, 'process_external_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'process_uncaught_errors_total')).toBe(0);
    // The retention sweep's first look is minutes after start: its counters are there, at 0.
    expect(sample(text, 'retention_leads_erased_total')).toBe(0);
    expect(sample(text, 'retention_last_sweep_timestamp_seconds')).toBe(0);
  } finally {
    await server.stop();
  }
});

test('with METRICS_TOKEN: only its bearer token reads the metrics, compared whole; the rest get 401 with WWW-Authenticate: Bearer', async () => {
  const t = await testApp({}, { METRICS_TOKEN: TOKEN });
  const statusOf = async (headers: Record<string, string>) => {
    const res = await t.request('/metrics', { headers });
    return [res.status, res.headers.get('www-authenticate'), res.headers.get('cache-control')];
  };
  expect(await statusOf({ authorization: `Bearer ${TOKEN}` })).toEqual([200, null, 'no-store']);
  expect(await statusOf({ authorization: `bearer   ${TOKEN}` })).toEqual([200, null, 'no-store']);
  for (const authorization of [
    '',
    `Bearer ${TOKEN}x`,
    `Bearer ${TOKEN.slice(0, -1)}`,
    'Bearer ',
    `Basic ${btoa(`metrics:${TOKEN}`)}`,
    TOKEN,
    `Bearer ${TOKEN} extra`,
  ])
    expect(await statusOf(authorization ? { authorization } : {})).toEqual([401, 'Bearer realm="metrics"', 'no-store']);
  // A token in the address is no token.
  expect((await t.request(`/metrics?token=${TOKEN}`)).status).toBe(401);
});

test('without METRICS_TOKEN: loopback clients by their socket address only; others, forwarded addresses and anyone behind TRUST_PROXY get the ordinary 404', async () => {
  const from = (t: Awaited<ReturnType<typeof testApp>>, address: string, headers: Record<string, string> = {}) =>
    t.fetch(new Request('http://localhost:3000/metrics', { headers }), { server: { requestIP: () => ({ address, family: 'IPv4', port: 50000 }) } });
  const t = await testApp();
  expect((await from(t, '127.0.0.1')).status).toBe(200);
  expect((await from(t, '::1')).status).toBe(200);
  expect((await from(t, '::ffff:127.0.0.1')).status).toBe(200);
  // The socket decides, whatever X-Forwarded-For claims.
  expect((await from(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
  for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:203.0.113.7', '2001:db8::1']) {
    const res = await from(t, address, { 'x-forwarded-for': '127.0.0.1' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<!DOCTYPE html>');
  }
  // A proxy on this machine would make every visitor's socket look local: then nobody reads it without a token.
  const proxied = await testApp({}, { TRUST_PROXY: '1' });
  expect((await from(proxied, '127.0.0.1')).status).toBe(404);
  const proxiedWithToken = await testApp({}, { TRUST_PROXY: '1', METRICS_TOKEN: TOKEN });
  expect((await from(proxiedWithToken, '127.0.0.1', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
});

test('other methods get 405 with Allow, and no answer is ever kept or served by the page cache', async () => {
  const t = await testApp();
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const res = await t.request('/metrics', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  }
  const lane = t.deps.pageCache.stats.laneHits;
  const first = await (await t.request('/metrics')).text();
  const second = await (await t.request('/metrics')).text();
  expect(first).not.toBe(second);
  expect(t.deps.pageCache.stats.laneHits).toBe(lane);
});

test("a scrape counts itself under its own route, once it is answered: never in its own figures, never in another route's, never as a page-cache hit", async () => {
  const t = await testApp();
  await t.request('/services');
  await t.request('/services');
  const scrapes: string[] = [];
  for (let i = 0; i < 3; i++) scrapes.push(await (await t.request('/metrics')).text());
  expect(scrapes.map((s) => sample(s, 'http_requests_total{route="/metrics",status="200"}'))).toEqual([undefined, 1, 2]);
  expect(scrapes.map((s) => sample(s, 'http_requests_total{route="/services",status="200"}'))).toEqual([2, 2, 2]);
  const hits = (s: string) => [
    sample(s, 'page_cache_hits_total{lane="fast"}'),
    sample(s, 'page_cache_hits_total{lane="app"}'),
    sample(s, 'page_cache_misses_total'),
  ];
  expect(hits(scrapes[2])).toEqual(hits(scrapes[0]));
  // Nor does the access log name the scrape as anything else.
  const scrapeLines = t.logs.filter((l) => l.msg === 'request' && l.route === '/metrics');
  expect(scrapeLines).toHaveLength(3);
});

test('other parts of the system add their own figures to the registry', async () => {
  const t = await testApp();
  t.deps.metrics.registry.register(() => [
    { name: 'backup_last_success_timestamp_seconds', help: 'A part added later.', type: 'gauge', samples: [{ value: 42 }] },
  ]);
  const text = await (await t.request('/metrics')).text();
  expect(sample(text, 'backup_last_success_timestamp_seconds')).toBe(42);
});
