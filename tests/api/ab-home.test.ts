import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import postgres from 'postgres';
import { AB_TEST_IDS, AB_VARIANT_IDS } from '../../lib/ab/definitions.ts';
import { islandProps, sendViews } from '../helpers/ab-home.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { twoSidedBinomialP } from '../helpers/binomial.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The A/B tests on the home page: assignments decided on the server during the request (no write),
// rendered into the HTML, stored by the visitor's first view event, and conversions written by the
// server with each stored audit.

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const runId = crypto.randomUUID().slice(0, 8);
const visitor = (label: string) => `abhome-${runId}-${label}-${crypto.randomUUID().slice(0, 8)}`;

async function home(t: Awaited<ReturnType<typeof testApp>>, headers: Record<string, string>) {
  const res = await t.request('/', { headers });
  expect(res.status).toBe(200);
  return { res, html: await res.text() };
}

const assignmentsOf = async (sql: Awaited<ReturnType<typeof testApp>>['sql'], user: string) => [
  ...(await sql<{ testId: string; variantId: string }[]>`select test_id, variant_id from ab_test_assignments where user_id = ${user} order by test_id`),
];

const conversionsOf = async (sql: Awaited<ReturnType<typeof testApp>>['sql'], user: string) => [
  ...(await sql<{ testId: string; variantId: string; eventData: { auditId: string } }[]>`
    select test_id, variant_id, event_data from ab_test_events where user_id = ${user} and event_type = 'conversion' order by test_id`),
];

describe('home page assignments', () => {
  test('new visitors arriving together share one read of each running test', async () => {
    const db = (await testApp()).sql;
    let testReads = 0;
    // The real database, with the queries that read a test definition counted on the way.
    const sql = new Proxy(db, {
      apply(target, thisArg, args) {
        if (Array.isArray(args[0]) && String(args[0][0]).includes('from ab_tests')) testReads++;
        return Reflect.apply(target, thisArg, args);
      },
    });
    const t = await testApp({ sql });
    const pages = await Promise.all(Array.from({ length: 30 }, () => home(t, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' })));
    expect(new Set(pages.map(({ html }) => islandProps(html).hero.tracking?.testId))).toEqual(new Set([AB_TEST_IDS.hero]));
    expect(testReads).toBe(2);
  });

  test('the same visitor cookie renders the same variants every time; the first view events store them once', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = visitor('sticky');
    const cookie = { cookie: `vid=${user}` };
    const firstHtml = (await home(t, cookie)).html;
    const first = islandProps(firstHtml);
    expect(islandProps((await home(t, cookie)).html)).toEqual(first);
    // Rendering alone writes nothing: the page decides, the visitor's exposure records.
    expect(await assignmentsOf(t.sql, user)).toEqual([]);
    await sendViews(t, firstHtml, cookie);
    await sendViews(t, firstHtml, cookie);
    const stored = await assignmentsOf(t.sql, user);
    expect(stored).toEqual([
      { testId: AB_TEST_IDS.contactForm, variantId: first.form.tracking!.variantId },
      { testId: AB_TEST_IDS.hero, variantId: first.hero.tracking!.variantId },
    ]);
    // A later visit (served from memory or the stored rows) shows the same.
    expect(islandProps((await home(t, cookie)).html)).toEqual(first);
    // The hero shown is the stored variant's configuration.
    const heroByVariantId: Record<string, string> = {
      [AB_VARIANT_IDS.hero.control]: 'Control',
      [AB_VARIANT_IDS.hero.variantA]: 'Variant A',
      [AB_VARIANT_IDS.hero.variantB]: 'Variant B',
    };
    expect(first.hero.variant).toBe(heroByVariantId[first.hero.tracking!.variantId]);
    expect(first.hero.tracking!.testId).toBe(AB_TEST_IDS.hero);
    expect(first.form.tracking!.testId).toBe(AB_TEST_IDS.contactForm);
  });

  test('different visitors spread over the hero and contact-form variants; the HTML never holds the visitor id', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const heroes = new Map<string, number>();
    const titles = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const user = visitor(`spread${i}`);
      const { html } = await home(t, { cookie: `vid=${user}` });
      expect(html).not.toContain(user);
      const { hero, form } = islandProps(html);
      heroes.set(hero.variant, (heroes.get(hero.variant) ?? 0) + 1);
      titles.add(form.config.formTitle);
    }
    expect([...heroes.keys()].sort()).toEqual(['Control', 'Variant A', 'Variant B']);
    // Equal weights: each variant's share of 60 is what one in three gives (an exact binomial test each, 1e-3 over the three).
    for (const [variant, n] of heroes) expect({ variant, n, plausible: twoSidedBinomialP(n, 60, 1 / 3) > 0.001 / 3 }).toEqual({ variant, n, plausible: true });
    expect(titles.size).toBe(2);
  });

  test('a first visit without a cookie gets the cookie and its variants, stored by the first view event', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const { res, html } = await home(t, {});
    const vid = res.headers.get('set-cookie')?.match(/vid=([^;]+)/)?.[1];
    expect(vid).toBeTruthy();
    expect(res.headers.get('set-cookie')).toContain('HttpOnly');
    expect(html).not.toContain(vid!);
    expect(await assignmentsOf(t.sql, vid!)).toEqual([]);
    await sendViews(t, html, { cookie: `vid=${vid}` });
    const { hero } = islandProps(html);
    expect((await assignmentsOf(t.sql, vid!)).find((a) => a.testId === AB_TEST_IDS.hero)?.variantId).toBe(hero.tracking!.variantId);
  });

  test('an event naming a variant the rules do not give the visitor is refused and stores nothing', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = visitor('forger');
    const { html } = await home(t, { cookie: `vid=${user}` });
    const { hero } = islandProps(html);
    const other = Object.values(AB_VARIANT_IDS.hero).find((id) => id !== hero.tracking!.variantId)!;
    const res = await t.postJson('/api/ab-test/event', { testId: AB_TEST_IDS.hero, variantId: other, eventType: 'view' }, { cookie: `vid=${user}` });
    expect(res.status).toBe(409);
    expect(await assignmentsOf(t.sql, user)).toEqual([]);
  });

  test('a crawler gets the controls, no tracking ids, and nothing is stored', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = visitor('crawler');
    const { res, html } = await home(t, { 'user-agent': CRAWLER, cookie: `vid=${user}` });
    expect(res.headers.get('set-cookie')).toBeNull();
    const { hero, form } = islandProps(html);
    expect(hero).toEqual({ variant: 'Control', tracking: null });
    expect(form.tracking).toBeNull();
    expect(form.config.formTitle).toBe('Get Your Free Business Audit');
    expect(await assignmentsOf(t.sql, user)).toEqual([]);
  });

  test('when the database fails, the page still answers 200 with the controls and no tracking', async () => {
    const broken = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      const t = await testApp({ sql: broken }, { RATE_LIMITS: 'off' });
      const { html } = await home(t, { cookie: `vid=${visitor('down')}` });
      const { hero, form } = islandProps(html);
      expect(hero).toEqual({ variant: 'Control', tracking: null });
      expect(form.tracking).toBeNull();
      expect(t.logs.some((l) => l.msg === 'home page A/B assignment failed; showing the control')).toBe(true);
    } finally {
      await broken.end({ timeout: 0 });
    }
  }, 15_000);
});

