import type { Sql } from 'postgres';
import { markAuditStarted } from '../../db/queries/analytics-audit-starts.ts';
import { daySalt } from '../../db/queries/analytics-counting.ts';
import { analyticsDay } from '../../lib/analytics/days.ts';
import { deviceOf } from '../../lib/analytics/device.ts';
import { visitorKey } from '../../lib/analytics/visitor-key.ts';
import { clientKey } from '../../lib/http/client-address.ts';
import { sourceOf, type Touch } from '../../lib/leads/attribution.ts';
import { newSalt, sha256 } from './visitor-keys.ts';

// "Started the audit", the funnel's second step, recorded on the visitor's day: the same visitor key the
// page-view counter makes for the request (the day's salt, the client's address as the rate limits key
// it, and the user agent: visitor-keys.ts), so the start lands on the day its page views are counted on,
// and nothing about the person is stored.

export type AuditStartRequest = {
  at: Date;
  /** The client's address (the socket's, or the one the trusted proxies name). */
  address: string;
  userAgent: string;
  /** The visitor's first touch (their attribution cookie), for a day the counter has not seen yet. */
  firstTouch: Touch | null;
  /** The page the form is on. */
  page: string;
};

/** Marks today's visit of the visitor behind a request as having started the audit (the first time stays). */
export async function recordAuditStart(sql: Sql, request: AuditStartRequest): Promise<void> {
  const day = analyticsDay(request.at);
  const salt = await daySalt(sql, day, newSalt(), request.at);
  const { source, medium } = sourceOf(request.firstTouch);
  await markAuditStarted(sql, {
    day,
    visitorKey: visitorKey(salt, clientKey(request.address), request.userAgent, sha256),
    at: request.at,
    landing: request.page,
    source,
    medium,
    campaign: request.firstTouch?.utm_campaign ?? '',
    device: deviceOf(request.userAgent),
  });
}
