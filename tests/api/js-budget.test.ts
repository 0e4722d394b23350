import { expect, setDefaultTimeout, test } from 'bun:test';
import { pagePaths } from '../../server/app.ts';
import { testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Issue 7's budget, from the build's own .gz files (deterministic, not timed). What loads with the
// page stays within 100 KB of gzip JS. Counting the islands a page loads on demand too (and the code
// they import when asked, such as the blog's story generator), the form pages carried react-hook-form
// (~13 KB; every form has since dropped it) and zod/mini (~7 KB) on top of React's ~67 KB, so the cap for that
// total has grown with the forms: 110 KB until they learned one website rule (lib/web-address.ts:
// / 109.9 KB before, 110.06 KB after); the audit's marketing consent in the CASL wording and its fine
// print, and sentences that follow every answer, brought / to about 111.5 KB; and issue 19 put the audit
// on the guide beside its glossary (whose island carries the 96 terms, ~9 KB): the guide measured
// 118.5 KB, so the cap is 120 KB. What loads with the page is unchanged: the audit's code still arrives
// only when the form nears the screen. The measured figures per route are in bench/results/latest.md.
const PAGE_LOAD_BUDGET = 100 * 1024;
const WITH_ON_DEMAND_BUDGET = 120 * 1024;

/** The files with every chunk they import, statically or when asked (`import("./chunk-….js")`), read from the build. */
async function withImports(files: Iterable<string>): Promise<Set<string>> {
  const found = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const code = await Bun.file(`static${file.slice('/static'.length)}`).text();
    for (const m of code.matchAll(/(?:from|import\()\s*"\.\/([\w-]+\.js)"/g)) pending.push(`/static/build/${m[1]}`);
  }
  return found;
}

const gzipBytes = (files: Iterable<string>) => {
  let total = 0;
  for (const file of files) total += Bun.file(`static${file.slice('/static'.length)}.gz`).size;
  return total;
};

test.each(pagePaths.map((p) => [p]))('%s stays within the JS budget', async (path) => {
  const { request, deps } = await testApp();
  const html = await (await request(path)).text();
  const withPage = new Set<string>();
  for (const m of html.matchAll(/<script type="module" src="([^"]+)"/g)) withPage.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) withPage.add(m[1]);
  const all = new Set(withPage);
  for (const m of html.matchAll(/data-island="([^"]+)"/g)) {
    const island = deps.assets.islands[m[1]];
    all.add(island.file);
    for (const chunk of island.imports) all.add(chunk);
  }
  expect(withPage.has(deps.assets.loader)).toBe(true);
  expect(gzipBytes(withPage)).toBeLessThanOrEqual(PAGE_LOAD_BUDGET);
  expect(gzipBytes(await withImports(all))).toBeLessThanOrEqual(WITH_ON_DEMAND_BUDGET);
});

test('a page with only the header island loads only the island loader: no React until a visitor touches the menu', async () => {
  const { request, deps } = await testApp();
  const html = await (await request('/q4-intake/thank-you')).text();
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([deps.assets.loader]);
  expect(preloads).toEqual([]);
  expect(gzipBytes(scripts)).toBeLessThan(3 * 1024);
});
