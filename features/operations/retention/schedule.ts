import type { Sql } from 'postgres';
import { claimDailyRun, releaseDailyRun, vacuumErasedRows } from '../../../db/queries/housekeeping.ts';
import type { Clock } from '../../../lib/time/clock.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { Logger } from '../../../server/log.ts';
import { startLooks } from '../looks.ts';
import { type SweepResult, sweepRetention } from './sweep.ts';

// The retention sweep's schedule, beside the notification worker (site/main.ts starts both): every
// process looks every hour whether today's sweep is due, and the one that claims it
// (db/queries/housekeeping.ts) runs it, so a deployment sweeps once a day however many processes and
// machines it has. Time is the deps' clock, so tests move it.

/** Running totals since this process started, for /metrics: what this process's sweeps did. */
export type RetentionCounts = {
  /** Sweeps this process ran (claimed). */
  sweeps: number;
  leadsErased: number;
  abTestsArchived: number;
  abEventsDeleted: number;
  /** When this process last ran one (the deps' clock), or null. */
  lastSweepAt: Date | null;
};

export type RetentionOptions = {
  sql: Sql;
  log: Logger;
  retentionDays: number;
  notifyReceiver: boolean;
  now: Clock;
  /** A sweep queued erasure notices: wake the worker. */
  queued?: () => void;
  /** VACUUM after each sweep (the embedded database, which has no autovacuum). */
  vacuum?: boolean;
  /** How often to look whether the sweep is due (an hour), and how long after start the first look is. */
  checkEveryMs?: number;
  firstCheckMs?: number;
};

export type Retention = {
  counts: RetentionCounts;
  /** Runs the sweep if it is due (claiming it): its result, or null when it was not due here. */
  runDue(): Promise<SweepResult | null>;
  /** No further looks; waits for a sweep under way. */
  stop(): Promise<void>;
};

const TASK = 'retention';
const CHECK_EVERY_MS = 60 * 60_000;
/** Not during start-up, when the embedded database is busiest; soon enough that a process restarted daily still sweeps. */
const FIRST_CHECK_MS = 5 * 60_000;

export function startRetention(options: RetentionOptions): Retention {
  const { sql, log, retentionDays, notifyReceiver, now } = options;
  const counts: RetentionCounts = { sweeps: 0, leadsErased: 0, abTestsArchived: 0, abEventsDeleted: 0, lastSweepAt: null };
  const sweepIfDue = async (): Promise<SweepResult | null> => {
    const at = now();
    if (!(await withDatabaseDeadline(sql, (db) => claimDailyRun(db, TASK, at)))) return null;
    const started = performance.now();
    let result: SweepResult;
    try {
      result = await sweepRetention({ sql, now: at, retentionDays, notifyReceiver, stopping: () => looks.stopping() });
    } catch (error) {
      // Due again at once, for the next look here or elsewhere (what it did is done).
      await releaseDailyRun(sql, TASK, at).catch(() => undefined);
      throw error;
    }
    // The sweep is done either way; an old row version the vacuum missed waits for tomorrow's.
    if (options.vacuum)
      await vacuumErasedRows(sql, { abArchived: result.abTestsArchived > 0 }).catch((error) =>
        log.warn('vacuum after the retention sweep failed', { error: String((error as Error)?.message ?? error) }),
      );
    counts.sweeps++;
    counts.leadsErased += result.leadsErased;
    counts.abTestsArchived += result.abTestsArchived;
    counts.abEventsDeleted += result.abEventsDeleted;
    counts.lastSweepAt = at;
    // Counts only: nothing about whom.
    log.info('retention sweep', { ...result, retentionDays, ms: Math.round(performance.now() - started) });
    if (result.leadsErased > 0 && notifyReceiver) options.queued?.();
    return result;
  };

  const looks = startLooks(sweepIfDue, {
    log,
    failure: 'the retention sweep did not finish; it is tried again at the next look',
    firstMs: options.firstCheckMs ?? FIRST_CHECK_MS,
    everyMs: options.checkEveryMs ?? CHECK_EVERY_MS,
  });

  return { counts, runDue: looks.runDue, stop: looks.stop };
}
