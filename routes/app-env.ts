import type { Context } from 'hono';
import type { Sql } from 'postgres';
import type { Assets } from '../lib/assets.ts';
import type { Config } from '../lib/config.ts';
import type { BlogPost } from '../lib/feed.ts';
import type { RateLimiter, RateRuleName } from '../lib/rate-limit.ts';
import type { ResponseCache } from '../lib/response-cache.ts';
import type { StoryWriter } from '../lib/story-templates.ts';
import type { TtlCache } from '../lib/ttl-cache.ts';
import type { CachedRunningTest, RememberedVisitor } from './home-variants.ts';
import type { Visitor } from './visitor.ts';

/** Everything the app needs from outside; tests pass their own. */
export type AppDeps = {
  sql: Sql;
  config: Config;
  assets: Assets;
  /** The clock, so tests can move time. */
  now?: () => Date;
  /** One structured log line; defaults to stdout. */
  log?: (entry: Record<string, unknown>) => void;
  /** Request counters; createApp makes fresh ones when absent. */
  rateLimiters?: Record<RateRuleName, RateLimiter>;
  /** False while the database is still coming up at boot; APIs and /healthz answer 503 meanwhile. */
  dbReady?: () => boolean;
  /** Rendered pages; createApp makes a fresh one when absent. */
  responseCache?: ResponseCache;
  /** Returning visitors' home-page variants already read (assignments never change); createApp makes one when absent. */
  homeVisitors?: TtlCache<RememberedVisitor>;
  /** Running A/B tests by name (null: not running), re-read every few seconds; createApp makes one when absent. */
  runningTests?: TtlCache<CachedRunningTest>;
  /** The blog feed (fetched, parsed, cached); createApp builds it from RSS_FEED_URL when absent. */
  feed?: { getPosts(): Promise<{ posts: BlogPost[]; stale?: boolean }> };
  /** Writes social stories; createApp picks OpenAI (OPENAI_API_KEY set) or the template writer when absent. */
  storyWriter?: StoryWriter;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** The visitor cookie, once `visitor()` has looked (null: a crawler). */
    visitor?: Visitor | null;
    /** Per-render bookkeeping for islands: ids and which islands the page used. */
    islands: { count: number; used: Set<string>; files: Set<string> };
  };
};

export type AppContext = Context<AppEnv>;
