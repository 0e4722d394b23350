import type { Sql, TransactionSql } from 'postgres';
import type { Device } from '../../lib/analytics/device.ts';

// Counting page views (features/analytics/): the day's salt, the batches of page views and each
// visitor's day, the daily roll-up, and the deletion of raw rows and ended days' salts. Tables in
// db/migrations/0014_analytics.sql. Every statement works on PostgreSQL and the embedded database, and
// holds up with several processes writing at once.

/**
 * The salt of `day` ("2026-11-28", a Toronto day): the one stored, or `candidate` when this caller is the
 * first to ask. Insert first, then read: several processes asking at once all get the one that won.
 */
export async function daySalt(sql: Sql, day: string, candidate: string, now: Date): Promise<string> {
  await sql`insert into analytics_salts (day, salt, created_at) values (${day}::date, ${candidate}, ${now}) on conflict (day) do nothing`;
  const [row] = await sql<{ salt: string }[]>`select salt from analytics_salts where day = ${day}::date`;
  if (!row) throw new Error(`the salt of ${day} was deleted as it was made`);
  return row.salt;
}

/** Deletes the salts of the days before `day`: once gone, those days' visitor keys cannot be made again. */
export async function deleteSaltsBefore(sql: Sql, day: string): Promise<number> {
  const deleted = await sql`delete from analytics_salts where day < ${day}::date returning day`;
  return deleted.length;
}

/**
 * The page views of a batch, column by column (one array per column, all of one length): what the
 * statement takes as arrays, so a batch of thousands is one statement of ten parameters. `atMs` is the
 * time in ms since the epoch; `day` the Toronto day ("2026-11-28").
 */
export type PageViewColumns = {
  atMs: number[];
  day: string[];
  visitorKey: string[];
  route: string[];
  referrerHost: (string | null)[];
  utmSource: (string | null)[];
  utmMedium: (string | null)[];
  utmCampaign: (string | null)[];
  device: Device[];
};

/** A visitor's day as one batch saw it: its first view (time, page, source) and how many views it had. */
export type VisitRow = {
  day: string;
  visitorKey: string;
  firstAtMs: number;
  landing: string;
  source: string;
  medium: string;
  campaign: string;
  device: Device;
  pageviews: number;
};

/**
 * One batch, in one transaction: the page views in one multi-row insert, and each visitor's day in one
 * upsert (`visits` has one row per day and key). A visitor already known that day gets the batch's views
 * added; their source, landing page and device stay those of their earliest view, whichever batch (or
 * process) brought it first. Both statements take their rows as arrays (unnest): a few parameters
 * however many rows, which costs the server's process less than a parameter per value.
 */
export async function writePageViews(sql: Sql, views: PageViewColumns, visits: readonly VisitRow[]): Promise<void> {
  if (views.atMs.length === 0) return;
  const column = <K extends keyof VisitRow>(key: K) => visits.map((visit) => visit[key]);
  await sql.begin(async (tx) => {
    await tx`
      insert into analytics_page_views (at, day, visitor_key, route, referrer_host, utm_source, utm_medium, utm_campaign, device)
      select to_timestamp(ms / 1000.0), day::date, visitor_key, route, referrer_host, utm_source, utm_medium, utm_campaign, device
      from unnest(${views.atMs}::float8[], ${views.day}::text[], ${views.visitorKey}::text[], ${views.route}::text[], ${views.referrerHost}::text[],
        ${views.utmSource}::text[], ${views.utmMedium}::text[], ${views.utmCampaign}::text[], ${views.device}::text[])
        as v (ms, day, visitor_key, route, referrer_host, utm_source, utm_medium, utm_campaign, device)`;
    await tx`
      insert into analytics_visits (day, visitor_key, first_at, landing, source, medium, campaign, device, pageviews)
      select day::date, visitor_key, to_timestamp(ms / 1000.0), landing, source, medium, campaign, device, pageviews
      from unnest(${column('day')}::text[], ${column('visitorKey')}::text[], ${column('firstAtMs')}::float8[], ${column('landing')}::text[],
        ${column('source')}::text[], ${column('medium')}::text[], ${column('campaign')}::text[], ${column('device')}::text[], ${column('pageviews')}::int[])
        as v (day, visitor_key, ms, landing, source, medium, campaign, device, pageviews)
      on conflict (day, visitor_key) do update set
        pageviews = analytics_visits.pageviews + excluded.pageviews,
        first_at = least(analytics_visits.first_at, excluded.first_at),
        landing = case when excluded.first_at < analytics_visits.first_at then excluded.landing else analytics_visits.landing end,
        source = case when excluded.first_at < analytics_visits.first_at then excluded.source else analytics_visits.source end,
        medium = case when excluded.first_at < analytics_visits.first_at then excluded.medium else analytics_visits.medium end,
        campaign = case when excluded.first_at < analytics_visits.first_at then excluded.campaign else analytics_visits.campaign end,
        device = case when excluded.first_at < analytics_visits.first_at then excluded.device else analytics_visits.device end`;
  });
}

/** The days before `before` that have page views and are not rolled up yet, oldest first. */
export async function daysToRollUp(sql: Sql, before: string): Promise<string[]> {
  const rows = await sql<{ day: string }[]>`
    select distinct v.day::text as day from analytics_visits v
    where v.day < ${before}::date and not exists (select 1 from analytics_rollups r where r.day = v.day)
    order by day`;
  return rows.map((row) => row.day);
}

