import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { DatabaseUnavailable, isConnectionError, isRetryableDatabaseError } from '../../db/errors.ts';
import type { AppContext, AppEnv } from '../deps.ts';
import { renderPage } from '../page.tsx';
import { isPageStatus, type PageStatus, statusCopy, statusPage } from '../status-pages.tsx';

// Every answer that is not what was asked for: pages (HTML) get an error page, APIs get JSON, and
// neither ever shows a stack trace.

/** JSON APIs: the site's, and the back office's (under /admin/api/). */
const isApi = (path: string) => path.startsWith('/api/') || path.startsWith('/admin/api/');
const RETRY_AFTER_SECONDS = '5';

/** The kept HTML page for `status` (page cache: one copy per status), with this response's own headers. */
export function answerStatusPage(c: AppContext, status: PageStatus, headers?: Record<string, string>): Promise<Response> {
  const make = async () => (await renderPage(c, statusPage, statusCopy[status], status)).text();
  const { pageCache } = c.get('deps');
  if (pageCache) return pageCache.answerStatus(c.req.raw, status, make, headers);
  return make().then((html) => c.html(html, status, headers));
}

/**
 * HTTP exceptions keep their own status (400, 401, 403, 413, 415, 429, 504 ...); a database that is
 * unreachable, missed the deadline or gave up on a statement (a timeout, a lock, a deadlock) is 503 with Retry-After; anything else is a generic 500 whose body names only the request id.
 * Stacks go to the log, never to the client.
 */
export const onError: ErrorHandler<AppEnv> = async (err, c) => {
  const requestId = c.get('requestId');
  const api = isApi(c.req.path);
  const { log } = c.get('deps');
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    // Only the headers that say what to do next (WWW-Authenticate, Retry-After): the body is ours.
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !/^content-/i.test(name)));
    if (api) return c.json({ error: err.message || res.statusText || 'Request failed' }, err.status, headers);
    return isPageStatus(err.status) ? answerStatusPage(c, err.status, headers) : res;
  }
  if (err instanceof DatabaseUnavailable || isConnectionError(err) || isRetryableDatabaseError(err)) {
    log.warn('database unavailable', {
      requestId,
      route: c.req.routePath,
      error: err instanceof DatabaseUnavailable ? 'deadline' : String((err as { code?: unknown }).code),
    });
    if (!api) return answerStatusPage(c, 503, { 'Retry-After': RETRY_AFTER_SECONDS });
    c.header('Retry-After', RETRY_AFTER_SECONDS);
    return c.json({ error: 'Service temporarily unavailable, please try again shortly', requestId }, 503);
  }
  log.error('request failed', {
    requestId,
    method: c.req.method,
    route: c.req.routePath,
    error: String((err as Error)?.name ?? 'Error'),
    stack: (err as Error)?.stack,
  });
  return api
    ? c.json({ error: 'Internal Server Error', requestId }, 500)
    : c.html(
        `<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>Please try again in a moment. Reference: ${requestId}</p></body></html>`,
        500,
      );
};

/**
 * The app's own route table, asked two things: the methods a path answers (what a 405's Allow header
 * lists) and, on the fast lane's every 404, only whether any route matches it.
 */
export type RouteTable = { allowedMethods(path: string): string[]; isRouted(path: string): boolean };

export function routeTableOf(routes: readonly { method: string; path: string }[]): RouteTable {
  const router = new RegExpRouter<string>();
  for (const { method, path } of routes) if (method !== 'ALL') router.add('ALL', path, method);
  return {
    allowedMethods(path) {
      const methods = new Set(router.match('GET', path)[0].map(([method]) => method));
      // Hono answers HEAD with the GET handler.
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods];
    },
    isRouted: (path) => router.match('GET', path)[0].length > 0,
  };
}

/**
 * No handler answered: a known route asked with another method is 405 with Allow (a form posted to a
 * page changes nothing and is never kept); anything else is 404 — the 404 page, or JSON under /api/.
 */
export function notFound({ allowedMethods }: RouteTable): NotFoundHandler<AppEnv> {
  return (c) => {
    const path = c.req.path;
    const allowed = allowedMethods(path);
    // A handler of this very method may also call notFound() (a missing static file): that is a 404.
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      const headers = { Allow: allowed.join(', '), 'Cache-Control': 'no-store' };
      if (isApi(path)) return c.json({ error: `Method Not Allowed: use ${allowed.join(' or ')}` }, 405, headers);
      return answerStatusPage(c, 405, headers);
    }
    if (isApi(path)) return c.json({ error: 'Not Found' }, 404);
    if (path.startsWith('/static/')) return c.text('Not Found', 404);
    return answerStatusPage(c, 404);
  };
}

/** Whether GET of `path` gets the 404 page: no route of any method matches it, and it is not an API or a file. */
export const getsNotFoundPage =
  ({ isRouted }: RouteTable) =>
  (path: string) =>
    !isApi(path) && !path.startsWith('/static/') && !isRouted(path);
