// postgres.js queues queries silently while the database is unreachable, so every request that
// touches the database races its work against a deadline and answers 503 when it loses.

export const DB_DEADLINE_MS = 5000;

export class DatabaseUnavailable extends Error {
  constructor(message = 'The database did not answer in time') {
    super(message);
  }
}

export async function withDeadline<T>(work: Promise<T>, ms = DB_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailable()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Errors postgres.js raises when it cannot reach the server at all (ENOENT: the embedded database's socket is not there yet). */
export function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^(CONNECT_TIMEOUT|CONNECTION_(CLOSED|ENDED|DESTROYED)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOENT|57P0[1-3])$/.test(code);
}
