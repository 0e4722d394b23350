import type { Sql } from 'postgres';
import type { Config } from '../../../lib/config.ts';
import type { Clock } from '../../../lib/time/clock.ts';
import type { Logger } from '../../../server/log.ts';
import type { Mailer } from './mailer.ts';

// What delivering one job needs and what it says: shared by the lead notifications (deliver.ts) and a
// booked session's (features/booking/deliver.ts), which the worker runs alike.

export type DeliveryDeps = {
  sql: Sql;
  config: Pick<Config, 'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'LEAD_NOTIFY_EMAIL' | 'LEAD_WEBHOOK_URL' | 'LEAD_WEBHOOK_SECRET' | 'APP_SECRET'>;
  log: Logger;
  mailer: Mailer;
  webhookTimeoutMs: number;
  now: Clock;
};

export type DeliveryOutcome = { state: 'delivered' | 'skipped'; detail: string };
