// Fixed-window request counters per key. Pure: time comes from the clock passed in.

export type RateRule = { limit: number; windowMs: number };

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetMs: number };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The site's limits (DESIGN.md §5): per client, except `storiesDaily`, which counts every client together. */
export const RATE_RULES = {
  forms: { limit: 10, windowMs: MINUTE },
  stories: { limit: 5, windowMs: MINUTE },
  storiesDaily: { limit: 100, windowMs: DAY },
  events: { limit: 120, windowMs: MINUTE },
  assignments: { limit: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.rule.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const resetMs = window.start + this.rule.windowMs - now;
    if (window.count >= this.rule.limit) return { allowed: false, limit: this.rule.limit, remaining: 0, resetMs };
    window.count += 1;
    return { allowed: true, limit: this.rule.limit, remaining: this.rule.limit - window.count, resetMs };
  }

  /** Drops expired windows now and then, so memory stays bounded by the clients of one window. */
  private sweep(now: number) {
    if (now - this.lastSweep < this.rule.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= this.rule.windowMs) this.windows.delete(key);
  }
}

/** One limiter per rule. */
export function createRateLimiters(now: () => number = Date.now): Record<RateRuleName, RateLimiter> {
  return Object.fromEntries(Object.entries(RATE_RULES).map(([name, rule]) => [name, new RateLimiter(rule, now)])) as Record<RateRuleName, RateLimiter>;
}
