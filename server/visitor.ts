import { getCookie } from 'hono/cookie';
import { isCrawlerAgent } from '../lib/http/crawlers.ts';
import type { AppContext } from './deps.ts';
import { newVisitorCookie, VALID_VISITOR_ID, VISITOR_COOKIE } from './visitor-cookie.ts';

/** A visitor: the cookie's id, and whether it was made for this request (then `cookie` sets it). */
export type Visitor = { id: string; isNew: boolean; cookie?: string };

/**
 * The visitor behind the request, from the first-party cookie, made on first visit (HttpOnly,
 * SameSite=Lax, Secure in production). Crawlers get no id and no cookie: they see the controls and
 * nothing is recorded. Decided once per request: later calls answer the same visitor.
 */
export function visitor(c: AppContext): Visitor | null {
  const known = decided.get(c.req.raw);
  if (known !== undefined) return known;
  const found = findVisitor(c);
  decided.set(c.req.raw, found);
  // Responses built by Hono carry the cookie; a cached page's raw Response adds `cookie` itself.
  if (found?.cookie) c.header('Set-Cookie', found.cookie, { append: true });
  return found;
}

/** Each request's visitor, once decided (null: a crawler). */
const decided = new WeakMap<Request, Visitor | null>();

export const visitorId = (c: AppContext): string | null => visitor(c)?.id ?? null;

/** The cookie a new visitor is given with this response, if `visitor()` made one. */
export const cookieForNewVisitor = (c: AppContext): string | undefined => decided.get(c.req.raw)?.cookie;

function findVisitor(c: AppContext): Visitor | null {
  if (isCrawler(c)) return null;
  const existing = getCookie(c, VISITOR_COOKIE);
  if (existing && VALID_VISITOR_ID.test(existing)) return { id: existing, isNew: false };
  const id = crypto.randomUUID();
  return { id, isNew: true, cookie: newVisitorCookie(id, c.get('deps').config.isProduction) };
}

export const isCrawler = (c: AppContext): boolean => isCrawlerAgent(c.req.header('user-agent') ?? '');
