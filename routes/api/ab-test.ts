import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { assignVariant, recordEvent } from '../../db/queries/ab-tests.ts';
import { AB_LIMITS } from '../../lib/ab/definitions.ts';
import { abEventSchema, assignmentQuerySchema } from '../../lib/ab/schema.ts';
import { jsonWrite } from '../../server/api/guards.ts';
import { validJson, validQuery } from '../../server/api/validate.ts';
import { firstTouchSource } from '../../server/attribution.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { databaseReady } from '../../server/middleware/database-ready.ts';
import { answerError } from '../../server/middleware/errors.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { privateHeaders } from '../../server/staff-auth.ts';
import { isCrawler, visitorId } from '../../server/visitor.ts';
import { abResultsApi } from './_ab-results.ts';

// The A/B testing API (spec §7). Assignment and events are open to every visitor; the read APIs (the
// tests, their results, and the results as CSV) show aggregates only, open to all by default (as the
// spec says) and to staff only with AB_DASHBOARD_ACCESS=staff, when they are served at
// /admin/api/ab-test (where the staff cookie goes) and answer 401 here. No write endpoints for tests.

/** eventData is capped at 2 KB; the whole body a little above that. */
const EVENT_BODY_LIMIT = AB_LIMITS.eventDataBytes + 1024;

const api = new Hono<AppEnv>().use(databaseReady);

/** GET /assignment?testName=…&userId=… → {testId, variantId, variant: {configuration, name, isControl}}. */
api.get('/assignment', validQuery(assignmentQuerySchema), rateLimit('assignments'), async (c) => {
  privateHeaders(c);
  const { testName, userId } = c.req.valid('query');
  // Crawlers see the control and leave no trace; everyone else is the supplied id or the visitor cookie.
  const user = isCrawler(c) ? null : (userId ?? visitorId(c));
  const assignment = await withDatabaseDeadline(c.get('deps').sql, (db) => assignVariant(db, testName, user, firstTouchSource(c)));
  if (!assignment) return answerError(c, 404, `No running A/B test is named ${testName}`);
  return c.json(assignment);
});

/** POST /event {testId, variantId, eventType (view or click), eventData?, userId?}. */
api.post('/event', jsonWrite(EVENT_BODY_LIMIT), validJson(abEventSchema), rateLimit('events'), async (c) => {
  c.header('Cache-Control', 'no-store');
  const body = c.req.valid('json');
  if (isCrawler(c)) return c.json({ recorded: false }, 202);
  const userId = body.userId ?? visitorId(c);
  if (!userId) return c.json({ recorded: false }, 202);
  const outcome = await withDatabaseDeadline(c.get('deps').sql, (db) => recordEvent(db, { ...body, userId, source: firstTouchSource(c) }));
  switch (outcome) {
    case 'recorded':
      return c.json({ recorded: true }, 201);
    case 'unknown-test':
      return answerError(c, 400, 'Invalid fields: testId', { fields: { testId: 'No A/B test has this id' } });
    case 'unknown-variant':
      return answerError(c, 400, 'Invalid fields: variantId', { fields: { variantId: 'This variant does not belong to the test' } });
    case 'other-variant':
      return answerError(c, 409, 'This visitor is assigned to a different variant of the test');
    case 'not-assigned':
      // Outside the traffic allocation: shown the control, but not part of the experiment.
      return c.json({ recorded: false }, 202);
    case 'not-running':
      // Stopped, ended or not started: its results no longer change.
      return c.json({ recorded: false }, 202);
  }
});

/** With AB_DASHBOARD_ACCESS=staff the results are not for everyone: 401, and where to go instead. */
const openResultsOnly = createMiddleware<AppEnv>(async (c, next) => {
  privateHeaders(c);
  if (c.get('deps').config.AB_DASHBOARD_ACCESS === 'staff') return answerError(c, 401, 'The A/B results are for staff: sign in at /admin/login');
  await next();
});
api.use('/tests', openResultsOnly);
api.use('/results/*', openResultsOnly);
api.route('/', abResultsApi);

export default api;
