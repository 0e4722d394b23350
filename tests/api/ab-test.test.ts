import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import postgres, { type Sql } from 'postgres';
import { recordConversions } from '../../db/queries/ab-tests.ts';
import { AB_TEST_IDS, AB_TEST_NAMES, AB_VARIANT_IDS, type Assignment, type VariantResult } from '../../lib/ab/definitions.ts';
import { heroFieldsOfVariant } from '../../lib/content/slots.ts';
import { createSite } from '../../site/app.ts';
import { createTest, eventCount, uid } from '../helpers/ab-tests.ts';
import { testApp } from '../helpers/app.ts';
import { createStaff, signedIn } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const NO_LIMITS = { RATE_LIMITS: 'off' };
const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 50000 }) };

const assignmentCount = async (sql: Sql, testId: string, userId: string) =>
  Number((await sql`select count(*) as n from ab_test_assignments where test_id = ${testId} and user_id = ${userId}`)[0].n);

describe('GET /api/ab-test/assignment', () => {
  test('the seeded hero test answers the spec shape, sticky, with a stored row', async () => {
    const { request, sql } = await testApp();
    const user = uid('hero');
    const res = await request(`/api/ab-test/assignment?testName=hero-variant&userId=${user}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Assignment;
    expect(body.testId).toBe(AB_TEST_IDS.hero);
    expect(Object.values(AB_VARIANT_IDS.hero) as string[]).toContain(body.variantId);
    expect(['Control', 'Variant A', 'Variant B']).toContain(body.variant.name);
    expect(body.variant.configuration).toEqual(
      heroFieldsOfVariant(({ Control: 'control', 'Variant A': 'variant-a', 'Variant B': 'variant-b' } as const)[body.variant.name as 'Control']),
    );
    expect(body.variant.isControl).toBe(body.variant.name === 'Control');
    expect(await (await request(`/api/ab-test/assignment?testName=hero-variant&userId=${user}`)).json()).toEqual(body);
    expect(await assignmentCount(sql, AB_TEST_IDS.hero, user)).toBe(1);
  });

  test('the seeded contact-form test has the spec control and a challenger', async () => {
    const { sql } = await testApp();
    const variants =
      await sql`select name, is_control, configuration from ab_test_variants where test_id = ${AB_TEST_IDS.contactForm} order by is_control desc`;
    expect(variants[0].configuration).toEqual({
      formTitle: 'Get Your Free Business Audit',
      submitButtonText: 'Get My Free Audit',
      showPhone: true,
      showCompany: true,
    });
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) expect(Object.keys(v.configuration).sort()).toEqual(['formTitle', 'showCompany', 'showPhone', 'submitButtonText']);
    const [t] = await sql`select name, traffic_allocation, is_active from ab_tests where id = ${AB_TEST_IDS.contactForm}`;
    expect(t).toEqual({ name: AB_TEST_NAMES.contactForm, trafficAllocation: 100, isActive: true });
  });

  test('without a userId the visitor cookie is set and used', async () => {
    const { request } = await testApp();
    const first = await request('/api/ab-test/assignment?testName=hero-variant');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^vid=[A-Za-z0-9-]+;/);
    expect(cookie).toContain('HttpOnly');
    const body = await first.json();
    const again = await request('/api/ab-test/assignment?testName=hero-variant', { headers: { cookie: cookie.split(';')[0] } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.json()).toEqual(body);
  });

  test('unknown and inactive tests are a JSON 404; a missing or too long name is a 400', async () => {
    const { request, sql } = await testApp();
    const unknown = await request('/api/ab-test/assignment?testName=no-such-test&userId=u1');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toContain('no-such-test');
    const inactive = await createTest(sql, { active: false });
    expect((await request(`/api/ab-test/assignment?testName=${inactive.name}&userId=u1`)).status).toBe(404);
    const missing = await request('/api/ab-test/assignment');
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields.testName).toBeString();
    const long = await request(`/api/ab-test/assignment?testName=hero-variant&userId=${'x'.repeat(256)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).fields.userId).toContain('255');
  });

  test('crawlers get the control and nothing is stored', async () => {
    const { request, sql } = await testApp();
    const user = uid('bot');
    const res = await request(`/api/ab-test/assignment?testName=hero-variant&userId=${user}`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await res.json()).variantId).toBe(AB_VARIANT_IDS.hero.control);
    expect(await assignmentCount(sql, AB_TEST_IDS.hero, user)).toBe(0);
  });

  test('visitors outside the traffic allocation see the control, and nothing of theirs is stored', async () => {
    const { request, postJson, sql } = await testApp();
    const t = await createTest(sql, { allocation: 0 });
    const user = uid('outside');
    const body = (await (await request(`/api/ab-test/assignment?testName=${t.name}&userId=${user}`)).json()) as Assignment;
    expect(body.variantId).toBe(t.variantIds[0]);
    expect(await assignmentCount(sql, t.id, user)).toBe(0);
    const event = await postJson('/api/ab-test/event', { testId: t.id, variantId: t.variantIds[0], eventType: 'view', userId: user });
    expect(event.status).toBe(202);
    expect(await eventCount(sql, user)).toBe(0);
  });

  test("a visitor's variant stays when the weights change after assignment", async () => {
    const { request, sql } = await testApp();
    const t = await createTest(sql, { weights: [1, 1] });
    const users = Array.from({ length: 20 }, () => uid('sticky'));
    const before = await Promise.all(
      users.map(async (u) => ((await (await request(`/api/ab-test/assignment?testName=${t.name}&userId=${u}`)).json()) as Assignment).variantId),
    );
    expect(new Set(before).size).toBe(2);
    await sql`update ab_test_variants set weight = case when is_control then 0 else 1 end where test_id = ${t.id}`;
    const after = await Promise.all(
      users.map(async (u) => ((await (await request(`/api/ab-test/assignment?testName=${t.name}&userId=${u}`)).json()) as Assignment).variantId),
    );
    expect(after).toEqual(before);
    // A newcomer follows the new weights.
    const newcomer = (await (await request(`/api/ab-test/assignment?testName=${t.name}&userId=${uid('new')}`)).json()) as Assignment;
    expect(newcomer.variantId).toBe(t.variantIds[1]);
  });

  test('1 000 calls for the same (test, user) leave one row', async () => {
    const { request, sql } = await testApp({}, NO_LIMITS);
    const t = await createTest(sql, { weights: [1, 1, 1] });
    const user = uid('thousand');
    const seen = new Set<string>();
    for (let batch = 0; batch < 50; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await request(`/api/ab-test/assignment?testName=${t.name}&userId=${user}`);
          expect(res.status).toBe(200);
          return ((await res.json()) as Assignment).variantId;
        }),
      );
      for (const a of answers) seen.add(a);
    }
    expect(seen.size).toBe(1);
    expect(await assignmentCount(sql, t.id, user)).toBe(1);
  });

  test('50 concurrent first calls for one user from two app instances return one variant', async () => {
    const one = await testApp({}, NO_LIMITS);
    // On PostgreSQL the second app has its own connection pool, as a second server process would;
    // on embedded PGlite (one backend) it is a second app on the same database.
    const otherSql = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { transform: postgres.camel, onnotice: () => {}, max: 10 }) : one.sql;
    try {
      const two = createSite({ sql: otherSql, config: one.deps.config, assets: one.deps.assets, log: one.deps.log });
      // Hash-chosen variants would agree anyway; the weights change while the calls race, so the
      // two apps disagree about a newcomer and only the unique constraint keeps them to one answer.
      for (let round = 0; round < 3; round++) {
        const t = await createTest(one.sql, { weights: [1, 1, 1] });
        const user = uid('race');
        const calls = Array.from({ length: 50 }, async (_, i) => {
          if (i === 25) await one.sql`update ab_test_variants set weight = case when is_control then 0 else 1 end where test_id = ${t.id}`;
          const site = i % 2 === 0 ? one : two;
          const res = await site.fetch(new Request(`http://localhost/api/ab-test/assignment?testName=${t.name}&userId=${user}`), { server });
          expect(res.status).toBe(200);
          return ((await res.json()) as Assignment).variantId;
        });
        const answers = await Promise.all(calls);
        expect(new Set(answers).size).toBe(1);
        expect(await assignmentCount(one.sql, t.id, user)).toBe(1);
        const [stored] = await one.sql`select variant_id from ab_test_assignments where test_id = ${t.id} and user_id = ${user}`;
        expect(answers[0]).toBe(stored.variantId);
      }
    } finally {
      if (otherSql !== one.sql) await otherSql.end({ timeout: 5 });
    }
  });

  test('the 61st assignment call in a minute from one client is a 429', async () => {
    const { request } = await testApp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await request(`/api/ab-test/assignment?testName=hero-variant&userId=rl-${i}`)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  test("refused calls use up no allowance (a third-party page cannot spend a visitor's with <img> tags)", async () => {
    const { request } = await testApp();
    const refused: number[] = [];
    for (let i = 0; i < 70; i++) refused.push((await request(`/api/ab-test/assignment?bad=${i}`)).status);
    expect(new Set(refused)).toEqual(new Set([400]));
    expect((await request('/api/ab-test/assignment?testName=hero-variant&userId=after-refusals')).status).toBe(200);
  });
});

