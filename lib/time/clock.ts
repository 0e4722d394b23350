// The one shape of clock: a function that says what time it is. Whatever needs the time is handed a
// Clock (AppDeps.now, and from it the rate limiters, the page cache, the feed, the A/B memory, the
// notification worker, the retention sweep and the backups), so a test that moves it moves all of them.
// Pure code takes the moment itself (`now: Date`) instead.

export type Clock = () => Date;

/** The real time: what the entry points hand out (server/app.ts `resolveDeps`, server/main.ts, the scripts). */
export const systemClock: Clock = () => new Date();

/**
 * The clock as milliseconds since the epoch, for code that counts in them (lru-cache's `perf`, rate
 * windows): `Date.now` itself for the real time, which allocates nothing on the request path.
 */
export const millisecondsOf = (clock: Clock): (() => number) => (clock === systemClock ? Date.now : () => clock().getTime());
