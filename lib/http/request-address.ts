import { getPath } from 'hono/utils/url';
import { memoizeByString } from './memo.ts';

// What a request is addressed to, read one way for routing and for the page cache, so that the cache
// can never hold one route's answer under another route's address.

/**
 * Whether Bun could read a host for the request: with no Host header, an empty one or an invalid one
 * (`Host: a/b`), `request.url` is the bare request target ("/x/admin/ab-tests"), with no scheme or host.
 */
export const hasValidHost = (url: string) => url.charCodeAt(0) !== 47; /* '/' */

/**
 * The path Hono routes a request by (percent-decoded as Hono decodes it, a trailing slash dropped), for
 * absolute URLs and for the bare targets of requests without a valid host alike: Hono's own reader
 * takes the first slash after the scheme, which in "/x/admin/ab-tests" is the one before "admin".
 */
export function routingPath(request: { url: string }): string {
  const path = hasValidHost(request.url) ? getPath(request as Request) : getPath({ url: `http://_${request.url}` } as Request);
  return path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.slice(0, -1) : path;
}

/**
 * The query of a request's URL as written, with its "?" ('' when it has none), for absolute URLs and bare
 * targets alike (`new URL()` throws on a bare target).
 */
export function querySuffix(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/**
 * Query parameters that say where a visitor came from and never change what a page shows: campaign
 * tags (utm_*), ad click ids (Google, Microsoft, Meta, TikTok, X, LinkedIn) and email-tool ids. The
 * canonical link already leaves every query out.
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_hsenc|_hsmi|igshid)$/i;

/**
 * Whether a URL's query (if any) holds only tracking parameters, so that the answer is the one without
 * a query. Any other parameter may change the page (the guide's `?q=` search), so such requests are
 * rendered for themselves and never enter the page cache.
 */
export function hasOnlyTrackingParameters(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return true;
  const query = url.slice(start + 1);
  return query.length > REMEMBERED_QUERY_MAX ? onlyTrackingParameters(query) : rememberedQuery(query);
}

function onlyTrackingParameters(query: string): boolean {
  for (const part of query.split('&')) {
    if (part === '') continue;
    const end = part.indexOf('=');
    if (!TRACKING_PARAMETER.test(end === -1 ? part : part.slice(0, end))) return false;
  }
  return true;
}

/** A campaign's link is followed by many visitors: each query is read once (long ones every time, to keep the memory small). */
const rememberedQuery = memoizeByString(onlyTrackingParameters, 500);
const REMEMBERED_QUERY_MAX = 1024;
