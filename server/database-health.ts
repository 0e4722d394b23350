import type { Sql } from 'postgres';
import { DatabaseUnavailable } from '../db/errors.ts';
import { lastAnsweredAt, withDatabaseDeadline } from './deadline.ts';

/**
 * Whether the database answers, as last seen: asked in the background, so /healthz (and /metrics)
 * answer from memory at once, never waiting on the database per request. A probe that half-closes its
 * side of the connection after sending still gets its answer (Bun drops such a request when its answer
 * waits on I/O), and a thousand probes a second cost the database nothing.
 */
export type DatabaseHealth = {
  /** True when the database answered the last check (and is open and migrated). */
  isUp(): boolean;
  /** Starts checking, if not already. */
  start(): void;
  stop(): void;
};

/** A check every half second that waits at most a second: a database that goes down shows within about a second. */
const CHECK_EVERY_MS = 500;
const CHECK_DEADLINE_MS = 1000;

export function watchDatabaseHealth({
  sql,
  dbReady,
  everyMs = CHECK_EVERY_MS,
  deadlineMs = CHECK_DEADLINE_MS,
}: {
  sql: Sql;
  dbReady: () => boolean;
  everyMs?: number;
  deadlineMs?: number;
}): DatabaseHealth {
  let up = false;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    const started = performance.now();
    try {
      up = dbReady() && (await withDatabaseDeadline(sql, (db) => db`select 1`.then(() => true), deadlineMs));
    } catch (error) {
      // A check that waited out its deadline behind other work the database was answering meanwhile (a
      // burst of form posts on the embedded database's one connection) found it busy, not down: a 503
      // then would have a load balancer drop a server that is serving. Nothing answered: down.
      up = dbReady() && error instanceof DatabaseUnavailable && lastAnsweredAt(sql) > started;
    }
    if (!running) return;
    timer = setTimeout(check, everyMs);
    // Checking never keeps a process alive on its own.
    timer.unref?.();
  };
  return {
    isUp: () => up,
    start() {
      if (running) return;
      running = true;
      void check();
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
  };
}
