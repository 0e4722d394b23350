import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RouteFile, readRoutes } from '../../server/routing.ts';
import { writeRouteList } from '../../site/route-list.ts';
import { testApp } from '../helpers/app.ts';

setDefaultTimeout(60_000);

// Adding a page is adding one file: a copy of routes/ with routes/q4-intake/example.tsx added, put
// through the same generator `bun start`, `bun run build` and `bun test` run, gives a site that serves
// it at /q4-intake/example, lists it in the sitemap and keeps it by its own cache rule, with every other
// page as before. (The copy sits beside routes/, so the files' relative imports reach the same code.)

const ROOT = join(import.meta.dir, '../..');
const copy = join(ROOT, `.routes-test-${process.pid}`);
const list = join(ROOT, `.routes-test-${process.pid}-list`);

const EXAMPLE = `import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

export default definePage({
  meta: { title: 'An example | Northline Digital', description: 'A page that is one file.', path: '/q4-intake/example' },
  cache: sameForEveryone,
  Component: () => <h1>An example page</h1>,
});
`;

let routeFiles: readonly RouteFile[];

beforeAll(async () => {
  await cp(join(ROOT, 'routes'), copy, { recursive: true });
  await writeFile(join(copy, 'q4-intake/example.tsx'), EXAMPLE);
  await mkdir(list, { recursive: true });
  expect(await writeRouteList({ routesDir: copy, outFile: join(list, 'routes.generated.ts') })).toBe(true);
  ({ routeFiles } = await import(join(list, 'routes.generated.ts')));
});
afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
  await rm(list, { recursive: true, force: true });
});

describe('a page added as one file in routes/', () => {
  test('is served at its address, listed in the sitemap and kept by its own rule; the other pages are unchanged', async () => {
    const routes = readRoutes(routeFiles);
    expect(routes.pagePaths).toContain('/q4-intake/example');
    const t = await testApp({}, {}, { routes });

    const page = await t.request('/q4-intake/example');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>An example page</h1>');
    expect(html).toContain('<title>An example | Northline Digital</title>');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    // Kept: the second request is answered by the fast lane, before routing.
    const laneHits = t.deps.pageCache.stats.laneHits;
    expect(await (await t.request('/q4-intake/example')).text()).toBe(html);
    expect(t.deps.pageCache.stats.laneHits).toBe(laneHits + 1);
    // A page's address answers GET and HEAD only, as every page does.
    const post = await t.request('/q4-intake/example', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');

    expect(await (await t.request('/sitemap.xml')).text()).toContain('<loc>http://localhost:3000/q4-intake/example</loc>');
    for (const path of ['/q4-intake', '/q4-intake/thank-you', '/services/seo-services']) expect((await t.request(path)).status, path).toBe(200);
  });

  test('without the file, the same address is the 404 page', async () => {
    const t = await testApp();
    expect((await t.request('/q4-intake/example')).status).toBe(404);
  });
});
