import type { Sql, TransactionSql } from 'postgres';
import { archiveScope, hourlyArrivals, type ResultsScope, variantCounts } from './ab-tests.ts';

// An A/B test's raw rows (each visitor's events and assignment) are deleted a year after the test
// ended; its figures stay. Before deleting, every figure the dashboard, the results API and its CSV
// show (per variant, for every visitor and for each first-touch source) is stored in the archive tables
// (db/migrations/0008_retention.sql; the booked count since 0010_ab_booked.sql), which
// db/queries/ab-tests.ts adds to what the raw rows give, so each shows the same numbers after as before.

/** When a test (as `t`) ended: its end date, or, for a test switched off, its last change, whichever came first. */
const endedAt = (sql: Sql | TransactionSql) => sql`least(t.end_date, case when not t.is_active then t.updated_at end)`;

/** The tests that ended before `endedBefore` and still have raw rows. */
export async function testsDueForArchive(sql: Sql, endedBefore: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select t.id from ab_tests t
    where ${endedAt(sql)} < ${endedBefore}
      and (exists (select 1 from ab_test_events e where e.test_id = t.id) or exists (select 1 from ab_test_assignments a where a.test_id = t.id))
    order by t.id`;
  return rows.map((r) => r.id);
}

/**
 * Archives one test's figures and deletes its raw rows, in one transaction on its locked row; null when
 * it is not due (any more: another process archived it, or it was started again). A test archived
 * before and run again is archived again: the figures are read with the earlier archive added, then
 * replace it.
 */
export function archiveTest(sql: Sql, testId: string, endedBefore: Date): Promise<{ eventsDeleted: number } | null> {
  return sql.begin(async (tx) => {
    // A long test's rows take longer than a request's deadline to count; this runs once a day at most.
    await tx`set local statement_timeout = '10min'`;
    const [due] = await tx`select 1 from ab_tests t where t.id = ${testId} and ${endedAt(tx)} < ${endedBefore} for update`;
    if (!due) return null;
    const sources = await tx<{ scope: string }[]>`
      select distinct source as scope from ab_test_assignments where test_id = ${testId} and source is not null
      union select scope from ab_test_archive_counts where test_id = ${testId} and scope <> ''`;
    const scopes: ResultsScope[] = [{ testId }, ...sources.map(({ scope }) => ({ testId, source: scope }))];
    const counts: Record<string, unknown>[] = [];
    const hours: Record<string, unknown>[] = [];
    for (const scope of scopes) {
      const key = archiveScope(scope);
      for (const v of await variantCounts(tx, scope))
        counts.push({ test_id: testId, scope: key, variant_id: v.id, views: v.views, clicks: v.clicks, conversions: v.conversions, booked: v.booked });
      for (const h of await hourlyArrivals(tx, scope))
        hours.push({ test_id: testId, scope: key, variant_id: h.variantId, hour: h.hour, viewers: h.viewers, conversions: h.conversions });
    }
    // Each visitor counts once in the dashboard's source filter: those also in another test stay counted there.
    await tx`
      insert into ab_test_archive_sources (test_id, source, visitors)
      select a.test_id, a.source, count(distinct a.user_id) from ab_test_assignments a
      where a.test_id = ${testId} and a.source is not null
        and not exists (select 1 from ab_test_assignments b where b.user_id = a.user_id and b.source = a.source and b.test_id <> a.test_id)
      group by a.test_id, a.source
      on conflict (test_id, source) do update set visitors = ab_test_archive_sources.visitors + excluded.visitors`;
    await tx`delete from ab_test_archive_counts where test_id = ${testId}`;
    await tx`delete from ab_test_archive_hours where test_id = ${testId}`;
    for (let i = 0; i < counts.length; i += 1000) await tx`insert into ab_test_archive_counts ${tx(counts.slice(i, i + 1000) as never)}`;
    for (let i = 0; i < hours.length; i += 1000) await tx`insert into ab_test_archive_hours ${tx(hours.slice(i, i + 1000) as never)}`;
    const deleted = await tx`delete from ab_test_events where test_id = ${testId}`;
    await tx`delete from ab_test_assignments where test_id = ${testId}`;
    return { eventsDeleted: deleted.count };
  }) as Promise<{ eventsDeleted: number } | null>;
}
