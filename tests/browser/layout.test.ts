import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { pagePaths } from '../../site/app.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

let server: RunningServer;
let browser: Browser;

/** Whether the browser tells assistive technology the element is expanded (its accessibility tree, over CDP); null when it says nothing. */
async function expandedState(page: Page, element: Locator): Promise<boolean | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await element.evaluate((el) => el.setAttribute('data-ax-probe', ''));
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-ax-probe]' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((p) => p.name === 'expanded');
    return expanded ? Boolean(expanded.value.value) : null;
  } finally {
    await element.evaluate((el) => el.removeAttribute('data-ax-probe'));
    await cdp.detach();
  }
}

/** Every page, and the blog opened on the story generator (a state of /blog with an address of its own). */
const addresses = [...pagePaths, '/blog?generate=northline-blog-2025-09-contractor-reviews'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('header menu', () => {
  test('on a phone the toggle opens the menu and choosing a link closes it; Escape and a tap outside close it, focus back on the toggle', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/services`, PHONE, { hasTouch: true, isMobile: true });
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menu = page.locator('nav[aria-label="Mobile"]');
    expect(await menu.isVisible()).toBe(false);
    // No island and no React: the menu is the browser's own popover.
    expect(await page.locator('[data-island]').count()).toBe(0);

    // Whether it is open is the browser's to say (a popover's invoker): no aria-expanded in the page.
    expect(await expandedState(page, toggle)).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBeNull();
    await toggle.tap();
    await menu.waitFor({ state: 'visible' });
    expect(await expandedState(page, toggle)).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual(['About', 'Services', 'Blog', 'Contact']);
    await toggle.tap();
    expect(await menu.isVisible()).toBe(false);
    expect(await expandedState(page, toggle)).toBe(false);

    // Escape closes it and focus goes back to the toggle; so does a tap outside.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('site-menu');
    await toggle.tap();
    await menu.waitFor({ state: 'visible' });
    await page.locator('h1').first().tap();
    expect(await menu.isVisible()).toBe(false);

    // Choosing Contact on the home page scrolls there and closes the menu.
    await page.goto(`${server.url}/`);
    await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.locator('nav[aria-label="Mobile"]').getByRole('link', { name: 'Contact' }).tap();
    expect(await page.locator('nav[aria-label="Mobile"]').isVisible()).toBe(false);
    await page.waitForFunction(() => location.hash === '#contact');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('with JavaScript turned off the menu still opens and closes', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/blog`);
    const menu = page.locator('nav[aria-label="Mobile"]');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await menu.waitFor({ state: 'visible' });
    expect(await menu.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/services');
    await page.getByRole('button', { name: 'Menu' }).tap();
    expect(await menu.isVisible()).toBe(false);
    await context.close();
  });

  test('on a desktop the links show inline and the toggle is hidden', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/`, DESKTOP);
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await main.isVisible()).toBe(true);
    expect(await main.getByRole('link').allTextContents()).toEqual(['About', 'Services', 'Blog', 'Contact']);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the 404 page reads Page Not Found and links home', async () => {
    const { page, problems, context } = await openPage(browser, `${server.url}/not-a-real-page`, PHONE);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

const TABLET = { width: 768, height: 1024 };

/** Where a page's content sits against the header's column (the logo's left edge and the column's edges). */
const columnOf = () => {
  const header = document.querySelector('header > div')!;
  const style = getComputedStyle(header);
  const box = header.getBoundingClientRect();
  const column = { left: Math.round(box.left + parseFloat(style.paddingLeft)), right: Math.round(box.right - parseFloat(style.paddingRight)) };
  const logo = Math.round(document.querySelector('header a[href="/"]')!.getBoundingClientRect().left);
  const content = [...document.querySelectorAll('main :is(h1, h2, h3, p, li, a, button, input, select, textarea, img, dt, dd, summary, label, table)')].filter(
    (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && !el.closest('[aria-hidden="true"]') && getComputedStyle(el).visibility === 'visible';
    },
  );
  const outside = content
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.left < column.left - 1 || r.right > column.right + 1)
    .map(({ el, r }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.left)}–${Math.round(r.right)}`);
  const lefts = content.map((el) => Math.round(el.getBoundingClientRect().left));
  return { logo, column, firstLeft: Math.min(...lefts), outside: outside.slice(0, 5) };
};

/** The rows of cards on a page that stop short of the end of their list. */
const shortRowsOf = () => {
  const looksLikeCard = (el: Element) => {
    const cs = getComputedStyle(el);
    return cs.borderTopWidth !== '0px' || cs.borderLeftWidth !== '0px' || cs.backgroundColor !== 'rgba(0, 0, 0, 0)' || cs.boxShadow !== 'none';
  };
  // A list item that only wraps a card (the blog's <li><article>) is that card.
  const isCard = (el: Element) => looksLikeCard(el) || (el.children.length === 1 && looksLikeCard(el.children[0]));
  const lists = [...document.querySelectorAll('main *')].filter((el) => {
    const cs = getComputedStyle(el);
    const columns = cs.display === 'grid' ? cs.gridTemplateColumns.split(' ').length : el.classList.contains('filled-rows') ? 2 : 1;
    const items = [...el.children].filter((c) => c.getBoundingClientRect().width > 0);
    return columns > 1 && items.length > 1 && items.every(isCard);
  });
  const problems: string[] = [];
  for (const list of lists) {
    const box = list.getBoundingClientRect();
    const end = box.right - parseFloat(getComputedStyle(list).paddingRight);
    const rows = new Map<number, number>();
    for (const item of list.children) {
      const r = item.getBoundingClientRect();
      if (r.width === 0) continue;
      rows.set(Math.round(r.top), Math.max(rows.get(Math.round(r.top)) ?? 0, r.right));
    }
    for (const [top, right] of rows)
      if (Math.abs(right - end) > 2)
        problems.push(
          `${list.tagName.toLowerCase()}.${[...list.classList].slice(0, 3).join('.')} row at ${top}: ends at ${Math.round(right)}, list at ${Math.round(end)}`,
        );
  }
  return problems;
};

/**
 * Every address (and the 404 page) at one viewport, each opened once for both sweeps below: a page load
 * and its islands cost a second of Chromium on a small machine, and both sweeps read the same pages.
 */
const sweeps = new Map<number, Promise<Map<string, { column: Awaited<ReturnType<typeof columnOf>>; shortRows: string[] }>>>();
function sweep(viewport: { width: number; height: number }) {
  let measured = sweeps.get(viewport.width);
  if (!measured) {
    measured = (async () => {
      const { page, context } = await openPage(browser, `${server.url}/`, viewport);
      const pages = new Map<string, { column: Awaited<ReturnType<typeof columnOf>>; shortRows: string[] }>();
      for (const path of [...addresses, '/not-a-real-page']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
        pages.set(path, { column: await page.evaluate(columnOf), shortRows: await page.evaluate(shortRowsOf) });
      }
      await context.close();
      return pages;
    })();
    sweeps.set(viewport.width, measured);
  }
  return measured;
}

describe('one content column', () => {
  for (const viewport of [PHONE, TABLET, DESKTOP]) {
    test(`at ${viewport.width} px every page's content starts where the header's logo does and never leaves that column`, async () => {
      const pages = await sweep(viewport);
      for (const path of [...addresses, '/not-a-real-page']) {
        const layout = pages.get(path)!.column;
        // The status page is one centred message: inside the column, starting nowhere in particular.
        const firstLeft = path === '/not-a-real-page' ? layout.firstLeft : layout.column.left;
        expect({ path, ...layout }).toEqual({ path, logo: layout.column.left, column: layout.column, firstLeft, outside: [] });
      }
    });
  }
});

describe('card grids fill their rows', () => {
  for (const viewport of [PHONE, TABLET, DESKTOP]) {
    test(`at ${viewport.width} px every row of cards on every page reaches the end of its list`, async () => {
      const pages = await sweep(viewport);
      for (const path of addresses) expect({ path, shortRows: pages.get(path)!.shortRows }).toEqual({ path, shortRows: [] });
    });
  }
});
