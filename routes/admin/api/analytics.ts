import { Hono } from 'hono';
import { reportJson } from '../../../lib/analytics/report.ts';
import { reportQuerySchema } from '../../../lib/analytics/schema.ts';
import { validQuery } from '../../../server/api/validate.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { answerError } from '../../../server/middleware/errors.ts';
import { requireStaff } from '../../../server/staff-auth.ts';
import { rangeOf, reportsOf } from '../_analytics.ts';

/**
 * GET /admin/api/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: the dashboard's figures as JSON (Toronto days,
 * both included; the last 28 days by default), `{visitors, pageviews, days, pages, sources, funnel}` and
 * more (lib/analytics/report.ts reportJson). A bad date, a range backwards or over two years is a 400
 * naming the field. Staff only.
 */
export default new Hono<AppEnv>().get('/', requireStaff('api'), validQuery(reportQuerySchema), async (c) => {
  const asked = rangeOf(c, c.req.valid('query'));
  if ('field' in asked) return answerError(c, 400, `Invalid fields: ${asked.field}`, { fields: { [asked.field]: asked.message } });
  const { report, previous } = await reportsOf(c, asked.range);
  return c.json(reportJson(report, previous));
});
