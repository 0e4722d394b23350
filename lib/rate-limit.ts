import { LRUCache } from 'lru-cache';
import { wallClock } from './zoned-time.ts';

// Fixed-window request counters per key. Pure: time comes from the clock passed in.

export type RateRule = { limit: number; windowMs: number };

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetMs: number };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The site's limits: per client, except `storiesDaily`, the story generator's budget across all clients
 * (kept in PostgreSQL, db/queries/story-budget.ts; this rule is its size, and the fallback counter's
 * while the database is unreachable). Staff sign-in attempts have rules of their own, always counted in
 * the database: SIGN_IN_RULES in lib/sign-in-throttle.ts.
 */
export const RATE_RULES = {
  forms: { limit: 10, windowMs: MINUTE },
  stories: { limit: 5, windowMs: MINUTE },
  storiesDaily: { limit: 100, windowMs: DAY },
  events: { limit: 120, windowMs: MINUTE },
  assignments: { limit: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

/**
 * Clients remembered per rule. A flood of new addresses pushes out the least recently seen, whose
 * counts start again: memory stays bounded whatever arrives, and a real client keeps its count.
 */
const MAX_CLIENTS = 100_000;

type Window = { start: number; count: number };

export class RateLimiter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache({ max: MAX_CLIENTS });
  }

  /** Counts one request for `key` and says whether it is within the limit (a refused one is not counted). */
  hit(key: string): RateDecision {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.rule.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.rule.limit) return this.decision(window, now, false);
    window.count += 1;
    return this.decision(window, now, true);
  }

  /** Whether a request for `key` would be allowed now, without counting it. */
  peek(key: string): RateDecision {
    const now = this.now();
    const stored = this.windows.get(key);
    const window = stored && now - stored.start < this.rule.windowMs ? stored : { start: now, count: 0 };
    return this.decision(window, now, window.count < this.rule.limit);
  }

  private decision(window: Window, now: number, allowed: boolean): RateDecision {
    const { limit, windowMs } = this.rule;
    return { allowed, limit, remaining: Math.max(0, limit - window.count), resetMs: window.start + windowMs - now };
  }
}

/**
 * The decision for a count kept elsewhere (PostgreSQL, shared by every process): `hits` counts this
 * request, capped at limit + 1 once refused; the window ends at `windowEndMs`.
 */
export function decisionOf(rule: RateRule, hits: number, windowEndMs: number, nowMs: number): RateDecision {
  return { allowed: hits <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - hits), resetMs: Math.max(0, windowEndMs - nowMs) };
}

/** One limiter per rule. */
export function createRateLimiters(now: () => number = Date.now): Record<RateRuleName, RateLimiter> {
  return Object.fromEntries(Object.entries(RATE_RULES).map(([name, rule]) => [name, new RateLimiter(rule, now)])) as Record<RateRuleName, RateLimiter>;
}

/**
 * The client address a proxy chain vouches for: each of the `trustedHops` proxies in front of the site
 * appends the address it received from, so the `trustedHops`-th entry from the end of X-Forwarded-For
 * is the last one written by a trusted proxy; anything before it came from the client and proves
 * nothing. Null when there is no trusted proxy, or the header is shorter than the chain (the request did
 * not come through it): then the socket address is the client.
 */
export function forwardedClient(forwardedFor: string | null | undefined, trustedHops: number): string | null {
  if (trustedHops < 1 || !forwardedFor) return null;
  const entries = forwardedFor.split(',').map((entry) => entry.trim());
  const vouched = entries[entries.length - trustedHops];
  return vouched ? vouched : null;
}

/**
 * The key a client's requests are counted under: an IPv4 address as it is; an IPv6 address by its /64
 * network (one household or server gets a whole /64, and could otherwise rotate through it for fresh
 * allowances); an IPv4-mapped IPv6 address as the IPv4 address it is.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight groups of an IPv6 address (lower-case, no leading zeros), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[\da-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

/** The calendar day (YYYY-MM-DD) it is in `timeZone`: what a daily budget is counted by. */
export function calendarDay(date: Date, timeZone: string): string {
  const { year, month, day } = wallClock(date, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Seconds until the next midnight in `timeZone` (at least 1): a spent daily budget's Retry-After. */
export function secondsUntilNextDay(date: Date, timeZone: string): number {
  const { hour, minute, second } = wallClock(date, timeZone);
  return Math.max(1, 24 * 3600 - (hour * 3600 + minute * 60 + second));
}
