import { analyticsReport } from '../../db/queries/analytics-report.ts';
import { type Days, previousRange, rangeProblem, resolveRange } from '../../lib/analytics/range.ts';
import type { AnalyticsReport } from '../../lib/analytics/report.ts';
import type { ReportQuery } from '../../lib/analytics/schema.ts';
import { agency } from '../../lib/site.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext } from '../../server/deps.ts';

// What the analytics dashboard (analytics.tsx), its CSVs (analytics.csv.ts) and its JSON
// (api/analytics.ts) share: the range a checked query asks for, and the report of it and of the period
// before.

/** The range the query names (the last 28 days by default), or the field and why it cannot be used. */
export function rangeOf(c: AppContext, query: ReportQuery): { range: Days } | { field: 'from' | 'to'; message: string } {
  const range = resolveRange(query, dayIn(c.get('deps').now(), agency.timeZone));
  const problem = rangeProblem(range);
  return problem ? { field: query.from ? 'from' : 'to', message: problem } : { range };
}

export type Reports = { report: AnalyticsReport; previous: AnalyticsReport; today: string };

const contextOf = (c: AppContext) => ({ now: c.get('deps').now(), timeZone: agency.timeZone });

/** The report of `range`, under the request's database deadline. */
export function reportOf(c: AppContext, range: Days): Promise<AnalyticsReport> {
  const ctx = contextOf(c);
  return withDatabaseDeadline(c.get('deps').sql, (db) => analyticsReport(db, range, ctx));
}

/** The report of `range` and of the period of equal length before it, under the request's database deadline. */
export async function reportsOf(c: AppContext, range: Days): Promise<Reports> {
  const ctx = contextOf(c);
  const [report, previous] = await withDatabaseDeadline(c.get('deps').sql, (db) =>
    Promise.all([analyticsReport(db, range, ctx), analyticsReport(db, previousRange(range), ctx)]),
  );
  return { report, previous, today: dayIn(ctx.now, agency.timeZone) };
}
