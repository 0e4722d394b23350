import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { AbDashboard, type AbDashboardProps } from '../../components/ab-dashboard/AbDashboard.tsx';
import { dashboardData, hourlyArrivals, recordConversions, variantCounts } from '../../db/queries/ab-tests.ts';
import { cumulativeByDay } from '../../lib/ab/daily.ts';
import { AB_TEST_IDS, type AbTestSummary, type HourlyArrivals, type TestReport } from '../../lib/ab/definitions.ts';
import { HERO_VARIANT_NAMES, heroVariants } from '../../lib/ab/hero-variants.ts';
import { analyzeTest, type VariantCounts } from '../../lib/ab/stats.ts';
import { heroFieldsOfVariant } from '../../lib/content/slots.ts';
import { agency } from '../../lib/site.ts';
import { createTest, uid } from '../helpers/ab-tests.ts';
import { testApp } from '../helpers/app.ts';
import { createStaff, signedIn } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const LOADED_AT = '2025-02-01T00:00:00.000Z';
const render = (reports: TestReport[]) =>
  renderToString(<AbDashboard {...({ reports, loadedAt: LOADED_AT, apiBase: '/api/ab-test', source: null, sources: [] } satisfies AbDashboardProps)} />);

const summary = (over: Partial<AbTestSummary> = {}): AbTestSummary => ({
  id: 't1',
  name: 'demo-test',
  description: 'A test',
  isActive: true,
  startDate: '2025-01-01T12:00:00.000Z',
  endDate: null,
  trafficAllocation: 100,
  ...over,
});

const counts = (views: number[], conversions: number[], names?: string[], booked?: number[]): VariantCounts[] =>
  views.map((v, i) => ({
    id: `v${i}`,
    name: names?.[i] ?? (i === 0 ? 'Control' : `Variant ${i}`),
    isControl: i === 0,
    weight: 1,
    views: v,
    clicks: 0,
    conversions: conversions[i],
    booked: booked?.[i] ?? 0,
  }));

/** Arrivals spread evenly over `days` days before LOADED_AT, so the chart has something to draw. */
function spread(variants: VariantCounts[], days: number): HourlyArrivals[] {
  const end = Date.parse(LOADED_AT) / 3_600_000;
  return variants.flatMap((v) =>
    Array.from({ length: days }, (_, d) => ({
      variantId: v.id,
      hour: end - (days - d) * 24 + 12,
      viewers: Math.floor(v.views / days) + (d < v.views % days ? 1 : 0),
      conversions: Math.floor(v.conversions / days) + (d < v.conversions % days ? 1 : 0),
    })),
  );
}

