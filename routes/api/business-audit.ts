import { Hono } from 'hono';
import type { Sql } from 'postgres';
import { recordConversions } from '../../db/queries/ab-tests.ts';
import { findAudit, insertAudit, insertAuditContact, resultsTokenOf, type StoredAudit } from '../../db/queries/audits.ts';
import { insertLead, variantsSeenBy } from '../../db/queries/leads.ts';
import { AB_TEST_NAMES } from '../../lib/ab/definitions.ts';
import { resultsPath } from '../../lib/audit/results-link.ts';
import { AUDIT_FIELDS, AUDIT_FLAG_FIELDS, AUDIT_LIST_FIELDS, type AuditAnswers, auditSchema } from '../../lib/audit/schema.ts';
import { computeAudit } from '../../lib/audit/scoring.ts';
import { isLikelySpam } from '../../lib/forms/spam.ts';
import { sameAnswers } from '../../lib/forms/submission.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import type { Touch } from '../../lib/leads/attribution.ts';
import { AUDIT_MARKETING_CONSENT_VERSION } from '../../lib/leads/consent.ts';
import type { Channel } from '../../lib/leads/notifications.ts';
import { describeVariants } from '../../lib/leads/pipeline.ts';
import { isFormBody } from '../../server/api/body-type.ts';
import { formSubmissionId } from '../../server/api/form-submission.ts';
import { SUBMISSION_CONFLICT, submissionWrite } from '../../server/api/guards.ts';
import { referringPage } from '../../server/api/referring-page.ts';
import { validSubmission } from '../../server/api/validate.ts';
import { touchesOf } from '../../server/attribution.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { answerError } from '../../server/middleware/errors.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { renderPage } from '../../server/page.tsx';
import { visitorId } from '../../server/visitor.ts';
import { auditFormPage } from '../audit-form.tsx';

const API_PATH = '/api/business-audit';

type Touches = { first: Touch | null; last: Touch | null };

/**
 * POST /api/business-audit: validates the 16 answers with the form's schema, scores them with
 * lib/audit/scoring.ts, stores the audit, its lead and the visitor's A/B conversions, and answers 201 {audit}
 * with the stored row. A repeated submission id stores nothing new: the same answers get the first row
 * again, other answers a 409 that shows nothing of the stored row.
 */
const api = new Hono<AppEnv>().post(
  '/',
  submissionWrite(),
  validSubmission(auditSchema, { lists: AUDIT_LIST_FIELDS, flags: AUDIT_FLAG_FIELDS, invalid: invalidForm }),
  rateLimit('forms'),
  async (c) => {
    const plainForm = isFormBody(c);
    const valid = c.req.valid('json');
    // A plain post carries no id: one made from its answers and visitor makes a double click one submission.
    const answers = { ...valid, id: valid.id ?? (plainForm ? formSubmissionId(c, valid) : undefined) };
    const { sql, now, notifications } = c.get('deps');
    const stored = await withDatabaseDeadline(sql, (db) =>
      storeAuditSubmission(db, answers, {
        visitor: visitorId(c),
        now: now(),
        page: referringPage(c, API_PATH),
        touches: touchesOf(c),
        channels: notifications.channels,
      }),
    );
    if (stored === 'conflict') return answerError(c, 409, SUBMISSION_CONFLICT);
    if (stored.queued) notifications.queued();
    const resultsUrl = resultsPath(stored.resultsToken);
    return plainForm ? c.redirect(resultsUrl, 303) : c.json({ audit: stored.audit, resultsUrl }, 201);
  },
);

/** A plain post with errors: the audit form again, each message under its field, every answer kept. */
function invalidForm(c: AppContext, values: Record<string, unknown>, errors: FieldErrors): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  return renderPage(c, auditFormPage, { values, errors }, 400);
}

/** 256 random bits, base64url: the audit's private results link (lib/audit/results-link.ts). */
const newResultsToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

type StoredSubmission = { audit: StoredAudit; resultsToken: string; queued: boolean };

/**
 * The one transaction behind a submission: the business_audits row (with its results token and the
 * marketing consent record), the contacts row and the inbox's leads row for the lead (with where the
 * visitor came from), its notifications in the queue, and one A/B `conversion` for each running test
 * the visitor (the `vid` cookie; null for a crawler) is assigned to (their browser's first view event
 * stored the assignment), all or nothing. Conversions are written here, by the server, so the browser
 * can neither fake nor lose them. A repeat of a stored id returns the stored row and writes nothing.
 * Likely spam (lib/forms/spam.ts) is stored flagged, with no conversion and no notification (staff who mark it
 * as not spam queue them then), and answered like any other submission.
 */
async function storeAuditSubmission(
  sql: Sql,
  answers: AuditAnswers,
  { visitor, now, page, touches, channels }: { visitor: string | null; now: Date; page: string; touches: Touches; channels: readonly Channel[] },
): Promise<StoredSubmission | 'conflict'> {
  const id = answers.id ?? crypto.randomUUID();
  const result = computeAudit(answers);
  const isSpam = isLikelySpam(answers);
  return sql.begin(async (tx) => {
    const consent = {
      given: answers.marketingConsent,
      version: AUDIT_MARKETING_CONSENT_VERSION,
      page,
      variants: answers.marketingConsent && visitor ? describeVariants(await variantsSeenBy(tx, visitor)) : null,
    };
    const resultsToken = newResultsToken();
    const inserted = await insertAudit(tx, id, answers, result, { isSpam, createdAt: now, resultsToken, consent });
    if (!inserted) {
      const existing = await findAudit(tx, id);
      const token = await resultsTokenOf(tx, id);
      if (!existing || !token) throw new Error('audit id conflict without a stored row');
      return sameAnswers(existing, answers, AUDIT_FIELDS) ? { audit: existing, resultsToken: token, queued: false } : 'conflict';
    }
    await insertAuditContact(tx, answers, result, { isSpam, createdAt: now });
    await insertLead(tx, {
      kind: 'audit',
      id,
      createdAt: now,
      name: `${answers.firstName} ${answers.lastName}`,
      business: answers.businessName,
      email: answers.email,
      score: result.auditScore,
      tier: result.packageTier,
      isSpam,
      visitorId: visitor,
      page,
      touches,
      marketingConsent: answers.marketingConsent,
      channels: isSpam ? [] : channels,
    });
    // The contact-form test varies the home page's form: an audit sent from the guide or a service page
    // (the default form) is not a conversion of the variant the visitor saw on the home page.
    const except = page === '/' ? [] : [AB_TEST_NAMES.contactForm];
    if (visitor !== null && !isSpam) await recordConversions(tx, visitor, { auditId: id }, { except });
    return { audit: inserted, resultsToken, queued: !isSpam };
  }) as Promise<StoredSubmission | 'conflict'>;
}

export default api;
