import { Hono } from 'hono';
import { reportCsv, reportCsvName } from '../../lib/analytics/csv.ts';
import { reportCsvQuerySchema } from '../../lib/analytics/schema.ts';
import { fieldLines } from '../../lib/forms/validation.ts';
import { CSV_BOM } from '../../lib/text/csv.ts';
import { validQuery } from '../../server/api/validate.ts';
import type { AppEnv } from '../../server/deps.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { requireStaff } from '../../server/staff-auth.ts';
import { rangeOf, reportOf } from './_analytics.ts';

const BACK = '/admin/analytics';
const refused = validQuery(reportCsvQuerySchema, (c, _values, fields) => staffProblem(c, 400, 'This table could not be made', fieldLines(fields), BACK));

/**
 * GET /admin/analytics.csv?table=…&from=…&to=…: one table of the analytics dashboard (days, pages,
 * sources, landings, variants, funnel, speed) as CSV for a spreadsheet (lib/analytics/csv.ts). Staff only.
 */
export default new Hono<AppEnv>().get('/', requireStaff('page'), refused, async (c) => {
  const { table, ...query } = c.req.valid('query');
  const asked = rangeOf(c, query);
  if ('field' in asked) return staffProblem(c, 400, 'This table could not be made', [`${asked.field}: ${asked.message}`], BACK);
  const report = await reportOf(c, asked.range);
  return c.body(CSV_BOM + reportCsv(report, table), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${reportCsvName(table, asked.range)}"`,
  });
});
