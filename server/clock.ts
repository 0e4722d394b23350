import type { Clock } from '../lib/time/clock.ts';

// The real clock, at the edge: pure code (lib/) only ever takes a Clock, or the moment itself.

/** The real time: what the entry points hand out (server/app.ts `resolveDeps`, site/main.ts, the scripts). */
export const systemClock: Clock = () => new Date();

/**
 * The clock as milliseconds since the epoch, for code that counts in them (lru-cache's `perf`, rate
 * windows): `Date.now` itself for the real time, which allocates nothing on the request path.
 */
export const millisecondsOf = (clock: Clock): (() => number) => (clock === systemClock ? Date.now : () => clock().getTime());