function report(variants: VariantCounts[], over: Partial<TestReport> = {}): TestReport {
  const test = summary(over.test);
  return {
    test,
    slot: null,
    shippedVariantId: null,
    results: analyzeTest(variants, new Date(test.startDate), new Date(LOADED_AT)),
    configurations: {},
    hourly: spread(variants, 14),
    ...over,
  };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('AbDashboard', () => {
  test("no tests: 'No Tests Found'", () => {
    expect(render([])).toContain('No Tests Found');
  });

  test("a test without viewers: 'No data available yet', no verdict; what counts, the method and the CSV are still there", () => {
    const html = render([report(counts([0, 0], [0, 0]), { hourly: [] })]);
    expect(html).toContain('No data available yet');
    expect(html).not.toContain('data-verdict');
    expect(html).toContain('Jan 1, 2025');
    expect(html).toContain('data-event-meanings');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>How we calculate<\/summary>/);
    expect(html).toContain('href="/api/ab-test/results/t1/csv"');
  });

  test('the badge says what the test is doing: an experiment as on its staff page, a test ended by its date as ended', () => {
    const badge = (over: Partial<TestReport>) => render([report(counts([0, 0], [0, 0]), over)]).match(/data-badge="">([^<]+)</)?.[1];
    expect(badge({})).toBe('Active');
    expect(badge({ test: summary({ isActive: false }) })).toBe('Paused');
    expect(badge({ test: summary({ endDate: '2025-01-20T00:00:00.000Z' }) })).toBe('Ended');
    expect(badge({ slot: 'hero', test: summary({ endDate: '2025-01-20T00:00:00.000Z' }) })).toBe('Stopped');
    expect(badge({ slot: 'hero', shippedVariantId: 'v1', test: summary({ isActive: false, endDate: '2025-01-20T00:00:00.000Z' }) })).toBe('Shipped');
  });

  test('a leader: the verdict, why, intervals, lift, chance with what it needed, and the SRM warning when it fires', () => {
    const ok = render([report(counts([1000, 1000], [100, 130]))]);
    expect(ok).toContain('Leader: Variant 1 (98% chance to beat control)');
    expect(text(ok)).toContain('Variant 1 converts better than Control with a 98.2% chance (95% needed) and by +30.0% (at least +10% needed).');
    expect(ok).toContain('range 11.1–15.2%');
    expect(ok).toContain('+30.0%');
    expect(ok).toContain('needs 95%');
    expect(ok).not.toContain('Sample ratio mismatch');
    expect(render([report(counts([1000, 1300], [100, 130]))])).toContain('Sample ratio mismatch');
  });

  test('“No clear winner yet” beside 91.7% says why: the chance needed, and the odds still against it', () => {
    const html = text(render([report(counts([1526, 1474], [84, 99], ['Control', 'Short Form']))]));
    expect(html).toContain('No clear winner yet');
    expect(html).toContain(
      'Short Form is ahead, with a 91.7% chance of converting better than Control, which still leaves about 1 time in 12 that it is really no better. We call a leader at 95%.',
    );
    expect(html).toContain('a lift of at least +10% over Control');
  });

  test('with three variants the page says the bar is higher, and why', () => {
    const html = text(render([report(counts([1000, 1000, 1000], [100, 124, 105]))]));
    expect(html).toContain('No clear winner yet');
    expect(html).toContain(
      'We call a leader at 97.5%, not 95%, because with 2 versions up against Control one of them is more likely to look good by luck alone.',
    );
    expect(html).toContain('needs 97.5%');
    expect(html).toContain('For this test that is 97.5%, then 95%.');
    expect(html).toContain('Holm–Bonferroni');
  });

  test('below the sample guard the page says what is missing', () => {
    const html = text(render([report(counts([500, 64], [20, 3], ['Control', 'Short Form']), { test: summary({ startDate: '2025-01-29T00:00:00.000Z' }) })]));
    expect(html).toContain('Not enough data yet');
    expect(html).toContain('So far Short Form has 64 viewers, and the test has run 3 of 7 days.');
  });

  test('each variant shows what it is; no “control” badge beside a variant already named Control, one beside a control named otherwise', () => {
    const hero = report(counts([400, 400, 400], [20, 22, 18], ['Control', 'Variant A', 'Variant B']), {
      configurations: { v0: heroFieldsOfVariant('control'), v1: heroFieldsOfVariant('variant-a'), v2: heroFieldsOfVariant('variant-b') },
      slot: 'hero',
    });
    const html = render([hero]);
    for (const v of Object.values(heroVariants)) {
      expect(html).toContain(v.headline);
      expect(html).toContain(v.ctaText);
    }
    expect(html).toContain(`>${agency.name}</dd>`);
    expect(html).not.toContain('>control</span>');
    const named = render([report(counts([400, 400], [20, 22], ['Standard form', 'Short form']))]);
    expect(named).toContain('>control</span>');
  });

  test('the chart: one line per variant that has enough viewers, a legend with each running rate, Toronto days on the axis', () => {
    const html = render([report(counts([1000, 1000], [100, 130]))]);
    expect(html).toContain('data-rate-chart');
    expect(html.match(/<polyline /g)).toHaveLength(2);
    expect(html).toContain('data-line="Control"');
    expect(html).toContain('data-line="Variant 1"');
    // 14 days ending Jan 31 in Toronto (LOADED_AT is 19:00 on Jan 31 there), first and last labelled.
    expect(html).toContain('>Jan 18</span>');
    expect(html).toContain('>Jan 31</span>');
    expect(text(html)).toContain('Running conversion rate from Jan 18 to Jan 31: Control at 10.00%, Variant 1 at 13.00%.');
    // One day of data only: no lines, a sentence instead.
    const oneDay = render([report(counts([1000, 1000], [100, 130]), { hourly: spread(counts([1000, 1000], [100, 130]), 1) })]);
    expect(oneDay).toContain('data-chart-empty');
    expect(oneDay).not.toContain('<polyline');
  });

  test('the second goal: booked sessions with their share of viewers, in the table and on the cards, and the line saying which goal the verdict is about', () => {
    const html = render([report(counts([1000, 1000], [100, 130], undefined, [25, 4]))]);
    const cellsOf = (column: string) => [...html.matchAll(new RegExp(`data-column="${column}"[^>]*>(.*?)</(?:td|div)>`, 'g'))].map((m) => text(m[1]).trim());
    // The table's two rows, then the two cards (each figure under its label).
    expect(cellsOf('Booked sessions')).toEqual([
      '25 2.50% of viewers',
      '4 0.40% of viewers',
      'Booked sessions 25 2.50% of viewers',
      'Booked sessions 4 0.40% of viewers',
    ]);
    expect(html).toMatch(/<th scope="col" class="[^"]*border-l[^"]*">Booked sessions<\/th>/);
    const words = text(html);
    expect(words).toContain(
      'This test counts two goals: conversions (visitors who sent the free audit form) and booked sessions (visitors who booked a free strategy session). The verdict, the lift and the chances are about conversions; booked sessions are shown beside them.',
    );
    expect(words).toContain('A booked session : The visitor booked a free strategy session on the site');
    expect(words).toContain('Booked sessions : Viewers who went on to book a free strategy session');
    // The verdict is the same as without any bookings.
    expect(html).toContain('Leader: Variant 1 (98% chance to beat control)');
    // A test without viewers has no figures, but still says what a booked session is.
    const empty = render([report(counts([0, 0], [0, 0]), { hourly: [] })]);
    expect(empty).not.toContain('data-column="Booked sessions"');
    expect(text(empty)).toContain('A booked session : ');
  });

  test('what counts is said per test by the slot it varies: the audit form’s button, the banner’s', () => {
    const form = text(render([report(counts([0, 0], [0, 0]), { test: summary({ name: 'contact-form-optimization' }), slot: 'audit-form', hourly: [] })]));
    expect(form).toContain('A click : The visitor pressed the form’s final button (on step 4)');
    const hero = text(render([report(counts([0, 0], [0, 0]), { test: summary({ name: 'hero-variant' }), slot: 'hero', hourly: [] })]));
    expect(hero).toContain('A view : The banner at the top of the home page');
    expect(hero).toContain('A click : The visitor pressed the banner’s main button');
  });
});

