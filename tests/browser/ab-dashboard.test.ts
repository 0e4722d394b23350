import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import type { Assignment, VariantResult } from '../../lib/ab/definitions.ts';
import { AB_TEST_IDS } from '../../lib/ab/definitions.ts';
import { validAudit } from '../helpers/audit.ts';
import { DESKTOP, openPage, PHONE, serverAndBrowser, VISITOR_USER_AGENT } from '../helpers/browser.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const ctx = serverAndBrowser();

const COLUMNS = ['Viewers', 'Clicks', 'Conversions', 'Conversion rate', 'Lift vs control', 'Chance to beat control', 'p-value', 'Booked sessions'];

/** A visitor in this page's browser is assigned to the hero test, views and clicks, then converts by sending the audit. */
async function visitAndConvert(page: Page): Promise<Assignment> {
  return page.evaluate(async (audit) => {
    const a = (await (await fetch('/api/ab-test/assignment?testName=hero-variant')).json()) as Assignment;
    for (const eventType of ['view', 'click']) {
      const res = await fetch('/api/ab-test/event', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ testId: a.testId, variantId: a.variantId, eventType }),
      });
      if (res.status !== 201) throw new Error(`event ${eventType}: ${res.status}`);
    }
    // The server writes the conversion with the stored audit; the browser cannot claim one.
    const submitted = await fetch('/api/business-audit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(audit) });
    if (submitted.status !== 201) throw new Error(`audit: ${submitted.status}`);
    return a;
  }, validAudit());
}

describe('A/B test dashboard', () => {
  test('shows every test, and Refresh (a link to the page, swapped in place) brings in a new visitor’s view, click and conversion', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/ab-tests`, DESKTOP, { userAgent: VISITOR_USER_AGENT });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('A/B Test Dashboard');
    const hero = page.locator('article[data-test-name="hero-variant"]');
    expect(await hero.getByRole('heading', { name: 'hero-variant' }).isVisible()).toBe(true);
    expect(await page.locator('article[data-test-name="contact-form-optimization"]').isVisible()).toBe(true);

    const assignment = await visitAndConvert(page);
    expect(assignment.testId).toBe(AB_TEST_IDS.hero);
    const results = (await page.evaluate(async (id) => (await fetch(`/api/ab-test/results/${id}`)).json(), AB_TEST_IDS.hero)) as VariantResult[];
    const mine = results.find((r) => r.variant.id === assignment.variantId)!;
    expect(mine.metrics.views).toBeGreaterThanOrEqual(1);
    expect(mine.metrics.conversions).toBeGreaterThanOrEqual(1);

    // Refresh swaps the fresh dashboard in place: no new page (the marker survives), the reader keeps their place.
    const loadedAt = await page.locator('[data-refresh-region]').getAttribute('data-loaded-at');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('link', { name: 'Refresh' }).click();
    await page.waitForFunction((before) => document.querySelector<HTMLElement>('[data-refresh-region]')?.dataset.loadedAt !== before, loadedAt);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.locator('[data-refresh-region]').getAttribute('aria-busy')).toBeNull();
    const row = hero.locator(`tr[data-variant="${assignment.variant.name}"]`);
    await row.waitFor();
    const cells = await row.locator('td > span:first-child').allTextContents();
    expect(cells.slice(0, 3)).toEqual([mine.metrics.views, mine.metrics.clicks, mine.metrics.conversions].map(String));
    expect(await hero.locator('[data-verdict]').textContent()).toBe(mine.stats.test.verdict);
    expect(await hero.locator('[data-verdict-reason]').textContent()).toBeTruthy();
    // What the variant is stands beside its name.
    expect(await row.locator('[data-variant-details]').textContent()).toContain('Headline:');
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const viewport of [PHONE, { width: 768, height: 1024 }, { width: 1024, height: 768 }, DESKTOP]) {
    test(`at ${viewport.width} px every column of every variant is on screen, with no horizontal scroll`, async () => {
      const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/admin/ab-tests`, viewport, { userAgent: VISITOR_USER_AGENT });
      await visitAndConvert(page);
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const hero = page.locator('article[data-test-name="hero-variant"]');
      // A table from 1024 px, a card per variant below.
      const wide = viewport.width >= 1024;
      expect(await hero.locator('table').isVisible()).toBe(wide);
      const holders = hero.locator(wide ? 'tbody tr' : 'li[data-variant-card]');
      expect(await holders.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        const holder = holders.nth(i);
        const isControl = i === 0;
        // Cards leave out the control's three "Baseline" cells; the table shows them.
        const expected = isControl && !wide ? [...COLUMNS.slice(0, 4), 'Booked sessions'] : COLUMNS;
        for (const column of expected) {
          const cell = holder.locator(`[data-column="${column}"]`);
          expect(await cell.isVisible(), `${column} of row ${i}`).toBe(true);
          const box = (await cell.boundingBox())!;
          expect(box.x, column).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, column).toBeLessThanOrEqual(viewport.width);
          // Nothing inside a cell is cut off or scrolled away.
          expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), column).toBe(true);
        }
      }
      // The chart is drawn on the server and fits the card.
      const chart = hero.locator('[data-rate-chart], [data-chart-empty]');
      expect(await chart.isVisible()).toBe(true);
      const chartBox = (await chart.boundingBox())!;
      expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test('without JavaScript: the whole dashboard is there, “How we calculate” opens, and the CSV downloads', async () => {
    const context = await ctx.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/admin/ab-tests`);
    const form = page.locator('article[data-test-name="contact-form-optimization"]');
    expect(await form.locator('[data-event-meanings]').textContent()).toContain('final button (on step 4)');
    const method = form.locator('details[data-method]');
    expect(await method.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await method.locator('summary').click();
    expect(await method.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await method.textContent()).toContain('Holm–Bonferroni');
    const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^northline-ab-contact-form-optimization-\d{4}-\d{2}-\d{2}\.csv$/);
    const body = await Bun.file((await download.path())!).text();
    expect(body).toContain('test_id,test_name,variant_id,variant');
    expect(body).toContain('Form title: Get Your Free Business Audit');
    await context.close();
  });

  test('without JavaScript, Refresh is a plain link that loads the page again', async () => {
    const context = await ctx.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, userAgent: VISITOR_USER_AGENT });
    const page = await context.newPage();
    // Someone not on staff has no source filter: a source in the address is not kept either.
    await page.goto(`${ctx.server.url}/admin/ab-tests?source=newsletter`);
    const loadedAt = await page.locator('[data-refresh-region]').getAttribute('data-loaded-at');
    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'Refresh' }).click()]);
    expect(page.url()).toBe(`${ctx.server.url}/admin/ab-tests`);
    expect(await page.locator('[data-refresh-region]').getAttribute('data-loaded-at')).not.toBe(loadedAt);
    await context.close();
  });
});
