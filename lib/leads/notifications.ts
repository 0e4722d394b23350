import type { LeadKind } from './pipeline.ts';

// Who is told about a lead, and how (the channels of the notification queue, db/queries/jobs.ts), and
// when a failed delivery is tried again. Pure: the worker (features/leads/delivery/) does the sending.

export const LEAD_CHANNELS = ['staff-email', 'prospect-email', 'webhook', 'erased-webhook'] as const;
/** A booked session's jobs (lib/booking/, features/booking/): its emails, its calendar event, its reminders. */
export const BOOKING_CHANNELS = ['booking-visitor', 'booking-staff', 'booking-calendar', 'reminder-24h', 'reminder-1h', 'no-show'] as const;
/** An email a staff member sends from a person's page (lib/people/templates.ts), one job per email. */
export const STAFF_MESSAGE_CHANNEL = 'staff-message';
/**
 * An audit's check of the prospect's website (issue 32: features/site-check/audit-job.ts), queued with the
 * audit when a website was given; not a message, but work the audit must not lose, on the same queue.
 */
export const SITE_CHECK_CHANNEL = 'site-check';
export const CHANNELS = [...LEAD_CHANNELS, ...BOOKING_CHANNELS, STAFF_MESSAGE_CHANNEL, SITE_CHECK_CHANNEL] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
export type Channel = (typeof CHANNELS)[number];

export const JOB_STATES = ['queued', 'running', 'delivered', 'skipped', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A lead's notification, as the back office shows it. */
export type Delivery = {
  channel: Channel;
  state: JobState;
  attempts: number;
  runAt: Date;
  lastError: string | null;
  detail: string | null;
  finishedAt: Date | null;
};

/** Whether a channel sends an email (and so needs SMTP_URL): every one but the webhooks, the calendar event and the website check. */
export const isEmailChannel = (channel: Channel): boolean =>
  channel !== 'webhook' && channel !== 'erased-webhook' && channel !== 'booking-calendar' && channel !== SITE_CHECK_CHANNEL;

/** What each channel is, as staff read it. */
export function channelLabel(channel: Channel, kind: LeadKind): string {
  if (channel === 'staff-email') return 'New-lead email to the team';
  if (channel === 'webhook') return 'Webhook';
  if (channel === 'erased-webhook') return 'Erasure notice (webhook)';
  if (channel === 'booking-visitor') return 'Session email to the prospect';
  if (channel === 'booking-staff') return 'Session email to the staff member';
  if (channel === 'booking-calendar') return 'Calendar event';
  if (channel === 'reminder-24h') return 'Reminder a day before';
  if (channel === 'reminder-1h') return 'Reminder an hour before';
  if (channel === 'no-show') return 'Missed-session email';
  if (channel === 'staff-message') return 'Email from staff';
  if (channel === 'site-check') return 'Website check';
  return kind === 'audit' ? 'Audit results email to the prospect' : 'Application receipt to the applicant';
}

/** The one notification of an erased lead: the webhook receiver is told to delete its copy (lead.erased). */
export const ERASED_CHANNEL = 'erased-webhook' satisfies Channel;

/**
 * The channels a new lead is queued on: both emails always (without SMTP_URL they are logged and marked
 * skipped, so a fresh install works without a mail server), the webhook when one is configured.
 */
export function channelsFor({ webhookConfigured }: { webhookConfigured: boolean }): Channel[] {
  return webhookConfigured ? ['staff-email', 'prospect-email', 'webhook'] : ['staff-email', 'prospect-email'];
}

/** How long a notification is retried before it is dead (and staff see it with a Retry button). */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** The wait after a first failure (JOB_RETRY_MS can shorten it, for tests). */
export const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * When a delivery that failed for the `attempts`-th time is tried again, or null when it is dead: the
 * wait doubles from 5 s up to an hour (5 s, 10 s, 20 s … 43 min, 1 h, 1 h …: a blip is over in seconds,
 * an outage is tried about every hour; 30 to 60 tries in 24 hours),
 * and each wait is jittered between half and all of it (`random` in [0, 1)), so deliveries that failed
 * together, when a mail server went down, do not all come back at the same moment. The last try is
 * at `giveUpAt`; a failure then, or a permanent one (a mailbox that does not exist), is final.
 */
export function nextAttemptAt({
  attempts,
  now,
  giveUpAt,
  permanent = false,
  random,
  firstRetryMs = FIRST_RETRY_MS,
}: {
  attempts: number;
  now: Date;
  giveUpAt: Date;
  permanent?: boolean;
  random: number;
  /** The first wait, which each failure doubles up to the hour. */
  firstRetryMs?: number;
}): Date | null {
  if (permanent || now.getTime() >= giveUpAt.getTime()) return null;
  const wait = Math.min(LONGEST_WAIT_MS, firstRetryMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20));
  const jittered = wait / 2 + (wait / 2) * Math.min(Math.max(random, 0), 1);
  return new Date(Math.min(now.getTime() + jittered, giveUpAt.getTime()));
}