describe('conversions from the audit', () => {
  test('an audit submission from the home page adds one conversion per assigned test, in the assigned variants', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = visitor('convert');
    const cookie = { cookie: `vid=${user}`, referer: `${TEST_SITE_URL}/` };
    await sendViews(t, (await home(t, cookie)).html, cookie);
    const assigned = await assignmentsOf(t.sql, user);
    expect(assigned).toHaveLength(2);
    const body = validAudit();
    const res = await t.postJson('/api/business-audit', body, cookie);
    expect(res.status).toBe(201);
    const conversions = await conversionsOf(t.sql, user);
    expect(conversions.map(({ testId, variantId }) => ({ testId, variantId }))).toEqual(assigned);
    for (const c of conversions) expect(c.eventData).toEqual({ auditId: body.id });
  });

  test('an audit sent from the guide (its default form) is not a conversion of the home page form’s variant; the hero’s still counts', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = visitor('guide');
    await sendViews(t, (await home(t, { cookie: `vid=${user}` })).html, { cookie: `vid=${user}` });
    const assigned = await assignmentsOf(t.sql, user);
    const res = await t.postJson('/api/business-audit', validAudit(), { cookie: `vid=${user}`, referer: `${TEST_SITE_URL}/what-is-digital-marketing` });
    expect(res.status).toBe(201);
    const [hero] = await t.sql<{ id: string }[]>`select id from ab_tests where name = 'hero-variant'`;
    expect((await conversionsOf(t.sql, user)).map((c) => c.testId)).toEqual(assigned.filter((a) => a.testId === hero.id).map((a) => a.testId));
  });

  test('a repeat of the same submission id adds no second conversion', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const user = visitor('repeat');
    const cookie = { cookie: `vid=${user}`, referer: `${TEST_SITE_URL}/` };
    await sendViews(t, (await home(t, cookie)).html, cookie);
    const body = validAudit();
    for (let i = 0; i < 3; i++) expect((await t.postJson('/api/business-audit', body, cookie)).status).toBe(201);
    expect(await conversionsOf(t.sql, user)).toHaveLength(2);
  });

  test('a crawler, and a visitor assigned to nothing, add no conversion', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const assignedUser = visitor('assigned-then-crawler');
    await sendViews(t, (await home(t, { cookie: `vid=${assignedUser}` })).html, { cookie: `vid=${assignedUser}` });
    const asCrawler = await t.postJson('/api/business-audit', validAudit(), { cookie: `vid=${assignedUser}`, 'user-agent': CRAWLER });
    expect(asCrawler.status).toBe(201);
    expect(await conversionsOf(t.sql, assignedUser)).toEqual([]);

    const stranger = visitor('never-saw-home');
    expect((await t.postJson('/api/business-audit', validAudit(), { cookie: `vid=${stranger}` })).status).toBe(201);
    expect(await conversionsOf(t.sql, stranger)).toEqual([]);
  });
});
