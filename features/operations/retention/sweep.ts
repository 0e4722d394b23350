import type { Sql } from 'postgres';
import { archiveTest, testsDueForArchive } from '../../../db/queries/ab-archive.ts';
import { eraseLead, leadsDueForErasure } from '../../../db/queries/erasure.ts';
import { forgetStaleSiteChecks } from '../../../db/queries/site-checks.ts';
import { abArchiveCutoff, leadRetentionCutoff } from '../../../lib/leads/retention.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';

// One retention sweep (README, "Privacy and retention"): leads past LEAD_RETENTION_DAYS that were never
// won are erased as staff erasure does (db/queries/erasure.ts), and A/B tests that ended over a year
// ago keep their figures and lose their raw rows (db/queries/ab-archive.ts). Each lead is its own
// transaction, so a sweep cut short keeps what it did, and the next day's finishes it.

export type SweepDeps = {
  sql: Sql;
  now: Date;
  retentionDays: number;
  /** Whether a webhook receiver is told of each erasure (LEAD_WEBHOOK_URL is set). */
  notifyReceiver: boolean;
  /** The process is stopping: end after the lead or test under way (the rest waits for the next sweep). */
  stopping?: () => boolean;
};

export type SweepResult = { leadsErased: number; abTestsArchived: number; abEventsDeleted: number };

const BATCH = 200;

export async function sweepRetention({ sql, now, retentionDays, notifyReceiver, stopping = () => false }: SweepDeps): Promise<SweepResult> {
  const result: SweepResult = { leadsErased: 0, abTestsArchived: 0, abEventsDeleted: 0 };
  const arrivedBefore = leadRetentionCutoff(now, retentionDays);
  for (;;) {
    const due = await withDatabaseDeadline(sql, (db) => leadsDueForErasure(db, arrivedBefore, BATCH));
    for (const lead of due) {
      if (stopping()) return result;
      // 'erased' when another process erased it meanwhile (staff, or a sweep elsewhere): counted there.
      const outcome = await withDatabaseDeadline(sql, (db) => eraseLead(db, lead.kind, lead.id, { actor: null, now, reason: 'retention', notifyReceiver }));
      if (outcome === 'changed') result.leadsErased++;
    }
    if (due.length < BATCH || stopping()) break;
  }
  // Sites' cached checks past their hour are never read again (each audit keeps its own until it is erased).
  await withDatabaseDeadline(sql, (db) => forgetStaleSiteChecks(db, now));
  const endedBefore = abArchiveCutoff(now);
  for (const testId of await withDatabaseDeadline(sql, (db) => testsDueForArchive(db, endedBefore))) {
    if (stopping()) break;
    const archived = await archiveTest(sql, testId, endedBefore);
    if (!archived) continue;
    result.abTestsArchived++;
    result.abEventsDeleted += archived.eventsDeleted;
  }
  return result;
}
