import { describe, expect, test } from 'bun:test';
import { fillPath, paramNames, routeEntries, routeEntryOf, routeListSource } from './route-files.ts';

describe('a file of routes/ is its address', () => {
  test.each([
    ['index.tsx', '/'],
    ['blog.tsx', '/blog'],
    ['q4-intake/index.tsx', '/q4-intake'],
    ['q4-intake/thank-you.tsx', '/q4-intake/thank-you'],
    ['q4-intake/example.tsx', '/q4-intake/example'],
    ['services/[slug].tsx', '/services/:slug'],
    ['admin/leads/[kind]/[id].tsx', '/admin/leads/:kind/:id'],
    ['api/rss-feed.ts', '/api/rss-feed'],
    ['admin/leads.csv.ts', '/admin/leads.csv'],
  ])('%s → %s', (file, path) => {
    expect(routeEntryOf(file)).toEqual({ file, path, kind: 'route' });
  });

  test('a _middleware.ts is its folder’s middleware', () => {
    expect(routeEntryOf('admin/_middleware.ts')).toEqual({ file: 'admin/_middleware.ts', path: '/admin', kind: 'middleware' });
    expect(routeEntryOf('_middleware.ts')).toEqual({ file: '_middleware.ts', path: '/', kind: 'middleware' });
  });

  test('private files and folders (a leading _), tests, declarations and other files are not routes', () => {
    for (const file of ['admin/_staff-pages.tsx', '_helpers/page.tsx', '_helpers/_middleware.ts', 'blog.test.ts', 'types.d.ts', 'notes.md', 'data.json'])
      expect(routeEntryOf(file), file).toBeNull();
  });

  test('a name that is neither plain nor a [param] is refused, naming the file', () => {
    for (const file of ['a b.tsx', 'services/[slug.tsx', 'x/:id.ts', 'p/%41.tsx']) expect(() => routeEntryOf(file), file).toThrow(`routes/${file}`);
  });
});

describe('the list', () => {
  test('middleware first (outer folders first), then routes with fixed segments before [params]', () => {
    const files = [
      'services/[slug].tsx',
      'services/index.tsx',
      'admin/leads/_middleware.ts',
      'admin/_middleware.ts',
      'index.tsx',
      'services/all.tsx',
      'about.tsx',
    ];
    expect(routeEntries(files).map((e) => `${e.kind} ${e.path}`)).toEqual([
      'middleware /admin',
      'middleware /admin/leads',
      'route /',
      'route /about',
      'route /services',
      'route /services/all',
      'route /services/:slug',
    ]);
  });

  test('two files answering one address are refused, naming both', () => {
    expect(() => routeEntries(['q4-intake.tsx', 'q4-intake/index.tsx'])).toThrow('routes/q4-intake.tsx and routes/q4-intake/index.tsx both answer /q4-intake');
    expect(() => routeEntries(['services/[slug].tsx', 'services/[id].ts'])).toThrow('both answer /services/:id');
  });

  test('the generated module imports each file once and lists it with its address', () => {
    const source = routeListSource(
      [
        { file: 'index.tsx', path: '/', kind: 'route', specifier: '../routes/index.tsx' },
        { file: 'admin/_middleware.ts', path: '/admin', kind: 'middleware', specifier: '../routes/admin/_middleware.ts' },
      ],
      { routing: '../server/routing.ts' },
    );
    expect(source).toContain("import type { RouteFile } from '../server/routing.ts';");
    expect(source).toContain("import * as route0 from '../routes/index.tsx';");
    expect(source).toContain("{ file: 'routes/admin/_middleware.ts', path: '/admin', kind: 'middleware', module: route1 },");
  });
});

describe('params', () => {
  test('a path’s params, and the path filled in', () => {
    expect(paramNames('/admin/leads/:kind/:id')).toEqual(['kind', 'id']);
    expect(paramNames('/services')).toEqual([]);
    expect(fillPath('/services/:slug', { slug: 'seo-services' })).toBe('/services/seo-services');
  });

  test('a missing param, or one that is not a plain name, is refused', () => {
    expect(() => fillPath('/services/:slug', {})).toThrow('the param slug');
    expect(() => fillPath('/services/:slug', { slug: 'a/b' })).toThrow('the param slug');
  });
});
