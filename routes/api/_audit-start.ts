import { recordAuditStart } from '../../features/analytics/audit-start.ts';
import { touchesOf } from '../../server/attribution.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext } from '../../server/deps.ts';
import { clientAddress } from '../../server/middleware/rate-limit.ts';
import { isCrawler } from '../../server/visitor.ts';

/** The landing of a start whose page is not one of the site's (a Referer names any path it likes). */
export const UNKNOWN_PAGE = '(unknown)';

/**
 * Records that the visitor behind this request started the audit on `page` (features/analytics/audit-start.ts):
 * the form's first answer (routes/api/analytics/audit-started.ts) or a form sent without JavaScript
 * (routes/api/business-audit.ts). Nothing is recorded with ANALYTICS=off, for a crawler, or without a
 * user agent (the page-view counter counts none of them either). False when nothing was recorded.
 */
export async function auditStarted(c: AppContext, page: string): Promise<boolean> {
  const { config, sql, now, landingPages } = c.get('deps');
  const userAgent = c.req.header('user-agent');
  if (config.ANALYTICS === 'off' || !userAgent || isCrawler(c)) return false;
  const request = { at: now(), address: clientAddress(c), userAgent, firstTouch: touchesOf(c).first, page: landingPages.has(page) ? page : UNKNOWN_PAGE };
  await withDatabaseDeadline(sql, (db) => recordAuditStart(db, request));
  return true;
}
