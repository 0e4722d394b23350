import type { Sql } from 'postgres';

// The figures GET /metrics reads from the database at each scrape (server/site-metrics.ts).

export type NotificationQueue = { queued: number; running: number; dead: number; oldestDueSeconds: number };

/**
 * The notification queue now: jobs waiting (due or retrying later), being delivered, and dead; and how
 * long the job that has been due longest has waited for a worker (0 when none is due). Each count reads
 * its own partial index (db/migrations/0005_lead_delivery.sql), not the delivered rows.
 */
export async function notificationQueue(sql: Sql, now: Date): Promise<NotificationQueue> {
  const [row] = await sql<NotificationQueue[]>`
    select
      (select count(*) from jobs where state = 'queued')::int as queued,
      (select count(*) from jobs where state = 'running')::int as running,
      (select count(*) from jobs where state = 'dead')::int as dead,
      coalesce((select extract(epoch from ${now}::timestamptz - min(run_at)) from jobs where state = 'queued' and run_at <= ${now}), 0)::float8 as oldest_due_seconds`;
  return row;
}

/** Leads (audits and applications, spam left out) stored since `since`. */
export async function leadsSince(sql: Sql, since: Date): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from leads where not is_spam and created_at >= ${since}`;
  return count;
}
