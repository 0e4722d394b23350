import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Sql } from 'postgres';
import { agency } from '../../lib/site.ts';
import { addDays, isoDay, parseIsoDay } from '../../lib/time/calendar.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import { seedVisit } from '../helpers/analytics.ts';
import { validAudit } from '../helpers/audit.ts';
import { wizard } from '../helpers/audit-browser.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, openPage, PHONE, VISITOR_USER_AGENT, waitForIslands } from '../helpers/browser.ts';
import { staffServerAndBrowser } from '../helpers/staff-server.ts';

setDefaultTimeout(120_000);

// The analytics dashboard as staff meet it, on a phone and on a laptop: two months of traffic (finished
// days rolled up, today's raw), leads from a Google Ads campaign, Facebook and direct, one of them won on
// the pipeline board with its retainer; the chart, the funnel, the tables and their CSVs, the range form
// and its quick links; nothing wider than the screen, axe finds nothing. Screenshots in /tmp/shots.

const SHOTS = '/tmp/shots';
/** This run's own: a database kept between runs (PostgreSQL) holds the last run's rows too. */
const word = `za${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
const CAMPAIGN = `fall-promo-${word.slice(2, 6)}`;
const TODAY = dayIn(new Date(), agency.timeZone);
const dayBefore = (n: number) => isoDay(addDays(parseIsoDay(TODAY), -n));

/** Sixty finished days as the roll-up leaves them (a weekly rhythm, busier on weekdays), and a few of today's visitors raw. */
async function seedTraffic(sql: Sql) {
  const sources = [
    { source: 'direct', medium: 'none', campaign: '', landing: '/', device: 'desktop', base: 18 },
    { source: 'google', medium: 'cpc', campaign: CAMPAIGN, landing: '/services/google-ads', device: 'mobile', base: 11 },
    { source: 'google', medium: 'organic', campaign: '', landing: '/what-is-digital-marketing', device: 'desktop', base: 9 },
    { source: 'facebook', medium: 'paid-social', campaign: 'q4-push', landing: '/q4-intake', device: 'mobile', base: 6 },
    { source: 'newsletter', medium: 'email', campaign: 'november', landing: '/blog', device: 'desktop', base: 3 },
  ];
  const pages = ['/', '/services/google-ads', '/what-is-digital-marketing', '/q4-intake', '/blog', '/services/seo-services', '/q4-intake/thank-you'];
  for (let n = 1; n <= 60; n++) {
    const day = dayBefore(n);
    const weekday = parseIsoDay(day);
    const busy = 1 + 0.5 * Math.sin((n * 2 * Math.PI) / 7) + (n % 7 === 3 ? 0.4 : 0);
    const rows = sources.map((s) => ({ ...s, visitors: Math.max(1, Math.round(s.base * busy)), audit: Math.round(s.base * busy * 0.08) }));
    for (const r of rows)
      await sql`insert into analytics_daily_sources (day, source, medium, campaign, landing, device, visitors, pageviews, audit_started)
        values (${day}, ${r.source}, ${r.medium}, ${r.campaign}, ${r.landing}, ${r.device}, ${r.visitors}, ${Math.round(r.visitors * 2.4)}, ${r.audit})
        on conflict do nothing`;
    const total = rows.reduce((sum, r) => sum + r.visitors, 0);
    for (const [i, route] of pages.entries()) {
      const visitors = Math.max(1, Math.round(total / (i + 1.5)));
      await sql`insert into analytics_daily_pages (day, route, visitors, pageviews) values (${day}, ${route}, ${visitors}, ${Math.round(visitors * 1.3)})
        on conflict do nothing`;
    }
    await sql`insert into analytics_rollups (day, rolled_at) values (${day}, now()) on conflict do nothing`;
    void weekday;
  }
  for (let i = 0; i < 6; i++) await seedVisit(sql, { day: TODAY, routes: ['/', '/services/seo-services'], auditStarted: i === 0 });
  for (let i = 0; i < 3; i++)
    await seedVisit(sql, { day: TODAY, source: 'google', medium: 'cpc', campaign: CAMPAIGN, routes: ['/services/google-ads'], device: 'mobile' });
}

const ctx = staffServerAndBrowser('charts', {}, { seed: seedTraffic });

/** The first-touch cookie a landing from `query` earns. */
async function landedFrom(path: string) {
  const res = await fetch(`${ctx.server.url}${path}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('first_touch='));
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const post = async (path: string, body: unknown, cookie: string | undefined, referer: string) => {
    const res = await fetch(`${ctx.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
  };
  const google = await landedFrom(`/services/google-ads?utm_source=google&utm_medium=cpc&utm_campaign=${CAMPAIGN}`);
  const audit = (first: string, business: string) => ({
    ...validAudit({ firstName: first, lastName: 'Analytics', businessName: `${business} ${word}`, email: `${first.toLowerCase()}.${word}@example.ca` }),
    fillMs: 60_000,
  });
  await post('/api/business-audit', audit('Rosa', 'Danforth Dental'), google, `${ctx.server.url}/services/google-ads`);
  await post('/api/business-audit', audit('Kwame', 'Junction Fitness'), google, `${ctx.server.url}/services/google-ads`);
  await post('/api/business-audit', audit('Mei', 'Annex Bakery'), undefined, `${ctx.server.url}/`);
  const facebook = await landedFrom('/q4-intake?utm_source=facebook&utm_medium=paid-social&utm_campaign=q4-push');
  await post(
    '/api/q4-intake',
    {
      id: crypto.randomUUID(),
      firstName: 'Priya',
      lastName: 'Raman',
      workEmail: `priya.${word}@glow.example`,
      mobile: '416-555-0188',
      company: `Glow Aesthetics ${word}`,
      industry: 'medspas',
      city: 'Toronto',
      monthlyMarketingBudget: '2500-5000',
      biggestGoal: 'Fill weekday afternoons with new facial clients.',
      caslConsent: 'true',
      fillMs: 60_000,
    },
    facebook,
    `${ctx.server.url}/q4-intake`,
  );
});

async function signIn(page: Page) {
  await page.goto(`${ctx.server.url}/admin/login`);
  await page.getByLabel('Work email').fill(ctx.staff.email);
  await page.getByLabel('Password').fill(ctx.staff.password);
  await Promise.all([page.waitForURL((url) => url.pathname === '/admin/leads'), page.getByRole('button', { name: 'Sign in' }).click()]);
}

describe('the pipeline board marks a lead won with its retainer', () => {
  test('choosing Won asks for the retainer; Move saves both', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/login`, DESKTOP);
    await signIn(page);
    await page.goto(`${ctx.server.url}/admin/board?q=${word}`);
    await waitForIslands(page);
    const card = page.locator('[data-card]').filter({ hasText: 'Rosa Analytics' });
    const retainer = card.getByLabel('Monthly retainer of Rosa Analytics, CAD');
    expect(await retainer.isVisible()).toBe(false);
    await card.getByLabel('Move Rosa Analytics to').selectOption('won');
    expect(await retainer.isVisible()).toBe(true);
    await retainer.fill('2,500');
    await card.getByRole('button', { name: 'Move' }).click();
    await page.locator('[data-board-status]', { hasText: 'Moved Rosa Analytics to Won.' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['laptop', DESKTOP],
  ['phone', PHONE],
] as const)('the dashboard on a %s', (device, viewport) => {
  test('the figures, chart, funnel and tables; nothing wider than the screen; axe finds nothing', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/login`, viewport, {
      hasTouch: viewport === PHONE,
      isMobile: viewport === PHONE,
    });
    await signIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/analytics');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Analytics');
    expect(await page.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: `${SHOTS}/analytics-${viewport.width}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/analytics-${viewport.width}-top.png` });
    for (const section of ['traffic', 'funnel', 'sources', 'speed'])
      await page.locator(`#${section}`).screenshot({ path: `${SHOTS}/analytics-${viewport.width}-${section}.png` });

    // The chart: a bar per day of the 28, the page views' line, labels.
    const chart = page.locator('[data-traffic-chart]');
    expect(await chart.locator('rect[data-bar]').count()).toBe(28);
    expect(await chart.locator('polyline[data-line="pageviews"]').count()).toBe(1);
    // The won lead in its campaign's row, with its retainer.
    const campaign = page.locator('[data-table="sources"] tr').filter({ hasText: CAMPAIGN });
    const cells = await campaign.locator('td').allTextContents();
    expect(cells.slice(2)).toEqual(['2', expect.any(String), '1', '1', expect.any(String), '$2,500']);
    expect(await page.locator('[data-figure="Won value a month"] dd').first().textContent()).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    expect(await page.locator('[data-funnel] li').count()).toBe(5);

    // Nothing sticks out of the page: wide tables scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page)).toEqual([]);

    // A table as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download sources and campaigns (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^analytics-sources-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);

    // The range: a quick link, then dates typed into the form.
    await Promise.all([page.waitForURL((url) => url.searchParams.get('from') === dayBefore(6)), page.getByRole('link', { name: 'Last 7 days' }).click()]);
    expect(await page.locator('[data-traffic-chart] rect[data-bar]').count()).toBe(7);
    expect(await page.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('true');
    await page.getByLabel('From', { exact: true }).fill(dayBefore(59));
    await page.getByLabel('To', { exact: true }).fill(dayBefore(30));
    await Promise.all([page.waitForURL((url) => url.searchParams.get('to') === dayBefore(30)), page.getByRole('button', { name: 'Show' }).click()]);
    expect(await page.locator('[data-traffic-chart] rect[data-bar]').count()).toBe(30);
    expect(await page.locator('[data-table="speed"]').count()).toBe(0);
    expect(await page.getByText('No leads arrived in these dates, so there is no reply time to show.').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/analytics-${viewport.width}-past.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
    void device;
  });
});

describe('the audit form tells the server it was started', () => {
  test('its first answer sends one signal per page load, and the dashboard counts the start', async () => {
    const staff = await openPage(ctx.browser, `${ctx.server.url}/admin/login`, DESKTOP);
    await signIn(staff.page);
    const startedToday = async () => {
      const res = await staff.page.request.get(`${ctx.server.url}/admin/api/analytics?from=${TODAY}&to=${TODAY}`);
      const body = (await res.json()) as { funnel: { step: string; visitors: number }[] };
      return body.funnel.find((f) => f.step === 'audit_started')?.visitors;
    };
    const before = await startedToday();

    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/what-is-digital-marketing`, PHONE, {
      // A browser of this run's own: the visitor key is the address and the browser, and a start is kept once a day.
      userAgent: `${VISITOR_USER_AGENT} run/${word}`,
      hasTouch: true,
      isMobile: true,
    });
    // Every call of fetch for the signal, counted as it is made (the real fetch still runs).
    await page.evaluate(() => {
      const real = window.fetch.bind(window);
      const calls: string[] = [];
      Object.assign(window, { auditStartedCalls: calls });
      const counting = (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/api/analytics/audit-started')) calls.push(String(init?.body));
        return real(input, init);
      };
      window.fetch = counting as typeof fetch;
    });
    const calls = () => page.evaluate(() => (window as unknown as { auditStartedCalls: string[] }).auditStartedCalls);
    const [answered] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/audit-started'),
      wizard(page).getByLabel('Industry').selectOption('restaurants'),
    ]);
    // (A keepalive request's body is not kept for the browser to read back: the dashboard below says it counted.)
    expect(answered.status()).toBe(202);
    await wizard(page).getByLabel('Industry').selectOption('healthcare');
    await wizard(page)
      .getByLabel(/^First name/)
      .fill('Lucia');
    await wizard(page)
      .getByLabel(/^First name/)
      .blur();
    expect(await calls()).toEqual(['{"form":"audit"}']);
    expect(await startedToday()).toBe((before ?? 0) + 1);
    expect(problems).toEqual([]);
    await context.close();
    await staff.context.close();
  });
});

describe('empty and refused', () => {
  test('dates with nothing say so; a wrong date is refused on the staff problem page, naming the field', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/login`, PHONE);
    await signIn(page);
    await page.goto(`${ctx.server.url}/admin/analytics?from=2030-01-01&to=2030-01-31`);
    expect(await page.locator('[data-empty="report"]').isVisible()).toBe(true);
    expect(await page.locator('[data-traffic-chart]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/analytics-390-empty.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const refused = await page.goto(`${ctx.server.url}/admin/analytics?from=2026-02-30`);
    expect(refused?.status()).toBe(400);
    expect(await page.getByText('from: No such date: use a date like 2026-11-23, from 2000 to 2099').isVisible()).toBe(true);
    // The browser reports the 400 it was answered; nothing else went wrong.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    await context.close();
  });
});