describe('POST /api/ab-test/event', () => {
  async function assigned() {
    const t = await testApp({}, NO_LIMITS);
    const test_ = await createTest(t.sql);
    const user = uid('events');
    const a = (await (await t.request(`/api/ab-test/assignment?testName=${test_.name}&userId=${user}`)).json()) as Assignment;
    return { ...t, test_, user, a };
  }

  test('a valid view is stored with its data', async () => {
    const { postJson, sql, user, a } = await assigned();
    const res = await postJson('/api/ab-test/event', { testId: a.testId, variantId: a.variantId, eventType: 'view', eventData: { path: '/' }, userId: user });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ recorded: true });
    const rows = await sql`select event_type, event_data, variant_id from ab_test_events where user_id = ${user}`;
    expect([...rows]).toEqual([{ eventType: 'view', eventData: { path: '/' }, variantId: a.variantId }]);
  });

  test('the visitor cookie stands in for a missing userId', async () => {
    const { request, postJson, sql } = await testApp({}, NO_LIMITS);
    const first = await request('/api/ab-test/assignment?testName=hero-variant');
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    const a = (await first.json()) as Assignment;
    const res = await postJson('/api/ab-test/event', { testId: a.testId, variantId: a.variantId, eventType: 'click' }, { cookie });
    expect(res.status).toBe(201);
    expect(await eventCount(sql, cookie.slice('vid='.length))).toBe(1);
  });

  test('invalid events are a 400 naming the field, and nothing is stored', async () => {
    const { postJson, sql, user, a, test_ } = await assigned();
    const base = { testId: a.testId, variantId: a.variantId, eventType: 'view', userId: user };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, eventType: 'purchase' }, 'eventType'],
      [{ ...base, eventType: undefined }, 'eventType'],
      [{ ...base, testId: undefined }, 'testId'],
      [{ ...base, testId: crypto.randomUUID() }, 'testId'],
      [{ ...base, variantId: AB_VARIANT_IDS.hero.variantA }, 'variantId'],
      [{ ...base, variantId: 'x'.repeat(37) }, 'variantId'],
      [{ ...base, eventData: { blob: 'x'.repeat(2100) } }, 'eventData'],
      [{ ...base, eventData: 'not an object' }, 'eventData'],
      [{ ...base, userId: 'u'.repeat(256) }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const res = await postJson('/api/ab-test/event', body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(Object.keys(json.fields)).toContain(field);
      expect(json.error).toContain(field);
    }
    expect(await eventCount(sql, user)).toBe(0);
    expect(await eventCount(sql, 'u'.repeat(255))).toBe(0);
    // The other variant of the same test is valid but is not this visitor's: refused, not stored.
    const other = test_.variantIds.find((v) => v !== a.variantId)!;
    expect((await postJson('/api/ab-test/event', { ...base, variantId: other })).status).toBe(409);
    expect(await eventCount(sql, user)).toBe(0);
  });

  test('non-JSON, oversized and cross-site posts are refused', async () => {
    const { request, postJson, a, user } = await assigned();
    const base = { testId: a.testId, variantId: a.variantId, eventType: 'view', userId: user };
    expect((await request('/api/ab-test/event', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(base) })).status).toBe(415);
    expect((await postJson('/api/ab-test/event', { ...base, eventData: { blob: 'x'.repeat(4000) } })).status).toBe(413);
    expect((await postJson('/api/ab-test/event', base, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  test('crawler events are accepted and dropped', async () => {
    const { postJson, sql, user, a } = await assigned();
    const res = await postJson(
      '/api/ab-test/event',
      { testId: a.testId, variantId: a.variantId, eventType: 'view', userId: user },
      { 'user-agent': 'Bingbot/2.0' },
    );
    expect(res.status).toBe(202);
    expect(await eventCount(sql, user)).toBe(0);
  });
});

describe('recordConversions', () => {
  test('inside a transaction, one conversion per test the visitor is assigned to', async () => {
    const { request, sql } = await testApp({}, NO_LIMITS);
    const user = uid('convert');
    const hero = (await (await request(`/api/ab-test/assignment?testName=hero-variant&userId=${user}`)).json()) as Assignment;
    const form = (await (await request(`/api/ab-test/assignment?testName=contact-form-optimization&userId=${user}`)).json()) as Assignment;
    const written = await sql.begin((tx) => recordConversions(tx, user, { source: 'audit' }));
    expect(written).toBe(2);
    const rows = await sql`select test_id, variant_id, event_type, event_data from ab_test_events where user_id = ${user} order by test_id`;
    expect([...rows]).toEqual(
      [hero, form]
        .map((a) => ({ testId: a.testId, variantId: a.variantId, eventType: 'conversion', eventData: { source: 'audit' } }))
        .sort((x, y) => x.testId.localeCompare(y.testId)),
    );
    // A rolled-back transaction leaves nothing.
    await sql
      .begin(async (tx) => {
        await recordConversions(tx, user);
        await tx`select 1/0`;
      })
      .catch(() => {});
    expect(await eventCount(sql, user)).toBe(2);
    expect(await sql.begin((tx) => recordConversions(tx, uid('nobody')))).toBe(0);
  });
});

describe('GET /api/ab-test/tests and /results/{testId}', () => {
  test('tests list the spec fields, privately', async () => {
    const { request } = await testApp();
    const res = await request('/api/ab-test/tests');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tests = await res.json();
    const hero = tests.find((t: { id: string }) => t.id === AB_TEST_IDS.hero);
    expect(Object.keys(hero).sort()).toEqual(['description', 'endDate', 'id', 'isActive', 'name', 'startDate', 'trafficAllocation']);
    expect(hero).toMatchObject({ name: 'hero-variant', isActive: true, trafficAllocation: 100, endDate: null });
  });

  test('results count unique visitors per event type, with rates of viewers and statistics', async () => {
    const { request, postJson, sql } = await testApp({}, NO_LIMITS);
    const t = await createTest(sql, { weights: [1, 1] });
    const perVariant: Record<string, string[]> = {};
    for (let i = 0; i < 24; i++) {
      const user = uid('r');
      const a = (await (await request(`/api/ab-test/assignment?testName=${t.name}&userId=${user}`)).json()) as Assignment;
      (perVariant[a.variantId] ??= []).push(user);
    }
    const send = (user: string, variantId: string, eventType: string) => postJson('/api/ab-test/event', { testId: t.id, variantId, eventType, userId: user });
    const control = t.variantIds[0];
    const [c1, c2, c3] = perVariant[control];
    for (const u of perVariant[control]) await send(u, control, 'view');
    await send(c1, control, 'view'); // a repeat view counts once
    await send(c1, control, 'click');
    await send(c1, control, 'click');
    await send(c2, control, 'click');
    await sql.begin((tx) => recordConversions(tx, c1));
    await sql.begin((tx) => recordConversions(tx, c3));
    // c2 books twice (a session, then another) without sending a form: booked once, not converted.
    await sql.begin((tx) => recordConversions(tx, c2, { goal: 'booked' }, { eventType: 'booked' }));
    await sql.begin((tx) => recordConversions(tx, c2, { goal: 'booked' }, { eventType: 'booked' }));
    const res = await request(`/api/ab-test/results/${t.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const results = (await res.json()) as VariantResult[];
    expect(results.map((r) => r.variant)).toEqual([
      { id: control, name: 'Control', isControl: true },
      { id: t.variantIds[1], name: 'Variant 1', isControl: false },
    ]);
    const n = perVariant[control].length;
    const round2 = (x: number) => Math.round(x * 100) / 100;
    expect(results[0].metrics).toEqual({
      views: n,
      clicks: 2,
      conversions: 2,
      conversionRate: round2((2 / n) * 100),
      clickRate: round2((2 / n) * 100),
      booked: 1,
      bookedRate: round2((1 / n) * 100),
    });
    expect(results[1].metrics).toEqual({ views: 0, clicks: 0, conversions: 0, conversionRate: 0, clickRate: 0, booked: 0, bookedRate: 0 });
    expect(results[0].stats.conversionInterval!.lower).toBeGreaterThan(0);
    expect(results[1].stats.conversionInterval).toBeNull();
    expect(results[0].stats.test.verdict).toBe('Not enough data yet');
    // Aggregates only: no visitor ids, no event data.
    expect(JSON.stringify(results)).not.toContain(c1);
  });

  test('an unknown test id is a JSON 404', async () => {
    const { request } = await testApp();
    const res = await request(`/api/ab-test/results/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBeString();
    expect((await request(`/api/ab-test/results/${'x'.repeat(80)}`)).status).toBe(404);
  });

  test('there are no write endpoints for tests: other methods are 405 naming the allowed ones', async () => {
    const { postJson, request } = await testApp();
    const res = await postJson('/api/ab-test/tests', { name: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await res.json()).error).toContain('GET');
    expect((await request(`/api/ab-test/results/${AB_TEST_IDS.hero}`, { method: 'DELETE' })).status).toBe(405);
  });

  test('a test id holding a NUL is a 400 naming testId; undecodable text names no test (404); never a 500', async () => {
    const { request } = await testApp();
    for (const id of ['%00', 'abc%00def']) {
      const res = await request(`/api/ab-test/results/${id}`);
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toHaveProperty('testId');
    }
    // Not UTF-8 (an encoded lone surrogate, a stray byte): Hono keeps the raw text, which no test has.
    for (const id of ['%ED%A0%80', '%FF', '%E2%82']) expect((await request(`/api/ab-test/results/${id}`)).status).toBe(404);
  });
});

describe('AB_DASHBOARD_ACCESS', () => {
  test('staff: the dashboard sends an anonymous visitor to sign in, its read APIs answer 401 JSON; signed in, it links to /admin/api; assignment stays open', async () => {
    const t = await testApp({}, { AB_DASHBOARD_ACCESS: 'staff' });
    const page = await t.request('/admin/ab-tests', { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fab-tests');
    for (const path of [
      '/api/ab-test/tests',
      `/api/ab-test/results/${AB_TEST_IDS.hero}`,
      '/admin/api/ab-test/tests',
      `/admin/api/ab-test/results/${AB_TEST_IDS.hero}`,
    ]) {
      const denied = await t.request(path);
      expect(denied.status, path).toBe(401);
      expect(denied.headers.get('content-type')).toContain('application/json');
      expect(denied.headers.get('cache-control')).toBe('no-store');
    }
    const { cookie } = await signedIn(t, await createStaff(t.sql));
    const ok = await t.request('/admin/ab-tests', { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-robots-tag')).toBe('noindex');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    // Its CSV links point where the staff cookie goes.
    expect(await ok.text()).toContain(`href="/admin/api/ab-test/results/${AB_TEST_IDS.hero}/csv"`);
    expect((await t.request('/admin/api/ab-test/tests', { headers: { cookie } })).status).toBe(200);
    expect((await t.request(`/admin/api/ab-test/results/${AB_TEST_IDS.hero}`, { headers: { cookie } })).status).toBe(200);
    // The cookie is scoped to /admin: the public read APIs stay closed whatever is sent.
    expect((await t.request('/api/ab-test/tests', { headers: { cookie } })).status).toBe(401);
    expect((await t.request('/api/ab-test/assignment?testName=hero-variant&userId=open-1')).status).toBe(200);
  });

  test('open (the default, as the spec says): the dashboard and its read APIs answer anyone, privately', async () => {
    const { request } = await testApp();
    const api = await request('/api/ab-test/tests');
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('no-store');
    const page = await request('/admin/ab-tests');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(await page.text()).toContain(`href="/api/ab-test/results/${AB_TEST_IDS.hero}/csv"`);
  });

  test('a deployment that still sets the retired ADMIN_PASSWORD keeps the dashboard closed (staff) unless it chooses open', async () => {
    const closed = await testApp({}, { ADMIN_PASSWORD: 'correct horse' });
    expect(closed.deps.config.AB_DASHBOARD_ACCESS).toBe('staff');
    expect((await closed.request('/api/ab-test/tests', { headers: { authorization: `Basic ${btoa('admin:correct horse')}` } })).status).toBe(401);
    const open = await testApp({}, { ADMIN_PASSWORD: 'correct horse', AB_DASHBOARD_ACCESS: 'open' });
    expect((await open.request('/api/ab-test/tests')).status).toBe(200);
  });
});
