import type { FC } from 'react';
import { chooseEncoding, etagFor, type CachedPage } from '../lib/html-cache.ts';
import type { PageMeta } from '../lib/page-meta.ts';
import type { AppContext } from './app-env.ts';

declare module '@hono/react-renderer' {
  interface Props {
    meta: PageMeta;
  }
}

export type CachePolicy = { key: string; ttlMs: number };

/**
 * A page: its meta (fixed, or from its data), an optional loader that runs before render, and a
 * component that is a pure function of the loaded data.
 *
 * Caching: a page without a loader renders once and is served from memory until the process ends
 * (a new build is a new process). A page with a loader is cached only if it declares `cache`, which
 * names what the HTML varies by (e.g. the A/B variants) and for how long; null skips the cache.
 * The loader still runs on every request, so per-visitor work (cookies, assignments) still happens.
 */
export type PageDefinition<D extends object> = {
  meta: PageMeta | ((data: D) => PageMeta);
  load?: (c: AppContext) => Promise<D> | D;
  Component: FC<D>;
  cache?: (data: D) => CachePolicy | null;
};

export function definePage<D extends object = Record<string, never>>(page: PageDefinition<D>): PageDefinition<D> {
  return page;
}

/** Cache a page until the process ends (its HTML depends only on config and code). */
export const FOREVER: CachePolicy = { key: '', ttlMs: Number.POSITIVE_INFINITY };

export function pageHandler<D extends object>(page: PageDefinition<D>, { path, status = 200 }: { path: string; status?: 200 | 404 }) {
  return async (c: AppContext) => {
    const data = page.load ? await page.load(c) : ({} as D);
    const policy = page.cache ? page.cache(data) : page.load ? null : FOREVER;
    const render = async () => {
      const meta = typeof page.meta === 'function' ? page.meta(data) : page.meta;
      c.status(status);
      return c.render(<page.Component {...data} />, { meta });
    };
    const { htmlCache, now = () => new Date() } = c.var.deps;
    if (!policy || !htmlCache) return render();

    const key = `${path}|${policy.key}`;
    const time = now().getTime();
    const cached = htmlCache.get(key, time) ?? htmlCache.put(key, await (await render()).text(), status, policy.ttlMs, time);
    return sendCached(c, cached);
  };
}

function sendCached(c: AppContext, page: CachedPage) {
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  const etag = etagFor(page, encoding);
  c.header('ETag', etag);
  c.header('Vary', 'Accept-Encoding');
  c.header('Cache-Control', 'no-cache');
  if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  if (encoding !== 'identity') c.header('Content-Encoding', encoding);
  return c.body(page.bodies[encoding], page.status as 200);
}
