import { expect, setDefaultTimeout, test } from 'bun:test';
import { islandNames } from '../../client/islands/registry.ts';
import { pagePaths } from '../../site/app.ts';
import { testApp } from '../helpers/app.ts';
import { gzipBytes, islandsOn, routeJs } from '../helpers/route-js.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// What a route ships stays within 100 KB of gzip JS (issue 18), both with the page and counting every
// island on it a visitor could wake (each hydrates in idle time after load) with the code those load
// when asked (the blog's story generator). From the build's own .gz
// files: deterministic, not timed. The figures per route: `bun run bench:js`.
const BUDGET = 100 * 1024;

test.each(pagePaths.map((p) => [p]))('%s stays within the JS budget', async (path) => {
  const { request, deps } = await testApp();
  const { atLoad, all } = await routeJs(await (await request(path)).text(), deps.assets);
  expect(atLoad.has(deps.assets.loader)).toBe(true);
  expect(gzipBytes(atLoad)).toBeLessThanOrEqual(BUDGET);
  expect(gzipBytes(all)).toBeLessThanOrEqual(BUDGET);
});

test('the build has a bundle for each island of client/islands/registry.ts, and no other', async () => {
  const { deps } = await testApp();
  expect(Object.keys(deps.assets.islands).sort()).toEqual([...islandNames].sort());
});

test('a page without islands loads only the island loader (the header menu is a native popover): no React until an island needs it', async () => {
  const { request, deps } = await testApp();
  const html = await (await request('/q4-intake/thank-you')).text();
  expect(islandsOn(html)).toEqual([]);
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([deps.assets.loader]);
  expect(preloads).toEqual([]);
  expect(gzipBytes(scripts)).toBeLessThan(3 * 1024);
});

test('a page naming an island the registry does not list fails, rather than counting nothing for it', () => {
  expect(() => islandsOn('<div data-island="HeaderMenu" data-island-id="i1"></div>')).toThrow(
    'The page places an island client/islands/registry.ts does not list: HeaderMenu',
  );
});
