import type { Sql } from 'postgres';
import { daySplit, leadsOf, pagesOf, trafficByDay } from '../../db/queries/analytics-report.ts';
import { type Goal, type PlanView, planBaseline } from '../../lib/ab/experiments.ts';
import { testPlan } from '../../lib/ab/power.ts';
import { DEFAULT_RANGE_DAYS, resolveRange } from '../../lib/analytics/range.ts';
import { agency } from '../../lib/site.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';

// How long an experiment will likely need at the site's current traffic (the builder shows it before a
// test starts): the last 28 Toronto days of first-party analytics give the home page's visitors a day
// and the goal's rate, and lib/ab/power.ts's plan does the rest.

/** The plan for `variants` variants with `trafficAllocation`% of visitors, to find `relativeLift` (0.2 = +20%) on `goal`. */
export async function experimentPlan(
  sql: Sql,
  now: Date,
  { goal, variants, trafficAllocation, relativeLift }: { goal: Goal; variants: number; trafficAllocation: number; relativeLift: number },
): Promise<PlanView> {
  const range = resolveRange({}, dayIn(now, agency.timeZone));
  const { homeVisitors, siteVisitors, leads, booked } = await withDatabaseDeadline(sql, async (db) => {
    const split = await daySplit(db, range);
    const [pages, traffic, leadRows] = await Promise.all([pagesOf(db, split, 1000), trafficByDay(db, split), leadsOf(db, range, agency.timeZone)]);
    return {
      homeVisitors: pages.find((p) => p.route === '/')?.visitors ?? 0,
      siteVisitors: traffic.reduce((sum, d) => sum + d.visitors, 0),
      leads: leadRows.length,
      booked: leadRows.filter((l) => l.booked).length,
    };
  });
  const { dailyVisitors, baselineRate } = planBaseline(goal, { days: DEFAULT_RANGE_DAYS, homeVisitors, siteVisitors, leads, booked });
  return {
    plan: testPlan({ baselineRate, relativeLift, variants, trafficAllocation, dailyVisitors }),
    baselineRate,
    dailyVisitors,
    relativeLift,
    days: DEFAULT_RANGE_DAYS,
  };
}
