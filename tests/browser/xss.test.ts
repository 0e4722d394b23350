import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { type FakeFeedServer, startFakeFeedServer } from '../fixtures/fake-feed-server.ts';
import { DESKTOP, hydrateIsland, launchBrowser, openPage, VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Hostile feed items and hostile form values, rendered where the site shows them: no script runs, no
// CSP violation is reported, the payloads read as text, and every inline JSON parses with no raw '<'.

let feed: FakeFeedServer;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  feed = startFakeFeedServer();
  [server, browser] = await Promise.all([startServer({ RSS_FEED_URL: `${feed.url}/hostile.xml` }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  feed?.stop();
});

/** Records dialogs and CSP violations from before the first script runs. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return { dialogs, violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations) };
}

async function expectInlineJsonSafe(page: Page) {
  const html = await page.content();
  const raw = await (await fetch(page.url())).text();
  for (const m of raw.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    expect(m[1]).not.toContain('<');
    JSON.parse(m[1]);
  }
  const props = await page.$$eval('[data-props]', (els) => els.map((el) => el.getAttribute('data-props') ?? ''));
  for (const p of props) JSON.parse(p);
  for (const m of raw.matchAll(/data-props="([^"]*)"/g)) expect(m[1]).not.toContain('<');
  return html;
}

test('the blog shows a hostile feed as text', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, userAgent: VISITOR_USER_AGENT });
  const page = await context.newPage();
  const { dialogs, violations } = await watch(page);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${server.url}/blog`);
  await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
  // Tags in feed text are stripped (spec); text that merely reads like markup stays visible as text.
  expect(await page.getByText('Tips for owners').first().isVisible()).toBe(true);
  expect(await page.getByText('Closing </script> tag in a title').first().isVisible()).toBe(true);
  expect(await page.getByText('Escaped <b> markup').first().isVisible()).toBe(true);
  expect(await page.locator('main script').count()).toBe(0);
  expect(await page.locator('main iframe').count()).toBe(0);
  expect(await page.locator('[onclick], [onerror]').count()).toBe(0);
  const hrefs = await page.$$eval('main a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => /^\s*(javascript|data):/i.test(h))).toEqual([]);
  const srcs = await page.$$eval('main img[src]', (imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
  expect(srcs.filter((s) => /^\s*(javascript|data):/i.test(s))).toEqual([]);
  await expectInlineJsonSafe(page);

  // Generate stories from the hostile post: the generated text is shown as text too.
  await page.locator('[data-generate="fake-hostile-1"]').click();
  await page.getByText('Selected Blog Post').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Generate All' }).click();
  await page.getByText('Stories Generated!').waitFor({ state: 'visible' });
  expect(await page.locator('main script').count()).toBe(0);

  expect(dialogs).toEqual([]);
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the story generator shows hostile manual input as text', async () => {
  const { page, problems, context } = await openPage(browser, `${server.url}/social-generator`, DESKTOP, { userAgent: VISITOR_USER_AGENT });
  const { dialogs, violations } = await watch(page);
  await page.reload();
  await hydrateIsland(page, 'StoryGenerator');
  const payload = '</script><img src=x onerror=alert(1)>"><svg onload=alert(2)>';
  await page.getByRole('textbox', { name: 'Title' }).fill(`Hostile ${payload}`);
  await page.getByRole('textbox', { name: 'Content' }).fill(`Body ${payload} ${'words '.repeat(30)}`);
  await page.getByRole('button', { name: 'Generate All' }).click();
  await page.getByText('Stories Generated!').waitFor({ state: 'visible' });
  // The writers strip tags from what they are given; what is left shows as plain text.
  expect(await page.locator('article[data-platform="linkedin"]').getByText('Hostile ">').first().isVisible()).toBe(true);
  expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
