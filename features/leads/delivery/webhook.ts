import { Webhook } from 'standardwebhooks';
import { withDeadline } from '../../../server/deadline.ts';
import { DeliveryFailure } from './failure.ts';

// The lead webhook, signed by the Standard Webhooks specification (webhook-id, webhook-timestamp and
// webhook-signature: v1, an HMAC-SHA256 of "id.timestamp.body" with the whsec_ secret), signed by the
// `standardwebhooks` package. Any answer but a 2xx is a failure to retry; redirects are not followed
// (a webhook that moved must be reconfigured, not chased to wherever a 3xx points).

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type WebhookDelivery = { url: string; secret: string; id: string; body: unknown; timeoutMs: number; now: Date; signal: AbortSignal };

/** Posts the signed body; resolves with the receiver's status line when it answered 2xx. */
export async function postWebhook({ url, secret, id, body, timeoutMs, now, signal }: WebhookDelivery): Promise<string> {
  const payload = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Northline-Digital-Lead-Webhook/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, now, payload),
  };
  let response: Response;
  try {
    response = await withDeadline(timeoutMs, (deadline) => fetch(url, { method: 'POST', headers, body: payload, redirect: 'manual', signal: deadline }), {
      signal,
    });
  } catch (error) {
    const { name, code, message } = error as Error & { code?: string };
    if (name === 'TimeoutError') throw new DeliveryFailure(`no answer within ${timeoutMs / 1000} s`);
    // The runtime's own wording ("Is the computer able to access the url?") says less than its code.
    throw new DeliveryFailure(`could not reach the receiver (${code ?? message})`.slice(0, 300));
  }
  // The answer's body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  const status = `HTTP ${response.status}`;
  if (response.status >= 200 && response.status < 300) return status;
  if (response.status >= 300 && response.status < 400)
    throw new DeliveryFailure(`${status}: a redirect (not followed: point LEAD_WEBHOOK_URL at the final address)`);
  throw new DeliveryFailure(`${status} from the receiver`);
}
