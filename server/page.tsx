import type { FC } from 'react';
import type { PageMeta } from '../lib/pages/meta.ts';
import type { AppContext } from './deps.ts';
import { PageCache, PRIVATE_CACHE_CONTROL } from './page-cache.ts';
import { renderer } from './renderer.tsx';
import { cookieForNewVisitor } from './visitor.ts';

declare module '@hono/react-renderer' {
  interface Props {
    meta: PageMeta;
  }
}

/**
 * A page: its meta (fixed, or from its data), an optional loader that runs before render (per-visitor
 * work such as cookies and A/B assignments happens there, on every request that reaches the app), and a
 * component that is a pure function of the loaded data. Whether and how its HTML is kept is decided by
 * the page cache's table (page-cache.ts), by route.
 */
export type PageDefinition<D extends object> = {
  meta: PageMeta | ((data: D) => PageMeta);
  load?: (c: AppContext) => Promise<D> | D;
  Component: FC<D>;
};

export function definePage<D extends object = Record<string, never>>(page: PageDefinition<D>): PageDefinition<D> {
  return page;
}

/** Renders a page's component in the one Layout, with `status`. */
export async function renderPage<D extends object>(c: AppContext, page: PageDefinition<D>, data: D, status = 200): Promise<Response> {
  const meta = typeof page.meta === 'function' ? page.meta(data) : page.meta;
  c.status(status as 200);
  // Installed only when a page really renders: kept answers need no renderer.
  await renderer(c, async () => {});
  return c.render(<page.Component {...data} />, { meta });
}

/** The handler of the page routed at `path`: from the page cache when its table allows, else rendered for this request. */
export function pageHandler<D extends object>(page: PageDefinition<D>, { path }: { path: string }) {
  const rule = PageCache.ruleOf(path);
  return async (c: AppContext) => {
    const data = page.load ? await page.load(c) : ({} as D);
    const { pageCache } = c.get('deps');
    const keeping = pageCache.keepingFor(c.req.raw, path, data);
    if (keeping)
      // A plain Response skips Hono's prepared headers; the only one a page sets is a new visitor's cookie.
      return pageCache.answer(c.req.raw, path, keeping, async () => (await renderPage(c, page, data)).text(), cookieForNewVisitor(c));

    const response = await renderPage(c, page, data);
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', rule?.audience === 'visitor' ? PRIVATE_CACHE_CONTROL : 'no-cache');
    return response;
  };
}
