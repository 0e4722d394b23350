import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { chromium, type Page } from 'playwright-core';
import { fillStep1, fillSteps2to4, type Profile, pauseLikeAPerson, stepTitle, wizard } from '../helpers/audit-browser.ts';
import { CHROME_FLAGS, hydrateIsland, openPage, PHONE, serverAndBrowser } from '../helpers/browser.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The audit on a phone when answers are missing or mistyped (issue 29): a refused submit shows every
// step's messages in one summary whose links jump to the field, and the way back to the submit step is
// one tap; a mistyped email is hinted at on leaving the field, and Next still never checks anything.
// Then the results: the "Audit Complete!" toast covers none of them, and Back or a reload of the
// results' address lands on them.

const ctx = serverAndBrowser({ RATE_LIMITS: 'off' });

const runId = crypto.randomUUID().slice(0, 8);

const profile: Profile = {
  text: {
    'First name': 'Dana',
    'Last name': 'Wu',
    Email: `dana-${runId}@sparkleclean.example`,
    Phone: '',
    'Business name': `Sparkle Clean ${runId}`,
    Website: '',
  },
  selects: { Industry: 'other', 'Monthly revenue': '10000-25000', 'Monthly marketing budget': '1000-5000', 'When do you want to see results?': '1-3-months' },
  checks: ['Generate more leads', 'No time to do marketing'],
  radios: ['Fair: a website, not much else', 'We have some idea', 'No, this would be our first'],
  answers: {},
};

/** Where an element is on the screen, or null when it is not there. */
const box = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const { top, bottom, left, right } = el.getBoundingClientRect();
    return { top, bottom, left, right };
  }, selector);

