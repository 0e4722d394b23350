import { isCrawlerAgent } from '../lib/http/crawlers.ts';
import { cookieWriter } from './cookie-writer.ts';

// The visitor cookie read straight from a request, with no app context: what the page cache's fast lane
// needs to know a returning visitor before routing. server/visitor.ts reads and sets it within the app.

export const VISITOR_COOKIE = 'vid';
export const VALID_VISITOR_ID = /^[A-Za-z0-9-]{8,64}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const visitorCookie = (secure: boolean) => cookieWriter(VISITOR_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: ONE_YEAR_SECONDS });
const secureVisitorCookie = visitorCookie(true);
const plainVisitorCookie = visitorCookie(false);

/** The Set-Cookie value that gives a new visitor `id` (HttpOnly, SameSite=Lax, Secure in production, a year). */
export const newVisitorCookie = (id: string, secure: boolean): string => (secure ? secureVisitorCookie : plainVisitorCookie).write(id);

/** The visitor cookie's value in a Cookie header, when it is a valid id. */
const VISITOR_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${VISITOR_COOKIE}=([A-Za-z0-9-]{8,64})\\s*(?:;|$)`);

/**
 * Who a request comes from, as the fast lane sees it before routing: the id its valid cookie names, or
 * a new visitor (no valid cookie: `visitor()` in the app makes the same decision); null for a crawler,
 * which is left to the app (the controls, and no cookie).
 */
export function laneVisitor(request: Request): { returningId: string } | { isNew: true } | null {
  if (isCrawlerAgent(request.headers.get('user-agent') ?? '')) return null;
  const id = request.headers.get('cookie')?.match(VISITOR_COOKIE_VALUE)?.[1];
  return id ? { returningId: id } : { isNew: true };
}
