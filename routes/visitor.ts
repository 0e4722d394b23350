import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { isbot } from 'isbot';
import { memoizeByString } from '../lib/memo.ts';
import type { AppContext } from './app-env.ts';

export const VISITOR_COOKIE = 'vid';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const VALID_ID = /^[A-Za-z0-9-]{8,64}$/;
/** The visitor cookie's value in a Cookie header, when it is a valid id. */
const VISITOR_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${VISITOR_COOKIE}=([A-Za-z0-9-]{8,64})\\s*(?:;|$)`);

/** A visitor: the cookie's id, and whether it was made for this request (then `cookie` sets it). */
export type Visitor = { id: string; isNew: boolean; cookie?: string };

/**
 * The visitor behind the request, from the first-party cookie, made on first visit (HttpOnly,
 * SameSite=Lax, Secure in production). Crawlers get no id and no cookie: they see the controls and
 * nothing is recorded. Decided once per request: later calls answer the same visitor.
 */
export function visitor(c: AppContext): Visitor | null {
  const known = c.get('visitor');
  if (known !== undefined) return known;
  const found = findVisitor(c);
  c.set('visitor', found);
  // Responses built by Hono carry the cookie; a cached page's raw Response adds `cookie` itself.
  if (found?.cookie) c.header('Set-Cookie', found.cookie, { append: true });
  return found;
}

export const visitorId = (c: AppContext): string | null => visitor(c)?.id ?? null;

function findVisitor(c: AppContext): Visitor | null {
  if (isCrawler(c)) return null;
  const existing = getCookie(c, VISITOR_COOKIE);
  if (existing && VALID_ID.test(existing)) return { id: existing, isNew: false };
  const id = crypto.randomUUID();
  const cookie = serialize(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').config.isProduction,
    maxAge: ONE_YEAR_SECONDS,
  });
  return { id, isNew: true, cookie };
}

/** Most requests come from a few browsers: isbot's answer is remembered per user agent. */
const isCrawlerAgent = memoizeByString(isbot, 1000);

export const isCrawler = (c: AppContext): boolean => isCrawlerAgent(c.req.header('user-agent') ?? '');

/**
 * The visitor id a request's cookie names, read straight from the request (no context): undefined for
 * a crawler or a request without a valid cookie, which are left to `visitor()`.
 */
export function returningVisitorId(request: Request): string | undefined {
  const id = request.headers.get('cookie')?.match(VISITOR_COOKIE_VALUE)?.[1];
  return id && !isCrawlerAgent(request.headers.get('user-agent') ?? '') ? id : undefined;
}
