import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { goodSite, slowSite } from '../fixtures/site-check/sites.ts';
import { validAudit } from '../helpers/audit.ts';
import { DESKTOP, openPage, PHONE } from '../helpers/browser.ts';
import { staffServerAndBrowser } from '../helpers/staff-server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The website check in the browser (issue 32): the private results page while the check runs and after,
// at a phone's width and a desktop's, without JavaScript too (the page reloads itself until the findings
// are there), and the lead's page in the back office with its findings and its button to check again.
// The server is `bun server.ts` with SITE_CHECK_ALLOW_HOSTS letting through the fixture sites on loopback.

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const good = goodSite(new Date().getFullYear());
// Sites that never answer, one per page opened while its check runs: each check has its own 5 s (a
// check's failure is reused for an hour, and a page opened late on a busy machine would find it over).
const slowForPhone = slowSite();
const slowForDesktop = slowSite();
const silent = slowSite();
const ctx = staffServerAndBrowser('site-check-browser', {
  SITE_CHECK_ALLOW_HOSTS: `${good.hostPort},${slowForPhone.hostPort},${slowForDesktop.hostPort},${silent.hostPort}`,
});

afterAll(async () => {
  await good.stop();
  await slowForPhone.stop();
  await slowForDesktop.stop();
  await silent.stop();
});

async function postAudit(website: string): Promise<{ id: string; resultsUrl: string }> {
  const audit = validAudit({ website, businessName: 'Bright Smile Dental', firstName: 'Anita', lastName: 'Moreau' });
  const res = await fetch(`${ctx.server.url}/api/business-audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.server.url },
    body: JSON.stringify({ ...audit, fillMs: 60_000 }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { resultsUrl: string; siteCheck: { status: string } };
  expect(body.siteCheck.status).toBe('pending');
  return { id: audit.id, resultsUrl: `${ctx.server.url}${body.resultsUrl}` };
}

async function checked(resultsUrl: string): Promise<string> {
  for (const started = Date.now(); Date.now() - started < 20_000; await Bun.sleep(100)) {
    const res = await fetch(resultsUrl, { headers: { accept: 'application/json' } });
    const { siteCheck } = (await res.json()) as { siteCheck: { status: string } };
    if (siteCheck.status !== 'pending') return siteCheck.status;
  }
  throw new Error('the check never finished');
}

async function findingsShot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.locator('[data-site-check]').screenshot({ path: `${SHOTS}/${name}-section.png` });
}

describe('the results page', () => {
  test('while the check runs: “Checking your website…”, at 390 and 1280 px; without JavaScript it reloads itself until the check is over', async () => {
    for (const [viewport, slow] of [
      [PHONE, slowForPhone],
      [DESKTOP, slowForDesktop],
    ] as const) {
      const audit = await postAudit(`${slow.origin}/`);
      const { page, context, problems } = await openPage(ctx.browser, audit.resultsUrl, viewport);
      await expect(page.getByRole('heading', { name: 'Checking your website…' }).isVisible()).resolves.toBe(true);
      await findingsShot(page, `site-check-pending-${viewport.width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
    // No script at all: the Refresh header brings the outcome (the slow site runs out its 5 s).
    const another = await postAudit(`${silent.origin}/`);
    const context = await ctx.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(another.resultsUrl);
    await expect(page.locator('[data-site-check="pending"]').count()).resolves.toBe(1);
    await page.waitForSelector('[data-site-check="failed"]', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'We could not check your website' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/site-check-failed-390.png`, fullPage: true });
    await context.close();
  });

  test('after the check: each finding with its verdict, evidence and the service that fixes it, at 390 and 1280 px', async () => {
    const audit = await postAudit(`${good.origin}/`);
    expect(await checked(audit.resultsUrl)).toBe('done');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, problems } = await openPage(ctx.browser, audit.resultsUrl, viewport);
      await expect(page.getByRole('heading', { name: 'What we found on your website' }).isVisible()).resolves.toBe(true);
      await expect(page.locator('[data-finding]').count()).resolves.toBe(20);
      await expect(page.getByText('We also checked your website').isVisible()).resolves.toBe(true);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await findingsShot(page, `site-check-done-${viewport.width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('the lead’s page', () => {
  test('shows the findings, and “Check the website again” (a plain form) queues a fresh check', async () => {
    const audit = await postAudit(`${good.origin}/`);
    expect(await checked(audit.resultsUrl)).toBe('done');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, problems } = await openPage(ctx.browser, `${ctx.server.url}/admin/login`, viewport);
      await page.getByLabel('Work email').fill(ctx.staff.email);
      await page.getByLabel('Password').fill(ctx.staff.password);
      await Promise.all([page.waitForURL((url) => url.pathname === '/admin/leads'), page.getByRole('button', { name: 'Sign in' }).click()]);
      await page.goto(`${ctx.server.url}/admin/leads/audit/${audit.id}`);
      const section = page.locator('[data-lead-site-check]');
      await expect(section.getAttribute('data-lead-site-check')).resolves.toBe('done');
      await page.screenshot({ path: `${SHOTS}/site-check-lead-${viewport.width}.png`, fullPage: true });
      await section.screenshot({ path: `${SHOTS}/site-check-lead-${viewport.width}-section.png` });
      if (viewport === DESKTOP) {
        const before = good.requests();
        await Promise.all([page.waitForURL(/#site-check$/), page.getByRole('button', { name: 'Check the website again' }).click()]);
        expect(await checked(audit.resultsUrl)).toBe('done');
        expect(good.requests()).toBeGreaterThan(before);
        await page.reload();
        await expect(page.getByText('checked the website again').first().isVisible()).resolves.toBe(true);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
