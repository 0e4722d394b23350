import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Assignment, VariantResult } from '../../lib/ab-tests.ts';
import { AB_TEST_IDS } from '../../lib/ab-tests.ts';
import { validAudit } from '../helpers/audit.ts';
import { DESKTOP, hydrateIsland, openPage, PHONE, serverAndBrowser, VISITOR_USER_AGENT } from '../helpers/browser.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const ctx = serverAndBrowser();

describe('A/B test dashboard', () => {
  test('shows every test, and Refresh brings in a new visitor’s view, click and conversion', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/ab-tests`, DESKTOP, { userAgent: VISITOR_USER_AGENT });
    await hydrateIsland(page, 'AbDashboard');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('A/B Test Dashboard');
    const hero = page.locator('article[data-test-name="hero-variant"]');
    expect(await hero.getByRole('heading', { name: 'hero-variant' }).isVisible()).toBe(true);
    expect(await page.locator('article[data-test-name="contact-form-optimization"]').isVisible()).toBe(true);

    // A visitor in this browser is assigned, views and clicks, then converts by sending the audit (the
    // server writes the conversion with the stored audit; the browser cannot claim one).
    const assignment = await page.evaluate(async (audit) => {
      const a = (await (await fetch('/api/ab-test/assignment?testName=hero-variant')).json()) as Assignment;
      for (const eventType of ['view', 'click']) {
        const res = await fetch('/api/ab-test/event', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ testId: a.testId, variantId: a.variantId, eventType }),
        });
        if (res.status !== 201) throw new Error(`event ${eventType}: ${res.status}`);
      }
      const submitted = await fetch('/api/business-audit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(audit) });
      if (submitted.status !== 201) throw new Error(`audit: ${submitted.status}`);
      return a;
    }, validAudit());
    expect(assignment.testId).toBe(AB_TEST_IDS.hero);
    const results = (await page.evaluate(async (id) => (await fetch(`/api/ab-test/results/${id}`)).json(), AB_TEST_IDS.hero)) as VariantResult[];
    const mine = results.find((r) => r.variant.id === assignment.variantId)!;
    expect(mine.metrics.views).toBeGreaterThanOrEqual(1);
    expect(mine.metrics.conversions).toBeGreaterThanOrEqual(1);

    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/ab-test/results/${AB_TEST_IDS.hero}`)),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    await page.waitForFunction(() => document.querySelector('[data-island="AbDashboard"] button')?.textContent === 'Refresh');
    const row = hero.locator(`tr[data-variant="${assignment.variant.name}"]`);
    await row.waitFor();
    const cells = await row.locator('td > span:first-child').allTextContents();
    expect(cells.slice(0, 3)).toEqual([mine.metrics.views, mine.metrics.clicks, mine.metrics.conversions].map(String));
    expect(await hero.locator('[data-verdict]').textContent()).toBe(mine.stats.test.verdict);
    // Other variants may have no viewers yet; they show dashes, not errors.
    expect(problems).toEqual([]);
    await context.close();
  });

  test('on a phone the variants are cards and the page holds no horizontal scroll', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/ab-tests`, PHONE);
    expect(await page.getByRole('button', { name: 'Refresh' }).isVisible()).toBe(true);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    const form = page.locator('article[data-test-name="contact-form-optimization"]');
    // With no visitors yet on a fresh database the empty state shows; with data, the variant cards do.
    const text = (await form.textContent()) ?? '';
    if (text.includes('No data available yet')) expect(await form.locator('table').count()).toBe(0);
    else expect(await form.locator('ul li').first().isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
