import type { Logger } from './log.ts';

/** Errors nothing caught, since start-up (read by /metrics). */
export const uncaughtErrors = { count: 0 };

/** Connections are reset at most this often, however many errors arrive. */
const RESET_AT_MOST_EVERY_MS = 10_000;

/**
 * Once the server is up: an error nothing caught (a rejected promise nobody awaited, a throw in a timer
 * or a socket callback) is logged and counted, and the process serves on, where Bun would exit (and, on
 * the embedded database, nothing would start it again). Requests are not its concern: the app answers
 * their errors (server/middleware/errors.ts), and Bun.serve's error handler what escapes the app.
 *
 * Such an error may have come from inside the database driver, leaving a connection in a state the
 * driver no longer knows (the crash this replaced left one inside a transaction nobody owned), so the
 * connections are then reset with `resetDatabase`: each ends once its statement in hand is answered,
 * which rolls back whatever it held (PostgreSQL ends the session; PGlite's socket server rolls back
 * for a client that leaves), and the pool opens fresh ones as queries come.
 */
export function serveOnUncaughtErrors({ log, resetDatabase }: { log: Logger; resetDatabase: () => Promise<void> }): void {
  let resetAt = Number.NEGATIVE_INFINITY;
  const report = (kind: 'unhandled rejection' | 'uncaught exception') => (error: unknown) => {
    uncaughtErrors.count++;
    log.error(`${kind}: logged, and the server serves on`, { error: String(error), stack: (error as Error)?.stack });
    if (Date.now() - resetAt < RESET_AT_MOST_EVERY_MS) return;
    resetAt = Date.now();
    resetDatabase().then(
      () => log.info('database connections reset after an uncaught error'),
      (resetError) => log.warn('database connections could not be reset', { error: String(resetError) }),
    );
  };
  process.on('unhandledRejection', report('unhandled rejection'));
  process.on('uncaughtException', report('uncaught exception'));
}