/**
 * Rolls `day` up once across processes: claims it in analytics_rollups, and in the same transaction
 * writes its figures per page and per source/landing/device from the raw rows (an upsert, so figures
 * already there are replaced by the same ones). False when another process has rolled it up.
 */
export async function rollUpDay(sql: Sql, day: string, at: Date): Promise<boolean> {
  return sql.begin(async (tx) => {
    const claimed = await tx`insert into analytics_rollups (day, rolled_at) values (${day}::date, ${at}) on conflict (day) do nothing returning day`;
    if (claimed.length === 0) return false;
    await tx`
      insert into analytics_daily_pages (day, route, visitors, pageviews)
      select day, route, count(distinct visitor_key)::int, count(*)::int
      from analytics_page_views where day = ${day}::date group by day, route
      on conflict (day, route) do update set visitors = excluded.visitors, pageviews = excluded.pageviews`;
    await tx`
      insert into analytics_daily_sources (day, source, medium, campaign, landing, device, visitors, pageviews, audit_started)
      select day, source, medium, campaign, landing, device, count(*)::int, sum(pageviews)::int, count(audit_started_at)::int
      from analytics_visits where day = ${day}::date group by day, source, medium, campaign, landing, device
      on conflict (day, source, medium, campaign, landing, device) do update set
        visitors = excluded.visitors, pageviews = excluded.pageviews, audit_started = excluded.audit_started`;
    return true;
  });
}

/** Deletes the raw page views and visitors' days of the days before `day` that are rolled up (their figures stay). */
export async function deleteRawBefore(sql: Sql, day: string): Promise<{ pageViews: number; visits: number }> {
  return sql.begin(async (tx) => {
    const rolled = tx`select r.day from analytics_rollups r where r.day < ${day}::date`;
    const views = await tx`delete from analytics_page_views where day < ${day}::date and day in (${rolled})`;
    const visits = await tx`delete from analytics_visits where day < ${day}::date and day in (${rolled})`;
    return { pageViews: views.count, visits: visits.count };
  });
}

/**
 * VACUUM of the raw tables after a deletion, on the embedded database (which runs no autovacuum), so the
 * space of deleted rows is used again instead of the files growing. Not in a transaction.
 */
export async function vacuumRawViews(sql: Sql): Promise<void> {
  await sql`vacuum analytics_page_views, analytics_visits`;
}

/** What an erased person's touches named that analytics may hold too: campaigns and other sites' hosts. */
export type ErasedTouchValues = { campaigns: string[]; hosts: string[] };

/** What a source becomes when the other site it named is erased (its medium, referral, stays). */
export const ERASED_SOURCE = '(erased)';

/**
 * Forgets, everywhere in analytics, the campaigns and referring hosts an erased person's touches named:
 * a campaign or a host can be one person's own (a newsletter's per-reader campaign, their business's
 * site), and no page view is linked to a lead, so every row naming them loses the value. Raw rows get
 * null (a visit's campaign '' and source ERASED_SOURCE); the daily figures are merged into the rows
 * without the value, so the totals stay whole. In the erasure's transaction.
 */
export async function forgetInAnalytics(tx: Sql | TransactionSql, { campaigns, hosts }: ErasedTouchValues): Promise<void> {
  if (campaigns.length === 0 && hosts.length === 0) return;
  await tx`update analytics_page_views set utm_campaign = null where utm_campaign = any(${campaigns}::text[])`;
  await tx`update analytics_page_views set referrer_host = null where referrer_host = any(${hosts}::text[])`;
  await tx`update analytics_page_views set utm_source = null where utm_source = any(${hosts}::text[])`;
  await tx`update analytics_visits set campaign = '' where campaign = any(${campaigns}::text[])`;
  await tx`update analytics_visits set source = ${ERASED_SOURCE} where source = any(${hosts}::text[])`;
  const gone = await tx<
    {
      day: string;
      source: string;
      medium: string;
      campaign: string;
      landing: string;
      device: string;
      visitors: number;
      pageviews: number;
      auditStarted: number;
    }[]
  >`
    delete from analytics_daily_sources where campaign = any(${campaigns}::text[]) or source = any(${hosts}::text[])
    returning day::text, source, medium, campaign, landing, device, visitors, pageviews, audit_started`;
  const merged = new Map<string, (typeof gone)[number]>();
  for (const row of gone) {
    const source = hosts.includes(row.source) ? ERASED_SOURCE : row.source;
    const campaign = campaigns.includes(row.campaign) ? '' : row.campaign;
    const key = JSON.stringify([row.day, source, row.medium, campaign, row.landing, row.device]);
    const kept = merged.get(key);
    if (kept) {
      kept.visitors += row.visitors;
      kept.pageviews += row.pageviews;
      kept.auditStarted += row.auditStarted;
    } else merged.set(key, { ...row, source, campaign });
  }
  for (const row of merged.values())
    await tx`
      insert into analytics_daily_sources (day, source, medium, campaign, landing, device, visitors, pageviews, audit_started)
      values (${row.day}::date, ${row.source}, ${row.medium}, ${row.campaign}, ${row.landing}, ${row.device}, ${row.visitors}, ${row.pageviews}, ${row.auditStarted})
      on conflict (day, source, medium, campaign, landing, device) do update set
        visitors = analytics_daily_sources.visitors + excluded.visitors,
        pageviews = analytics_daily_sources.pageviews + excluded.pageviews,
        audit_started = analytics_daily_sources.audit_started + excluded.audit_started`;
}
