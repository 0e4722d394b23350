import { Hono } from 'hono';
import { storeAuditSubmission } from '../../db/queries/audits.ts';
import { leadArrival } from '../../db/queries/leads.ts';
import { presentResults } from '../../lib/audit/presentation.ts';
import { resultsPath } from '../../lib/audit/results-link.ts';
import { AUDIT_FIELDS, AUDIT_FLAG_FIELDS, AUDIT_LIST_FIELDS, auditSchema } from '../../lib/audit/schema.ts';
import { siteCheckJson } from '../../lib/audit/site-check.ts';
import { sendsEmail } from '../../lib/config.ts';
import { isLikelySpam } from '../../lib/forms/spam.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
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
import { auditFormPage } from './_audit-form.tsx';
import { auditStarted, UNKNOWN_PAGE } from './_audit-start.ts';

const API_PATH = '/api/business-audit';

/**
 * POST /api/business-audit: validates the 16 answers with the form's schema, scores them with
 * lib/audit/scoring.ts, stores the audit, its lead and the visitor's A/B conversions (and, when a website was
 * given, its check, queued: issue 32), and answers 201 {audit, resultsUrl, presentation, siteCheck} with the
 * stored row (`siteCheck` pending, or null without a website). A repeated submission id stores nothing new: the same answers get the first row
 * again, other answers a 409 that shows nothing of the stored row.
 */
const api = new Hono<AppEnv>()
  .use(databaseReady)
  .post(
    '/',
    submissionWrite(),
    validSubmission(auditSchema, { lists: AUDIT_LIST_FIELDS, flags: AUDIT_FLAG_FIELDS, invalid: invalidForm }),
    rateLimit('forms'),
    async (c) => {
      const plainForm = isFormBody(c);
      const valid = c.req.valid('json');
      const { sql, now, notifications, log } = c.get('deps');
      const at = now();
      let answers = valid;
      const stored = await withDatabaseDeadline(sql, async (db) => {
        // A plain post carries no id: one made from its answers and the client's address makes a double click,
        // cookie or not, one submission (server/api/form-submission.ts).
        if (!valid.id && plainForm) {
          const given = Object.fromEntries([...AUDIT_FIELDS, ...AUDIT_FLAG_FIELDS].map((field) => [field, valid[field]]));
          answers = { ...valid, id: await plainFormSubmissionId(c, 'audit', given, { now: at, earlier: (id) => leadArrival(db, 'audit', id) }) };
        }
        return storeAuditSubmission(db, answers, {
          visitor: visitorId(c),
          now: at,
          page: referringPage(c, API_PATH),
          touches: touchesOf(c),
          channels: notifications.channels,
        });
      });
      if (stored === 'conflict') return answerError(c, 409, SUBMISSION_CONFLICT);
      if (stored.queued) notifications.queued();
      // A form sent is a form started (the funnel's second step), also when no script sent its first answer;
      // the first time stays, and likely spam starts nothing. The analytics never fail the submission,
      // which is stored by now.
      if (!isLikelySpam(answers))
        await auditStarted(c, referringPage(c, UNKNOWN_PAGE)).catch((error) =>
          log.warn('audit start not recorded', { requestId: c.get('requestId'), error: (error as Error)?.name ?? 'Error' }),
        );
      const resultsUrl = resultsPath(stored.resultsToken);
      // The website's check runs in the background (the queue): a new audit answers it pending, at once.
      const siteCheck = stored.siteCheck ? siteCheckJson(stored.siteCheck) : null;
      return plainForm
        ? c.redirect(resultsUrl, 303)
        : c.json(
            { audit: stored.audit, resultsUrl, presentation: presentResults(stored.audit, { emailed: sendsEmail(c.get('deps').config) }), siteCheck },
            201,
          );
    },
  );

/** A plain post with errors: the audit form again, each message under its field, every answer kept. */
function invalidForm(c: AppContext, values: Record<string, unknown>, errors: FieldErrors): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  return renderPage(c, auditFormPage, { values, errors }, 400);
}

export default api;
