import { getCookie } from 'hono/cookie';
import { parse, serialize } from 'hono/utils/cookie';
import { hasValidHost } from '../lib/http/request-address.ts';
import {
  decodeTouch,
  encodeTouch,
  FIRST_TOUCH_COOKIE,
  isInternalReferer,
  LAST_TOUCH_COOKIE,
  sourceOf,
  TOUCH_MAX_AGE_SECONDS,
  type Touch,
  touchOf,
  touchUpdate,
} from '../lib/leads/attribution.ts';
import type { Clock } from '../lib/time/clock.ts';
import type { AppContext } from './deps.ts';
import { PRIVATE_CACHE_CONTROL } from './page-cache.ts';
import { isCrawlerAgent } from './visitor-cookie.ts';

// Where each visitor came from (lib/leads/attribution.ts), recorded by the server on the pages they land on:
// a landing from a campaign or another site sets the first-touch cookie, or the last-touch cookie when
// the first is known. Applied to every public page's answer, kept or rendered, after it is made: a kept
// copy is shared, so the cookies go on this one response only, which then becomes private. Most
// requests (a link followed inside the site, a typed address) carry nothing to record and stay shared.

/** The hosts whose pages are this site's own: the configured public address and the one asked for. */
function ownHosts(url: string, siteHost: string): string[] {
  if (!hasValidHost(url)) return [siteHost];
  const start = url.indexOf('//') + 2;
  const end = url.slice(start).search(/[/:?#]/);
  const host = (end === -1 ? url.slice(start) : url.slice(start, start + end)).toLowerCase();
  return host === siteHost ? [siteHost] : [siteHost, host];
}

export type AttributionOptions = { siteHost: string; secure: boolean; now: Clock };

/**
 * The Set-Cookie values a page request earns: none for a crawler, a visitor moving inside the site, or
 * a landing that says nothing of where it came from.
 */
function attributionCookies(request: Request, url: string, { siteHost, secure, now }: AttributionOptions): string[] {
  const referer = request.headers.get('referer');
  // The common cases, decided without parsing anything: no query and no Referer says nothing.
  if (!referer && !url.includes('?')) return [];
  if (isCrawlerAgent(request.headers.get('user-agent') ?? '')) return [];
  const hosts = ownHosts(url, siteHost);
  const internal = isInternalReferer(referer, hosts);
  if (internal) return [];
  const touch = touchOf(url, referer, hosts, now());
  const cookieHeader = request.headers.get('cookie');
  const first = cookieHeader ? decodeTouch(parse(cookieHeader, FIRST_TOUCH_COOKIE)[FIRST_TOUCH_COOKIE]) : null;
  const update = touchUpdate({ first, touch, internal });
  const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: TOUCH_MAX_AGE_SECONDS } as const;
  const cookies: string[] = [];
  if (update.first) cookies.push(serialize(FIRST_TOUCH_COOKIE, encodeTouch(update.first), options));
  if (update.last) cookies.push(serialize(LAST_TOUCH_COOKIE, encodeTouch(update.last), options));
  return cookies;
}

/**
 * Adds this request's attribution cookies to a page's answer (a 200 HTML page to a GET). A response
 * that gets a cookie is marked private, so no shared cache keeps one visitor's cookie for another.
 */
export function withAttribution(request: Request, response: Response, options: AttributionOptions): Response {
  // The request is asked first: most carry nothing to record, and reading a response's headers makes
  // Bun build a Headers object for it, a cost on every answer of the fast lane.
  const cookies = attributionCookies(request, request.url, options);
  if (cookies.length === 0) return response;
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  if (!response.headers.get('cache-control')?.startsWith('private')) response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  return response;
}

/** The source of the visitor's first touch (direct without one), as an experiment's results are broken down by. */
export const firstTouchSource = (c: AppContext): string => sourceOf(decodeTouch(getCookie(c, FIRST_TOUCH_COOKIE))).source;

/** Both touches of the visitor behind a submission (last touch: the first one when there is no later). */
export function touchesOf(c: AppContext): { first: Touch | null; last: Touch | null } {
  const first = decodeTouch(getCookie(c, FIRST_TOUCH_COOKIE));
  return { first, last: decodeTouch(getCookie(c, LAST_TOUCH_COOKIE)) ?? first };
}
