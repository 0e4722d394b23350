import type { Sql, TransactionSql } from 'postgres';
import { type Days, daysOf, rangeInstants } from '../../lib/analytics/range.ts';
import {
  type AnalyticsReport,
  buildReport,
  type PageRow,
  type ReportLead,
  type TrafficDay,
  type VariantVisitors,
  type VisitSlice,
} from '../../lib/analytics/report.ts';

// The analytics dashboard's reads (routes/admin/analytics.tsx, its JSON and CSVs, and the weekly email):
// each function one statement over a range of Toronto days. A finished day that was rolled up
// (analytics_rollups) is read from the daily tables, a few rows a day; a day not rolled up yet (today,
// or one the roll-up has not reached) from the raw rows, analytics_visits and analytics_page_views, so
// today's figures are live and a year of traffic stays a few thousand rows to read.
// lib/analytics/report.ts turns the rows into the report.

type Db = Sql | TransactionSql;

/** The days of a range by where their figures are read: the daily tables (rolled up) or the raw rows (the rest). */
export type DaySplit = { rolled: string[]; raw: string[] };

/** Which days of `range` are rolled up (analytics_rollups), and which are not: today, and any the roll-up has not reached. */
export async function daySplit(sql: Db, range: Days): Promise<DaySplit> {
  const rows = await sql<{ day: string }[]>`
    select to_char(day, 'YYYY-MM-DD') as day from analytics_rollups where day between ${range.from}::date and ${range.to}::date`;
  const rolled = new Set(rows.map((r) => r.day));
  return { rolled: [...rolled], raw: daysOf(range).filter((d) => !rolled.has(d)) };
}

// Each statement names its days one by one (`day = any(…)`) on the column the tables' keys start with,
// so a range of rolled-up days never touches a raw row (a range filter with "and not rolled up" read
// every raw row of the range first: 470 ms at 1,000,000 page views).
const days = (sql: Db, list: string[]) => sql`day = any(${list}::date[])`;

/** Visitors and page views per day (days without any are left out). */
export async function trafficByDay(sql: Db, split: DaySplit): Promise<TrafficDay[]> {
  return sql<TrafficDay[]>`
    with visitors as (
      select day, sum(visitors) as visitors from analytics_daily_sources where ${days(sql, split.rolled)} group by day
      union all
      select day, count(*) from analytics_visits where ${days(sql, split.raw)} group by day
    ),
    views as (
      select day, sum(pageviews) as pageviews from analytics_daily_pages where ${days(sql, split.rolled)} group by day
      union all
      select day, count(*) from analytics_page_views where ${days(sql, split.raw)} group by day
    )
    select to_char(day, 'YYYY-MM-DD') as date, coalesce(v.visitors, 0)::float8 as visitors, coalesce(p.pageviews, 0)::float8 as pageviews
    from visitors v full join views p using (day)
    order by day`;
}

/** Visitors and page views per route over the days, most viewed first (at most `limit`). */
export async function pagesOf(sql: Db, split: DaySplit, limit = 100): Promise<PageRow[]> {
  return sql<PageRow[]>`
    select route, sum(visitors)::float8 as visitors, sum(pageviews)::float8 as pageviews from (
      select route, visitors, pageviews from analytics_daily_pages where ${days(sql, split.rolled)}
      union all
      select route, count(distinct visitor_key), count(*) from analytics_page_views where ${days(sql, split.raw)} group by day, route
    ) p
    group by route
    order by sum(pageviews) desc, sum(visitors) desc, route
    limit ${limit}`;
}

/** The days' visits by source, medium, campaign and landing page, with how many started the audit. */
export async function visitSlices(sql: Db, split: DaySplit): Promise<VisitSlice[]> {
  return sql<VisitSlice[]>`
    select source, medium, campaign, landing, sum(visitors)::float8 as visitors, sum(audit_started)::float8 as audit_started from (
      select source, medium, campaign, landing, visitors, audit_started from analytics_daily_sources where ${days(sql, split.rolled)}
      union all
      select source, medium, campaign, landing, count(*), count(audit_started_at) from analytics_visits
      where ${days(sql, split.raw)} group by source, medium, campaign, landing
    ) v
    group by source, medium, campaign, landing`;
}

/**
 * The leads that arrived in the range (Toronto days), never spam or erased (leads_report_idx), each with
 * what the reports need: its first touch, its value before and after it was won, whether a session was
 * booked (a booking booked or held, or the pipeline status says so) and its visitor's A/B variants.
 */
export async function leadsOf(sql: Db, range: Days, timeZone: string): Promise<ReportLead[]> {
  const { start, end } = rangeInstants(range, timeZone);
  const rows = await sql<(Omit<ReportLead, 'variants'> & { variants: string | null })[]>`
    select l.kind, l.created_at, l.reply_by, l.first_reached_at, l.first_touch::text as first_touch, l.page, l.budget,
      a.estimated_value::text as estimated_value, l.won_value::float8 as won_value, l.status,
      (l.status in ('session booked', 'won') or exists (
        select 1 from bookings b where b.lead_kind = l.kind and b.lead_id = l.id and b.status in ('booked', 'held')
      )) as booked,
      (select string_agg(s.variant_id, ',') from ab_test_assignments s where s.user_id = l.visitor_id) as variants
    from leads l
    left join business_audits a on l.kind = 'audit' and a.id = l.id
    where not l.is_spam and l.erased_at is null and l.created_at >= ${start} and l.created_at < ${end}
    order by l.created_at`;
  return rows.map((r) => ({ ...r, variants: r.variants ? r.variants.split(',') : [] }));
}

/** Every A/B variant, with the visitors its test assigned to it in the range (their first view: ab_test_assignments). */
export async function variantVisitors(sql: Db, range: Days, timeZone: string): Promise<VariantVisitors[]> {
  const { start, end } = rangeInstants(range, timeZone);
  return sql<VariantVisitors[]>`
    select t.name as test_name, v.id as variant_id, v.name as variant_name, v.is_control, coalesce(c.visitors, 0)::float8 as visitors
    from ab_test_variants v join ab_tests t on t.id = v.test_id
    left join (
      select variant_id, count(*) as visitors from ab_test_assignments
      where assigned_at >= ${start} and assigned_at < ${end} group by variant_id
    ) c on c.variant_id = v.id
    order by t.name, v.is_control desc, v.name`;
}

/** The whole report of one range (lib/analytics/report.ts). */
export async function analyticsReport(sql: Db, range: Days, ctx: { now: Date; timeZone: string }): Promise<AnalyticsReport> {
  const split = await daySplit(sql, range);
  const [days, pages, visits, leads, variants] = await Promise.all([
    trafficByDay(sql, split),
    pagesOf(sql, split),
    visitSlices(sql, split),
    leadsOf(sql, range, ctx.timeZone),
    variantVisitors(sql, range, ctx.timeZone),
  ]);
  return buildReport({ range, days, pages, visits, leads, variants, now: ctx.now, timeZone: ctx.timeZone });
}
