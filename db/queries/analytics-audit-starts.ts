import type { Sql } from 'postgres';
import type { Device } from '../../lib/analytics/device.ts';

// The funnel's second step, "started the audit", on the visitor's day (analytics_visits.audit_started_at,
// db/migrations/0014_analytics.sql): the audit form's first answer, or a form sent without JavaScript.

export type AuditStart = {
  day: string;
  visitorKey: string;
  at: Date;
  /** Used only when the visitor's day has no row yet (its page view not written yet, or not counted). */
  landing: string;
  source: string;
  medium: string;
  campaign: string;
  device: Device;
};

/**
 * Marks the visitor's day as having started the audit, once: the first time stays. A day with no row yet
 * gets one, with no page views (the counter adds its views to it and keeps the earlier of the two firsts).
 */
export async function markAuditStarted(sql: Sql, start: AuditStart): Promise<void> {
  await sql`
    insert into analytics_visits (day, visitor_key, first_at, landing, source, medium, campaign, device, pageviews, audit_started_at)
    values (${start.day}::date, ${start.visitorKey}, ${start.at}, ${start.landing}, ${start.source}, ${start.medium}, ${start.campaign},
      ${start.device}, 0, ${start.at})
    on conflict (day, visitor_key) do update set audit_started_at = coalesce(analytics_visits.audit_started_at, excluded.audit_started_at)`;
}
