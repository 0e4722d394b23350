import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { glossary, glossaryPreviewLetters } from '../../lib/content/glossary.ts';
import { fillStep1, fillSteps2to4, type Profile, wizard } from '../helpers/audit-browser.ts';
import { DESKTOP, hydrateIsland, launchBrowser, openPage, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Browser tests on a loaded machine can take longer than bun's 5 s default.
const TIMEOUT = 60_000;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the element's top has settled just below the fixed header (smooth scrolling has ended). */
async function scrolledTo(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const top = document.querySelector(sel)!.getBoundingClientRect().top;
      return top >= 0 && top < 120;
    },
    selector,
    { timeout: 5000 },
  );
}

const visibleTerms = (page: Page) => page.locator('[data-glossary-term]:visible dt').allTextContents();

/** A reader of the guide who takes the audit at its end. */
const guideReader: Profile = {
  text: {
    'First name': 'Tomás',
    'Last name': 'Ferreira',
    Email: 'tomas@ferreira-reno.example',
    Phone: '',
    'Business name': 'Ferreira Renovations',
    Website: '',
  },
  selects: {
    Industry: 'construction',
    'Monthly revenue': '25000-50000',
    'Monthly marketing budget': '1000-5000',
    'When do you want to see results?': '3-6-months',
  },
  checks: ['Generate more leads', 'Word of mouth & referrals'],
  radios: ['Fair: a website, not much else', 'We have some idea', 'No, this would be our first'],
  answers: {},
};

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`content pages on a ${name}`, () => {
    test(
      'the glossary shows A and B, finds any term as you type, and shows all 96 from its Show all',
      async () => {
        const { page, problems, context } = await openPage(browser, `${server.url}/what-is-digital-marketing`, viewport);
        expect(await visibleTerms(page)).toEqual(glossary.filter((g) => glossaryPreviewLetters.includes(g.letter)).map((g) => g.term));
        // The glossary sits below the fold, so its island hydrates when it comes into view.
        await hydrateIsland(page, 'GlossarySearch');
        const search = page.getByRole('searchbox', { name: 'Search the glossary' });
        await search.pressSequentially('bounce');
        expect(await visibleTerms(page)).toEqual(['Bounce Rate']);
        expect(await page.getByText(`Showing 1 of ${glossary.length} terms`).isVisible()).toBe(true);
        // Letters without a match are disabled.
        expect(await page.getByRole('navigation', { name: 'Glossary letters' }).locator('a:not([aria-disabled])').allTextContents()).toEqual(['B']);
        // A term from behind "Show all" is found as well.
        await search.fill('zero-click');
        expect(await visibleTerms(page)).toEqual(['Zero-Click Search']);

        await search.fill('qwxyz');
        expect(await visibleTerms(page)).toEqual([]);
        await page.getByRole('button', { name: 'Show all terms' }).click();
        expect(await visibleTerms(page)).toHaveLength(12);
        await page.locator('#glossary summary', { hasText: `Show all ${glossary.length} terms` }).click();
        expect(await visibleTerms(page)).toHaveLength(glossary.length);
        expect(await page.locator('#glossary summary').innerText()).toBe('Show fewer terms');

        // Pressing Enter does not reload the page.
        await search.fill('keyword');
        await search.press('Enter');
        expect(page.url()).toBe(`${server.url}/what-is-digital-marketing`);
        const narrowed = await visibleTerms(page);
        expect(narrowed.length).toBeGreaterThan(1);
        expect(narrowed.length).toBeLessThan(glossary.length);
        expect(narrowed).toContain('Keyword Research');
        expect(problems).toEqual([]);
        await context.close();
      },
      TIMEOUT,
    );

    test(
      'Start Learning scrolls to the definition and an A–Z link jumps to its letter',
      async () => {
        const { page, problems, context } = await openPage(browser, `${server.url}/what-is-digital-marketing`, viewport);
        await page.getByRole('link', { name: 'Start Learning' }).click();
        await page.waitForFunction(() => location.hash === '#definition');
        await scrolledTo(page, '#definition');
        await page.getByRole('navigation', { name: 'Glossary letters' }).getByRole('link', { name: 'S', exact: true }).click();
        await scrolledTo(page, '#glossary-s');
        expect(await page.locator('#glossary-s').isVisible()).toBe(true);
        expect(await page.locator('#faq summary').count()).toBe(8);
        // A FAQ answer opens from its question.
        const first = page.locator('#faq details').first();
        await first.locator('summary').click();
        expect(await first.getAttribute('open')).toBe('');
        expect(problems).toEqual([]);
        await context.close();
      },
      TIMEOUT,
    );

    test(
      'without JavaScript the glossary opens from its summary and a letter link reveals its letter; the strategy session is not buried',
      async () => {
        const context = await browser.newContext({ viewport, javaScriptEnabled: false });
        const page = await context.newPage();
        await page.goto(`${server.url}/what-is-digital-marketing`);
        const top = (selector: string) => page.evaluate((sel) => document.querySelector(sel)!.getBoundingClientRect().top + window.scrollY, selector);
        // All 96 terms used to stand between the glossary and the call to action (about 17,000 px on a phone).
        expect((await top('#strategy-session')) - (await top('#glossary'))).toBeLessThan(4000);
        expect(await visibleTerms(page)).toHaveLength(12);
        await page.getByRole('navigation', { name: 'Glossary letters' }).getByRole('link', { name: 'Z', exact: true }).click();
        await page.waitForFunction(() => location.hash === '#glossary-z');
        expect(await page.locator('#glossary-z').isVisible()).toBe(true);
        await page.locator('#glossary summary').click();
        expect(await page.locator('#glossary details').getAttribute('open')).toBeNull();
        await page.locator('#glossary summary').click();
        expect(await visibleTerms(page)).toHaveLength(glossary.length);
        await context.close();
      },
      TIMEOUT,
    );

    test(
      'a service page hero button scrolls, in one tap, to the audit itself',
      async () => {
        const { page, problems, context } = await openPage(browser, `${server.url}/services/seo-services`, viewport);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Get found when Toronto searches for what you do');
        await page.getByRole('link', { name: 'Improve my rankings' }).click();
        await page.waitForFunction(() => location.hash === '#contact');
        await scrolledTo(page, '#contact');
        await page.waitForSelector('#contact [data-island="AuditWizard"][data-hydrated]', { state: 'attached', timeout: 15_000 });
        expect(await page.locator('#contact').getByRole('heading', { level: 2 }).textContent()).toBe('See how you rank against your competitors');
        expect(await page.locator('#contact').getByLabel('First name').isVisible()).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      },
      TIMEOUT,
    );

    test(
      'the guide’s Get Your Free Strategy Session scrolls to the audit on the guide, which stores a lead like the home page’s',
      async () => {
        const { page, problems, context } = await openPage(browser, `${server.url}/what-is-digital-marketing`, viewport);
        await page.getByRole('link', { name: 'Get Your Free Strategy Session' }).click();
        await page.waitForFunction(() => location.hash === '#contact');
        await scrolledTo(page, '#contact');
        await page.waitForSelector('#contact [data-island="AuditWizard"][data-hydrated]', { state: 'attached', timeout: 15_000 });
        expect(await page.locator('#contact').getByRole('heading', { level: 2 }).textContent()).toBe('Get Your Free Business Audit');
        await fillStep1(page, guideReader);
        await fillSteps2to4(page, guideReader);
        const answer = page.waitForResponse('**/api/business-audit');
        await wizard(page).getByRole('button', { name: 'Get My Free Audit' }).click();
        expect((await answer).status()).toBe(201);
        await wizard(page).locator('[data-audit-results]').waitFor();
        expect(await wizard(page).getByRole('heading', { name: guideReader.text['Business name'] }).isVisible()).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      },
      TIMEOUT,
    );

    test(
      'the overview links each card to its service page',
      async () => {
        const { page, problems, context } = await openPage(browser, `${server.url}/services`, viewport);
        expect(await page.getByRole('article').count()).toBe(6);
        await page.getByRole('link', { name: 'Learn more about Google Ads' }).click();
        await page.waitForURL(`${server.url}/services/google-ads`);
        expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
        expect(problems).toEqual([]);
        await context.close();
      },
      TIMEOUT,
    );
  });
}
