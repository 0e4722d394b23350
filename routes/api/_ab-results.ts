import { Hono } from 'hono';
import { listTests, testResults, testResultsReport } from '../../db/queries/ab-tests.ts';
import { resultsCsv, resultsCsvFilename } from '../../lib/ab/results-csv.ts';
import { resultsScopeQuerySchema, testIdParamSchema } from '../../lib/ab/schema.ts';
import { validParam, validQuery } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { answerError } from '../../server/middleware/errors.ts';

/** The A/B read APIs: open at /api/ab-test (routes/api/ab-test.ts), for staff at /admin/api/ab-test (routes/admin/api/ab-test.ts). */
export const abResultsApi = new Hono<AppEnv>();

/** GET /tests → every test (spec fields). */
abResultsApi.get('/tests', async (c) => {
  return c.json(await withDatabaseDeadline(c.get('deps').sql, listTests));
});

const NO_SUCH_TEST = 'No A/B test has this id';

/** GET /results/{testId} → one entry per variant with metrics and statistics. */
abResultsApi.get('/results/:testId', validParam(testIdParamSchema), async (c) => {
  const { testId } = c.req.valid('param');
  const now = c.get('deps').now();
  const results = testId.length <= 36 ? await withDatabaseDeadline(c.get('deps').sql, (db) => testResults(db, testId, now)) : null;
  if (!results) return answerError(c, 404, NO_SUCH_TEST);
  return c.json(results);
});

/** GET /results/{testId}/csv → the same results as a spreadsheet download (lib/ab/results-csv.ts). */
abResultsApi.get('/results/:testId/csv', validParam(testIdParamSchema), validQuery(resultsScopeQuerySchema), async (c) => {
  const { testId } = c.req.valid('param');
  const { source } = c.req.valid('query');
  const now = c.get('deps').now();
  const report = testId.length <= 36 ? await withDatabaseDeadline(c.get('deps').sql, (db) => testResultsReport(db, testId, now, { source })) : null;
  if (!report) return answerError(c, 404, NO_SUCH_TEST);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${resultsCsvFilename(report.test.name, now)}"`);
  return c.body(resultsCsv(report, now));
});
