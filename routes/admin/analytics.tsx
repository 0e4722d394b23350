import { Hono } from 'hono';
import { AnalyticsPage, type AnalyticsPageProps } from '../../components/staff/analytics/AnalyticsPage.tsx';
import { reportQuerySchema } from '../../lib/analytics/schema.ts';
import { fieldLines } from '../../lib/forms/validation.ts';
import { validQuery } from '../../server/api/validate.ts';
import type { AppEnv } from '../../server/deps.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { rangeOf, reportsOf } from './_analytics.ts';
import { staffMeta } from './_staff-pages.tsx';

const analyticsPage = definePage<AnalyticsPageProps>({ meta: staffMeta('Analytics', '/admin/analytics'), Component: AnalyticsPage });

const BACK = '/admin/analytics';
const problem = (c: Parameters<typeof staffProblem>[0], lines: string[]) => staffProblem(c, 400, 'These dates could not be used', lines, BACK);

/**
 * GET /admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: the analytics dashboard
 * (components/staff/analytics/AnalyticsPage.tsx) of a range of Toronto days, the last 28 by default,
 * beside the period of equal length before it. Its JSON is /admin/api/analytics, its tables
 * /admin/analytics.csv. Staff only.
 */
export default new Hono<AppEnv>().get(
  '/',
  requireStaff('page'),
  validQuery(reportQuerySchema, (c, _values, fields) => problem(c, fieldLines(fields))),
  async (c) => {
    const asked = rangeOf(c, c.req.valid('query'));
    if ('field' in asked) return problem(c, [`${asked.field}: ${asked.message}`]);
    const { report, previous, today } = await reportsOf(c, asked.range);
    return renderPage(c, analyticsPage, { staff: signedInStaff(c), report, previous, today });
  },
);
