import type { Sql } from 'postgres';
import { daysToRollUp, deleteRawBefore, deleteSaltsBefore, rollUpDay, vacuumRawViews } from '../../db/queries/analytics-counting.ts';
import { rawKeptFrom, rolledUpBefore, saltsKeptFrom } from '../../lib/analytics/days.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';
import { startLooks } from '../operations/looks.ts';

// The daily figures of page views, beside the retention sweep (site/main.ts starts both wherever the
// notification worker runs): every few minutes by the deps' clock (so tests move it), each process looks
// for Toronto days that ended at least a quarter of an hour ago and are not rolled up, and rolls each
// one up that it claims (db/queries/analytics-counting.ts `rollUpDay`: the claim and the figures in one
// transaction, so a day is rolled up once however many processes look). Then the raw rows of rolled-up
// days older than ANALYTICS_RAW_DAYS are deleted (the figures stay), and the salts of ended days.

export type RollupOptions = {
  sql: Sql;
  log: Logger;
  now: Clock;
  /** ANALYTICS_RAW_DAYS. */
  rawDays: number;
  /** VACUUM after deleting raw rows (the embedded database, which has no autovacuum). */
  vacuum?: boolean;
  /** How often to look (10 minutes), and how long after start the first look is. */
  checkEveryMs?: number;
  firstCheckMs?: number;
};

/** What one look did. */
export type RollupRun = { daysRolledUp: string[]; pageViewsDeleted: number; visitsDeleted: number; saltsDeleted: number };

export type AnalyticsRollup = {
  /** Rolls up the days due now and deletes what is past its time. */
  runDue(): Promise<RollupRun>;
  /** No further looks; waits for a look under way. */
  stop(): Promise<void>;
};

const CHECK_EVERY_MS = 10 * 60_000;
/** Not during start-up, when the embedded database is busiest. */
const FIRST_CHECK_MS = 60_000;
/** A day's roll-up is three statements over one day of rows: more time than a request's deadline. */
const ROLLUP_DEADLINE_MS = 60_000;

export function startAnalyticsRollup(options: RollupOptions): AnalyticsRollup {
  const { sql, log, now, rawDays } = options;
  const look = async (): Promise<RollupRun> => {
    const at = now();
    const run: RollupRun = { daysRolledUp: [], pageViewsDeleted: 0, visitsDeleted: 0, saltsDeleted: 0 };
    for (const day of await withDatabaseDeadline(sql, (db) => daysToRollUp(db, rolledUpBefore(at)))) {
      if (looks.stopping()) return run;
      if (await withDatabaseDeadline(sql, (db) => rollUpDay(db, day, at), ROLLUP_DEADLINE_MS)) run.daysRolledUp.push(day);
    }
    const deleted = await withDatabaseDeadline(sql, (db) => deleteRawBefore(db, rawKeptFrom(at, rawDays)), ROLLUP_DEADLINE_MS);
    run.pageViewsDeleted = deleted.pageViews;
    run.visitsDeleted = deleted.visits;
    run.saltsDeleted = await withDatabaseDeadline(sql, (db) => deleteSaltsBefore(db, saltsKeptFrom(at)));
    if (options.vacuum && run.pageViewsDeleted + run.visitsDeleted > 0)
      await vacuumRawViews(sql).catch((error) =>
        log.warn('vacuum after deleting raw page views failed', { error: String((error as Error)?.message ?? error) }),
      );
    // Days and counts only.
    if (run.daysRolledUp.length > 0 || run.pageViewsDeleted > 0 || run.saltsDeleted > 0) log.info('analytics roll-up', { ...run, rawDays });
    return run;
  };

  const looks = startLooks(look, {
    log,
    failure: 'the analytics roll-up did not finish; it is tried again at the next look',
    firstMs: options.firstCheckMs ?? FIRST_CHECK_MS,
    everyMs: options.checkEveryMs ?? CHECK_EVERY_MS,
  });
  return { runDue: looks.runDue, stop: looks.stop };
}
