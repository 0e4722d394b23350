import { expect, test } from 'bun:test';
import { pagePaths } from '../../server.ts';
import { testApp } from '../helpers/app.ts';

// Issue 7's budget: no route ships more than 100 KB of gzip JavaScript, counting the islands that load
// with the page and those it loads on demand. Sizes are the build's own .gz files: deterministic.
const BUDGET_BYTES = 100 * 1024;

test.each(pagePaths.map((p) => [p]))('%s ships at most 100 KB of gzip JS', async (path) => {
  const { request, deps } = await testApp();
  const html = await (await request(path)).text();
  const files = new Set<string>();
  for (const m of html.matchAll(/<script src="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/data-island="([^"]+)"/g)) {
    const island = deps.assets.islands[m[1]];
    files.add(island.file);
    for (const chunk of island.imports) files.add(chunk);
  }
  let total = 0;
  for (const file of files) total += Bun.file(`static${file.slice('/static'.length)}.gz`).size;
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('a page with only the header island ships only the header island and its chunks', async () => {
  const { request, deps } = await testApp();
  const html = await (await request('/q4-intake/thank-you')).text();
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([deps.assets.islands.HeaderMenu.file]);
  expect(preloads.sort()).toEqual([...deps.assets.islands.HeaderMenu.imports].sort());
});
