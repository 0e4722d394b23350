import { getConnInfo } from 'hono/bun';
import { createMiddleware } from 'hono/factory';
import type { RateRuleName } from '../../lib/rate-limit.ts';
import type { AppContext, AppEnv } from '../app-env.ts';

/**
 * Applies the named limits to a route: per client (keyed on the socket address; X-Forwarded-For only
 * when TRUST_PROXY is set), and for rules marked global, across all clients. 429 with Retry-After.
 * RATE_LIMITS=off turns every limit off (benchmarks).
 */
export function rateLimit(perClient: RateRuleName, global?: RateRuleName) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { config, rateLimiters } = c.get('deps');
    if (config.RATE_LIMITS === 'off' || !rateLimiters) return next();
    const decisions = [rateLimiters[perClient].hit(clientAddress(c))];
    if (global) decisions.push(rateLimiters[global].hit('all'));
    const refused = decisions.find((d) => !d.allowed);
    const shown = refused ?? decisions[0];
    const resetSeconds = Math.max(1, Math.ceil(shown.resetMs / 1000));
    c.header('RateLimit-Policy', `${shown.limit};w=${resetSeconds}`);
    c.header('RateLimit', `limit=${shown.limit}, remaining=${shown.remaining}, reset=${resetSeconds}`);
    if (refused) {
      c.header('Retry-After', String(resetSeconds));
      return c.json({ error: `Too many requests: please wait ${resetSeconds} seconds and try again` }, 429);
    }
    return next();
  });
}

export function clientAddress(c: AppContext): string {
  if (c.get('deps').config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for');
    // The proxy appends the address it saw, so the last entry is the one it vouches for.
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
