import type { JobState } from './notifications.ts';

// A notification's delivery as staff read it: the job's state and what the mail server or receiver
// said, in words ("Delivered to the mail server", "Failed: mailbox does not exist") instead of raw
// replies such as "250 queued" or "SMTP EENVELOPE 550 5.1.1". Pure: no I/O.

export type DeliveryWords = { text: string; tone: 'done' | 'waiting' | 'retrying' | 'skipped' | 'failed' };

type Job = { state: JobState; attempts?: number; detail: string | null; lastError: string | null };

/** Why a try failed, as a short clause: what the mail server or receiver said, without its codes. */
export function failureReason(error: string | null): string {
  const text = error ?? '';
  const code = Number(text.match(/\b([45]\d\d)\b/)?.[1] ?? 0);
  if (/5\.1\.1|user unknown|no such (user|mailbox)|does not exist|mailbox unavailable/i.test(text) || (code === 550 && !/5\.7\./.test(text)))
    return 'mailbox does not exist';
  if (/5\.2\.2|mailbox full|quota/i.test(text) || code === 552) return 'mailbox is full';
  if (/5\.1\.3|EENVELOPE|invalid address|bad address/i.test(text) || code === 553) return 'the address is not valid';
  if (/5\.7\.|spam|blocked|denied/i.test(text) || code === 554) return 'the mail server refused the message';
  if (/greylist/i.test(text)) return 'the mail server asked us to wait (greylisting)';
  if (code >= 400 && code < 500) return 'the mail server asked us to wait';
  if (/SMTP_URL is not set/.test(text)) return 'no mail server is set up';
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNECTION|ESOCKET|ETIMEDOUT|ECONNRESET|timed? ?out|Greeting never received/i.test(text))
    return /SMTP/.test(text) ? 'could not reach the mail server' : 'could not reach the receiver';
  if (/^HTTP|receiver|webhook/i.test(text)) return 'the receiver did not accept it';
  return text ? 'the last try did not go through' : 'no reason was given';
}

/** Why a notification was not sent, in words. */
function skippedReason(detail: string | null): string {
  const text = detail ?? '';
  if (/SMTP_URL is not set/.test(text)) return 'Not sent: no mail server is set up (SMTP_URL), so it was written to the log';
  if (/^Erased before it was sent/.test(text) || /erased/i.test(text)) return 'Not sent: the person was erased first';
  if (/LEAD_NOTIFY_EMAIL is not set/.test(text)) return 'Not sent: no team address is set up (LEAD_NOTIFY_EMAIL)';
  if (/LEAD_WEBHOOK_URL is not set/.test(text)) return 'Not sent: no webhook is set up';
  if (/no longer exists/.test(text)) return `Not sent: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  return text ? `Not sent: ${text}` : 'Not sent';
}

/** A job's state and its last answers, in words. */
export function deliveryWords(job: Job): DeliveryWords {
  switch (job.state) {
    case 'delivered': {
      const detail = job.detail ?? '';
      if (/receiver/i.test(detail)) return { text: 'Delivered to the receiver', tone: 'done' };
      if (/calendar/i.test(detail)) return { text: 'Done: the calendar has it', tone: 'done' };
      return { text: 'Delivered to the mail server', tone: 'done' };
    }
    case 'running':
      return { text: 'Sending now', tone: 'waiting' };
    case 'queued':
      return (job.attempts ?? 0) > 0 || job.lastError
        ? { text: `Trying again: ${failureReason(job.lastError)}`, tone: 'retrying' }
        : { text: 'Waiting to send', tone: 'waiting' };
    case 'skipped':
      return { text: skippedReason(job.detail), tone: 'skipped' };
    case 'dead':
      return { text: `Failed: ${failureReason(job.lastError)}`, tone: 'failed' };
  }
}
