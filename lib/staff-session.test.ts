import { describe, expect, test } from 'bun:test';
import { needsTouch, SESSION_IDLE_MS, SESSION_MAX_MS, STAFF_HOME, safeNext, sessionState } from './staff-session.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('session expiry', () => {
  const start = at('2026-11-23T09:00:00-05:00');

  test('active while used within 12 hours, up to 7 days', () => {
    expect(sessionState({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + 11.9 * HOUR))).toBe('active');
    // Used every few hours for almost a week.
    const lastSeen = new Date(start.getTime() + SESSION_MAX_MS - 2 * HOUR);
    expect(sessionState({ createdAt: start, lastSeenAt: lastSeen }, new Date(start.getTime() + SESSION_MAX_MS - HOUR))).toBe('active');
  });

  test('idle after 12 hours without a request, to the millisecond', () => {
    expect(sessionState({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + SESSION_IDLE_MS - 1))).toBe('active');
    expect(sessionState({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + SESSION_IDLE_MS))).toBe('idle');
  });

  test('expired 7 × 24 hours after sign-in however busy: across the change back to standard time that is 08:00, not 09:00', () => {
    const busy = { createdAt: at('2026-10-29T09:00:00-04:00'), lastSeenAt: at('2026-11-05T07:58:00-05:00') };
    expect(sessionState(busy, at('2026-11-05T07:59:59-05:00'))).toBe('active');
    expect(sessionState(busy, at('2026-11-05T08:00:00-05:00'))).toBe('expired');
    expect(new Date(busy.createdAt.getTime() + SESSION_MAX_MS)).toEqual(at('2026-11-05T08:00:00-05:00'));
  });

  test('last_seen_at is written at most once a minute', () => {
    expect(needsTouch({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + 59_999))).toBe(false);
    expect(needsTouch({ createdAt: start, lastSeenAt: start }, new Date(start.getTime() + 60_000))).toBe(true);
  });
});

describe('where a sign-in may go next', () => {
  test('paths on this site, with their query and fragment', () => {
    expect(safeNext('/admin/leads?status=new&page=2')).toBe('/admin/leads?status=new&page=2');
    expect(safeNext('/admin/leads/audit/3f1c2d9e-0000-4000-8000-000000000001#timeline')).toBe(
      '/admin/leads/audit/3f1c2d9e-0000-4000-8000-000000000001#timeline',
    );
    expect(safeNext('/admin/ab-tests')).toBe('/admin/ab-tests');
  });

  test('never another site, a scheme, a backslash trick, control characters, or the login page itself', () => {
    for (const next of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '\\\\evil.example',
      '/admin\\..\\x',
      'javascript:alert(1)',
      ' /admin/leads',
      '/admin/leads\r\nSet-Cookie: x=1',
      '/admin/\tleads',
      '/admin/login',
      '/admin/login?next=//evil.example',
      `/${'a'.repeat(2001)}`,
      '',
      null,
      undefined,
    ]) {
      expect(safeNext(next)).toBe(STAFF_HOME);
    }
  });
});
