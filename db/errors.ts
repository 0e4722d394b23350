// What it looks like when the database cannot answer.

/** The database did not answer in time (or is not open yet): the request answers 503 with Retry-After. */
export class DatabaseUnavailable extends Error {
  constructor(message = 'The database did not answer in time') {
    super(message);
  }
}

/** Errors postgres.js raises when it cannot reach the server at all (ENOENT: the embedded database's socket is not there yet). */
export function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^(CONNECT_TIMEOUT|CONNECTION_(CLOSED|ENDED|DESTROYED)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOENT|57P0[1-3])$/.test(code);
}

/**
 * PostgreSQL gave up on a statement that may well succeed if sent again: its statement_timeout (the
 * request deadline, db/client.ts) or a cancel (57014), a lock not had in time (55P03), a deadlock or
 * serialization failure (40P01, 40001), or a session ended for idling in a transaction (25P03).
 */
export function isRetryableDatabaseError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^(57014|55P03|40P01|40001|25P03)$/.test(code);
}
