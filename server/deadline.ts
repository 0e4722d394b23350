import type { Sql } from 'postgres';
import { abortable } from '../db/abortable.ts';
import { DatabaseUnavailable } from '../db/errors.ts';

// The one deadline helper: work that may hang (a database that does not answer, a model that does not
// write, a feed that does not arrive) is raced against a timer, and what happens when the timer wins is
// the caller's to say. Work given as a function gets an AbortSignal that is aborted when the timer wins,
// so it can stop instead of carrying on unobserved.

/**
 * `work`'s outcome, or, when `ms` pass first, `onExpiry()`'s: the value it returns or the error it throws.
 * A function is called with a signal that aborts (with a TimeoutError) at that moment; a promise already
 * under way is only raced (for work shared with others, which one caller's deadline must not stop).
 */
export async function deadline<T, E = never>(work: Promise<T> | ((signal: AbortSignal) => Promise<T>), ms: number, onExpiry: () => E): Promise<T | E> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<E>((resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`the ${ms} ms deadline passed`, 'TimeoutError'));
      try {
        resolve(onExpiry());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  try {
    return await Promise.race([typeof work === 'function' ? work(controller.signal) : work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** What database work under deadlines is doing in this process (read by /metrics). */
export const databaseWork = {
  /** Operations started and not yet settled, including those whose deadline passed and are winding down. */
  inFlight: 0,
  /** Operations whose deadline passed (each answered 503 or handled by its caller). */
  expired: 0,
};

/**
 * postgres.js queues queries silently while the database is unreachable or busy, so every request that
 * touches the database races its work against this deadline (DB_DEADLINE_MS, set once at start-up by
 * site/main.ts) and answers 503 (DatabaseUnavailable) when it loses.
 */
let databaseDeadlineMs = 5000;

export function setDatabaseDeadline(ms: number): void {
  databaseDeadlineMs = ms;
}

/**
 * `work(sql)` within `ms`, else DatabaseUnavailable. The work gets `sql` wrapped by db/abortable.ts:
 * once the deadline passes, its further queries are refused and its transaction rolls back, so work
 * nobody waits for any more stops instead of holding a connection. A transaction whose COMMIT was
 * already sent when the time ran out is waited for (up to `ms` more): its outcome is the answer, so a
 * submission is never stored behind a 503 that said it failed.
 */
export function withDatabaseDeadline<T>(sql: Sql, work: (sql: Sql) => Promise<T>, ms = databaseDeadlineMs): Promise<T> {
  databaseWork.inFlight++;
  let commits = 0;
  let running: Promise<T>;
  return deadline(
    (signal) => {
      try {
        running = work(abortable(sql, signal, (started) => (commits += started ? 1 : -1)));
      } catch (error) {
        running = Promise.reject(error);
      }
      void running.then(settled, settled);
      return running;
    },
    ms,
    (): Promise<T> => {
      // A commit already sent decides the answer: wait for it (one round trip, bounded by the deadline again).
      if (commits > 0) return deadline(running, ms, unavailable);
      return unavailable();
    },
  ) as Promise<T>;
}

const unavailable = (): never => {
  databaseWork.expired++;
  throw new DatabaseUnavailable();
};

const settled = () => {
  databaseWork.inFlight--;
};
