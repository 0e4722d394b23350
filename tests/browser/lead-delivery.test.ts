import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { fillStep1, fillSteps2to4, type Profile, pauseLikeAPerson, wizard } from '../helpers/audit-browser.ts';
import { DESKTOP, hydrateIsland, launchBrowser, PHONE, VISITOR_USER_AGENT, waitForIslands } from '../helpers/browser.ts';
import { validIntake } from '../helpers/intake.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// A prospect who takes the audit on a phone: the results survive Back from the booking page and a
// reload, the emailed link shows them in another browser, and the emails themselves, as the real
// SMTP server received them, fit a mail app's width. The rendered emails are saved as PNGs to look at.

const TEAM = 'leads@northlinedigital.ca';
const SHOTS = join(tmpdir(), 'lead-emails');
const runId = crypto.randomUUID().slice(0, 8);

const profile: Profile = {
  text: {
    'First name': 'Daniel',
    'Last name': 'Okafor',
    Email: `daniel-${runId}@riversidecleaning.example`,
    // Optional, and a form variant may not ask for it.
    Phone: '',
    'Business name': `Riverside Cleaning ${runId}`,
    Website: '',
  },
  selects: { Industry: 'other', 'Monthly revenue': '10000-25000', 'Monthly marketing budget': '1000-5000', 'When do you want to see results?': '1-3-months' },
  checks: ['Generate more leads', 'Word of mouth & referrals', 'No time to do marketing'],
  radios: ['Fair: a website, not much else', 'We have some idea', 'No, this would be our first'],
  answers: {},
};

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: TEAM, RATE_LIMITS: 'off' }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

describe('the audit’s results survive', () => {
  test('on a phone: Back from the booking page and a reload show the results; the emailed link shows them in another browser', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, userAgent: VISITOR_USER_AGENT });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}/?utm_source=google&utm_medium=cpc&utm_campaign=browser-${runId}`);
    await waitForIslands(page);
    await hydrateIsland(page, 'AuditWizard');
    const shownAt = Date.now();
    await fillStep1(page, profile);
    await fillSteps2to4(page, profile);
    const consent = wizard(page).getByRole('checkbox', { name: /Optional: Yes, also send me Northline Digital's marketing emails/ });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    expect(await wizard(page).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://northlinedigital.ca/privacy-policy');
    await pauseLikeAPerson(shownAt);
    await wizard(page).locator('button[type="submit"]').click();
    const results = page.locator('[data-audit-results]');
    await results.waitFor();
    const resultsPath = new URL(page.url()).pathname;
    expect(resultsPath).toMatch(/^\/audit\/results\/[A-Za-z0-9_-]{43}$/);
    const shown = await results.textContent();

    // The booking page is the site's own, and knows which audit the visitor comes from.
    await page.getByRole('link', { name: 'Book Free Consultation' }).click();
    await page.waitForURL(`${server.url}/book?results=${resultsPath.split('/').pop()}`);
    await page.goBack();
    await results.waitFor();
    expect(new URL(page.url()).pathname).toBe(resultsPath);
    expect(await results.textContent()).toBe(shown);
    await page.reload();
    await results.waitFor();
    expect(await page.getByRole('heading', { name: 'Your audit results' }).isVisible()).toBe(true);
    expect(await results.textContent()).toBe(shown);
    // Nothing here is an empty form.
    expect(await page.locator('[data-island="AuditWizard"]').count()).toBe(0);

    // The email the prospect received carries the same link; another browser opens the same results.
    const mails = await smtp.waitFor(2);
    const prospect = mails.find((m) => m.to.includes(profile.text.Email));
    const link = prospect?.parsed.text?.match(/https?:\/\/\S+\/audit\/results\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link ? new URL(link).pathname : null).toBe(resultsPath);
    const elsewhere = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await elsewhere.goto(`${server.url}${resultsPath}`);
    expect(await elsewhere.locator('[data-audit-results]').textContent()).toBe(shown);

    // The team's email says where the lead came from.
    const team = mails.find((m) => m.to.includes(TEAM));
    expect(team?.parsed.text).toContain(`google / cpc · browser-${runId}`);
    expect(team?.parsed.text).toContain('Marketing emails: Yes');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the emails as received', () => {
  test('each fits 600 px and a 360 px phone with no sideways scroll; saved as PNGs', async () => {
    const application = validIntake({
      workEmail: `marc-${runId}@leslievillereno.example`,
      firstName: 'Marc',
      lastName: 'Tremblay',
      company: `Leslieville Renovations ${runId}`,
      industry: 'contractors',
    });
    const res = await fetch(`${server.url}/api/q4-intake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...application, fillMs: 60_000 }),
    });
    expect(res.status).toBe(201);
    await smtp.waitFor(4);
    const pick = (to: string, subject: string) => smtp.received.find((m) => m.to.includes(to) && (m.parsed.subject ?? '').startsWith(subject));
    const emails = {
      'new-lead': pick(TEAM, 'New audit lead'),
      'audit-results': pick(profile.text.Email, 'Your growth audit results'),
      'application-received': pick(application.workEmail, 'We got your Q4 application'),
    };
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.newPage();
    for (const [name, mail] of Object.entries(emails)) {
      expect(mail, name).toBeDefined();
      expect(mail?.parsed.text?.length ?? 0).toBeGreaterThan(200);
      for (const width of [600, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(String(mail?.parsed.html));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
    }
    console.log(`emails rendered to ${SHOTS}`);
    await page.close();
  });
});
