import type { Sql } from 'postgres';
import { abortable } from '../db/abortable.ts';
import { DatabaseUnavailable } from '../db/errors.ts';

// The one deadline mechanism: work that may hang (a database that does not answer, a model that does
// not write, a feed that does not arrive) gets an AbortSignal that aborts when its time is up, and passes
// it down to what does the waiting (fetch, the OpenAI SDK, postgres.js through db/abortable.ts), so the
// work stops instead of carrying on unobserved. The caller is answered at that moment, whatever the work
// does with the signal.

export type DeadlineOptions<E> = {
  /** What the deadline's expiry answers: its value, or what it throws. Without it, the TimeoutError is thrown. */
  onExpiry?: () => E;
  /** Another reason to stop (a shutdown): the work's signal aborts with it too, and the call rejects with its reason. */
  signal?: AbortSignal;
};

/**
 * `work`'s outcome, or, when `ms` pass first, `onExpiry()`'s (by default a rejection with a DOMException
 * named TimeoutError). A function is called with a signal that aborts at that moment (AbortSignal.timeout,
 * joined with `options.signal` by AbortSignal.any); a promise already under way is only raced (work shared
 * with others, which one caller's deadline must not stop).
 */
export function withDeadline<T, E = never>(
  ms: number,
  work: Promise<T> | ((signal: AbortSignal) => Promise<T>),
  { onExpiry, signal: outer }: DeadlineOptions<E> = {},
): Promise<T | E> {
  const timeout = AbortSignal.timeout(ms);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  return new Promise<T | E>((resolve, reject) => {
    const stop = () => {
      if (signal.reason !== timeout.reason || !onExpiry) return reject(signal.reason);
      try {
        resolve(onExpiry());
      } catch (error) {
        reject(error);
      }
    };
    if (signal.aborted) return stop();
    // The signal lives until its time is up: the listener goes as soon as the work settles, so that
    // what the work returned is not held that long.
    signal.addEventListener('abort', stop, { once: true });
    const settle = () => signal.removeEventListener('abort', stop);
    let running: Promise<T>;
    try {
      running = typeof work === 'function' ? work(signal) : work;
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error) => {
        settle();
        reject(error);
      },
    );
  });
}

/** What database work under deadlines is doing in this process (read by /metrics). */
export const databaseWork = {
  /** Operations started and not yet settled, including those whose deadline passed and are winding down. */
  inFlight: 0,
  /** Operations whose deadline passed (each answered 503 or handled by its caller). */
  expired: 0,
};

/**
 * When each database last answered an operation under a deadline (performance.now()): it was answering
 * then. Kept per database, as a process (a test run) may hold several.
 */
const lastAnswers = new WeakMap<Sql, number>();
export const lastAnsweredAt = (sql: Sql): number => lastAnswers.get(sql) ?? Number.NEGATIVE_INFINITY;

/**
 * postgres.js queues queries silently while the database is unreachable or busy, so every request that
 * touches the database gives its work this deadline (DB_DEADLINE_MS, set once at start-up by
 * site/main.ts) and answers 503 (DatabaseUnavailable) when it passes.
 */
let databaseDeadlineMs = 5000;

export function setDatabaseDeadline(ms: number): void {
  databaseDeadlineMs = ms;
}

/**
 * `work(sql)` within `ms`, else DatabaseUnavailable. The work gets `sql` wrapped by db/abortable.ts under
 * the deadline's signal: once it passes, the query running is cancelled on the server, further queries
 * are refused and the transaction rolls back, so work nobody waits for any more stops instead of holding
 * a connection. A transaction whose COMMIT was already sent when the time ran out is waited for (up to
 * `ms` more): its outcome is the answer, so a submission is never stored behind a 503 that said it failed.
 */
export function withDatabaseDeadline<T>(sql: Sql, work: (sql: Sql) => Promise<T>, ms = databaseDeadlineMs): Promise<T> {
  databaseWork.inFlight++;
  let commits = 0;
  let running: Promise<T>;
  return withDeadline(
    ms,
    (signal) => {
      try {
        running = work(abortable(sql, signal, (started) => (commits += started ? 1 : -1)));
      } catch (error) {
        running = Promise.reject(error);
      }
      void running.then(() => {
        settled();
        lastAnswers.set(sql, performance.now());
      }, settled);
      return running;
    },
    {
      // A commit already sent decides the answer: wait for it (one round trip, bounded by the deadline again).
      onExpiry: (): Promise<T> => (commits > 0 ? withDeadline(ms, running, { onExpiry: unavailable }) : unavailable()),
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
