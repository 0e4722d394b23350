import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { AB_TEST_IDS, type VariantResult } from '../../lib/ab/definitions.ts';
import { fillStep1, fillSteps2to4, type Profile, pauseLikeAPerson, wizard } from '../helpers/audit-browser.ts';
import { DESKTOP, hydrateIsland, openPage, serverAndBrowser, VISITOR_USER_AGENT, waitForIslands } from '../helpers/browser.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The A/B tests on the home page, end to end in Chromium as a regular visitor: the hero variant is in
// the HTML and sticks on reload; views are reported by the island loader and the CTA click by the hero; the audit's
// conversion is written by the server; the dashboard shows the counts. Counts are compared as
// differences from before the visit, so a kept database's earlier visitors do not matter.

const ctx = serverAndBrowser();
const runId = crypto.randomUUID().slice(0, 8);

const profile: Profile = {
  text: {
    'First name': 'Dana',
    'Last name': 'Okafor',
    Email: `dana-${runId}@brightbuild.example`,
    Phone: '',
    'Business name': `Brightbuild Renovations ${runId}`,
    Website: '',
  },
  selects: { Industry: 'other', 'Monthly revenue': '25000-50000', 'Monthly marketing budget': '1000-5000', 'When do you want to see results?': '3-6-months' },
  checks: ['Generate more leads', 'Word of mouth & referrals', 'No time to do marketing'],
  radios: ['Fair: a website, not much else', 'We have some idea', 'No, this would be our first'],
  answers: {},
};

type Tracking = { testId: string; variantId: string };
type Metrics = VariantResult['metrics'];

async function results(testId: string): Promise<VariantResult[]> {
  const res = await fetch(`${ctx.server.url}/api/ab-test/results/${testId}`);
  expect(res.status).toBe(200);
  return res.json();
}

async function metricsOf(t: Tracking): Promise<Metrics> {
  return (await results(t.testId)).find((r) => r.variant.id === t.variantId)!.metrics;
}

/** Polls the results API until the variant's counts have grown by `delta` from `before` (events are sent in the background). */
async function expectGrowth(t: Tracking, before: Metrics, delta: Partial<Record<'views' | 'clicks' | 'conversions', number>>): Promise<Metrics> {
  const want = (m: Metrics) => Object.entries(delta).every(([k, d]) => m[k as keyof Metrics] === before[k as keyof Metrics] + d);
  let now = await metricsOf(t);
  for (let i = 0; i < 100 && !want(now); i++) {
    await Bun.sleep(100);
    now = await metricsOf(t);
  }
  const pick = (m: Metrics) => Object.fromEntries(Object.keys(delta).map((k) => [k, m[k as keyof Metrics]]));
  expect(pick(now)).toEqual(Object.fromEntries(Object.entries(delta).map(([k, d]) => [k, before[k as keyof Metrics] + d])));
  return now;
}

const islandProps = async <P>(page: Page, name: string): Promise<P> => JSON.parse((await page.locator(`[data-island="${name}"]`).getAttribute('data-props'))!);

/** The hero's variant and ids: plain HTML, marked for the loader's view and click events. */
async function heroOf(page: Page): Promise<{ variant: string; tracking: Tracking }> {
  const hero = page.locator('[data-hero-variant]');
  const view = await hero.getAttribute('data-ab-view');
  return { variant: (await hero.getAttribute('data-hero-variant')) ?? '', tracking: view ? JSON.parse(view) : null };
}

describe('A/B tests on the home page: one visitor, step by step', () => {
  // One visitor's journey; each test is one stage of it and starts where the previous one ended.
  let page: Page;
  let context: BrowserContext;
  let problems: string[];
  let hero: { variant: string; tracking: Tracking };
  let heroBefore: Map<string, Metrics>;
  let formBefore: Map<string, Metrics>;
  let heroAfter: Metrics;
  const snapshot = async (testId: string) => new Map((await results(testId)).map((r) => [r.variant.id, r.metrics]));

  test('the hero variant and its ids are in the server’s HTML, with no visitor id; one view is recorded', async () => {
    [heroBefore, formBefore] = await Promise.all([snapshot(AB_TEST_IDS.hero), snapshot(AB_TEST_IDS.contactForm)]);
    ({ page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/`, DESKTOP, { userAgent: VISITOR_USER_AGENT }));
    hero = await heroOf(page);
    expect(['Control', 'Variant A', 'Variant B']).toContain(hero.variant);
    expect(hero.tracking.testId).toBe(AB_TEST_IDS.hero);
    expect(await page.locator('[data-hero-variant]').getAttribute('data-hero-variant')).toBe(hero.variant);
    const vid = (await context.cookies()).find((c) => c.name === 'vid')?.value;
    expect(vid).toBeTruthy();
    expect(await page.content()).not.toContain(vid!);
    await expectGrowth(hero.tracking, heroBefore.get(hero.tracking.variantId)!, { views: 1, clicks: 0, conversions: 0 });
  });

  test('the hero is sticky: the same variant on reload, and the visitor still counted once', async () => {
    await page.reload();
    await waitForIslands(page);
    expect(await heroOf(page)).toEqual(hero);
    await expectGrowth(hero.tracking, heroBefore.get(hero.tracking.variantId)!, { views: 1 });
  });

  test('the hero’s call to action records a click and goes to the form, with no island at all', async () => {
    expect(await page.locator('[data-hero-variant] [data-island]').count()).toBe(0);
    await page.locator('[data-hero-variant] a[href="#contact"]').click();
    await page.waitForFunction(() => location.hash === '#contact');
    await expectGrowth(hero.tracking, heroBefore.get(hero.tracking.variantId)!, { views: 1, clicks: 1, conversions: 0 });
  });

  test('the audit form is seen, submitted, and converts for both tests', async () => {
    await hydrateIsland(page, 'AuditWizard');
    const shownAt = Date.now();
    const form = await islandProps<{ config: { submitButtonText: string }; tracking: Tracking }>(page, 'AuditWizard');
    expect(form.tracking.testId).toBe(AB_TEST_IDS.contactForm);
    await expectGrowth(form.tracking, formBefore.get(form.tracking.variantId)!, { views: 1, clicks: 0, conversions: 0 });
    await fillStep1(page, profile);
    await fillSteps2to4(page, profile);
    await pauseLikeAPerson(shownAt);
    await wizard(page).getByRole('button', { name: form.config.submitButtonText }).click();
    await wizard(page).locator('[data-audit-results]').waitFor();
    heroAfter = await expectGrowth(hero.tracking, heroBefore.get(hero.tracking.variantId)!, { views: 1, clicks: 1, conversions: 1 });
    await expectGrowth(form.tracking, formBefore.get(form.tracking.variantId)!, { views: 1, clicks: 1, conversions: 1 });
  });

  test('the dashboard shows those counts for the hero variant', async () => {
    const heroName = (await results(AB_TEST_IDS.hero)).find((r) => r.variant.id === hero.tracking.variantId)!.variant.name;
    await page.goto(`${ctx.server.url}/admin/ab-tests`);
    await waitForIslands(page);
    const row = page.locator(`article[data-test-name="hero-variant"] tr[data-variant="${heroName}"]`);
    await row.waitFor();
    const cells = await row.locator('td > span:first-child').allTextContents();
    expect(cells.slice(0, 3)).toEqual([heroAfter.views, heroAfter.clicks, heroAfter.conversions].map(String));
    expect(problems).toEqual([]);
    await context.close();
  });
});
