import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { nextStepFor, RESULTS_FOLLOW_UP_NO_EMAIL } from '../../lib/audit/next-step.ts';
import { personalLines } from '../../lib/audit/personal.ts';
import { RESULTS_TITLE } from '../../lib/audit/results-link.ts';
import { auditSchema } from '../../lib/audit/schema.ts';
import { computeAudit, estimateWorking, formatDollars, scoreMessage } from '../../lib/audit/scoring.ts';
import { auditField, fillStep1, fillSteps2to4, type Profile, stepTitle, wholeLabel, wizard } from '../helpers/audit-browser.ts';
import { DESKTOP, hydrateIsland, launchBrowser, openPage, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const runId = crypto.randomUUID().slice(0, 8);

/** A cleaning company on a phone (starter tier) and a medspa on a desktop (enterprise tier). */
const profiles: Record<'phone' | 'desktop', Profile> = {
  phone: {
    text: {
      'First name': 'Marisol',
      'Last name': 'Reyes',
      Email: `marisol-${runId}@spotless.example`,
      Phone: '416-555-0199',
      'Business name': `Spotless Nest ${runId}`,
      Website: '',
    },
    selects: { Industry: 'other', 'Monthly revenue': '10000-25000', 'Monthly marketing budget': '1000-5000', 'When do you want to see results?': '1-3-months' },
    checks: ['Generate more leads', 'Word of mouth & referrals', 'No time to do marketing'],
    radios: ['Fair: a website, not much else', 'We have some idea', 'No, this would be our first'],
    answers: {
      firstName: 'Marisol',
      lastName: 'Reyes',
      email: `marisol-${runId}@spotless.example`,
      phone: '416-555-0199',
      businessName: `Spotless Nest ${runId}`,
      industry: 'other',
      website: '',
      monthlyRevenue: '10000-25000',
      marketingBudget: '1000-5000',
      timeframe: '1-3-months',
      primaryGoals: ['lead-generation'],
      currentMarketing: ['referrals'],
      currentChallenges: ['time'],
      onlinePresence: 'fair',
      competitorAnalysis: 'some-idea',
      previousAgency: 'no',
    },
  },
  desktop: {
    text: {
      'First name': 'Priya',
      'Last name': 'Nandakumar',
      Email: `priya-${runId}@lumen.example`,
      Phone: '',
      'Business name': `Lumen Aesthetics ${runId}`,
      Website: 'https://lumen.example',
    },
    selects: {
      Industry: 'healthcare',
      'Monthly revenue': '50000+',
      'Monthly marketing budget': '5000-15000',
      'When do you want to see results?': '6-12-months',
    },
    checks: ['Build brand awareness', 'SEO', 'Social media', 'Email marketing', 'Unclear return on ad spend'],
    radios: ['Good: people find us, with gaps', 'Yes, we track them regularly', 'Yes, and it went well'],
    answers: {
      firstName: 'Priya',
      lastName: 'Nandakumar',
      email: `priya-${runId}@lumen.example`,
      phone: '',
      businessName: `Lumen Aesthetics ${runId}`,
      industry: 'healthcare',
      website: 'https://lumen.example',
      monthlyRevenue: '50000+',
      marketingBudget: '5000-15000',
      timeframe: '6-12-months',
      primaryGoals: ['brand-awareness'],
      currentMarketing: ['seo', 'social-media', 'email-marketing'],
      currentChallenges: ['roi'],
      onlinePresence: 'good',
      competitorAnalysis: 'yes-monitoring',
      previousAgency: 'yes-satisfied',
    },
  },
};

/**
 * Records every toast the page shows as "<role>:<text>" (a toast lasts 5 s, which a slow machine can
 * miss by polling), so tests can wait for one after the fact.
 */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-toast]');
      const entry = el ? `${el.getAttribute('role')}:${el.textContent}` : null;
      if (entry && seen[seen.length - 1] !== entry) seen.push(entry);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The messages under the fields (the error summary above the steps repeats them as links). */
const fieldErrors = (form: Locator) => form.locator('p[role="alert"]');

