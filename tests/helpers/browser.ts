import { afterAll, beforeAll } from 'bun:test';
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type RunningServer, startServer } from './server.ts';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A regular desktop Chrome user agent. Headless Chromium announces itself as "HeadlessChrome", which
 * isbot counts as a crawler (no visitor cookie, no A/B assignment stored); pass this to act as a visitor.
 */
export const VISITOR_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The tests drive Debian's Chromium as its headless shell (the chromium-headless-shell package: the same
 * Blink without the browser's own interface, as Playwright's headless default is): the full browser in
 * headless mode spent more CPU on its own process and its interface's WebUI renderer than on the pages
 * (q4-intake and layout: 70 CPU-s against 32), and the suite is bound by this machine's two cores.
 * The benches that measure what a visitor feels (bench/interaction.ts, Lighthouse) drive the full browser.
 */
const TEST_CHROME = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? TEST_CHROME, args: CHROME_FLAGS, headless: true });
}

/**
 * Opens a page and records every console error, page error and React hydration warning; a browser
 * test ends with `expect(problems).toEqual([])`. Waits until every island on the page has hydrated.
 * `hasTouch` and `isMobile` make the context a touch phone (taps, the mobile viewport rules); `cookies`
 * are the site's cookies the browser already holds (a returning visitor).
 */
export async function openPage(
  browser: Browser,
  url: string,
  viewport = DESKTOP,
  options: { permissions?: string[]; userAgent?: string; hasTouch?: boolean; isMobile?: boolean; cookies?: Record<string, string> } = {},
) {
  const { permissions, userAgent, hasTouch, isMobile, cookies = {} } = options;
  const context = await browser.newContext({ viewport, permissions, userAgent, hasTouch, isMobile });
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url })));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    // A 404 page's own document status is reported as a failed resource; that one is expected.
    if (/Failed to load resource.*404/.test(text) && msg.location().url === page.url() && page.url() === url) return;
    if (msg.type() === 'error' || /hydrat/i.test(text)) problems.push(`console.${msg.type()}: ${text} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto(url);
  await waitForIslands(page);
  return { page, context, problems };
}

export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForSelector('html[data-islands-ready]', { state: 'attached', timeout: 15_000 });
}

/**
 * Brings an island into view, as a visitor scrolling to it would, and waits until it has hydrated (in
 * idle time after load, or at once if touched).
 */
export async function hydrateIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`).first();
  await island.scrollIntoViewIfNeeded();
  await page.waitForSelector(`[data-island="${name}"][data-hydrated]`, { state: 'attached', timeout: 15_000 });
}

/**
 * For a browser test file: starts a real server (with `env`) and a browser before its tests and stops
 * both after them. Read `ctx.server` and `ctx.browser` inside the tests.
 */
export function serverAndBrowser(env: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const ctx = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [ctx.server, ctx.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}
