import { Hono } from 'hono';
import { auditStartedSchema } from '../../../lib/analytics/schema.ts';
import { jsonWrite } from '../../../server/api/guards.ts';
import { referringPage } from '../../../server/api/referring-page.ts';
import { validJson } from '../../../server/api/validate.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { databaseReady } from '../../../server/middleware/database-ready.ts';
import { rateLimit } from '../../../server/middleware/rate-limit.ts';
import { auditStarted, UNKNOWN_PAGE } from '../_audit-start.ts';

/** The body is `{"form":"audit"}`: a few bytes; anything much bigger is not the form's. */
const BODY_LIMIT = 256;

/**
 * POST /api/analytics/audit-started {form: "audit"}: the audit form's first answer (islands/AuditWizard.tsx
 * sends it once per page load, with fetch keepalive), the funnel's "started the audit" step on the
 * visitor's day (routes/api/_audit-start.ts). Same-origin only, JSON, rate-limited like the forms (an
 * allowance of its own). 202 {counted}: false when nothing was recorded (a crawler, ANALYTICS=off).
 */
export default new Hono<AppEnv>().use(databaseReady).post('/', jsonWrite(BODY_LIMIT), validJson(auditStartedSchema), rateLimit('auditStarts'), async (c) => {
  c.header('Cache-Control', 'no-store');
  const counted = await auditStarted(c, referringPage(c, UNKNOWN_PAGE));
  return c.json({ counted }, 202);
});
