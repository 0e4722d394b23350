import type { Context } from 'hono';
import type { Sql } from 'postgres';
import type { Config } from '../lib/config.ts';
import type { RateRuleName } from '../lib/http/rate-rules.ts';
import type { Channel } from '../lib/leads/notifications.ts';
import type { Assets } from '../lib/pages/assets.ts';
import type { SignedInStaff } from '../lib/staff/session.ts';
import type { Clock } from '../lib/time/clock.ts';
import type { DatabaseHealth } from './database-health.ts';
import type { Logger } from './log.ts';
import type { PageCache } from './page-cache.ts';
import type { PageViews } from './page-views.ts';
import type { RateCounts } from './rate-counts.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SiteMetrics } from './site-metrics.ts';

/**
 * What the site's features add to the dependencies (the A/B variants, the blog feed, the story writer):
 * declared, and made, by the composition root (site/app.ts), so that the framework never names a
 * feature. Empty here on purpose: site/app.ts fills it in with `declare module`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (site/app.ts)
export interface FeatureDeps {}

/**
 * Everything the app uses from outside, resolved once when the app is made (server/app.ts
 * `resolveDeps`, with the features from site/app.ts): every field is there, so no handler checks for
 * one. Tests pass their own parts.
 */
export type AppDeps = FrameworkDeps & FeatureDeps;

/** The framework's own dependencies. */
export type FrameworkDeps = {
  sql: Sql;
  config: Config;
  assets: Assets;
  /** The clock (lib/time/clock.ts), so tests can move time: everything below that needs the time reads this one. */
  now: Clock;
  log: Logger;
  /** False while the database is still coming up at boot: what needs data answers 503 meanwhile. */
  dbReady: () => boolean;
  /** Whether the database answers, checked in the background (server/database-health.ts): /healthz and /metrics read it. */
  databaseHealth: DatabaseHealth;
  /** Per-client request counters in this process's memory (staff sign-ins, and the fallback while PostgreSQL is away). */
  rateLimiters: Record<RateRuleName, RateLimiter>;
  /** The API rate limits' counts: in memory or in PostgreSQL (RATE_LIMIT_STORE; server/rate-counts.ts). */
  rateCounts: RateCounts;
  /** Kept answers (server/page-cache.ts). */
  pageCache: PageCache;
  /** The public pages a visitor can land on (their addresses, as the route list names them). */
  landingPages: ReadonlySet<string>;
  /** Counts the page views the lane and the rendered pages answer (server/page-views.ts; the site's counter, or none). */
  pageViews: PageViews;
  /** What GET /metrics reports (server/site-metrics.ts): request counts, and the registry other parts add to. */
  metrics: SiteMetrics;
  /**
   * The lead notifications a submission queues (in its own transaction), and `queued()`, called after
   * it commits, which wakes this process's notification worker when it runs one.
   */
  notifications: { channels: readonly Channel[]; queued: () => void };
};

/** What a caller must give; the rest has working defaults. */
export type AppDepsInput = Pick<AppDeps, 'sql' | 'config' | 'assets'> & Partial<AppDeps>;

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** The signed-in staff member, on staff routes only (set by server/staff-auth.ts `requireStaff`). */
    staff?: SignedInStaff;
  };
};

export type AppContext = Context<AppEnv>;
