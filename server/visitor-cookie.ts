import { isbot } from 'isbot';
import { memoizeByString } from '../lib/memo.ts';

// The visitor cookie read straight from a request, with no app context: what the page cache's fast lane
// needs to know a returning visitor before routing. server/visitor.ts reads and sets it within the app.

export const VISITOR_COOKIE = 'vid';
export const VALID_VISITOR_ID = /^[A-Za-z0-9-]{8,64}$/;
/** The visitor cookie's value in a Cookie header, when it is a valid id. */
const VISITOR_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${VISITOR_COOKIE}=([A-Za-z0-9-]{8,64})\\s*(?:;|$)`);

/** Most requests come from a few browsers: isbot's answer is remembered per user agent. */
export const isCrawlerAgent = memoizeByString(isbot, 1000);

/**
 * The visitor id a request's cookie names: undefined for a crawler or a request without a valid
 * cookie, which are left to `visitor()`.
 */
export function returningVisitorId(request: Request): string | undefined {
  const id = request.headers.get('cookie')?.match(VISITOR_COOKIE_VALUE)?.[1];
  return id && !isCrawlerAgent(request.headers.get('user-agent') ?? '') ? id : undefined;
}
