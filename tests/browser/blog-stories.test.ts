import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { copyText, exportAll } from '../../lib/stories/export.ts';
import type { GenerateResponse, Story } from '../../lib/stories/schema.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

let server: RunningServer;
let browser: Browser;
const CLIPBOARD = ['clipboard-read', 'clipboard-write'];

beforeAll(async () => {
  // These tests write more stories in a minute than one visitor may (5): the limits are tested in tests/api.
  [server, browser] = await Promise.all([startServer({ RATE_LIMITS: 'off' }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const toastText = (page: Page) => page.locator('[data-toast]').innerText();

async function expectToast(page: Page, title: string) {
  await page.locator('[data-toast]', { hasText: title }).waitFor();
}

describe('blog', () => {
  test('start-up says the sample feed is in use', () => {
    expect(server.output()).toContain('RSS_FEED_URL is not set; the blog shows the sample feed');
  });

  test('shows the sample posts with pictures, dates, categories and links', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/blog`, PHONE);
    const cards = page.locator('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const first = cards.first();
    expect(await first.getByRole('heading').innerText()).toBe('The Google Business Profile Checklist for Toronto Cleaning Companies');
    expect(await first.locator('time').innerText()).toBe('October 14, 2025');
    expect(await first.locator('span.rounded-full').count()).toBe(2);
    const link = first.getByRole('link', { name: /Read Article/ });
    expect(await link.getAttribute('rel')).toBe('noopener');
    expect(await link.getAttribute('target')).toBe('_blank');
    // Every picture loads (site-relative SVGs from the sample feed).
    const sources = await page.locator('article img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
    expect(sources.length).toBe(await cards.count());
    for (const src of sources) {
      expect(src).toMatch(/^\/static\/images\/blog\/.+\.svg$/);
      const res = await page.request.get(`${server.url}${src}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('image/svg+xml');
    }
    await page.waitForFunction(() => ((document.querySelector('article img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    // The title is clamped to two lines.
    const lines = await first.getByRole('heading').evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    expect(lines).toBeLessThanOrEqual(2.05);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('Generate Stories → four stories → Copy and Export All put the right text on the clipboard → Close returns to the grid', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/blog`, DESKTOP, { permissions: CLIPBOARD });
    const card = page.locator('article').nth(3);
    const title = await card.getByRole('heading').innerText();
    await card.getByRole('button', { name: 'Generate Stories' }).scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Generate Stories' }).click();

    await page.getByRole('heading', { level: 1, name: 'Social Story Generator' }).waitFor();
    // The generator's code loads on the first click; the panel appears once it has.
    await page.getByText('Selected Blog Post').waitFor({ state: 'visible' });
    expect(await page.getByText(title, { exact: true }).isVisible()).toBe(true);
    const preview = await page.getByTestId('selected-preview').innerText();
    expect([...preview].length).toBeLessThanOrEqual(201);
    expect(await page.locator('article').count()).toBe(0);

    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/social-stories/generate'));
    await page.getByRole('button', { name: 'Generate All' }).click();
    const response = await responsePromise;
    const { stories } = (await response.json()) as GenerateResponse;
    expect(JSON.parse(response.request().postData()!).title).toBe(title);
    await expectToast(page, 'Stories Generated!');
    expect(await toastText(page)).toContain('4');
    const storyCards = page.locator('article[data-platform]');
    expect(await storyCards.evaluateAll((els) => els.map((el) => el.getAttribute('data-platform')))).toEqual(['instagram', 'linkedin', 'facebook', 'twitter']);
    expect(await storyCards.nth(3).innerText()).toMatch(/\d+ \/ 280 characters/);

    await page.getByRole('button', { name: 'Copy Twitter story' }).click();
    await expectToast(page, 'Copied!');
    expect(await clipboard(page)).toBe(copyText(stories.find((s: Story) => s.platform === 'twitter')!));

    await page.getByRole('button', { name: 'Export All' }).click();
    await expectToast(page, 'All Stories Exported!');
    expect(await clipboard(page)).toBe(exportAll(stories));

    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('article').nth(5).waitFor();
    expect(await page.locator('article[data-platform]').count()).toBe(0);
    const scrollAfter = await page.evaluate(() => window.scrollY);
    expect(Math.abs(scrollAfter - scrollBefore)).toBeLessThan(5);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('a tap on Generate Stories before the grid has hydrated is held, then replayed once it has', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // The grid's code is held back until the tap has landed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/build/BlogExplorer-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/blog`, { waitUntil: 'domcontentloaded' });
    // The loader holds the island's clicks from here (a tap before it runs opens the generator's address instead: below).
    await page.locator('[data-island="BlogExplorer"][data-holding]').waitFor({ state: 'attached' });
    const card = page.locator('[data-island="BlogExplorer"]:not([data-hydrated]) article').first();
    const title = await card.getByRole('heading').innerText();
    await card.getByRole('button', { name: 'Generate Stories' }).tap();
    await page.waitForTimeout(300);
    expect(await page.getByText('Selected Blog Post').count()).toBe(0);
    release();
    await page.getByText('Selected Blog Post').waitFor({ state: 'visible' });
    expect(await page.getByText(title, { exact: true }).isVisible()).toBe(true);
    await context.close();
  }, 30_000);

  test('without JavaScript (or before any script has run), Generate Stories opens the generator’s own address with that post', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/blog`);
    const card = page.locator('article').first();
    const title = await card.getByRole('heading').innerText();
    await Promise.all([page.waitForURL((url) => url.searchParams.has('generate')), card.getByRole('button', { name: 'Generate Stories' }).tap()]);
    expect(await page.getByText('Selected Blog Post').isVisible()).toBe(true);
    expect(await page.getByText(title, { exact: true }).isVisible()).toBe(true);
    await context.close();
  }, 30_000);

  test('the generator has its own address: Back returns to the posts, Forward reopens it, a reload keeps it, Close goes back', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/blog`, PHONE);
    const card = page.locator('article').nth(2);
    const title = await card.getByRole('heading').innerText();
    const button = card.getByRole('button', { name: 'Generate Stories' });
    await button.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const guid = (await button.getAttribute('data-generate'))!;
    await button.click();
    await page.getByText('Selected Blog Post').waitFor();
    expect(page.url()).toBe(`${server.url}/blog?generate=${encodeURIComponent(guid)}`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Social Story Generator');

    // Back: the posts, where the visitor was, focus on the post's button.
    await page.goBack();
    await page.locator('article').nth(5).waitFor();
    expect(page.url()).toBe(`${server.url}/blog`);
    expect(await page.getByText('Selected Blog Post').count()).toBe(0);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(5);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-generate'))).toBe(guid);

    // Forward: the generator again, with the same post.
    await page.goForward();
    await page.getByText('Selected Blog Post').waitFor();
    expect(await page.getByText(title, { exact: true }).isVisible()).toBe(true);

    // A reload keeps it: the server renders the generator with the post, and it works at once.
    const reloaded = page.waitForResponse((r) => r.request().resourceType() === 'document');
    await page.reload();
    const html = await (await reloaded).text();
    expect(html).toContain('Selected Blog Post');
    expect(html).toContain(title.replace(/&/g, '&amp;'));
    await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
    await page.getByRole('button', { name: 'Generate All' }).click();
    await expectToast(page, 'Stories Generated!');
    expect(await page.locator('article[data-platform]').count()).toBe(4);

    // Close is Back to the posts (the entry before this one).
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${server.url}/blog`);
    await page.locator('article').nth(5).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('a shared generator link opens on the post; Close shows the posts in its place; an unknown post shows the posts', async () => {
    const guid = 'northline-blog-2025-09-contractor-reviews';
    const { page, problems, context } = await openPage(browser, `${server.url}/blog?generate=${guid}`, DESKTOP);
    expect(await page.getByText('Five Reviews a Month: A Simple System for Contractors', { exact: true }).isVisible()).toBe(true);
    // Opened on the generator, the page stays at its top with focus where the browser put it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('article').nth(5).waitFor();
    expect(page.url()).toBe(`${server.url}/blog`);

    await page.goto(`${server.url}/blog?generate=no-such-post`);
    await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
    expect(await page.locator('article').count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByText('Selected Blog Post').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('Use Manual Input Instead clears the selected post only: the stories already written stay', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/blog`, PHONE);
    await page.locator('article').first().getByRole('button', { name: 'Generate Stories' }).click();
    await page.getByRole('button', { name: 'Generate All' }).click();
    await expectToast(page, 'Stories Generated!');
    const stories = page.locator('article[data-platform]');
    expect(await stories.count()).toBe(4);
    const written = await stories.allInnerTexts();

    await page.getByRole('button', { name: 'Use Manual Input Instead' }).click();
    expect(await page.getByText('Selected Blog Post').count()).toBe(0);
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Content/).isVisible()).toBe(true);
    expect(await stories.allInnerTexts()).toEqual(written);
    expect(await page.getByRole('button', { name: 'Export All' }).isVisible()).toBe(true);
    // The address says manual input: a reload opens the generator without a post.
    expect(page.url()).toBe(`${server.url}/blog?generate=`);
    await page.reload();
    await page.getByText('Your Content').waitFor();
    expect(await page.getByText('Selected Blog Post').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});

describe('story generator, manual input', () => {
  test("empty input shows 'Missing Content' and sends nothing; filled input generates, quick generate replaces one story", async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/social-generator`, PHONE, { permissions: CLIPBOARD });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/social-stories/')) calls.push(r.url());
    });
    await page.getByRole('button', { name: 'Generate All' }).click();
    await expectToast(page, 'Missing Content');
    expect(await toastText(page)).toContain('Please provide both title and content.');
    await page.getByLabel(/^Title/).fill('Only a title');
    await page.getByRole('button', { name: 'Quick generate Twitter' }).click();
    await expectToast(page, 'Missing Content');
    expect(calls).toEqual([]);
    expect(await page.getByRole('button', { name: 'Export All' }).count()).toBe(0);

    await page.getByLabel(/^Title/).fill('Spring cleaning leads for Toronto cleaners');
    await page
      .getByLabel(/^Content/)
      .fill(
        'May is moving season in Toronto. Cleaning companies that publish move-out packages in April book the most jobs. Put the price range on the page and answer every enquiry within the hour.',
      );
    await page.getByLabel(/^Link/).fill('https://northlinedigital.ca/blog/spring-cleaning-leads');
    await page.getByRole('button', { name: 'Generate All' }).click();
    await expectToast(page, 'Stories Generated!');
    expect(await page.locator('article[data-platform]').count()).toBe(4);

    const quick = page.waitForResponse((r) => r.url().endsWith('/api/social-stories/quick-generate'));
    await page.getByRole('button', { name: 'Quick generate LinkedIn' }).click();
    expect((await (await quick).json()).platform).toBe('linkedin');
    await expectToast(page, 'Story Generated!');
    expect(await page.locator('article[data-platform]').count()).toBe(4);
    expect(await page.locator('article[data-platform="linkedin"]').innerText()).toContain('utm_source=linkedin');
    expect(calls).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('each missing field shows the API’s own message under it (the first one focused), and a fix clears it as it is typed', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/social-generator`, PHONE);
    // What the API answers for the same empty input: the island checks with the same schema.
    const api = await page.request.post(`${server.url}/api/social-stories/generate`, { data: { title: '', content: '', link: 'ftp://x' } });
    const { fields } = (await api.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({ title: 'Title is required', content: 'Content is required', link: 'Link must be an http:// or https:// address' });

    await page.getByLabel(/^Link/).fill('ftp://x');
    await page.getByRole('button', { name: 'Generate All' }).click();
    await expectToast(page, 'Missing Content');
    for (const [label, name] of [
      [/^Title/, 'title'],
      [/^Content/, 'content'],
      [/^Link/, 'link'],
    ] as const) {
      const field = page.getByLabel(label);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(fields[name]);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');

    await page.getByLabel(/^Title/).fill('Spring leads');
    await page.getByText('Title is required').waitFor({ state: 'detached' });
    expect(await page.getByLabel(/^Title/).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText('Content is required').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('on a phone, Generate All brings the first story into view and focus (a quick story too); on a desktop, where it shows, focus moves and nothing scrolls', async () => {
    const fill = async (page: Page) => {
      await page.getByLabel(/^Title/).fill('Spring cleaning leads for Toronto cleaners');
      await page.getByLabel(/^Content/).fill('May is moving season in Toronto. Cleaning companies that publish move-out packages in April book the most jobs.');
    };
    const firstStoryOnScreen = (page: Page) =>
      page.waitForFunction(() => {
        const card = document.querySelector('article[data-platform]');
        const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
        const top = card?.getBoundingClientRect().top ?? -1;
        return top >= header - 1 && top < window.innerHeight - 48;
      });
    const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-platform'));

    const phone = await openPage(browser, `${server.url}/social-generator`, PHONE);
    await fill(phone.page);
    await phone.page.getByRole('button', { name: 'Generate All' }).click();
    await expectToast(phone.page, 'Stories Generated!');
    // Below the inputs and Quick Generate, off screen until brought up.
    await firstStoryOnScreen(phone.page);
    expect(await focused(phone.page)).toBe('instagram');
    // A quick story is brought into view and focused too (its button was disabled while it worked).
    await phone.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await phone.page.getByRole('button', { name: 'Quick generate Twitter' }).click();
    await expectToast(phone.page, 'Story Generated!');
    await phone.page.waitForFunction(() => {
      const top = document.querySelector('article[data-platform="twitter"]')!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight;
    });
    expect(await focused(phone.page)).toBe('twitter');
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const desktop = await openPage(browser, `${server.url}/social-generator`, DESKTOP);
    await fill(desktop.page);
    const generateAll = desktop.page.getByRole('button', { name: 'Generate All' });
    await generateAll.scrollIntoViewIfNeeded();
    const scrollY = await desktop.page.evaluate(() => window.scrollY);
    await generateAll.click();
    await expectToast(desktop.page, 'Stories Generated!');
    await desktop.page.waitForFunction(() => document.activeElement?.getAttribute('data-platform') === 'instagram');
    expect(await desktop.page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(desktop.problems).toEqual([]);
    await desktop.context.close();
  }, 30_000);

  test('a link that is not http(s) is named under the field and nothing is sent', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/social-generator`, DESKTOP);
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/social-stories/')) calls += 1;
    });
    await page.getByLabel(/^Title/).fill('A title');
    await page.getByLabel(/^Content/).fill('Some content for the post.');
    await page.getByLabel(/^Link/).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Generate All' }).click();
    await page.getByText('Link must be an http:// or https:// address').waitFor();
    expect(calls).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});
