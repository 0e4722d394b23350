import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { AB_TEST_IDS } from '../../lib/ab/definitions.ts';
import { DEFAULT_SLOT_FIELDS } from '../../lib/content/slots.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { signedInStaffPage, staffServerAndBrowser } from '../helpers/staff-server.ts';

setDefaultTimeout(120_000);

// The experiment builder in a real browser, as an owner: build a hero test, read its plan, save it,
// preview the challenger, start it (after stopping the seeded hero test), ship it, see it on the home
// page, then go back to the earlier copy on the content page. On a phone with JavaScript on and on a laptop with
// it off (the staff pages are plain forms). A database of its own: a ship changes the home page
// for everyone. Screenshots at 390 and 1280 px in /tmp/experiment-shots.

const SHOTS = '/tmp/experiment-shots';
mkdirSync(SHOTS, { recursive: true });
const ctx = staffServerAndBrowser('builder', {}, { ownDatabase: true, twoFactor: true });

/** A screenshot; with JavaScript on (axe and the measuring run as page scripts), no sideways scroll, one h1 and nothing axe finds. */
async function looksRight(page: Page, shot: string, javaScriptEnabled: boolean) {
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  if (!javaScriptEnabled) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(await page.locator('h1').count()).toBe(1);
  expect(await axeViolations(page)).toEqual([]);
}

const homeHtml = async () => (await fetch(`${ctx.server.url}/`, { headers: { 'user-agent': VISITOR_USER_AGENT } })).text();

describe.each([
  ['phone, JavaScript on', PHONE, true],
  ['laptop, JavaScript off', DESKTOP, false],
] as const)('on a %s', (_device, viewport, javaScriptEnabled) => {
  test('build, plan, save, preview, start, ship, see it on the home page, roll back; nothing overflows; axe finds nothing', async () => {
    const page = await signedInStaffPage(ctx, viewport, { javaScriptEnabled });
    const w = viewport.width;
    const headline = `Your calendar, full by Friday (${w})`;

    await page.goto(`${ctx.server.url}/admin/experiments`);
    await looksRight(page, `experiments-list-${w}`, javaScriptEnabled);
    await page.getByRole('link', { name: 'New test of the home page hero' }).click();
    await page.getByLabel('Name (letters').fill(`full-by-friday-${w}`);
    await page.getByLabel('Hypothesis').fill('A concrete promise about the week gets more owners to ask for the audit.');
    await page.getByLabel('Share of visitors in the test (%)').fill('100');
    await page.locator('[data-challenger="1"]').getByLabel('Name (required)').fill('Full by Friday');
    await page.locator('[data-challenger="1"]').getByLabel('Headline', { exact: true }).fill(headline);
    await page.locator('[data-challenger="1"]').getByLabel('Button style').selectOption('gradient');
    await page.getByRole('button', { name: 'Work out how long it will take' }).click();
    expect(await page.locator('[data-plan]').isVisible()).toBe(true);
    // The typed answers come back with the plan.
    expect(await page.locator('[data-challenger="1"]').getByLabel('Headline', { exact: true }).inputValue()).toBe(headline);
    await looksRight(page, `experiment-builder-${w}`, javaScriptEnabled);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Saved as a draft');
    const draftUrl = page.url().split('?')[0]!;

    // The first run meets the seeded hero test running on the slot: Start is refused (409) with the
    // reason on the page, until that test is stopped on its own page.
    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Start the test' }).click();
      expect(await page.getByRole('alert').textContent()).toContain('Another experiment is already running on this slot');
      await page.goto(`${ctx.server.url}/admin/experiments/${AB_TEST_IDS.hero}`);
      await page.getByRole('button', { name: /Stop the test/ }).click();
      expect(await page.getByRole('status').textContent()).toContain('Stopped');
      await page.goto(draftUrl);
    }
    await page.getByRole('button', { name: 'Start the test' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Started');
    await looksRight(page, `experiment-running-${w}`, javaScriptEnabled);

    await page.getByRole('link', { name: 'Preview Full by Friday' }).click();
    expect(await page.locator('[data-preview="hero"] h2').textContent()).toBe(headline);
    await looksRight(page, `experiment-preview-${w}`, javaScriptEnabled);
    await page.goBack();

    // Two presses: the first says what shipping does, the second ships.
    await page.locator('summary', { hasText: 'Ship Full by Friday to everyone' }).click();
    await looksRight(page, `experiment-ship-confirm-${w}`, javaScriptEnabled);
    await page.getByRole('button', { name: 'Yes, ship Full by Friday' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Shipped');
    const home = await homeHtml();
    expect(home).toContain(headline.replace(/\(/g, '('));
    await looksRight(page, `experiment-shipped-${w}`, javaScriptEnabled);

    // The ship is in the content history: going back to version 1 restores the spec's copy.
    await page.goto(`${ctx.server.url}/admin/content/hero`);
    expect(await page.getByText('shipped “Full by Friday”').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Go back to version 1' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Published');
    expect(await homeHtml()).toContain(DEFAULT_SLOT_FIELDS.hero.headline);
    await page.context().close();
  });
});
