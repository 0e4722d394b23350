import { Hono } from 'hono';
import { googleAdsConversions } from '../../../../db/queries/conversions.ts';
import { googleAdsCsv } from '../../../../lib/analytics/google-ads.ts';
import { rangeInstants } from '../../../../lib/analytics/range.ts';
import { dayRangeSchema } from '../../../../lib/analytics/schema.ts';
import { validQuery } from '../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../server/deadline.ts';
import type { AppEnv } from '../../../../server/deps.ts';
import { requireStaff } from '../../../../server/staff-auth.ts';

/**
 * GET /admin/api/conversions/google-ads.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: Google Ads' offline conversion
 * import file for the leads, booked sessions and won clients of those Toronto days (both inclusive) that
 * came from a Google Ads click (lib/analytics/google-ads.ts). Staff only; the README says how to upload it.
 * The same range always gives the same rows, so a file uploaded twice, or two that overlap, count nothing
 * twice: Google drops a conversion it already has for the same click, name and time.
 */
export default new Hono<AppEnv>().get('/', requireStaff('api'), validQuery(dayRangeSchema), async (c) => {
  const range = c.req.valid('query');
  const { sql } = c.get('deps');
  const conversions = await withDatabaseDeadline(sql, (db) => googleAdsConversions(db, rangeInstants(range)));
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="google-ads-conversions-${range.from}-to-${range.to}.csv"`);
  return c.body(googleAdsCsv(conversions));
});