describe('the audit on a phone', () => {
  test('a refused submit: every step’s messages in a summary, links to the fields, one tap back to submit; an email typo hinted, Next not blocked', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/#contact`, PHONE, { hasTouch: true, isMobile: true });
    await hydrateIsland(page, 'AuditWizard');
    const w = wizard(page);
    const email = w.getByLabel(/^Email( \*)?$/);
    const hint = w.locator('[data-email-hint]');

    // A comma for a dot: the hint comes when the visitor leaves the field, and it is only a hint.
    await email.fill(`dana-${runId}@sparkleclean,example`);
    expect(await hint.textContent()).toBe('');
    await w.getByLabel(/^Business name/).focus();
    await hint.getByText(`dana-${runId}@sparkleclean.example`).waitFor();
    expect(await hint.getAttribute('role')).toBe('status');
    expect(await hint.innerText()).toBe(`Did you mean dana-${runId}@sparkleclean.example? Use it`);
    await w.getByRole('button', { name: 'Next' }).tap();
    expect(await stepTitle(page).textContent()).toBe('Step 2 of 4: Business Scale & Goals');
    for (let i = 0; i < 2; i++) await w.getByRole('button', { name: 'Next' }).tap();
    expect(await w.getByRole('button', { name: 'Back to submit' }).count()).toBe(0);

    // Submit with nearly nothing: the summary lists every step's messages, and is what has focus.
    await w.getByRole('button', { name: 'Get My Free Audit' }).tap();
    const summary = w.locator('[data-error-summary]');
    await summary.waitFor();
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).toBe(true);
    expect(await summary.getByRole('heading').textContent()).toBe('11 answers need a fix before we can prepare your audit');
    expect(await summary.locator('p').allTextContents()).toEqual([
      'Step 1: Basic Information',
      'Step 2: Business Scale & Goals',
      'Step 4: Online Presence Assessment',
    ]);
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Business name is required',
      'Please select your industry',
      'Please select your revenue range',
      'Please select your marketing budget',
      'Please select your timeframe',
      'Please rate your online presence',
      'Do you keep an eye on your competitors? Please select an option',
      'Have you worked with a marketing agency before? Please select an option',
    ]);
    // It is on the screen, below the fixed header; step 1 shows under it.
    const at = (await box(page, '[data-error-summary]'))!;
    expect(at.top).toBeGreaterThanOrEqual(64);
    expect(at.top).toBeLessThan(PHONE.height / 2);
    expect(await stepTitle(page).textContent()).toBe('Step 1 of 4: Basic Information');

    // A link goes to its field, on its step; the field's message is under it.
    await summary.getByRole('link', { name: 'Please select your timeframe' }).tap();
    expect(await stepTitle(page).textContent()).toBe('Step 2 of 4: Business Scale & Goals');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('timeframe');
    const field = (await box(page, '[data-island="AuditWizard"] select[name="timeframe"]'))!;
    expect(field.top).toBeGreaterThan(64);
    expect(field.bottom).toBeLessThan(PHONE.height);
    await w.getByLabel('When do you want to see results?').selectOption('1-3-months');
    expect(await summary.getByRole('link').count()).toBe(10);

    // One tap back to the submit step, from any step; Next is still there beside it.
    expect(await w.getByRole('button', { name: 'Next' }).isVisible()).toBe(true);
    await w.getByRole('button', { name: 'Back to submit' }).tap();
    expect(await stepTitle(page).textContent()).toBe('Step 4 of 4: Online Presence Assessment');
    expect(await w.getByRole('button', { name: 'Back to submit' }).count()).toBe(0);
    expect(await w.getByRole('button', { name: 'Get My Free Audit' }).isVisible()).toBe(true);

    // A choice's link goes to its first option.
    await summary.getByRole('link', { name: /competitors/ }).tap();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('competitorAnalysis');

    // The email's link: back on step 1, where the hint's button puts the suggestion in; its message goes.
    await summary.getByRole('link', { name: 'Invalid email address' }).tap();
    expect(await stepTitle(page).textContent()).toBe('Step 1 of 4: Basic Information');
    await hint.getByRole('button', { name: 'Use it' }).tap();
    expect(await email.inputValue()).toBe(`dana-${runId}@sparkleclean.example`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await hint.textContent()).toBe('');
    expect(await summary.getByRole('link', { name: 'Invalid email address' }).count()).toBe(0);
    expect(await summary.getByRole('link').count()).toBe(9);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('the results: the toast covers none of them on a 390 px screen; Back from the booking page and a reload land on them', async () => {
    const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/`, PHONE, { hasTouch: true, isMobile: true });
    await hydrateIsland(page, 'AuditWizard');
    const shownAt = Date.now();
    await fillStep1(page, profile);
    await fillSteps2to4(page, profile);
    await pauseLikeAPerson(shownAt);
    await wizard(page).locator('button[type="submit"]').click();
    const toast = page.locator('[data-toast]');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Audit Complete!');
    const results = page.locator('[data-audit-results]');
    await results.waitFor();
    // Once the page has settled on the results: the toast sits above them, over nothing of theirs.
    await page.waitForFunction(() => {
      const top = document.querySelector('[data-audit-results]')?.getBoundingClientRect().top ?? -1;
      return new Promise((resolve) =>
        requestAnimationFrame(() => resolve(document.querySelector('[data-audit-results]')?.getBoundingClientRect().top === top)),
      );
    });
    const toastBox = (await box(page, '[data-toast]'))!;
    const resultsBox = (await box(page, '[data-audit-results]'))!;
    expect(toastBox.top).toBeGreaterThanOrEqual(64);
    expect(toastBox.bottom).toBeLessThanOrEqual(resultsBox.top);
    expect(resultsBox.top).toBeLessThan(PHONE.height / 3);
    await page.screenshot({ path: '/tmp/prospect-validity/results-toast-390.png' });

    // Away to the booking page and Back: the results at the top of the screen, and no toast again.
    const resultsPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Book Free Consultation' }).click();
    await page.waitForURL(/\/book\?results=/);
    await page.goBack();
    await results.waitFor();
    expect(new URL(page.url()).pathname).toBe(resultsPath);
    const landed = async () => {
      const top = (await box(page, '[data-audit-results]'))!.top;
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(PHONE.height / 2);
    };
    await landed();
    expect(await toast.count()).toBe(0);
    await page.reload();
    await results.waitFor();
    await landed();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('Back to the page the browser kept (back/forward cache): the results as they were, and the toast does not show again', async () => {
    // Playwright turns the cache off by default; a visitor's browser has it on.
    const cached = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROME_FLAGS,
      headless: true,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const context = await cached.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${ctx.server.url}/`);
      await hydrateIsland(page, 'AuditWizard');
      const shownAt = Date.now();
      const second = { ...profile, text: { ...profile.text, Email: `dana2-${runId}@sparkleclean.example`, 'Business name': `Sparkle Two ${runId}` } };
      await fillStep1(page, second);
      await fillSteps2to4(page, second);
      await pauseLikeAPerson(shownAt);
      await wizard(page).locator('button[type="submit"]').click();
      await page.locator('[data-toast]').waitFor();
      await page.locator('[data-audit-results]').waitFor();
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      // Leave while the toast still shows (it lasts 5 s), then come Back.
      await page.getByRole('link', { name: 'Book Free Consultation' }).click();
      await page.waitForURL(/\/book\?results=/);
      await page.goBack({ waitUntil: 'commit' });
      await page.locator('[data-audit-results]').waitFor();
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(await page.locator('[data-toast]').count()).toBe(0);
      const results = (await box(page, '[data-audit-results]'))!;
      expect(results.top).toBeLessThan(PHONE.height);
      expect(results.bottom).toBeGreaterThan(64);
      await context.close();
    } finally {
      await cached.close();
    }
  }, 120_000);
});
