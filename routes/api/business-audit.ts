import { Hono } from 'hono';
import type { Sql } from 'postgres';
import { withDeadline } from '../../db/deadline.ts';
import { recordConversions } from '../../db/queries/ab-tests.ts';
import { findAudit, insertAudit, insertAuditContact, type StoredAudit } from '../../db/queries/audits.ts';
import { computeAudit } from '../../lib/audit.ts';
import { type AuditAnswers, auditSchema } from '../../lib/audit-schema.ts';
import { isLikelySpam } from '../../lib/spam.ts';
import type { AppEnv } from '../app-env.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { visitorId } from '../visitor.ts';
import { jsonWrite } from './guards.ts';
import { validJson } from './validate.ts';

/**
 * POST /api/business-audit: validates the 16 answers with the form's schema, scores them with
 * lib/audit.ts, stores the audit, its lead and the visitor's A/B conversions, and answers 201 {audit}
 * with the stored row. A repeated submission id stores nothing new and answers the first row again.
 */
const api = new Hono<AppEnv>().post('/', jsonWrite(), rateLimit('forms'), validJson(auditSchema), async (c) => {
  const answers = c.req.valid('json');
  const audit = await withDeadline(storeAuditSubmission(c.get('deps').sql, answers, visitorId(c)));
  return c.json({ audit }, 201);
});

/**
 * The one transaction behind a submission: the business_audits row, the contacts row for the lead and
 * one A/B `conversion` for each running test the visitor (the `vid` cookie; null for a crawler) is
 * assigned to (their browser's first view event stored the assignment), all or nothing. Conversions are written here, by the server, so the browser can neither
 * fake nor lose them. A repeat of a stored id returns the stored row and writes nothing. Likely spam
 * (lib/spam.ts) is stored flagged, with no conversion, and answered like any other submission.
 */
export async function storeAuditSubmission(sql: Sql, answers: AuditAnswers, visitor: string | null = null): Promise<StoredAudit> {
  const id = answers.id ?? crypto.randomUUID();
  const result = computeAudit(answers);
  const isSpam = isLikelySpam(answers);
  return sql.begin(async (tx) => {
    const inserted = await insertAudit(tx, id, answers, result, isSpam);
    if (!inserted) {
      const existing = await findAudit(tx, id);
      if (!existing) throw new Error('audit id conflict without a stored row');
      return existing;
    }
    await insertAuditContact(tx, answers, result, isSpam);
    if (visitor !== null && !isSpam) await recordConversions(tx, visitor, { auditId: id });
    return inserted;
  }) as Promise<StoredAudit>;
}

export default api;
