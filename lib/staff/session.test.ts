import { describe, expect, test } from 'bun:test';
import { needsTouch, SESSION_IDLE_MS, SESSION_MAX_MS, STAFF_HOME, safeNext, sessionState } from './session.ts';

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

  test('a dot segment that stays in the back office is followed to where it leads', () => {
    expect(safeNext('/admin/./leads')).toBe('/admin/leads');
    expect(safeNext('/admin/ab-tests/../leads?status=new')).toBe('/admin/leads?status=new');
    expect(safeNext('/admin')).toBe('/admin');
    expect(safeNext('/admin/account')).toBe('/admin/account');
    // A search with accents stays a search (the URL parser encodes it).
    expect(safeNext('/admin/leads?q=Café Lumière'.replace(' ', '%20'))).toBe('/admin/leads?q=Caf%C3%A9%20Lumi%C3%A8re');
  });

  // Every form here was, or could be, read by some browser or proxy as another site, a script, or a
  // page outside the back office: each goes to the inbox instead.
  const tricky = [
    // Other sites, schemes and protocol-relative addresses.
    'https://evil.example/admin',
    'http://evil.example/admin/leads',
    'HTTPS://evil.example',
    '//evil.example/admin',
    '///evil.example/admin',
    '////evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)//admin/',
    'data:text/html,<script>alert(1)</script>',
    'http:evil.example',
    'http:/evil.example',
    'mailto:someone@evil.example',
    // Backslashes, which browsers read as slashes.
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/admin\\..\\x',
    '/admin/..\\..\\evil.example',
    // Dot segments that normalise to another site or out of /admin.
    '/..//evil.example/x',
    '/.//evil.example/x',
    '/admin/../..//evil.example',
    '/admin/..//evil.example',
    '/admin/../../',
    '/admin/..',
    '/admin/./../x',
    // Percent-encoded slashes, backslashes and dots.
    '/%2fevil.example',
    '/%2Fevil.example/admin',
    '/%5cevil.example',
    '/admin/..%2f..%2fevil.example',
    '/admin/%2e%2e/%2e%2e//evil.example',
    '/admin/%2E%2E%2F%2E%2E%2F%2Fevil.example',
    '/%2e%2e//evil.example',
    // Whitespace and control characters, which URL parsers drop or split on.
    ' /admin/leads',
    '/admin/leads ',
    '/\t/evil.example',
    '/\n/evil.example',
    '/admin/leads\r\nSet-Cookie: x=1',
    '/admin/\tleads',
    '/\u0000/evil.example',
    '/\u00a0/evil.example',
    '/\u2028/evil.example',
    // Userinfo and @.
    '//user:pass@evil.example/admin',
    '/@evil.example',
    '//@evil.example',
    '/admin@evil.example',
    // Unicode slashes and look-alikes: a path on this site, but not in the back office.
    '/\u2215evil.example',
    '/\uff0fevil.example',
    '/\u2044evil.example',
    // Prefix tricks around /admin.
    '/administrator',
    '/admin.evil.example',
    '/admin-login',
    '/adminleads',
    '/Admin/leads',
    '/',
    '/services',
    // The sign-in page itself (a loop), however spelled.
    '/admin/login',
    '/admin/login?next=//evil.example',
    '/admin/./login',
    '/admin/leads/../login',
    '/admin/login/code',
    // Too long, empty, missing.
    `/admin/${'a'.repeat(2001)}`,
    '',
    null,
    undefined,
  ];

  test(`never another site, a scheme, or a page outside the back office (${tricky.length} forms)`, () => {
    expect(tricky.length).toBeGreaterThanOrEqual(30);
    for (const next of tricky) expect(safeNext(next), JSON.stringify(next)).toBe(STAFF_HOME);
  });

  test('whatever comes out is a back-office path that reads the same once normalised again', () => {
    const samples = [...tricky, '/admin/leads?status=new', '/admin/./leads#x', '/admin/ab-tests/../leads', '/admin/leads/%E2%88%95x'];
    for (const next of samples) {
      const out = safeNext(next);
      expect(out).toMatch(/^\/admin(\/|$)/);
      expect(out.startsWith('//')).toBe(false);
      expect(safeNext(out)).toBe(out);
      const url = new URL(out, 'http://site.invalid');
      expect(url.origin).toBe('http://site.invalid');
      expect(`${url.pathname}${url.search}${url.hash}`).toBe(out);
    }
  });
});
