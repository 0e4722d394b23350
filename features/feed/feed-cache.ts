import type { Clock } from '../../lib/time/clock.ts';
import { millisecondsOf } from '../../server/clock.ts';

// A one-entry cache for the parsed feed. Pure: the loader and the clock are passed in.
// - A copy younger than `freshMs` is served as is.
// - Otherwise one refresh runs; every request that arrives meanwhile waits on that same refresh.
// - When a refresh fails, the last good copy is served (marked stale) while it is younger than
//   `maxStaleMs`; past that, or with no copy at all, the failure is reported.
// - After a failure, no new attempt starts for `retryMs`, so a dead upstream is not hit (and waited
//   on) by every request.

export const FRESH_MS = 15 * 60_000;
export const MAX_STALE_MS = 24 * 60 * 60_000;
export const RETRY_MS = 60_000;

/**
 * A copy and how long it stays the answer: `expiresAt` is when `get` would next try the feed (a fresh
 * copy's end of freshness; for a stale one, the end of the wait before the next attempt). Until then
 * every `get` answers this same copy, so whatever is made from it (a page, a JSON body) may be kept
 * exactly that long.
 */
export type CacheResult<T> = { value: T; stale: boolean; fetchedAt: number; expiresAt: number };

export type FeedCacheOptions<T> = {
  load: () => Promise<T>;
  now: Clock;
  freshMs?: number;
  maxStaleMs?: number;
  retryMs?: number;
};

export class FeedUnavailable extends Error {
  constructor(readonly cause: unknown) {
    super(`Feed unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export function createFeedCache<T>({ load, now: clock, freshMs = FRESH_MS, maxStaleMs = MAX_STALE_MS, retryMs = RETRY_MS }: FeedCacheOptions<T>) {
  const now = millisecondsOf(clock);
  let copy: { value: T; fetchedAt: number } | null = null;
  let inFlight: Promise<CacheResult<T>> | null = null;
  let lastFailure: { at: number; error: unknown } | null = null;

  const fallback = (error: unknown): CacheResult<T> => {
    if (copy && now() - copy.fetchedAt < maxStaleMs)
      return {
        value: copy.value,
        stale: true,
        fetchedAt: copy.fetchedAt,
        expiresAt: Math.min((lastFailure?.at ?? now()) + retryMs, copy.fetchedAt + maxStaleMs),
      };
    throw error instanceof FeedUnavailable ? error : new FeedUnavailable(error);
  };

  const refresh = (): Promise<CacheResult<T>> => {
    inFlight ??= (async () => {
      try {
        // Always asynchronous, so `inFlight` is set before the finally below can clear it.
        const value = await Promise.resolve().then(load);
        const fetchedAt = now();
        copy = { value, fetchedAt };
        lastFailure = null;
        return { value, stale: false, fetchedAt, expiresAt: fetchedAt + freshMs };
      } catch (error) {
        lastFailure = { at: now(), error };
        return fallback(error);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    /** The current copy, refreshing first when it is not fresh. Throws FeedUnavailable when there is nothing to serve. */
    async get(): Promise<CacheResult<T>> {
      if (copy && now() - copy.fetchedAt < freshMs) return { value: copy.value, stale: false, fetchedAt: copy.fetchedAt, expiresAt: copy.fetchedAt + freshMs };
      if (inFlight) return inFlight;
      if (lastFailure && now() - lastFailure.at < retryMs) return fallback(lastFailure.error);
      return refresh();
    },
    /** Forgets the copy (tests, or an operator changing the feed). */
    clear() {
      copy = null;
      lastFailure = null;
    },
  };
}

export type FeedCache<T> = ReturnType<typeof createFeedCache<T>>;
