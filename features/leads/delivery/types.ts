import type { Sql } from 'postgres';
import type { Config } from '../../../lib/config.ts';
import type { SiteCheckOutcome } from '../../../lib/site-check/types.ts';
import type { Clock } from '../../../lib/time/clock.ts';
import type { Logger } from '../../../server/log.ts';
import type { Mailer } from './mailer.ts';

/** Checks one website (features/site-check/audit-job.ts SiteChecker): handed in by the site, so tests bring their own allowed hosts. */
export type SiteChecker = (url: string, signal: AbortSignal) => Promise<SiteCheckOutcome>;

// What delivering one job needs and what it says: shared by the lead notifications (deliver.ts) and a
// booked session's (features/booking/deliver.ts), which the worker runs alike.

export type DeliveryDeps = {
  sql: Sql;
  config: Pick<
    Config,
    'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'LEAD_NOTIFY_EMAIL' | 'LEAD_WEBHOOK_URL' | 'LEAD_WEBHOOK_SECRET' | 'APP_SECRET' | 'CALENDAR_ALLOW_HOSTS'
  >;
  log: Logger;
  mailer: Mailer;
  webhookTimeoutMs: number;
  now: Clock;
  /** The audit's website check (channel 'site-check'). */
  siteCheck: SiteChecker;
};

/**
 * What a delivery says: done (delivered or skipped, recorded), or `deferred`: not yet, back in the queue
 * until `until`, the try not counted (the results email waiting for its website check).
 */
export type DeliveryOutcome = { state: 'delivered' | 'skipped'; detail: string } | { state: 'deferred'; until: Date };
