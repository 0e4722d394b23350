import { getCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { isCrawlerAgent } from '../lib/http/crawlers.ts';
import { memoizeByString } from '../lib/http/memo.ts';
import { hasValidHost } from '../lib/http/request-address.ts';
import {
  decodeTouch,
  encodeLanding,
  FIRST_TOUCH_COOKIE,
  isInternalReferer,
  LAST_TOUCH_COOKIE,
  landingOf,
  sourceOf,
  TOUCH_MAX_AGE_SECONDS,
  type Touch,
  touchTimeField,
  touchUpdate,
} from '../lib/leads/attribution.ts';
import type { Clock } from '../lib/time/clock.ts';
import { millisecondsOf } from './clock.ts';
import { cookieWriter } from './cookie-writer.ts';
import type { AppContext } from './deps.ts';
import { PRIVATE_CACHE_CONTROL } from './page-cache.ts';

// Where each visitor came from (lib/leads/attribution.ts), recorded by the server on the pages they land on:
// a landing from a campaign or another site sets the first-touch cookie, or the last-touch cookie when
// the first is known. Applied to every public page's answer, kept (by the page cache's fast lane, before
// its response is made) or rendered (withAttribution, after): a kept copy is shared, so the cookies go
// on this one response only, which then becomes private. Most requests (a link followed inside the
// site, a typed address) carry nothing to record and stay shared.

/** The hosts whose pages are this site's own: the configured public address and the one asked for. */
function ownHosts(url: string, siteHost: string): string[] {
  if (!hasValidHost(url)) return [siteHost];
  const start = url.indexOf('//') + 2;
  const end = url.slice(start).search(/[/:?#]/);
  const host = (end === -1 ? url.slice(start) : url.slice(start, start + end)).toLowerCase();
  return host === siteHost ? [siteHost] : [siteHost, host];
}

export type AttributionOptions = { siteHost: string; secure: boolean; now: Clock };

export type Attribution = {
  /**
   * The Set-Cookie values a page request earns (`url` is request.url, read once): none for a crawler,
   * a visitor moving inside the site, or a landing that says nothing of where it came from.
   */
  cookiesFor(request: Request, url: string): readonly string[];
  /**
   * Adds this request's attribution cookies to a page's answer (a 200 HTML page to a GET). A response
   * that gets a cookie is marked private, so no shared cache keeps one visitor's cookie for another.
   */
  withAttribution(request: Request, url: string, response: Response): Response;
};

const NONE: readonly string[] = [];
/** Distinct (address, Referer) pairs whose landing is remembered, and the longest pair remembered. */
const LANDINGS_KEPT = 500;
const LANDING_KEY_MAX = 2048;

export function createAttribution({ siteHost, secure, now }: AttributionOptions): Attribution {
  const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: TOUCH_MAX_AGE_SECONDS } as const;
  const firstTouch = cookieWriter(FIRST_TOUCH_COOKIE, options);
  const lastTouch = cookieWriter(LAST_TOUCH_COOKIE, options);

  /**
   * What a request's address and Referer say of its landing, and the start of its cookie value (encoded
   * as the Set-Cookie value carries it): the same for every visitor a campaign link or another site
   * sends, so worked out once per pair (the key is `url` and the Referer, a line apart; neither can hold
   * a line break).
   */
  const landingOfPair = (key: string) => {
    const cut = key.indexOf('\n');
    const url = key.slice(0, cut);
    const referer = key.slice(cut + 1) || null;
    const hosts = ownHosts(url, siteHost);
    const landing = landingOf(url, referer, hosts);
    return { internal: isInternalReferer(referer, hosts), landing, encodedStart: encodeURIComponent(`${encodeLanding(landing)}&`) };
  };
  const rememberedLanding = memoizeByString(landingOfPair, LANDINGS_KEPT);

  // The end of the cookie value, the time (encodeTouch's last field), encoded once per millisecond
  // however many landings share it.
  const milliseconds = millisecondsOf(now);
  let lastMs = Number.NaN;
  let encodedEnd = '';
  const encodedTime = () => {
    const ms = milliseconds();
    if (ms !== lastMs) {
      lastMs = ms;
      encodedEnd = encodeURIComponent(touchTimeField(new Date(ms).toISOString()));
    }
    return encodedEnd;
  };

  function cookiesFor(request: Request, url: string): readonly string[] {
    const headers = request.headers;
    const referer = headers.get('referer');
    // The common cases, decided without parsing anything: no query and no Referer says nothing.
    if (!referer && !url.includes('?')) return NONE;
    if (isCrawlerAgent(headers.get('user-agent') ?? '')) return NONE;
    const key = `${url}\n${referer ?? ''}`;
    const { internal, landing, encodedStart } = key.length > LANDING_KEY_MAX ? landingOfPair(key) : rememberedLanding(key);
    if (internal) return NONE;
    const cookieHeader = headers.get('cookie');
    const first = cookieHeader ? decodeTouch(parse(cookieHeader, FIRST_TOUCH_COOKIE)[FIRST_TOUCH_COOKIE]) : null;
    const update = touchUpdate({ first, touch: landing, internal });
    // serialize(name, encodeTouch(the landing's touch now), options), its value encoded in two parts.
    if (update.first) return [firstTouch.writeEncoded(encodedStart + encodedTime())];
    if (update.last) return [lastTouch.writeEncoded(encodedStart + encodedTime())];
    return NONE;
  }

  return {
    cookiesFor,
    withAttribution(request, url, response) {
      // The request is asked first: most carry nothing to record, and reading a response's headers
      // makes Bun build a Headers object for it.
      const cookies = cookiesFor(request, url);
      if (cookies.length === 0) return response;
      if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return response;
      for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
      if (!response.headers.get('cache-control')?.startsWith('private')) response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return response;
    },
  };
}

/** The source of the visitor's first touch (direct without one), as an experiment's results are broken down by. */
export const firstTouchSource = (c: AppContext): string => sourceOf(decodeTouch(getCookie(c, FIRST_TOUCH_COOKIE))).source;

/** Both touches of the visitor behind a submission (last touch: the first one when there is no later). */
export function touchesOf(c: AppContext): { first: Touch | null; last: Touch | null } {
  const first = decodeTouch(getCookie(c, FIRST_TOUCH_COOKIE));
  return { first, last: decodeTouch(getCookie(c, LAST_TOUCH_COOKIE)) ?? first };
}
