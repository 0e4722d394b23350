import { LRUCache } from 'lru-cache';
import { RATE_RULES, type RateDecision, type RateRule, type RateRuleName } from '../lib/http/rate-rules.ts';
import type { Clock } from '../lib/time/clock.ts';
import { millisecondsOf, systemClock } from './clock.ts';

// Fixed-window request counters per key, held in this process (RATE_LIMIT_STORE=memory, and the
// fallback while the database is unreachable). Time comes from the clock passed in.

/**
 * Clients remembered per rule. A flood of new addresses pushes out the least recently seen, whose
 * counts start again: memory stays bounded whatever arrives, and a real client keeps its count.
 */
const MAX_CLIENTS = 100_000;

type Window = { start: number; count: number };

export class RateLimiter {
  private readonly windows: LRUCache<string, Window>;
  private readonly nowMs: () => number;

  constructor(
    private readonly rule: RateRule,
    clock: Clock = systemClock,
  ) {
    this.nowMs = millisecondsOf(clock);
    this.windows = new LRUCache({ max: MAX_CLIENTS });
  }

  /** Counts one request for `key` and says whether it is within the limit (a refused one is not counted). */
  hit(key: string): RateDecision {
    const now = this.nowMs();
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
    const now = this.nowMs();
    const stored = this.windows.get(key);
    const window = stored && now - stored.start < this.rule.windowMs ? stored : { start: now, count: 0 };
    return this.decision(window, now, window.count < this.rule.limit);
  }

  private decision(window: Window, now: number, allowed: boolean): RateDecision {
    const { limit, windowMs } = this.rule;
    return { allowed, limit, remaining: Math.max(0, limit - window.count), resetMs: window.start + windowMs - now };
  }
}

/** One limiter per rule. */
export function createRateLimiters(now: Clock = systemClock): Record<RateRuleName, RateLimiter> {
  return Object.fromEntries(Object.entries(RATE_RULES).map(([name, rule]) => [name, new RateLimiter(rule, now)])) as Record<RateRuleName, RateLimiter>;
}
