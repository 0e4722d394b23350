import { getConnInfo } from 'hono/bun';
import { createMiddleware } from 'hono/factory';
import { spendStoryBudget } from '../../db/queries/story-budget.ts';
import { clientKey, forwardedClient } from '../../lib/http/client-address.ts';
import { RATE_RULES, type RateRuleName } from '../../lib/http/rate-rules.ts';
import { agency } from '../../lib/site.ts';
import { dayIn, secondsUntilNextDay } from '../../lib/time/zoned.ts';
import { withDatabaseDeadline } from '../deadline.ts';
import type { AppContext, AppEnv } from '../deps.ts';
import { answerError } from './errors.ts';

// Rate limits. Per-client counts live in this process's memory or, with RATE_LIMIT_STORE=postgres, in
// PostgreSQL, shared by every process (server/rate-counts.ts); the story generator's site-wide daily
// budget always lives in PostgreSQL, so it holds across processes and restarts. Routes put them after their origin, type, size and validation checks, so a
// refused request never uses up an allowance or the budget. RATE_LIMITS=off turns all of them off.

/** The per-client limit `rule`, keyed by the client's address (an IPv6 client by its /64). 429 with Retry-After. */
export function rateLimit(rule: RateRuleName) {
  return createMiddleware<AppEnv>(async (c, next) => (await overLimit(c, rule, clientKey(clientAddress(c)))) ?? next());
}

/**
 * Counts one request under `rule` for `key` (the client's address, or what else the rule is kept per:
 * the email a password reset asks for) and states the limit in the headers. The 429 when over, else null.
 */
export async function overLimit(c: AppContext, rule: RateRuleName, key: string): Promise<Response | null> {
  const { config, rateCounts } = c.get('deps');
  if (config.RATE_LIMITS === 'off') return null;
  const decision = await rateCounts.hit(rule, key);
  const resetSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
  c.header('RateLimit-Policy', `${decision.limit};w=${resetSeconds}`);
  c.header('RateLimit', `limit=${decision.limit}, remaining=${decision.remaining}, reset=${resetSeconds}`);
  return decision.allowed ? null : tooManyRequests(c, resetSeconds);
}

/** How long the budget waits for PostgreSQL before counting in this process instead. */
const BUDGET_DEADLINE_MS = 1000;

/**
 * The story generator's budget across every client: RATE_RULES.storiesDaily per Toronto calendar day,
 * spent in PostgreSQL. While the database cannot be reached the stories still work (they need no data)
 * and this process counts the day's budget itself.
 */
export const dailyStoryBudget = createMiddleware<AppEnv>(async (c, next) => {
  const { config, sql, rateLimiters, now, log } = c.get('deps');
  if (config.RATE_LIMITS === 'off') return next();
  const time = now();
  const { limit } = RATE_RULES.storiesDaily;
  let spent: boolean;
  try {
    spent = await withDatabaseDeadline(sql, (db) => spendStoryBudget(db, dayIn(time, agency.timeZone), limit), BUDGET_DEADLINE_MS);
  } catch (error) {
    log.warn('story budget unavailable: counting in this process', { requestId: c.get('requestId'), error: (error as Error)?.name ?? 'Error' });
    spent = rateLimiters.storiesDaily.hit('all').allowed;
  }
  if (!spent) return tooManyRequests(c, secondsUntilNextDay(time, agency.timeZone), "Today's story generation limit is reached. Please try again tomorrow.");
  return next();
});

/** 429 with Retry-After, answered as every error is (server/middleware/errors.ts). */
function tooManyRequests(c: AppContext, retryAfterSeconds: number, message = `Too many requests: please wait ${retryAfterSeconds} seconds and try again`) {
  return answerError(c, 429, message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

/**
 * The client's address: the socket's, or with TRUST_PROXY=N, the one the N-th proxy from the site
 * recorded in X-Forwarded-For (lib/http/client-address.ts `forwardedClient`).
 */
export function clientAddress(c: AppContext): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), c.get('deps').config.TRUST_PROXY);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
