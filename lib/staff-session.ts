// Staff sessions, pure: how long one lasts and where a sign-in may send the browser next.

const HOUR = 3_600_000;
/** Signed out after 12 hours without a request, and after 7 days whatever happens. */
export const SESSION_IDLE_MS = 12 * HOUR;
export const SESSION_MAX_MS = 7 * 24 * HOUR;
/** last_seen_at is written at most this often, so browsing the inbox is not a write per page. */
export const SESSION_TOUCH_MS = 60_000;

export const SESSION_COOKIE = 'staff_session';
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
export const STAFF_HOME = '/admin/leads';

/** Who a request is signed in as, and the CSRF token their forms carry (server/staff-auth.ts). */
export type SignedInStaff = { id: string; email: string; csrfToken: string };

export type SessionTimes = { createdAt: Date; lastSeenAt: Date };

/** Whether a session is still good at `now`, and if not, why. */
export function sessionState({ createdAt, lastSeenAt }: SessionTimes, now: Date): 'active' | 'idle' | 'expired' {
  if (now.getTime() - createdAt.getTime() >= SESSION_MAX_MS) return 'expired';
  if (now.getTime() - lastSeenAt.getTime() >= SESSION_IDLE_MS) return 'idle';
  return 'active';
}

/** Whether the session's last_seen_at is old enough to write again. */
export const needsTouch = ({ lastSeenAt }: SessionTimes, now: Date) => now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS;

/**
 * Where to go after signing in: `next` when it is a path on this site (not `//evil.example`, not
 * `/\evil.example`, no scheme, no control characters), else the inbox.
 */
export function safeNext(next: string | null | undefined): string {
  const hasControl = [...(next ?? '')].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (!next || next.length > 2000 || !next.startsWith('/') || /^\/[/\\]/.test(next) || next.includes('\\') || hasControl) return STAFF_HOME;
  const base = 'http://site.invalid';
  try {
    const url = new URL(next, base);
    if (url.origin !== base) return STAFF_HOME;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path === '/admin/login' || path.startsWith('/admin/login?') ? STAFF_HOME : path;
  } catch {
    return STAFF_HOME;
  }
}