describe('/admin/ab-tests', () => {
  test('renders the seeded tests on the server, privately, with no script of its own', async () => {
    const { request, deps } = await testApp();
    const res = await request('/admin/ab-tests');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('hero-variant');
    expect(html).toContain('contact-form-optimization');
    expect(html).toContain(`href="/api/ab-test/results/${AB_TEST_IDS.hero}/csv"`);
    expect(html).toContain('Refresh');
    // Only the loader: the dashboard's text and chart need no JavaScript, and the menu is a native popover.
    expect([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1])).toEqual([]);
    expect([...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1])).toEqual([deps.assets.loader]);
    // Anyone: the site's own header, no back office menu.
    expect(html).toContain('aria-label="Main"');
    expect(html).not.toContain('aria-label="Back office"');
  });

  test('a signed-in staff member sees it in the back office frame, its menu item current, so the menu and Log out stay in reach', async () => {
    const t = await testApp();
    const { cookie } = await signedIn(t, await createStaff(t.sql, 'dashboard', 'staff'));
    const html = await (await t.request('/admin/ab-tests', { headers: { cookie } })).text();
    expect(html).toContain('aria-label="Back office"');
    expect(html).toMatch(/<a href="\/admin\/ab-tests" aria-current="page"[^>]*>A\/B tests<\/a>/);
    expect(html).toContain('Log out');
    expect(html).not.toContain('aria-label="Main"');
    expect(html).toContain('contact-form-optimization');
    // A cookie that names no session is anyone.
    const stale = await (await t.request('/admin/ab-tests', { headers: { cookie: `${cookie.split('=')[0]}=${'x'.repeat(43)}` } })).text();
    expect(stale).toContain('aria-label="Main"');
    expect(stale).not.toContain('aria-label="Back office"');
  });
});

