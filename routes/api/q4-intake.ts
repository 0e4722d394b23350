import { Hono } from 'hono';
import { insertIntakeApplication } from '../../db/queries/intake.ts';
import { leadArrival } from '../../db/queries/leads.ts';
import { isLikelySpam } from '../../lib/forms/spam.ts';
import { sameAnswers } from '../../lib/forms/submission.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import { INTAKE_ANSWER_FIELDS, INTAKE_FIELDS, INTAKE_FLAG_FIELDS, intakeSchema } from '../../lib/intake/schema.ts';
import { CONSENT_VERSION, INTAKE_MARKETING_CONSENT_VERSION } from '../../lib/leads/consent.ts';
import { intake } from '../../lib/site.ts';
import { isFormBody } from '../../server/api/body-type.ts';
import { plainFormSubmissionId } from '../../server/api/form-submission.ts';
import { SUBMISSION_CONFLICT, submissionWrite } from '../../server/api/guards.ts';
import { referringPage } from '../../server/api/referring-page.ts';
import { validSubmission } from '../../server/api/validate.ts';
import { touchesOf } from '../../server/attribution.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { databaseReady } from '../../server/middleware/database-ready.ts';
import { answerError } from '../../server/middleware/errors.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { renderPage } from '../../server/page.tsx';
import { visitorId } from '../../server/visitor.ts';
import intakePage from '../q4-intake/index.tsx';

const API_PATH = '/api/q4-intake';

/**
 * POST /api/q4-intake: validates with the form's own schema, stores the application with its consent
 * records, answers 201 {id}; a plain form post (no JavaScript) is answered 303 to the thank-you page,
 * or with the intake page again showing its errors. Applying again with an email that applied before is
 * a new application, answered as any first one (db/queries/intake.ts): nothing earlier changes, and the
 * answer tells nobody whether the email applied. A repeated id stores nothing new: a retry of the same
 * submission is answered exactly as the first time, other answers under that id get a 409 that shows
 * nothing of the stored row. Likely spam gets the answer of a new application and is stored flagged.
 */
const api = new Hono<AppEnv>()
  .use(databaseReady)
  .post('/', submissionWrite(), validSubmission(intakeSchema, { flags: INTAKE_FLAG_FIELDS, invalid: invalidForm }), rateLimit('forms'), async (c) => {
    const { id: clientId, fax, fillMs, ...application } = c.req.valid('json');
    const { sql, now, notifications } = c.get('deps');
    const plainForm = isFormBody(c);
    const isSpam = isLikelySpam({ fax, fillMs });
    const at = now();
    let id = clientId ?? crypto.randomUUID();
    const stored = await withDatabaseDeadline(sql, async (db) => {
      // A plain post carries no id: one made from its answers and the client's address makes a double click,
      // cookie or not, one submission (server/api/form-submission.ts).
      if (!clientId && plainForm) {
        const given = Object.fromEntries(INTAKE_ANSWER_FIELDS.map((field) => [field, application[field]]));
        id = await plainFormSubmissionId(c, 'intake', given, { now: at, earlier: (stored) => leadArrival(db, 'intake', stored) });
      }
      return insertIntakeApplication(db, {
        id,
        application,
        // The consent was given on the page the form was sent from.
        consent: { version: CONSENT_VERSION, page: referringPage(c, API_PATH) },
        marketingVersion: INTAKE_MARKETING_CONSENT_VERSION,
        createdAt: at,
        isSpam,
        visitorId: visitorId(c),
        touches: touchesOf(c),
        channels: notifications.channels,
      });
    });
    if (stored.outcome === 'repeat' && !sameAnswers(stored.row, application, INTAKE_ANSWER_FIELDS)) return answerError(c, 409, SUBMISSION_CONFLICT);
    if (stored.outcome === 'created' && !isSpam) notifications.queued();
    return plainForm ? c.redirect(intake.thankYouPath, 303) : c.json({ id }, 201);
  });

/** A plain post with errors: the intake page again, each message under its field, every answer kept (the marketing box too). */
function invalidForm(c: AppContext, values: Record<string, unknown>, fields: FieldErrors): Promise<Response> {
  const kept = Object.fromEntries(INTAKE_FIELDS.map((name) => [name, typeof values[name] === 'string' ? values[name] : ''])) as Record<
    (typeof INTAKE_FIELDS)[number],
    string
  >;
  c.header('Cache-Control', 'no-store');
  const form = { values: kept, marketingConsent: values.marketingConsent === true, errors: fields };
  return renderPage(c, intakePage, { siteUrl: c.get('deps').config.PUBLIC_SITE_URL, form }, 400);
}

export default api;
