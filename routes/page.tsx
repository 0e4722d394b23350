import type { FC } from 'react';
import type { PageMeta } from '../lib/page-meta.ts';
import { type BodyType, cachedResponse } from '../lib/response-cache.ts';
import type { AppContext, AppDeps } from './app-env.ts';
import { renderer } from './renderer.tsx';

declare module '@hono/react-renderer' {
  interface Props {
    meta: PageMeta;
  }
}

/**
 * What a page's HTML varies by (`key`) and how long it stays; `sameForEveryone` says every request for
 * the same address (path and query) gets it, so later ones are answered before routing (fast-lane.ts).
 */
export type CachePolicy = { key: string; ttlMs: number; sameForEveryone?: boolean };

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
  /**
   * The cache key of this request's page when it can be known from memory alone, with nothing to
   * read, write or set (a returning visitor whose assignments are remembered); undefined sends the
   * request through the app. Lets the fast lane answer pages that vary per visitor.
   */
  keyFromMemory?: (request: Request, deps: AppDeps, now: number) => string | undefined;
};

export function definePage<D extends object = Record<string, never>>(page: PageDefinition<D>): PageDefinition<D> {
  return page;
}

/** Cache a page until the process ends (its HTML depends only on config and code). */
export const FOREVER: CachePolicy = { key: '', ttlMs: Number.POSITIVE_INFINITY, sameForEveryone: true };

export function pageHandler<D extends object>(page: PageDefinition<D>, { path, status = 200 }: { path: string; status?: 200 | 404 }) {
  return async (c: AppContext) => {
    const data = page.load ? await page.load(c) : ({} as D);
    const policy = page.cache ? page.cache(data) : page.load ? null : FOREVER;
    const render = async () => {
      const meta = typeof page.meta === 'function' ? page.meta(data) : page.meta;
      c.status(status);
      // Installed only when a page really renders: cached answers need no renderer.
      await renderer(c, async () => {});
      return c.render(<page.Component {...data} />, { meta });
    };
    if (!policy || !c.get('deps').responseCache) return render();

    return answerFromCache(c, {
      key: pageCacheKey(path, policy.key),
      ttlMs: policy.ttlMs,
      status,
      make: async () => (await render()).text(),
      shareAs: policy.sameForEveryone ? (status === 404 ? '(not found)' : c.req.routePath) : undefined,
      // A plain Response skips Hono's prepared headers; the only one a page sets is a new visitor's cookie.
      cookie: c.get('visitor')?.cookie,
    });
  };
}

/**
 * Answers from the response cache: the entry under `key`, made (once) by `make` when missing or expired;
 * with `shareAs` (the route its log lines name) every later request for this address gets it from the
 * fast lane until it expires. The bytes in the encoding the client accepts, or a 304.
 */
export async function answerFromCache(
  c: AppContext,
  {
    key,
    ttlMs,
    status = 200,
    make,
    shareAs,
    bodyType,
    cookie,
  }: { key: string; ttlMs: number; status?: number; make: () => string | Promise<string>; shareAs?: string; bodyType?: BodyType; cookie?: string },
): Promise<Response> {
  const { responseCache, now } = c.get('deps');
  const time = now ? now().getTime() : Date.now();
  const cached = responseCache!.get(key, time) ?? responseCache!.put(key, await make(), status, ttlMs, time, bodyType);
  if (shareAs !== undefined) responseCache!.share(addressOf(c.req.raw), { page: cached, route: shareAs }, time);
  return cachedResponse(cached, { acceptEncoding: c.req.header('accept-encoding'), ifNoneMatch: c.req.header('if-none-match'), cookie });
}

/** A request's path and query: what a shared page is remembered by. */
export function addressOf(request: Request): string {
  const url = request.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/** Where a page's HTML is kept: its path and what the HTML varies by. */
export const pageCacheKey = (path: string, key: string) => `${path}|${key}`;