describe('the results queries', () => {
  test('arrivals by the hour: each visitor once per variant, on the hour first seen and first converted; the running totals end at the counts', async () => {
    const { sql } = await testApp();
    const t = await createTest(sql, { weights: [1, 1], startDaysAgo: 3 });
    const [a, b] = t.variantIds;
    const event = (variant: string, user: string, type: string, at: string) => ({
      test_id: t.id,
      variant_id: variant,
      user_id: user,
      event_type: type,
      timestamp: new Date(at),
    });
    const [u1, u2, u3] = [uid('h'), uid('h'), uid('h')];
    await sql`insert into ab_test_events ${sql(
      [
        // u1: seen 23:30 on Nov 22 in Toronto, back the next day, converts at 00:10 on Nov 23 (and again later).
        event(a, u1, 'view', '2026-11-23T04:30:00Z'),
        event(a, u1, 'view', '2026-11-23T16:00:00Z'),
        event(a, u1, 'conversion', '2026-11-23T05:10:00Z'),
        event(a, u1, 'conversion', '2026-11-24T05:10:00Z'),
        // u2: a click with no view recorded still makes a viewer.
        event(a, u2, 'click', '2026-11-23T05:20:00Z'),
        // u3 sees the other variant.
        event(b, u3, 'view', '2026-11-24T12:00:00Z'),
      ],
      'test_id',
      'variant_id',
      'user_id',
      'event_type',
      'timestamp',
    )}`;
    const hourly = await hourlyArrivals(sql, { testId: t.id });
    const hour = (iso: string) => Date.parse(iso) / 3_600_000;
    expect(hourly).toEqual([
      { variantId: a, hour: hour('2026-11-23T04:00:00Z'), viewers: 1, conversions: 0 },
      { variantId: a, hour: hour('2026-11-23T05:00:00Z'), viewers: 1, conversions: 1 },
      { variantId: b, hour: hour('2026-11-24T12:00:00Z'), viewers: 1, conversions: 0 },
    ]);
    const counted = await variantCounts(sql, { testId: t.id });
    expect(counted.map((v) => [v.views, v.clicks, v.conversions])).toEqual([
      [2, 1, 1],
      [1, 0, 0],
    ]);
    const series = cumulativeByDay(hourly, [a, b], new Date('2026-11-24T20:00:00Z'), agency.timeZone);
    expect(series.days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    for (const v of counted) expect(series.totals[v.id].at(-1)).toEqual({ viewers: v.views, conversions: v.conversions });
  });

  test('a booked session counts once per visitor; a visitor who booked without sending a form is booked, not converted', async () => {
    const { sql } = await testApp();
    const t = await createTest(sql, { weights: [1, 1], startDaysAgo: 3 });
    const [a, b] = t.variantIds;
    const [u1, u2, u3, u4] = [uid('b'), uid('b'), uid('b'), uid('b')];
    await sql`insert into ab_test_assignments ${sql(
      [
        [u1, a],
        [u2, a],
        [u3, a],
        [u4, b],
      ].map(([user, variant]) => ({ test_id: t.id, variant_id: variant, user_id: user, source: 'google' })),
    )}`;
    // u1 sends the audit and books twice (a session, then another); u2 books without sending a form; u3 only looks; u4, on b, only books.
    await sql`insert into ab_test_events ${sql([u1, u2, u3].map((user) => ({ test_id: t.id, variant_id: a, user_id: user, event_type: 'view' })))}`;
    await sql.begin((tx) => recordConversions(tx, u1, { auditId: 'x' }));
    for (const user of [u1, u1, u2, u4]) expect(await sql.begin((tx) => recordConversions(tx, user, { goal: 'booked' }, { eventType: 'booked' }))).toBe(1);
    const counted = await variantCounts(sql, { testId: t.id });
    expect(counted.map((v) => [v.views, v.conversions, v.booked])).toEqual([
      [3, 1, 2],
      // A booking with no view recorded still makes a viewer.
      [1, 0, 1],
    ]);
    const reports = await dashboardData(sql, new Date());
    const mine = reports.find((r) => r.test.id === t.id)!;
    expect(mine.results.map((r) => [r.metrics.booked, r.metrics.bookedRate, r.metrics.conversions])).toEqual([
      [2, 66.67, 1],
      [1, 100, 0],
    ]);
    // The chart's arrivals stay viewers and conversions: the bookings add none.
    expect((await hourlyArrivals(sql, { testId: t.id })).reduce((sum, h) => sum + h.conversions, 0)).toBe(1);
  });

  test('the dashboard reads every test with its results, configurations and arrivals', async () => {
    const { sql } = await testApp();
    const reports = await dashboardData(sql, new Date());
    const hero = reports.find((r) => r.test.id === AB_TEST_IDS.hero)!;
    expect(hero.results.map((r) => r.variant.name)).toEqual(['Control', 'Variant A', 'Variant B']);
    expect(Object.values(hero.configurations)).toEqual(HERO_VARIANT_NAMES.map(heroFieldsOfVariant));
    expect(hero.slot).toBe('hero');
    expect(Array.isArray(hero.hourly)).toBe(true);
  });
});
