import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Sql } from 'postgres';
import { DEFAULT_SLOT_FIELDS } from '../../lib/content/slots.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE } from '../helpers/browser.ts';
import { signedInStaffPage, staffServerAndBrowser } from '../helpers/staff-server.ts';

setDefaultTimeout(90_000);

// The content editor in a real browser (its pages have no script: the forms post as they would with JavaScript off): edit the hero, preview it, publish it, see
// it on the home page, and go back to the first version. A database of its own: a publish changes the
// home page for everyone. Screenshots at 390 and 1280 px in /tmp/content-shots.

const SHOTS = '/tmp/content-shots';
mkdirSync(SHOTS, { recursive: true });
const ctx = staffServerAndBrowser(
  'editor',
  {},
  // Only the audit form's seeded experiment runs: its editor shows the running-experiment note, the hero's none.
  { ownDatabase: true, twoFactor: true, seed: async (sql: Sql) => void (await sql`update ab_tests set is_active = (slot = 'audit-form')`) },
);

describe.each([
  ['phone', PHONE],
  ['laptop', DESKTOP],
] as const)('on a %s', (_device, viewport) => {
  test('list, edit, preview, publish, see it on the home page, roll back; nothing overflows; axe finds nothing', async () => {
    const page = await signedInStaffPage(ctx, viewport);
    await page.goto(`${ctx.server.url}/admin/content`);
    await page.screenshot({ path: `${SHOTS}/content-list-${viewport.width}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Home page hero' }).click();
    const headline = `Fewer empty days for Toronto trades (${viewport.width})`;
    await page.getByLabel('Headline', { exact: true }).fill(headline);
    await page.getByLabel('Button style').selectOption('gradient');
    await page.getByRole('button', { name: 'Preview' }).click();
    expect(await page.getByRole('heading', { name: 'Preview of your changes (not published yet)' }).isVisible()).toBe(true);
    expect(await page.locator('[data-preview="hero"] h2').textContent()).toBe(headline);
    expect(await page.locator('h1').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/content-editor-${viewport.width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Published');
    const home = await (await fetch(`${ctx.server.url}/`)).text();
    expect(home).toContain(headline.replace('(', '(').replace(/&/g, '&amp;'));

    // Back to the first version: the spec's control copy again.
    await page.getByRole('button', { name: 'Go back to version 1' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Published');
    expect(await (await fetch(`${ctx.server.url}/`)).text()).toContain(DEFAULT_SLOT_FIELDS.hero.headline);
    await page.context().close();
  });

  test('the audit form’s editor, while an experiment runs on it, says so above the form; nothing overflows; axe finds nothing', async () => {
    const page = await signedInStaffPage(ctx, viewport);
    await page.goto(`${ctx.server.url}/admin/content/audit-form`);
    const note = page.locator('[data-running-experiment]');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('its control group sees the published copy');
    await page.screenshot({ path: `${SHOTS}/content-editor-running-${viewport.width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${ctx.server.url}/admin/content/hero`);
    expect(await page.locator('[data-running-experiment]').count()).toBe(0);
    await page.context().close();
  });
});
