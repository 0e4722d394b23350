import { isCrawlerAgent } from '../http/crawlers.ts';

// What counts as a page view: a person's browser getting a page it will show. The answer decides part of
// it (where it is answered: server/page-cache.ts's lane and server/middleware/request-context.ts); the
// request the rest (features/analytics/collector.ts, after the answer, never on the request's path).

/**
 * Whether an answer is a page view, as far as the answer tells: a GET (a HEAD shows nothing), answered 200
 * (a 304 is a page the browser already showed, and errors and redirects are not the page), with HTML, on
 * a public page (the staff's pages under /admin are work, not visits).
 */
export function answerIsPageView({
  method,
  status,
  contentType,
  route,
}: {
  method: string;
  status: number;
  contentType: string | null;
  route: string;
}): boolean {
  return method === 'GET' && status === 200 && contentType?.startsWith('text/html') === true && !isStaffRoute(route);
}

const isStaffRoute = (route: string) => route === '/admin' || route.startsWith('/admin/');

/** The headers that say a request is not a person looking at the page now. */
export type PurposeHeaders = {
  userAgent: string | null;
  /** Sec-Purpose: `prefetch`, `prefetch;prerender` (speculation rules, Chrome and Firefox). */
  secPurpose: string | null;
  /** Purpose: `prefetch` (Chrome's older link prefetch). */
  purpose: string | null;
  /** X-Moz: `prefetch` (Firefox's older link prefetch). */
  xMoz: string | null;
  /** X-Purpose: `preview` (Safari's Top Sites thumbnails). */
  xPurpose: string | null;
};

/**
 * Who is asking: a person, a program (a crawler, a link preview, an HTTP library: isbot's list, or no user
 * agent at all), or a browser fetching ahead of a click that may never come (a prefetch, a prerender, a
 * preview thumbnail). Only a person's views are counted.
 */
export function whoAsks({ userAgent, secPurpose, purpose, xMoz, xPurpose }: PurposeHeaders): 'person' | 'program' | 'prefetch' {
  if (!userAgent || isCrawlerAgent(userAgent)) return 'program';
  if (
    (secPurpose !== null && /\bprefetch\b/i.test(secPurpose)) ||
    (purpose !== null && /\bprefetch\b/i.test(purpose)) ||
    (xMoz !== null && /\bprefetch\b/i.test(xMoz)) ||
    (xPurpose !== null && /\bpreview\b/i.test(xPurpose))
  )
    return 'prefetch';
  return 'person';
}
