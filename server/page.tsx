import type { MiddlewareHandler } from 'hono';
import type { FC } from 'react';
import type { PageMeta } from '../lib/pages/meta.ts';
import type { AppContext, AppDeps, AppEnv } from './deps.ts';
import { type CacheRule, PRIVATE_CACHE_CONTROL } from './page-cache.ts';
import { renderer } from './renderer.tsx';
import { cookieForNewVisitor } from './visitor.ts';

declare module '@hono/react-renderer' {
  interface Props {
    meta: PageMeta;
  }
}

/** The values of a route's [segments], by name (routes/services/[slug].tsx: `{ slug }`). */
export type Params = Record<string, string>;

/** How a page's answers are kept (server/page-cache.ts): its `variantFromMemory` is handed the app's dependencies. */
export type PageCacheRule<D> = CacheRule<D, AppDeps>;

/**
 * A page: its meta (fixed, or from its data), an optional loader that runs before render (per-visitor
 * work such as cookies and A/B assignments happens there, on every request that reaches the app), a
 * component that is a pure function of the loaded data, and its policy: whether and how its HTML is
 * kept (`cache`), what runs before it (`middleware`), and, for a file with [segments] in its name, the
 * pages it makes (`paths`). The default export of a page file in routes/ (file = address: server/routing.ts).
 */
export type PageDefinition<D extends object, P extends Params = Params> = {
  meta: PageMeta | ((data: D) => PageMeta);
  /** The page's data; `params` are the values of the file's [segments] for this address. */
  load?: (c: AppContext, params: P) => Promise<D> | D;
  Component: FC<D>;
  /** The page cache's rule for this page; absent or null: never kept, rendered for every request. */
  cache?: PageCacheRule<D> | null;
  /** For a file with [segments] in its name: the params of every page it makes, each routed at its own address. */
  paths?: readonly P[];
  /** Run before the page at its address, for every method (who may see it, say). */
  middleware?: readonly MiddlewareHandler<AppEnv>[];
};

export function definePage<D extends object = Record<string, never>, P extends Params = Params>(page: PageDefinition<D, P>): PageDefinition<D, P> {
  return page;
}

/** Renders a page's component in the one Layout, with `status`. */
export async function renderPage<D extends object>(
  c: AppContext,
  page: Pick<PageDefinition<D>, 'meta' | 'Component'>,
  data: D,
  status = 200,
): Promise<Response> {
  const meta = typeof page.meta === 'function' ? page.meta(data) : page.meta;
  c.status(status as 200);
  // Installed only when a page really renders: kept answers need no renderer.
  await renderer(c, async () => {});
  return c.render(<page.Component {...data} />, { meta });
}

/** The handler of the page routed at `path` (with `params`): from the page cache when its rule allows, else rendered for this request. */
export function pageHandler<D extends object, P extends Params>(page: PageDefinition<D, P>, { path, params }: { path: string; params: P }) {
  const uncachedControl = page.cache?.audience === 'visitor' ? PRIVATE_CACHE_CONTROL : 'no-cache';
  return async (c: AppContext) => {
    const data = page.load ? await page.load(c, params) : ({} as D);
    const { pageCache } = c.get('deps');
    const keeping = pageCache.keepingFor(c.req.raw, path, data);
    if (keeping)
      // A plain Response skips Hono's prepared headers; the only one a page sets is a new visitor's cookie.
      return pageCache.answer(c.req.raw, path, keeping, async () => (await renderPage(c, page, data)).text(), cookieForNewVisitor(c));

    const response = await renderPage(c, page, data);
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', uncachedControl);
    return response;
  };
}
