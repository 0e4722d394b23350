// Request ids: what ties a request's log lines together, and what an error page names.

const INCOMING_ID = /^[\w\-=]{1,255}$/;

/**
 * Request ids only need to be unique: a random prefix per process and a counter, cheaper than a UUID
 * on every request and still unique across restarts and processes.
 */
const PROCESS_PREFIX = crypto.randomUUID().slice(0, 13);
let requestCount = 0;

/** A proxy's X-Request-Id when it is safe to log, else a new one. */
export const requestIdFrom = (incoming: string | null | undefined) =>
  incoming && INCOMING_ID.test(incoming) ? incoming : `${PROCESS_PREFIX}-${(++requestCount).toString(36)}`;
