import { expect, test } from 'bun:test';
import { Hono } from 'hono';
import type { AppEnv } from './deps.ts';
import { definePage } from './page.tsx';
import { sameForEveryone } from './page-cache.ts';
import { readRoutes } from './routing.ts';

const Nothing = () => null;
const page = (extra: object = {}) => ({ default: definePage({ meta: { title: 't', description: 'd', path: '/' }, Component: Nothing, ...extra }) });

test('a page with [segments] is routed at the address of each of its paths, each kept by its rule and listed unless noindex', () => {
  const services = page({ paths: [{ slug: 'seo' }, { slug: 'ads' }], cache: sameForEveryone });
  const hidden = { default: definePage({ meta: { title: 't', description: 'd', path: '/', noindex: true }, Component: Nothing }) };
  const routes = readRoutes([
    { file: 'routes/services/[slug].tsx', path: '/services/:slug', kind: 'route', module: services },
    { file: 'routes/thanks.tsx', path: '/thanks', kind: 'route', module: hidden },
  ]);
  expect(routes.pagePaths).toEqual(['/services/seo', '/services/ads', '/thanks']);
  expect(routes.indexablePaths).toEqual(['/services/seo', '/services/ads']);
  expect(routes.cacheRules).toEqual([
    ['/services/seo', sameForEveryone],
    ['/services/ads', sameForEveryone],
  ]);
  expect(routes.routes.map((r) => ('page' in r ? r.params : null))).toEqual([{ slug: 'seo' }, { slug: 'ads' }, {}]);
});

test('an app is mounted at its address, with the cache rule its module exports', () => {
  const app = new Hono<AppEnv>();
  const routes = readRoutes([{ file: 'routes/api/feed.ts', path: '/api/feed', kind: 'route', module: { default: app, cache: sameForEveryone } }]);
  expect(routes.routes).toEqual([{ file: 'routes/api/feed.ts', path: '/api/feed', app }]);
  expect(routes.cacheRules).toEqual([['/api/feed', sameForEveryone]]);
  expect(routes.pagePaths).toEqual([]);
});

test('a file that is neither a page nor an app, a [segment] page without paths, and paths without [segments] are refused, naming the file', () => {
  expect(() => readRoutes([{ file: 'routes/x.ts', path: '/x', kind: 'route', module: { default: { hello: 1 } } }])).toThrow('routes/x.ts: its default export');
  expect(() => readRoutes([{ file: 'routes/x/_middleware.ts', path: '/x', kind: 'middleware', module: {} }])).toThrow('routes/x/_middleware.ts');
  expect(() => readRoutes([{ file: 'routes/s/[slug].tsx', path: '/s/:slug', kind: 'route', module: page() }])).toThrow('lists its params in `paths`');
  expect(() => readRoutes([{ file: 'routes/s.tsx', path: '/s', kind: 'route', module: page({ paths: [{ slug: 'a' }] }) }])).toThrow('routes/s.tsx: `paths`');
});