/** Waits until a recorded toast contains `text`, and returns it. */
async function toastShown(page: Page, text: string): Promise<string> {
  const handle = await page.waitForFunction((t) => (window as unknown as { __toasts: string[] }).__toasts.find((x) => x.includes(t)) ?? false, text, {
    timeout: 0,
  });
  return (await handle.jsonValue()) as string;
}

describe('home page and the free business audit', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`on a ${device}: empty submit shows step 1's messages; a full audit shows results and the toast`, async () => {
      const { page, problems, context } = await openPage(browser, `${server.url}/`, viewport);
      await recordToasts(page);
      const profile = profiles[device];

      // The hero's button scrolls to the contact section.
      await page.locator('[data-hero-variant] a[href="#contact"]').click();
      await page.waitForFunction(() => location.hash === '#contact');
      expect(await page.locator('[data-hero-variant]').count()).toBe(1);
      // The audit hydrates once it comes near the viewport.
      await hydrateIsland(page, 'AuditWizard');

      const w = wizard(page);
      // The form's title is the section's one heading, right above the form.
      expect(await page.locator('#contact').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Get Your Free Business Audit']);
      expect(await w.getByRole('heading', { name: 'Get Your Free Business Audit' }).count()).toBe(0);
      expect(await w.getByRole('button', { name: 'Previous' }).count()).toBe(0);
      expect(await w.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

      // Next never validates: go straight to step 4 and submit the empty form.
      for (let i = 0; i < 3; i++) await w.getByRole('button', { name: 'Next' }).click();
      expect(await w.getByRole('button', { name: 'Next' }).count()).toBe(0);
      expect(await w.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      // Previous and the submit button share one row of the sticky bar, on a 390 px phone too.
      const [previousBox, submitBox] = await Promise.all([
        w.getByRole('button', { name: 'Previous' }).boundingBox(),
        w.getByRole('button', { name: 'Get My Free Audit' }).boundingBox(),
      ]);
      const middle = (box: { y: number; height: number } | null) => (box ? box.y + box.height / 2 : null);
      expect(middle(previousBox)).toBe(middle(submitBox));
      await w.getByRole('button', { name: 'Get My Free Audit' }).click();
      expect(await stepTitle(page).textContent()).toBe('Step 1 of 4: Basic Information');
      for (const message of [
        'First name is required',
        'Last name is required',
        'Invalid email address',
        'Business name is required',
        'Please select your industry',
      ]) {
        expect(await fieldErrors(w).getByText(message, { exact: true }).isVisible()).toBe(true);
      }
      expect(await w.locator('label', { hasText: 'First name' }).getAttribute('class')).toContain('text-red-600');
      // Focus is on the summary of every step's messages, above the steps.
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).toBe(true);

      // Fill in step 1 only, submit from step 4: taken to the first step still holding an error.
      await fillStep1(page, profile);
      for (let i = 0; i < 3; i++) await w.getByRole('button', { name: 'Next' }).click();
      await w.getByRole('button', { name: 'Get My Free Audit' }).click();
      expect(await stepTitle(page).textContent()).toBe('Step 2 of 4: Business Scale & Goals');
      expect(await fieldErrors(w).getByText('Please select your revenue range', { exact: true }).isVisible()).toBe(true);
      await w.getByRole('button', { name: 'Previous' }).click();
      await fillSteps2to4(page, profile);

      // Hold the answer briefly so the pending state can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/business-audit', async (route) => {
        await held;
        await route.continue();
      });
      await w.getByRole('button', { name: 'Get My Free Audit' }).click();
      const pending = w.getByRole('button', { name: 'Analyzing...' });
      await pending.waitFor();
      expect(await pending.isDisabled()).toBe(true);
      // The toast lasts 5 s: watch for it from before the answer arrives.
      release();
      expect(await toastShown(page, 'Audit Complete!')).toBe('status:Audit Complete!Your personalized recommendations are ready.');

      const expected = computeAudit(auditSchema.parse(profile.answers));
      const results = w.locator('[data-audit-results]');
      await results.waitFor();
      expect(await results.getByRole('heading', { name: profile.text['Business name'] }).isVisible()).toBe(true);
      expect(await results.textContent()).toContain(`${expected.auditScore}/100`);
      expect(await results.textContent()).toContain(scoreMessage(expected.auditScore));
      expect(await results.textContent()).toContain(`${formatDollars(expected.estimatedValue)}/month`);
      const serviceLinks = await results.locator('ol a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(serviceLinks).toEqual(expected.recommendedServices.map((s) => `/services/${s}`));
      if (expected.packageTier === 'enterprise') {
        expect(device).toBe('desktop');
        expect(await results.textContent()).toContain('$40K worth of data insights');
        expect(await results.getByRole('link', { name: 'Schedule Enterprise Consultation' }).isVisible()).toBe(true);
      } else {
        expect(await results.getByRole('link', { name: 'Book Free Consultation' }).isVisible()).toBe(true);
        expect(await results.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
      }
      // Under the section's h2 the business name is an h3; the results speak to this business, show the
      // estimate's working, and give one next step (the intake beside it, this profile being in the Q4 cohort).
      expect(await results.getByRole('heading', { level: 3, name: profile.text['Business name'] }).count()).toBe(1);
      const answers = auditSchema.parse(profile.answers);
      // This server has no mail server (no SMTP_URL): the results say the page's address is the way back.
      const next = nextStepFor({ ...answers, packageTier: expected.packageTier }, { emailed: false });
      expect(await results.locator('[data-audit-personal]').textContent()).toBe(personalLines(answers).join(''));
      expect(await results.locator('[data-audit-working]').textContent()).toBe(`How we worked it out: ${estimateWorking(answers)}.`);
      expect(await results.getByRole('heading', { name: next.heading }).isVisible()).toBe(true);
      expect(await results.getByRole('link', { name: next.intake?.label }).getAttribute('href')).toMatch(/^\/q4-intake\?results=[\w-]{43}$/);
      expect(await results.locator('[data-audit-follow-up]').textContent()).toBe(RESULTS_FOLLOW_UP_NO_EMAIL);
      // The section's own "skip the form" booking link goes once the form has: the results' button is the next step.
      expect(await page.locator('#contact [data-book-direct]').isVisible()).toBe(false);
      expect(await w.locator('form').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }

  test('when the API fails, the error toast shows and every answer survives', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/`, PHONE);
    await recordToasts(page);
    await hydrateIsland(page, 'AuditWizard');
    // The failed request itself is logged by the browser; that one is expected.
    const failures = 'Failed to load resource';
    const profile = profiles.phone;
    await page.route('**/api/business-audit', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service temporarily unavailable, please try again shortly' }),
      }),
    );
    const w = wizard(page);
    await fillStep1(page, profile);
    await fillSteps2to4(page, profile);
    await w.getByRole('button', { name: 'Get My Free Audit' }).click();
    expect(await toastShown(page, 'Service temporarily unavailable')).toBe('alert:ErrorService temporarily unavailable, please try again shortly');
    expect(await w.getByRole('button', { name: 'Get My Free Audit' }).isEnabled()).toBe(true);

    // A network failure falls back to the spec's message.
    await page.unroute('**/api/business-audit');
    await page.route('**/api/business-audit', (route) => route.abort('failed'));
    await w.getByRole('button', { name: 'Get My Free Audit' }).click();
    expect(await toastShown(page, 'Failed to process audit.')).toBe('alert:ErrorFailed to process audit. Please try again.');

    // Every answer is still there on every step.
    for (const name of profile.radios) expect(await w.getByRole('radio', { name, exact: true }).isChecked()).toBe(true);
    for (let i = 0; i < 3; i++) await w.getByRole('button', { name: 'Previous' }).click();
    expect(await stepTitle(page).textContent()).toBe('Step 1 of 4: Basic Information');
    for (const [label, value] of Object.entries(profile.text)) expect(await auditField(page, label).inputValue()).toBe(value);
    expect(await w.getByLabel('Industry').inputValue()).toBe(profile.selects.Industry);
    await w.getByRole('button', { name: 'Next' }).click();
    expect(await w.getByLabel('Monthly revenue').inputValue()).toBe(profile.selects['Monthly revenue']);
    expect(await w.getByRole('checkbox', { name: 'Generate more leads', exact: true }).isChecked()).toBe(true);
    expect(problems.filter((p) => !p.includes(failures))).toEqual([]);
    await context.close();
  }, 120_000);

  test('on a phone, Enter (the keyboard’s Go) in a field moves on a step, as Next does, and sends only from the last; a one-word business name wraps in the results', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/`, PHONE);
    await hydrateIsland(page, 'AuditWizard');
    const w = wizard(page);
    const longName = 'TrinityBellwoodsBakehouseAndEspressoBar.ca';
    const profile = { ...profiles.phone, text: { ...profiles.phone.text, 'Business name': longName } };
    await fillStep1(page, profile);
    await auditField(page, 'First name').press('Enter');
    expect(await stepTitle(page).textContent()).toBe('Step 2 of 4: Business Scale & Goals');
    // Nothing was checked or sent: no summary of messages for steps not seen yet.
    expect(await w.locator('[data-error-summary]').count()).toBe(0);
    await w.getByRole('button', { name: 'Previous' }).click();
    await fillSteps2to4(page, profile);
    await w.getByRole('radio', { name: profile.radios[0], exact: true }).press('Enter');
    const results = w.locator('[data-audit-results]');
    await results.waitFor();
    expect(await results.getByRole('heading', { name: longName }).isVisible()).toBe(true);
    // The address is the results link now, and the tab says so as that page does.
    expect(await page.title()).toBe(RESULTS_TITLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: '/tmp/shots/audit-long-name-390.png' });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('on a phone, after Next the new step’s title comes into view in one jump, and never once the visitor has gone on to a field of it', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/`, PHONE);
    await hydrateIsland(page, 'AuditWizard');
    const w = wizard(page);
    await fillStep1(page, profiles.phone);
    /** Scrolls the form's top well above the screen (the sticky Next stays in reach), as after answering a long step. */
    const scrollPastTheTitle = () =>
      page.evaluate(() => {
        const top = document.querySelector('[data-island="AuditWizard"]')?.getBoundingClientRect().top ?? 0;
        window.scrollBy({ top: top + 400, behavior: 'instant' });
      });
    /** Every scroll position the page shows, frame by frame, for `ms`. */
    const positions = (ms: number) =>
      page.evaluate(
        (ms) =>
          new Promise<number[]>((resolve) => {
            const seen: number[] = [];
            const end = performance.now() + ms;
            const frame = () => {
              if (seen.at(-1) !== scrollY) seen.push(scrollY);
              if (performance.now() < end) requestAnimationFrame(frame);
              else resolve(seen);
            };
            requestAnimationFrame(frame);
          }),
        ms,
      );

    await scrollPastTheTitle();
    await w.getByRole('button', { name: 'Next' }).click();
    expect(await stepTitle(page).textContent()).toBe('Step 2 of 4: Business Scale & Goals');
    expect(await stepTitle(page).evaluate((t) => t.getBoundingClientRect().bottom)).toBeLessThan(0);
    // Left alone, the title is brought back in one jump: two positions, no frames part-way.
    const moved = await positions(1500);
    expect(moved).toHaveLength(2);
    const box = await stepTitle(page).evaluate((t) => t.getBoundingClientRect().toJSON() as DOMRect);
    // Below the fixed header (4rem), not under it.
    expect(box.top).toBeGreaterThanOrEqual(64);
    expect(box.bottom).toBeLessThan(PHONE.height);

    // Back, and Next again; this time the visitor goes straight on to the first question: the page stays put.
    await w.getByRole('button', { name: 'Previous' }).click();
    await positions(1200);
    await scrollPastTheTitle();
    await w.getByRole('button', { name: 'Next' }).click();
    await w.getByLabel('Monthly revenue').evaluate((field: HTMLElement) => field.focus({ preventScroll: true }));
    expect(await positions(1500)).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    test(`on a ${device}, every field of step 1 reached with Tab shows above the sticky Next bar, never under it`, async () => {
      const { page, problems, context } = await openPage(browser, `${server.url}/#contact`, viewport);
      await hydrateIsland(page, 'AuditWizard');
      // As a visitor starts: the section at the top of the screen, the first field focused where it is.
      await page.evaluate(() => {
        document.getElementById('contact')?.scrollIntoView({ behavior: 'instant' });
        document.querySelector<HTMLElement>('[data-wizard] [name="firstName"]')?.focus({ preventScroll: true });
      });
      const seen: string[] = [];
      for (let i = 0; i < 7; i++) {
        // In-page scrolling is smooth: read the place once it has settled.
        await page.waitForTimeout(700);
        seen.push(
          await page.evaluate(() => {
            const field = document.activeElement as HTMLElement;
            const bar = document.querySelector('[data-wizard] .sticky')?.getBoundingClientRect();
            const box = field.getBoundingClientRect();
            const hidden = bar !== undefined && box.bottom > bar.top && box.top < bar.bottom;
            return `${field.getAttribute('name')}: ${hidden ? 'under the bar' : 'in view'}`;
          }),
        );
        await page.keyboard.press('Tab');
      }
      expect(seen).toEqual(['firstName', 'lastName', 'email', 'phone', 'businessName', 'industry', 'website'].map((name) => `${name}: in view`));
      expect(problems).toEqual([]);
      await context.close();
    });

  test('on a phone the hero button and the menu’s Contact land on the form, the intro below it; on a desktop the intro sits beside it', async () => {
    /** Once the smooth scroll to #contact has settled: where the form and the intro are, in the viewport. */
    const landing = async (page: Page) => {
      await page.waitForFunction(() => location.hash === '#contact');
      const top = () => page.evaluate(() => Math.round(document.querySelector('#contact')!.getBoundingClientRect().top));
      for (let last = Number.NaN, now = await top(); !(now === last && now >= 0 && now < 120); last = now, now = await top()) await Bun.sleep(100);
      return page.evaluate(() => {
        const box = (el: Element) => el.getBoundingClientRect();
        const form = box(document.querySelector('[data-island="AuditWizard"]')!);
        const firstField = box(document.querySelector('[data-island="AuditWizard"] input[name="firstName"]')!);
        const intro = box(document.querySelector('#contact ul')!);
        return { form, firstField, intro, viewport: window.innerHeight };
      });
    };

    const phone = await openPage(browser, `${server.url}/`, PHONE);
    await phone.page.locator('[data-hero-variant] a[href="#contact"]').click();
    let at = await landing(phone.page);
    expect(at.form.top).toBeLessThan(300);
    expect(at.firstField.bottom).toBeLessThan(at.viewport);
    expect(at.intro.top).toBeGreaterThan(at.form.bottom);

    await phone.page.evaluate(() => {
      history.replaceState(null, '', '/');
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await phone.page.getByRole('button', { name: 'Menu' }).click();
    await phone.page.locator('nav[aria-label="Mobile"]').getByRole('link', { name: 'Contact' }).click();
    at = await landing(phone.page);
    expect(at.form.top).toBeLessThan(300);
    expect(at.firstField.bottom).toBeLessThan(at.viewport);
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const desktop = await openPage(browser, `${server.url}/`, DESKTOP);
    await desktop.page.locator('[data-hero-variant] a[href="#contact"]').click();
    at = await landing(desktop.page);
    expect(at.firstField.bottom).toBeLessThan(at.viewport);
    expect(at.intro.right).toBeLessThan(at.form.left);
    expect(at.intro.top).toBeLessThan(at.form.bottom);
    expect(desktop.problems).toEqual([]);
    await desktop.context.close();
  }, 60_000);

  test('arriving by /#contact on a phone, the form is there at load (no scroll animation under the finger) and an early Next tap lands; in-page links still scroll smoothly', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/#contact`, { waitUntil: 'load' });
    const next = page.locator('[data-wizard] [role="button"]:visible', { hasText: 'Next' });
    const box = (await next.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // The tap goes where the finger is, before any island has hydrated.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => (document.querySelector('[data-step-radio="2"]') as HTMLInputElement).checked);
    // Smooth scrolling still applies once something has focus (as a tapped link has).
    await page.locator('[data-hero-variant] a[href="#contact"]').focus();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await context.close();
  }, 30_000);

  test('each Book Now button scrolls to the contact section', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/`, DESKTOP);
    const buttons = page.getByRole('link', { name: /^Book Now/ });
    expect(await buttons.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() => history.replaceState(null, '', '/'));
      await buttons.nth(i).click();
      await page.waitForFunction(() => location.hash === '#contact');
    }
    expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/what-is-digital-marketing');
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});

describe('the audit with JavaScript turned off', () => {
  test('the four steps show on one page; an empty submit shows the spec’s messages; a full one shows the results', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/#contact`);
    const form = page.locator('form[data-wizard]');
    // Each step under its own title, with no "Step 1 of 4" (all four show at once), ruled off from the one before.
    const titles = form.locator('[data-step-title]');
    expect(await titles.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText))).toEqual([
      'Basic Information',
      'Business Scale & Goals',
      'Current Marketing & Challenges',
      'Online Presence Assessment',
    ]);
    const gaps = await form
      .locator('[data-step]')
      .evaluateAll((steps) => steps.slice(1).map((step, i) => step.getBoundingClientRect().top - (steps[i] as HTMLElement).getBoundingClientRect().bottom));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(32);
    expect(await form.locator('[data-step] + [data-step]').evaluateAll((els) => els.map((el) => getComputedStyle(el).borderTopWidth))).toEqual([
      '1px',
      '1px',
      '1px',
    ]);
    expect(await form.getByRole('button', { name: 'Next' }).count()).toBe(0);
    const submit = form.locator('button[type="submit"]');
    expect(await submit.isVisible()).toBe(true);

    await submit.click();
    await page.waitForURL('**/api/business-audit');
    const again = page.locator('form[data-wizard]');
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Business name is required',
      'Please select your industry',
      'Please select your revenue range',
      'Please select your marketing budget',
      'Please select your timeframe',
      'Please rate your online presence',
    ])
      expect(await fieldErrors(again).getByText(message, { exact: true }).isVisible(), message).toBe(true);
    expect(await fieldErrors(again).getByText('Please select an option', { exact: true }).count()).toBe(2);
    // Above the form, the summary of every message, each a link to its field.
    const summary = again.locator('[data-error-summary]');
    expect(await summary.getByRole('heading').textContent()).toBe('11 answers need a fix before we can prepare your audit');
    expect(await summary.getByRole('link').count()).toBe(11);
    const timeframeId = await again.locator('select[name="timeframe"]').getAttribute('id');
    expect(await summary.getByRole('link', { name: 'Please select your timeframe' }).getAttribute('href')).toBe(`#${timeframeId}`);
    // The labels of fields with errors turn red, as they do with JavaScript.
    expect(await again.locator('label', { hasText: 'First name' }).getAttribute('class')).toContain('text-red-600');

    const business = `No Script Bakery ${crypto.randomUUID().slice(0, 6)}`;
    const field = (label: string) => again.getByLabel(wholeLabel(label));
    await field('First name').fill('Lucia');
    await field('Last name').fill('Ferreira');
    await field('Email').fill('lucia@noscriptbakery.example');
    await field('Business name').fill(business);
    await field('Industry').selectOption('restaurants');
    await field('Monthly revenue').selectOption('25000-50000');
    await field('Monthly marketing budget').selectOption('1000-5000');
    await field('When do you want to see results?').selectOption('3-6-months');
    await again.getByRole('checkbox', { name: 'Generate more leads', exact: true }).check();
    for (const name of ['Good: people find us, with gaps', 'We have some idea', 'No, this would be our first'])
      await again.getByRole('radio', { name, exact: true }).check();
    await again.locator('button[type="submit"]').click();
    await page.waitForURL('**/audit/results/**');
    expect(await page.getByRole('heading', { name: 'Your audit results' }).isVisible()).toBe(true);
    expect(await page.locator('[data-audit-results]').textContent()).toContain(business);
    await context.close();
  });
});
