import type { Database } from '../../db/client.ts';
import type { ReceivedMail } from '../fixtures/smtp-server.ts';
import type { WebhookRequest } from '../fixtures/webhook-receiver.ts';

// Counting what the real SMTP server and webhook receiver got, for the tests that send leads through
// real server processes.

/** Messages per lead and channel as the SMTP server received them, keyed by the Message-ID (the same on every try). */
export function countMail(received: ReceivedMail[]) {
  const byId = new Map<string, number>();
  for (const m of received) byId.set(m.parsed.messageId ?? '', (byId.get(m.parsed.messageId ?? '') ?? 0) + 1);
  return { delivered: byId.size, duplicated: [...byId.values()].filter((n) => n > 1).length };
}

/** Webhook calls per lead, keyed by the webhook-id (the same on every try). */
export function countHooks(requests: WebhookRequest[]) {
  const byId = new Map<string, number>();
  for (const r of requests) byId.set(r.id, (byId.get(r.id) ?? 0) + 1);
  return { delivered: byId.size, duplicated: [...byId.values()].filter((n) => n > 1).length };
}

/** The notifications' jobs by state (an audit's website check rides the same queue, but tells nobody anything). */
export async function jobStates(db: Database) {
  const rows = await db.sql<{ state: string; count: number }[]>`
    select state, count(*)::int as count from jobs where channel <> 'site-check' group by state`;
  return Object.fromEntries(rows.map((r) => [r.state, r.count])) as Record<string, number>;
}
