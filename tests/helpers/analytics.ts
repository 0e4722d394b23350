import type { Sql } from 'postgres';

// Analytics rows written straight into the tables (db/migrations/0014_analytics.sql), as the counting
// writes them: a visitor's day with its page views, and a finished day rolled up into the daily tables.
// The reports' tests and the dashboard's browser test seed with these.

export type SeededVisit = {
  day: string;
  key?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  landing?: string;
  device?: 'mobile' | 'tablet' | 'desktop';
  /** The routes the visitor viewed that day, in order (the first is the landing page unless `landing` says). */
  routes?: string[];
  auditStarted?: boolean;
};

/** One visitor's day: its analytics_visits row and one analytics_page_views row per route viewed. */
export async function seedVisit(sql: Sql, visit: SeededVisit): Promise<string> {
  const key = visit.key ?? crypto.randomUUID().replace(/-/g, '');
  const routes = visit.routes ?? [visit.landing ?? '/'];
  const at = new Date(`${visit.day}T16:00:00Z`);
  const device = visit.device ?? 'desktop';
  await sql`
    insert into analytics_visits (day, visitor_key, first_at, landing, source, medium, campaign, device, pageviews, audit_started_at)
    values (${visit.day}, ${key}, ${at}, ${visit.landing ?? routes[0]}, ${visit.source ?? 'direct'}, ${visit.medium ?? 'none'}, ${visit.campaign ?? ''},
      ${device}, ${routes.length}, ${visit.auditStarted ? at : null})`;
  for (const [i, route] of routes.entries())
    await sql`
      insert into analytics_page_views (at, day, visitor_key, route, utm_source, utm_medium, utm_campaign, device)
      values (${new Date(at.getTime() + i * 60_000)}, ${visit.day}, ${key}, ${route}, ${i === 0 ? (visit.source ?? null) : null},
        ${i === 0 ? (visit.medium ?? null) : null}, ${i === 0 ? (visit.campaign ?? null) : null}, ${device})`;
  return key;
}

/**
 * A finished day as the roll-up leaves it: its rows in analytics_daily_pages and analytics_daily_sources
 * and its analytics_rollups claim, worked out from what is in the raw tables for that day.
 */
export async function rollUpDay(sql: Sql, day: string): Promise<void> {
  await sql`
    insert into analytics_daily_pages (day, route, visitors, pageviews)
    select day, route, count(distinct visitor_key), count(*) from analytics_page_views where day = ${day} group by day, route`;
  await sql`
    insert into analytics_daily_sources (day, source, medium, campaign, landing, device, visitors, pageviews, audit_started)
    select day, source, medium, campaign, landing, device, count(*), sum(pageviews), count(audit_started_at)
    from analytics_visits where day = ${day} group by day, source, medium, campaign, landing, device`;
  await sql`insert into analytics_rollups (day, rolled_at) values (${day}, now())`;
}
