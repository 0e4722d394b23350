import { HONEYPOT_FIELD } from '../lib/forms/spam.ts';

// The audit form's first answer, told to the server once per page load: the funnel's "started the audit"
// step (routes/api/analytics/audit-started.ts). Sent with fetch keepalive, so it still goes when the
// visitor leaves the page at once (sendBeacon cannot send JSON to every browser); a failure is silent,
// as analytics must never get in the form's way. A form sent without JavaScript counts on the server.

export const AUDIT_STARTED_PATH = '/api/analytics/audit-started';

let sent = false;

/** Called on every change in the form: the first real answer (not the spam honeypot) sends the signal, once. */
export function auditAnswered(field: EventTarget | null): void {
  if (sent || (field as HTMLInputElement | null)?.name === HONEYPOT_FIELD) return;
  sent = true;
  try {
    fetch(AUDIT_STARTED_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ form: 'audit' }),
    }).catch(() => {});
  } catch {
    // A browser without keepalive support, or one that refuses: the submission will count the start.
  }
}
