import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { intakePathFor, tokenOfResultsUrl } from '../../lib/audit/results-link.ts';
import { MIN_FILL_MS } from '../../lib/forms/spam.ts';
import { WEBSITE_MESSAGE } from '../../lib/forms/web-address.ts';
import { validAudit } from '../helpers/audit.ts';
import { DESKTOP, hydrateIsland, openPage, PHONE, serverAndBrowser } from '../helpers/browser.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// This file sends more applications than one visitor may in a few minutes (the forms' rate limit is tested elsewhere).
const ctx = serverAndBrowser({ RATE_LIMITS: 'off' });
/** Where the consent section's screenshots go, to be looked at. */
const SHOTS = '/tmp/prospect-intake';

/** Opens /q4-intake and hydrates the form (an on-demand island, far below the fold). */
async function openIntake(viewport: { width: number; height: number }) {
  const opened = await openPage(ctx.browser, `${ctx.server.url}/q4-intake`, viewport);
  await hydrateIsland(opened.page, 'IntakeForm');
  return opened;
}

/** Browser tests drive a real page; give each more than bun's 5 s default. */
const TEST_TIMEOUT_MS = 45_000;
const CONSENT_ERROR = 'You must agree to receive emails and updates';

/** A complete application, by field name; each test applies with its own work email (the same email twice is one application). */
const newAnswers = () => ({
  firstName: 'Aisha',
  lastName: 'Mensah',
  workEmail: `aisha+${crypto.randomUUID().slice(0, 8)}@glowmedspa.ca`,
  mobile: '416-555-0177',
  company: 'Glow Medspa Yorkville',
  website: 'https://glowmedspa.ca',
  industry: 'medspas',
  city: 'Toronto',
  monthlyMarketingBudget: '5000-10000',
  biggestGoal: 'Fill Tuesday and Wednesday appointment gaps with new laser clients.',
  howDidYouHear: 'Instagram',
});
type Answers = ReturnType<typeof newAnswers>;
const answers = newAnswers();

const SELECTS = new Set(['industry', 'monthlyMarketingBudget']);
const theForm = (page: Page) => page.getByRole('form', { name: 'Q4 client intake application' });

/** The required box (emails about the application) and the optional marketing one. */
const consentBox = (page: Page) => theForm(page).locator('input[name="caslConsent"]');
const marketingBox = (page: Page) => theForm(page).locator('input[name="marketingConsent"]');

async function fillApplication(page: Page, { consent, with: given = answers }: { consent: boolean; with?: Answers }) {
  const form = theForm(page);
  for (const [name, value] of Object.entries(given)) {
    const field = form.locator(`[name="${name}"]`);
    await (SELECTS.has(name) ? field.selectOption(value) : field.fill(value));
  }
  if (consent) await consentBox(page).check();
}

/** Every answer is still in the form, the consent box still ticked (one round trip). */
async function expectAnswersKept(page: Page, given: Answers = answers) {
  const values = await theForm(page).evaluate((form) => Object.fromEntries(new FormData(form as HTMLFormElement)));
  // The empty spam honeypot (lib/forms/spam.ts) travels with the answers.
  expect(values).toEqual({ ...given, caslConsent: 'true', fax: '' });
}

