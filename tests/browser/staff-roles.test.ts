import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { validAudit } from '../helpers/audit.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE } from '../helpers/browser.ts';
import { createStaff, signInOnPage, type TestStaff } from '../helpers/staff.ts';
import { staffServerAndBrowser } from '../helpers/staff-server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// A `staff` account in a real browser (issue 33): its role on the account page, the lead's and the
// person's erase controls greyed out with the reason beside them, and a forced submit of the disabled
// form (the browser will not send it; a crafted one is refused 403 by the server, tests/api/staff-roles);
// and an owner still without two-factor sign-in (issue 26), told so on every page and greyed out the same way.
// Screenshots at 390 and 1280 px go to /tmp/shots to look at.

const SHOTS = '/tmp/shots';
let sam: TestStaff;
const ctx = staffServerAndBrowser(
  'olivia',
  {},
  {
    seed: async (sql) => {
      sam = await createStaff(sql, 'sam', 'staff');
    },
  },
);

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function sendAudit(): Promise<{ leadId: string }> {
  const audit = validAudit({ firstName: 'Daniel', lastName: `Okafor${crypto.randomUUID().slice(0, 6)}` });
  const res = await fetch(`${ctx.server.url}/api/business-audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', referer: `${ctx.server.url}/`, origin: ctx.server.url },
    body: JSON.stringify({ ...audit, fillMs: 60_000 }),
  });
  expect(res.status).toBe(201);
  return { leadId: audit.id };
}

describe.each([
  ['phone (390 px)', PHONE],
  ['desktop (1280 px)', DESKTOP],
] as const)('a staff account on a %s', (_label, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let leadId: string;

  beforeAll(async () => {
    ({ leadId } = await sendAudit());
    context = await ctx.browser.newContext({ viewport });
    page = await context.newPage();
    await page.goto(`${ctx.server.url}/admin/login`);
    await signInOnPage(page, sam);
  });
  afterAll(() => context?.close());

  test('the account page says the role and what it allows', async () => {
    await page.goto(`${ctx.server.url}/admin/account`);
    await expect(page.locator('[data-role="staff"]').innerText()).resolves.toContain('Role: Staff');
    await page.screenshot({ path: `${SHOTS}/roles-account-staff-${viewport.width}.png`, fullPage: true });
  });

  test('the lead page greys out erasing and says why; the person page too', async () => {
    await page.goto(`${ctx.server.url}/admin/leads/audit/${leadId}`);
    await page.getByText('Erase this lead').click();
    const note = page.locator('[data-owner-only]');
    await expect(note.innerText()).resolves.toBe('Only an owner can erase a lead. Your account has the staff role: ask an owner to do it.');
    expect(await page.getByRole('button', { name: 'Erase', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /I confirm this person asked to be erased/ }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The part to look at (the whole lead page is several screens long at 390 px).
    await page.locator('#spam').screenshot({ path: `${SHOTS}/roles-lead-staff-${viewport.width}.png` });

    await page.goto(`${ctx.server.url}/admin/leads/audit/${leadId}`);
    const personLink = page.locator('a[href^="/admin/people/"]').first();
    await personLink.click();
    await page.waitForURL(/\/admin\/people\//);
    await expect(page.locator('[data-owner-only]').innerText()).resolves.toContain('Only an owner can erase a person.');
    expect(await page.getByRole('button', { name: 'Erase this person…' }).isDisabled()).toBe(true);
    await page.locator('#erase').screenshot({ path: `${SHOTS}/roles-person-staff-${viewport.width}.png` });
    // And the lead is untouched.
    await page.goto(`${ctx.server.url}/admin/leads/audit/${leadId}`);
    await expect(page.locator('h1').innerText()).resolves.not.toBe('Erased lead');
  });

  test('the content editor lets staff preview, and greys out publishing and going back with the reason', async () => {
    await page.goto(`${ctx.server.url}/admin/content/hero`);
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await expect(page.locator('[data-owner-only]').innerText()).resolves.toBe(
      'Only an owner can publish or go back to an earlier version. Your account has the staff role: ask an owner to do it.',
    );
    const headline = `Staff draft (${viewport.width})`;
    await page.getByLabel('Headline', { exact: true }).fill(headline);
    await page.getByRole('button', { name: 'Preview' }).click();
    expect(await page.locator('[data-preview="hero"] h2').textContent()).toBe(headline);
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `${SHOTS}/roles-content-staff-${viewport.width}.png` });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe.each([
  ['phone (390 px)', PHONE],
  ['desktop (1280 px)', DESKTOP],
] as const)('an owner without two-factor sign-in on a %s', (_label, viewport) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await ctx.browser.newContext({ viewport });
    page = await context.newPage();
    await page.goto(`${ctx.server.url}/admin/login`);
    await signInOnPage(page, ctx.staff);
  });
  afterAll(() => context?.close());

  test('every page says owner actions wait for two-factor sign-in; the lead page greys out erasing and links to the set-up', async () => {
    const { leadId } = await sendAudit();
    const banner = page.locator('[data-two-factor-needed]');
    expect(await banner.innerText()).toContain('Erasing, publishing and running experiments need two-factor sign-in');
    await page.goto(`${ctx.server.url}/admin/leads/audit/${leadId}`);
    await page.getByText('Erase this lead').click();
    await expect(page.locator('[data-owner-only]').innerText()).resolves.toBe('To erase a lead, an owner needs two-factor sign-in. Turn it on under Account.');
    expect(await page.getByRole('button', { name: 'Erase', exact: true }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `${SHOTS}/roles-owner-no-2fa-${viewport.width}.png` });
    expect(await axeViolations(page)).toEqual([]);

    // The link goes to the set-up, which says why it matters for an owner; the banner is not repeated there.
    await Promise.all([page.waitForURL((url) => url.pathname === '/admin/account'), banner.getByRole('link').click()]);
    expect(await page.locator('[data-owner-needs-two-factor]').innerText()).toContain('As an owner, you need it on to erase, publish and run experiments.');
    expect(await banner.count()).toBe(0);
    await page.locator('#two-factor').screenshot({ path: `${SHOTS}/roles-owner-account-${viewport.width}.png` });

    await page.goto(`${ctx.server.url}/admin/content/hero`);
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await expect(page.locator('[data-owner-only]').innerText()).resolves.toBe(
      'To publish or go back to an earlier version, an owner needs two-factor sign-in. Turn it on under Account.',
    );
  });
});
