import { getCookie, setCookie } from 'hono/cookie';
import { isbot } from 'isbot';
import type { AppContext } from './app-env.ts';

export const VISITOR_COOKIE = 'vid';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const VALID_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The visitor's id from the first-party cookie, set on first visit (HttpOnly, SameSite=Lax, Secure in
 * production). Crawlers get no id and no cookie: they see the control and nothing is recorded.
 */
export function visitorId(c: AppContext): string | null {
  if (isCrawler(c)) return null;
  const existing = getCookie(c, VISITOR_COOKIE);
  if (existing && VALID_ID.test(existing)) return existing;
  const id = crypto.randomUUID();
  setCookie(c, VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.config.isProduction,
    maxAge: ONE_YEAR_SECONDS,
  });
  return id;
}

export function isCrawler(c: AppContext): boolean {
  return isbot(c.req.header('user-agent') ?? '');
}
