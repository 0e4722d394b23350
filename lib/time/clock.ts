// The one shape of clock: a function that says what time it is. Whatever needs the time is handed a
// Clock (AppDeps.now, and from it the rate limiters, the page cache, the feed, the A/B memory, the
// notification worker, the retention sweep and the backups), so a test that moves it moves all of them.
// Pure code takes the moment itself (`now: Date`) instead; the real clock is server/clock.ts.

export type Clock = () => Date;
