// The hook through which the framework hands over each answer that may be a page view (the page cache's
// fast lane, server/page-cache.ts, and the access line of a rendered page, server/middleware/request-context.ts).
// The framework knows nothing of what is counted: the site gives it a counter (features/analytics/, made in
// site/app.ts), or none. The hook runs on every such request, before its answer goes out, so it keeps
// what it is handed and does its work later.

/** What reads a request's socket address (Bun's server, handed to fetch as `env.server`). */
export type AddressSource = { requestIP(request: Request): { address: string } | null };

/**
 * One answer that is a page view as far as the answer tells (a GET answered 200 with a public HTML page):
 * the request, its headers object (already read), its URL (read once), the route it was answered for,
 * `performance.now()` when it started, and the server that knows its socket address.
 */
export type PageViewHook = (request: Request, headers: Headers, url: string, route: string, started: number, server: AddressSource | undefined) => void;

export type PageViews = {
  /** Undefined: nothing is counted (ANALYTICS=off), and the callers skip even the call. */
  view: PageViewHook | undefined;
  /** Writes what is kept and stops: called on shutdown. */
  stop(): Promise<void>;
};

export const NO_PAGE_VIEWS: PageViews = { view: undefined, stop: async () => {} };

/** The server a request came through, from what Bun hands fetch (`{ server }`), if any. */
export const serverOf = (env: unknown): AddressSource | undefined => (env as { server?: AddressSource } | undefined)?.server;
