import { Hono } from 'hono';
import type { Sql } from 'postgres';
import { recordConversions } from '../../db/queries/ab-tests.ts';
import { findAudit, insertAudit, insertAuditContact, type StoredAudit } from '../../db/queries/audits.ts';
import { insertLead } from '../../db/queries/leads.ts';
import { computeAudit } from '../../lib/audit.ts';
import { AUDIT_FIELDS, type AuditAnswers, auditSchema } from '../../lib/audit-schema.ts';
import { isLikelySpam } from '../../lib/spam.ts';
import { sameAnswers } from '../../lib/submission.ts';
import { jsonWrite, SUBMISSION_CONFLICT } from '../../server/api/guards.ts';
import { referringPage } from '../../server/api/referring-page.ts';
import { validJson } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { rateLimit } from '../../server/middleware/rate-limit.ts';
import { visitorId } from '../../server/visitor.ts';

const API_PATH = '/api/business-audit';

/**
 * POST /api/business-audit: validates the 16 answers with the form's schema, scores them with
 * lib/audit.ts, stores the audit, its lead and the visitor's A/B conversions, and answers 201 {audit}
 * with the stored row. A repeated submission id stores nothing new: the same answers get the first row
 * again, other answers a 409 that shows nothing of the stored row.
 */
const api = new Hono<AppEnv>().post('/', jsonWrite(), validJson(auditSchema), rateLimit('forms'), async (c) => {
  const answers = c.req.valid('json');
  const { sql, now } = c.get('deps');
  const audit = await withDatabaseDeadline(storeAuditSubmission(sql, answers, { visitor: visitorId(c), now: now(), page: referringPage(c, API_PATH) }));
  if (audit === 'conflict') return c.json(SUBMISSION_CONFLICT, 409);
  return c.json({ audit }, 201);
});

/**
 * The one transaction behind a submission: the business_audits row, the contacts row and the inbox's
 * leads row for the lead, and one A/B `conversion` for each running test the visitor (the `vid` cookie; null for a crawler) is
 * assigned to (their browser's first view event stored the assignment), all or nothing. Conversions are written here, by the server, so the browser can neither
 * fake nor lose them. A repeat of a stored id returns the stored row and writes nothing. Likely spam
 * (lib/spam.ts) is stored flagged, with no conversion, and answered like any other submission.
 */
async function storeAuditSubmission(
  sql: Sql,
  answers: AuditAnswers,
  { visitor, now, page }: { visitor: string | null; now: Date; page: string },
): Promise<StoredAudit | 'conflict'> {
  const id = answers.id ?? crypto.randomUUID();
  const result = computeAudit(answers);
  const isSpam = isLikelySpam(answers);
  return sql.begin(async (tx) => {
    const inserted = await insertAudit(tx, id, answers, result, { isSpam, createdAt: now });
    if (!inserted) {
      const existing = await findAudit(tx, id);
      if (!existing) throw new Error('audit id conflict without a stored row');
      return sameAnswers(existing, answers, AUDIT_FIELDS) ? existing : 'conflict';
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
    });
    if (visitor !== null && !isSpam) await recordConversions(tx, visitor, { auditId: id });
    return inserted;
  }) as Promise<StoredAudit | 'conflict'>;
}

export default api;
