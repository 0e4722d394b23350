import { Hono } from 'hono';
import { insertIntakeApplication } from '../../db/queries/intake.ts';
import { CONSENT_VERSION } from '../../lib/consent.ts';
import { INTAKE_FIELDS, intakeSchema } from '../../lib/intake-schema.ts';
import { isLikelySpam } from '../../lib/spam.ts';
import { sameAnswers } from '../../lib/submission.ts';
import { jsonWrite, SUBMISSION_CONFLICT } from '../../server/api/guards.ts';
import { referringPage } from '../../server/api/referring-page.ts';
import { validJson } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { visitorId } from '../../server/visitor.ts';

const API_PATH = '/api/q4-intake';

/**
 * POST /api/q4-intake: validates with the form's own schema, stores the application with its consent
 * record, answers 201 {id}. A repeated id stores nothing new: a retry of the same submission is answered
 * exactly as the first time, other answers under that id get a 409 that shows nothing of the stored
 * row. Likely spam gets the same answer and is stored flagged.
 */
const api = new Hono<AppEnv>().post('/', jsonWrite(), validJson(intakeSchema), rateLimit('forms'), async (c) => {
  const { id: clientId, fax, fillMs, ...application } = c.req.valid('json');
  const { sql, now } = c.get('deps');
  const id = clientId ?? crypto.randomUUID();
  const stored = await withDatabaseDeadline(
    insertIntakeApplication(sql, {
      id,
      application,
      // The consent was given on the page the form was sent from.
      consent: { version: CONSENT_VERSION, page: referringPage(c, API_PATH) },
      createdAt: now(),
      isSpam: isLikelySpam({ fax, fillMs }),
      visitorId: visitorId(c),
    }),
  );
  if (!stored.created && !sameAnswers(stored.row, application, INTAKE_FIELDS)) return c.json(SUBMISSION_CONFLICT, 409);
  return c.json({ id }, 201);
});

export default api;