/** Counts the page's calls to the intake API. */
function watchIntakeCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/q4-intake')) calls.push(req);
  });
  return calls;
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit application' });
/** Chromium reports a deliberately failed request as a console error; only those are expected. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: (the server responded with a status of 500|net::ERR_FAILED)/.test(p));

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('Q4 intake on a %s', (_name, viewport) => {
  test(
    'the hero button scrolls to the application form',
    async () => {
      const { page, problems, context } = await openPage(ctx.browser, `${ctx.server.url}/q4-intake`, viewport);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Q4 Client Intake. 6 Slots. Toronto Only.');
      expect(await page.locator('#apply').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Apply for a Q4 slot' }).click();
      await page.waitForFunction(() => location.hash === '#apply');
      await page.waitForFunction(() => {
        const top = document.getElementById('apply')!.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
      // The form loads its code once it comes into view.
      await page.waitForSelector('[data-island="IntakeForm"][data-hydrated]', { state: 'attached' });
      expect(await page.getByRole('button', { name: 'Submit application' }).isEnabled()).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'submitting an empty form shows a message under each required field and sends nothing',
    async () => {
      const { page, problems, context } = await openIntake(viewport);
      const calls = watchIntakeCalls(page);
      await submit(page).click();
      await page.getByText(CONSENT_ERROR, { exact: true }).waitFor();
      expect(await theForm(page).locator('[role="alert"]').allTextContents()).toEqual([
        'First name is required',
        'Last name is required',
        'Work email is required',
        'Mobile number is required',
        'Company name is required',
        'Please select your industry',
        'City is required',
        'Please select your monthly marketing budget',
        'Biggest goal is required',
        CONSENT_ERROR,
      ]);
      // Every field has a visible label.
      // (The spam honeypot's label sits inside an aria-hidden block, off-screen.)
      expect(await theForm(page).locator(':not([aria-hidden="true"]) > label').allTextContents()).toEqual([
        'First name *',
        'Last name *',
        'Work email *',
        'Mobile *',
        'Company *',
        'Website (optional)',
        'Industry *',
        'City *',
        'Monthly marketing budget *',
        'Biggest goal for the next 6 months *',
        'How did you hear about us? (optional)',
        expect.stringContaining('Yes, send me emails and updates about my application from Northline Digital'),
        expect.stringMatching(/^Optional: Yes, also send me Northline Digital's marketing emails/),
      ]);
      // The first invalid field gets focus and says it is invalid, with its message as description.
      const firstName = theForm(page).getByRole('textbox', { name: 'First name', exact: true });
      expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await firstName.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await firstName.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).textContent()).toBe('First name is required');

      // A bad address and a website that is not one get their own messages (a bare domain is fine).
      await theForm(page).getByRole('textbox', { name: 'Work email', exact: true }).fill('aisha@');
      await theForm(page).getByRole('textbox', { name: 'Website (optional)', exact: true }).fill('javascript:alert(1)');
      await submit(page).click();
      await page.getByText('Enter a valid email address, like you@yourcompany.ca').waitFor();
      await page.getByText(WEBSITE_MESSAGE).waitFor();

      // Fixing a field clears its message as you type.
      await firstName.fill('Aisha');
      await page.getByText('First name is required').waitFor({ state: 'detached' });
      expect(calls).toHaveLength(0);
      expect(page.url()).toBe(`${ctx.server.url}/q4-intake`);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a complete form without consent shows only the consent message',
    async () => {
      const { page, problems, context } = await openIntake(viewport);
      const calls = watchIntakeCalls(page);
      const consent = consentBox(page);
      expect(await consent.isChecked()).toBe(false);
      await fillApplication(page, { consent: false });
      await submit(page).click();
      await page.getByText(CONSENT_ERROR, { exact: true }).waitFor();
      expect(await page.locator('[role="alert"]').allTextContents()).toEqual([CONSENT_ERROR]);
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      // Its label turns red with the box, as every other field's label does.
      const consentLabel = page.locator(`label[for="${await consent.getAttribute('id')}"]`);
      expect(await consentLabel.getAttribute('class')).toContain('text-red-600');

      // Ticking and unticking: the message goes, then comes back, and nothing was sent.
      await consent.check();
      await page.getByText(CONSENT_ERROR).waitFor({ state: 'detached' });
      expect(await consentLabel.getAttribute('class')).not.toContain('text-red-600');
      await consent.uncheck();
      await page.getByText(CONSENT_ERROR, { exact: true }).waitFor();
      expect(calls).toHaveLength(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a failing API keeps the answers, shows the Error toast, and a retry reuses the submission id',
    async () => {
      const { page, problems, context } = await openIntake(viewport);
      const sent: { id: string }[] = [];
      let mode: 'server-error' | 'network' = 'server-error';
      // The first answer waits until the test has seen the submitting state.
      const { promise: answerNow, resolve: release } = Promise.withResolvers<void>();
      await page.route('**/api/q4-intake', async (route) => {
        sent.push(route.request().postDataJSON());
        if (mode === 'network') return route.abort('failed');
        await answerNow;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The intake desk is down for a moment' }) });
      });
      const mine = newAnswers();
      await fillApplication(page, { consent: true, with: mine });

      await submit(page).click();
      const busy = page.getByRole('button', { name: 'Submitting...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
      const toast = page.locator('[data-toast]');
      await toast.waitFor();
      expect(await toast.getAttribute('role')).toBe('alert');
      expect(await toast.locator('p').allTextContents()).toEqual(['Error', 'The intake desk is down for a moment']);
      expect(await submit(page).isEnabled()).toBe(true);
      await expectAnswersKept(page, mine);
      expect(page.url()).toBe(`${ctx.server.url}/q4-intake`);

      // No answer at all: the fallback message. The retry carries the same id.
      mode = 'network';
      await submit(page).click();
      await toast.getByText('Failed to submit application. Please try again.', { exact: true }).waitFor();
      expect(await toast.locator('p').allTextContents()).toEqual(['Error', 'Failed to submit application. Please try again.']);
      await expectAnswersKept(page, mine);
      expect(sent).toHaveLength(2);
      expect(sent[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(sent[1].id).toBe(sent[0].id);

      // The API is back: the same submission goes through.
      await page.unroute('**/api/q4-intake');
      await submit(page).click();
      await page.waitForURL(`${ctx.server.url}/q4-intake/thank-you`);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a valid application lands on the thank-you page; the marketing box left unticked is sent as false',
    async () => {
      const { page, problems, context } = await openIntake(viewport);
      const mine = newAnswers();
      await fillApplication(page, { consent: true, with: mine });
      expect(await marketingBox(page).isChecked()).toBe(false);
      const request = page.waitForRequest((req) => req.url().endsWith('/api/q4-intake'));
      const response = page.waitForResponse((res) => res.url().endsWith('/api/q4-intake'));
      const landed = page.waitForURL(`${ctx.server.url}/q4-intake/thank-you`);
      await submit(page).click();
      const body = (await request).postDataJSON();
      expect(body).toMatchObject({
        firstName: 'Aisha',
        workEmail: mine.workEmail,
        industry: 'medspas',
        monthlyMarketingBudget: '5000-10000',
        caslConsent: 'true',
        marketingConsent: false,
      });
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await response).status()).toBe(201);
      await landed;
      await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("You're on the Q4 list.");
      expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Read the blog' }).getAttribute('href')).toBe('/blog');
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('answers with nothing visible in them', () => {
  test(
    'a name, company and goal of zero-width or filler characters only are empty: the form says so under each and sends nothing',
    async () => {
      const { page, problems, context } = await openIntake(PHONE);
      const calls = watchIntakeCalls(page);
      await fillApplication(page, { consent: true, with: { ...newAnswers(), firstName: '\u200b\u2060', company: '\u3164', biggestGoal: '\u00ad\n\u115f' } });
      await submit(page).click();
      await page.getByText('First name is required').waitFor();
      expect(await theForm(page).locator('[role="alert"]').allTextContents()).toEqual([
        'First name is required',
        'Company name is required',
        'Biggest goal is required',
      ]);
      expect(calls).toHaveLength(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the intake with JavaScript turned off', () => {
  test('a plain post: the consent message with every answer kept, then the thank-you page', async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const field = (name: string) => page.locator(`form [name="${name}"]`);
      await page.goto(`${ctx.server.url}/q4-intake`);
      const answers = newAnswers();
      const company = `${answers.company} ${crypto.randomUUID().slice(0, 6)}`;
      await field('firstName').fill(answers.firstName);
      await field('lastName').fill(answers.lastName);
      await field('workEmail').fill(answers.workEmail);
      await field('mobile').fill(answers.mobile);
      await field('company').fill(company);
      await field('industry').selectOption(answers.industry);
      await field('city').fill('Toronto');
      await field('monthlyMarketingBudget').selectOption('2500-5000');
      await field('biggestGoal').fill('Fill weekday afternoons.');
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.waitForLoadState('load');
      // Without the consent box: the page again, opened at the form (not at the top of the long page),
      // what to fix listed above it with a link to the box, the message under the box, every answer kept.
      expect(new URL(page.url()).hash).toBe('#apply');
      expect(await page.getByText(CONSENT_ERROR, { exact: true }).count()).toBe(1);
      const consentId = await page.locator('input[name="caslConsent"]').getAttribute('id');
      const summary = page.locator('[data-error-summary]');
      expect(await summary.getByRole('heading').textContent()).toBe('One answer needs a fix before we can read your application');
      expect(await summary.getByRole('link').getAttribute('href')).toBe(`#${consentId}`);
      expect(await summary.getByRole('link').textContent()).toBe(`Consent to emails about the application (CASL): ${CONSENT_ERROR}`);
      const formTop = await page.locator('#apply').evaluate((el) => el.getBoundingClientRect().top);
      // Below the sticky header (its scroll margin), not five screens up.
      expect(Math.abs(formTop)).toBeLessThanOrEqual(100);
      await page.screenshot({ path: '/tmp/shots/intake-nojs-refused-390.png' });
      expect(await page.locator(`label[for="${consentId}"]`).getAttribute('class')).toContain('text-red-600');
      expect(await field('company').inputValue()).toBe(company);
      expect(await field('industry').inputValue()).toBe(answers.industry);
      expect(await field('biggestGoal').inputValue()).toBe('Fill weekday afternoons.');
      await page.locator('input[name="caslConsent"]').check();
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.waitForURL((url) => url.pathname === '/q4-intake/thank-you');
      expect(await page.locator('h1').textContent()).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  test.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('on a %s every section reads well: nothing wider than the screen, each section apart, both consent boxes whole', async (_name, viewport) => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false, viewport });
    try {
      const page = await context.newPage();
      await page.goto(`${ctx.server.url}/q4-intake`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // The page's sections follow each other without overlapping, each with its heading on screen width.
      const boxes = await page.locator('main > section, main > div').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
      expect(boxes.length).toBeGreaterThanOrEqual(7);
      for (let i = 1; i < boxes.length; i++) expect(boxes[i].top).toBeGreaterThanOrEqual(boxes[i - 1].bottom - 1);
      for (const heading of await page.locator('main h1, main h2, main h3').all()) {
        const box = await heading.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      // The two boxes: the required one first, then the optional one, unticked, each label beside its box.
      const consents = page.locator('fieldset').filter({ hasText: 'Emails from us' });
      await consents.scrollIntoViewIfNeeded();
      const required = await page.locator('input[name="caslConsent"]').boundingBox();
      const marketing = await page.locator('input[name="marketingConsent"]').boundingBox();
      expect(marketing!.y).toBeGreaterThan(required!.y);
      expect(await page.locator('input[name="marketingConsent"]').isChecked()).toBe(false);
      for (const name of ['caslConsent', 'marketingConsent']) {
        const id = await page.locator(`input[name="${name}"]`).getAttribute('id');
        const label = await page.locator(`label[for="${id}"]`).boundingBox();
        const box = await page.locator(`input[name="${name}"]`).boundingBox();
        expect(label!.x).toBeGreaterThan(box!.x + box!.width);
        expect(label!.x + label!.width).toBeLessThanOrEqual(viewport.width);
      }
      mkdirSync(SHOTS, { recursive: true });
      // The section and the submit button under it, out of the fixed header's way (a full-page shot draws the header at the top).
      const section = await consents.evaluate((el) => {
        // Measured in the page, then the view goes back to the top, where a full-page shot draws the fixed header.
        const box = el.getBoundingClientRect();
        const button = el.parentElement?.querySelector('button[type="submit"]')?.getBoundingClientRect() ?? box;
        const measured = { x: box.x, y: box.y + window.scrollY, width: box.width, height: button.bottom - box.top };
        window.scrollTo(0, 0);
        return measured;
      });
      await page.screenshot({
        path: `${SHOTS}/intake-consent-${viewport.width}.png`,
        fullPage: true,
        clip: { x: Math.max(0, section.x - 16), y: section.y - 16, width: Math.min(viewport.width, section.width + 32), height: section.height + 32 },
      });
      await page.screenshot({ path: `${SHOTS}/intake-nojs-${viewport.width}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});

/** An audit stored through the API, as the home page's form sends it: its results token. */
async function auditToken(overrides: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${ctx.server.url}/api/business-audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.server.url },
    body: JSON.stringify({ ...validAudit(overrides), fillMs: 60_000 }),
  });
  expect(res.status).toBe(201);
  return tokenOfResultsUrl(((await res.json()) as { resultsUrl: string }).resultsUrl) as string;
}

describe('from the audit results to the intake', () => {
  const audit = () => ({
    firstName: 'Dana',
    lastName: 'Okafor',
    email: `dana+${crypto.randomUUID().slice(0, 8)}@okafor-build.example`,
    phone: '416-555-0142',
    businessName: `Okafor Build ${crypto.randomUUID().slice(0, 6)}`,
    website: 'https://okafor-build.example',
    industry: 'construction',
  });

  test.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('%s: the form comes filled with what the audit told us; the rest, and the application goes through', async (_name, javaScriptEnabled) => {
    const given = audit();
    const token = await auditToken(given);
    const context = await ctx.browser.newContext({ javaScriptEnabled, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${ctx.server.url}${intakePathFor(token)}`);
      if (javaScriptEnabled) await hydrateIsland(page, 'IntakeForm');
      const field = (name: string) => theForm(page).locator(`[name="${name}"]`);
      expect(await page.locator('[data-prefilled]').textContent()).toContain('We filled in what you told us in your audit');
      expect(await field('firstName').inputValue()).toBe('Dana');
      expect(await field('lastName').inputValue()).toBe('Okafor');
      expect(await field('workEmail').inputValue()).toBe(given.email);
      expect(await field('mobile').inputValue()).toBe('416-555-0142');
      expect(await field('company').inputValue()).toBe(given.businessName);
      expect(await field('website').inputValue()).toBe('https://okafor-build.example');
      expect(await field('industry').inputValue()).toBe('contractors');
      expect(await field('city').inputValue()).toBe('');
      expect(await consentBox(page).isChecked()).toBe(false);
      expect(await marketingBox(page).isChecked()).toBe(false);

      await field('city').fill('Toronto');
      await field('monthlyMarketingBudget').selectOption('2500-5000');
      await field('biggestGoal').fill('Two more basement renovations a month.');
      await consentBox(page).check();
      await marketingBox(page).check();
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.waitForURL((url) => url.pathname === '/q4-intake/thank-you' && url.search === '');
    } finally {
      await context.close();
    }
  });

  test('applying again with the same work email: a new application, the same thank-you page as the first', async () => {
    const { page, problems, context } = await openIntake(PHONE);
    const mine = newAnswers();
    await fillApplication(page, { consent: true, with: mine });
    // As long as a person takes at least: a form filled faster is flagged as likely spam (lib/forms/spam.ts).
    await page.waitForTimeout(MIN_FILL_MS);
    await submit(page).click();
    await page.waitForURL(`${ctx.server.url}/q4-intake/thank-you`);

    await page.goto(`${ctx.server.url}/q4-intake`);
    await hydrateIsland(page, 'IntakeForm');
    await fillApplication(page, { consent: true, with: { ...mine, biggestGoal: 'Book out every Tuesday by March.' } });
    await marketingBox(page).check();
    await page.waitForTimeout(MIN_FILL_MS);
    const request = page.waitForRequest((req) => req.url().endsWith('/api/q4-intake'));
    const response = page.waitForResponse((res) => res.url().endsWith('/api/q4-intake'));
    await submit(page).click();
    expect((await request).postDataJSON()).toMatchObject({ marketingConsent: true, biggestGoal: 'Book out every Tuesday by March.' });
    // Answered as any first application: nothing tells whoever sent it that the email applied before.
    expect((await response).status()).toBe(201);
    await page.waitForURL(`${ctx.server.url}/q4-intake/thank-you`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe("You're on the Q4 list.");
    expect(await page.getByText('We already have your application').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
