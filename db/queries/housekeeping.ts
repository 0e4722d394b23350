import type { Sql } from 'postgres';
import { sweepDueIfRanBy } from '../../lib/leads/retention.ts';

// Background tasks that run once a day per deployment, however many processes and machines share the
// database: each is claimed by one atomic upsert in `housekeeping_runs` (no advisory lock, so it works
// through PgBouncer and on the embedded database alike).

/**
 * Claims today's run of `task` at `now`: true for exactly one caller a day; false when it ran less than
 * a day ago (or another process claimed it at the same moment: the row lock makes it wait, then see
 * the new time).
 */
export async function claimDailyRun(sql: Sql, task: string, now: Date): Promise<boolean> {
  const rows = await sql`
    insert into housekeeping_runs (task, ran_at) values (${task}, ${now})
    on conflict (task) do update set ran_at = excluded.ran_at
    where housekeeping_runs.ran_at <= ${sweepDueIfRanBy(now)}
    returning task`;
  return rows.length > 0;
}

/** A run claimed at `ranAt` that failed: the task is due again at once (unless another run claimed it since). */
export async function releaseDailyRun(sql: Sql, task: string, ranAt: Date): Promise<void> {
  await sql`update housekeeping_runs set ran_at = ${sweepDueIfRanBy(ranAt)} where task = ${task} and ran_at = ${ranAt}`;
}

/** What erasure deletes from or rewrites, and what an A/B archive deletes from. */
const LEAD_TABLES = ['leads', 'lead_events', 'jobs', 'business_audits', 'q4_intake_applications', 'contacts'];
const AB_RAW_TABLES = ['ab_test_assignments', 'ab_test_events'];

/**
 * VACUUM of the tables erasure and the A/B archive changed: a deleted or updated row stays in the data
 * files until vacuum frees its space. PostgreSQL's autovacuum does it on its own; the embedded database
 * runs none (one process, no background workers), so its sweep does. Not in a transaction.
 */
export async function vacuumErasedRows(sql: Sql, { abArchived }: { abArchived: boolean }): Promise<void> {
  await sql.unsafe(`vacuum ${[...LEAD_TABLES, ...(abArchived ? AB_RAW_TABLES : [])].join(', ')}`);
}
