import type { Sql } from 'postgres';
import { countRateHit, pruneRateWindows } from '../db/queries/rate-limits.ts';
import type { Config } from '../lib/config.ts';
import { decisionOf, RATE_RULES, type RateDecision, type RateRuleName } from '../lib/http/rate-rules.ts';
import type { Clock } from '../lib/time/clock.ts';
import { withDatabaseDeadline } from './deadline.ts';
import type { Logger } from './log.ts';
import type { RateLimiter } from './rate-limiter.ts';

// Where per-client request counts live (RATE_LIMIT_STORE): this process's memory (one process: no
// database work per request), or PostgreSQL (several processes or machines: one count for all of them).

export type RateCounts = {
  /** Counts one request of `client` under `rule` and says whether it is within the limit. */
  hit(rule: RateRuleName, client: string): RateDecision | Promise<RateDecision>;
};

/** How long a count waits for PostgreSQL before this process counts on its own. */
const SHARED_COUNT_DEADLINE_MS = 1000;
/** Ended windows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

export function rateCountsFor(
  store: Config['RATE_LIMIT_STORE'],
  { sql, limiters, now, log }: { sql: Sql; limiters: Record<RateRuleName, RateLimiter>; now: Clock; log: Logger },
): RateCounts {
  if (store === 'memory') return { hit: (rule, client) => limiters[rule].hit(client) };
  let prunedAt = 0;
  return {
    async hit(rule, client) {
      const at = now();
      if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at.getTime();
        pruneRateWindows(sql, at).catch(() => {});
      }
      try {
        const { hits, windowEnd } = await withDatabaseDeadline(
          sql,
          (db) => countRateHit(db, { rule, client, at, ...RATE_RULES[rule] }),
          SHARED_COUNT_DEADLINE_MS,
        );
        return decisionOf(RATE_RULES[rule], hits, windowEnd.getTime(), at.getTime());
      } catch (error) {
        // While PostgreSQL cannot be reached each process counts for itself: limits hold per process.
        log.warn('shared rate limits unavailable: counting in this process', { rule, error: (error as Error)?.name ?? 'Error' });
        return limiters[rule].hit(client);
      }
    },
  };
}
