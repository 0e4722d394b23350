// Staff sessions, pure: how long one lasts and where a sign-in may send the browser next.

import type { StaffRole } from './roles.ts';

const HOUR = 3_600_000;
/** Signed out after 12 hours without a request, and after 7 days whatever happens. */
export const SESSION_IDLE_MS = 12 * HOUR;
export const SESSION_MAX_MS = 7 * 24 * HOUR;
/** last_seen_at is written at most this often, so browsing the inbox is not a write per page. */
const SESSION_TOUCH_MS = 60_000;

export const SESSION_COOKIE = 'staff_session';
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
export const STAFF_HOME = '/admin/leads';

/**
 * Who a request is signed in as, their role and whether their account has two-factor sign-in on (both
 * read with the session on every request), and the CSRF token their forms carry (server/staff-auth.ts).
 */
export type SignedInStaff = { id: string; email: string; role: StaffRole; twoFactor: boolean; csrfToken: string };

export type SessionTimes = { createdAt: Date; lastSeenAt: Date };

/** Whether a session is still good at `now`, and if not, why. */
export function sessionState({ createdAt, lastSeenAt }: SessionTimes, now: Date): 'active' | 'idle' | 'expired' {
  if (now.getTime() - createdAt.getTime() >= SESSION_MAX_MS) return 'expired';
  if (now.getTime() - lastSeenAt.getTime() >= SESSION_IDLE_MS) return 'idle';
  return 'active';
}

/** Whether the session's last_seen_at is old enough to write again. */
export const needsTouch = ({ lastSeenAt }: SessionTimes, now: Date) => now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS;

const SITE = 'http://site.invalid';

/** Control characters, spaces of any kind and backslashes: never in an address this site makes. */
const unsafeInNext = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0xa0) || ch === '\\' || /\s/u.test(ch);
};

/**
 * Where to go after signing in: `next` only when, once normalised as a browser would read it, it is a
 * path in the back office (`/admin` or under `/admin/`, not the sign-in page); anything else goes to
 * the inbox. The normalised form is what is checked and what is returned, so `/admin/../..//evil.example`
 * (which a URL parser turns into `//evil.example`) can never come out. Refused before parsing: control
 * characters and whitespace (a URL parser drops tabs and line breaks, joining what they separated),
 * backslashes (browsers read them as slashes), and any percent-encoded slash, backslash or dot in the
 * path, which no back-office address has.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 2000 || !next.startsWith('/') || next.startsWith('//')) return STAFF_HOME;
  if ([...next].some(unsafeInNext)) return STAFF_HOME;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return STAFF_HOME;
  }
  const path = url.pathname;
  if (url.origin !== SITE || url.username || url.password) return STAFF_HOME;
  if (/%(2f|5c|2e)/i.test(path) || path.includes('//')) return STAFF_HOME;
  if (path !== '/admin' && !path.startsWith('/admin/')) return STAFF_HOME;
  if (path === '/admin/login' || path.startsWith('/admin/login/')) return STAFF_HOME;
  return `${path}${url.search}${url.hash}`;
}
