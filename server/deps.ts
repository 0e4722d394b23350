import type { Context } from 'hono';
import type { Sql } from 'postgres';
import type { HomeVariantsService } from '../features/ab/home-variants.ts';
import type { FeedReader } from '../features/feed/feed-reader.ts';
import type { Config } from '../lib/config.ts';
import type { RateRuleName } from '../lib/http/rate-rules.ts';
import type { Channel } from '../lib/leads/notifications.ts';
import type { Assets } from '../lib/pages/assets.ts';
import type { SignedInStaff } from '../lib/staff/session.ts';
import type { StoryWriter } from '../lib/stories/templates.ts';
import type { Clock } from '../lib/time/clock.ts';
import type { DatabaseHealth } from './database-health.ts';
import type { Logger } from './log.ts';
import type { PageCache } from './page-cache.ts';
import type { RateCounts } from './rate-counts.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SiteMetrics } from './site-metrics.ts';

/**
 * Everything the app uses from outside, resolved once when the app is made (server/app.ts
 * `resolveDeps`): every field is there, so no handler checks for one. Tests pass their own parts.
 */
export type AppDeps = {
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
  /** What GET /metrics reports (server/site-metrics.ts): request counts, and the registry other parts add to. */
  metrics: SiteMetrics;
  /** The home page's A/B variants, with the visitors and tests it remembers. */
  homeVariants: HomeVariantsService;
  /** The blog feed (fetched, parsed, cached). */
  feed: FeedReader;
  /** Writes social stories: OpenAI when OPENAI_API_KEY is set, else the template writer. */
  storyWriter: StoryWriter;
  /**
   * The lead notifications a submission queues (in its own transaction), and `queued()`, called after
   * it commits, which wakes this process's worker (features/leads/delivery/worker.ts) when it runs one.
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
