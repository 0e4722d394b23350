import { DatabaseUnavailable } from '../db/errors.ts';

// The one deadline helper: work that may hang (a database that does not answer, a model that does not
// write, a feed that does not arrive) is raced against a timer, and what happens when the timer wins is
// the caller's to say.

/** `work`'s outcome, or, when `ms` pass first, `onExpiry()`'s: the value it returns or the error it throws. */
export async function deadline<T, E = never>(work: Promise<T>, ms: number, onExpiry: () => E): Promise<T | E> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<E>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onExpiry());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * postgres.js queues queries silently while the database is unreachable, so every request that touches
 * the database races its work against this deadline and answers 503 (DatabaseUnavailable) when it loses.
 */
export const DB_DEADLINE_MS = 5000;

export const withDatabaseDeadline = <T>(work: Promise<T>, ms = DB_DEADLINE_MS): Promise<T> =>
  deadline(work, ms, () => {
    throw new DatabaseUnavailable();
  });
