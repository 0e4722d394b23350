import { ERASED_BEFORE_SENT, type Job } from '../../../db/queries/jobs.ts';
import { erasedAtOf, leadNotice } from '../../../db/queries/lead-notice.ts';
import { staffMessageOf } from '../../../db/queries/people.ts';
import { EMAIL_WAITS_FOR_CHECK_MS } from '../../../lib/audit/site-check.ts';
import { applicationReceivedEmail, auditResultsEmail, type EmailMessage, type LeadNotice, newLeadEmail } from '../../../lib/leads/emails.ts';
import { ERASED_CHANNEL } from '../../../lib/leads/notifications.ts';
import { leadErasedWebhookBody, leadErasedWebhookId, leadWebhookBody, leadWebhookId } from '../../../lib/leads/webhook.ts';
import { staffMessageEmail } from '../../../lib/people/templates.ts';
import { agency } from '../../../lib/site.ts';
import { deliverBookingJob } from '../../booking/deliver.ts';
import { runAuditSiteCheck } from '../../site-check/audit-job.ts';
import { postWebhook } from './webhook.ts';

// One notification, delivered: reads the lead as it is now (an erased lead gets nothing), builds the
// channel's message and hands it over. Resolves with what to record on the job; throws a
// DeliveryFailure (or any error) for the worker to retry.

import { emailDomain } from '../../../lib/text/email-domain.ts';
import type { DeliveryDeps, DeliveryOutcome } from './types.ts';

/** Which email this is, for logs (never who it is to). */
type EmailType = 'new-lead' | 'audit-results' | 'application-received' | 'staff-message';

/** A Message-ID that is the same on every try of one notification (a lead has one of each, but any number of staff emails: those go by job). */
const messageIdOf = (job: Job, from: string) =>
  job.activityId !== null ? `<staff-message.${job.id}@${emailDomain(from)}>` : `<lead.${job.leadKind}.${job.leadId}.${job.channel}@${emailDomain(from)}>`;

export async function deliver(job: Job, deps: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  if (job.channel === ERASED_CHANNEL) return sendErasedWebhook(job, deps, signal);
  if (job.bookingId !== null) return deliverBookingJob(job, deps, signal);
  if (job.channel === 'staff-message') return sendStaffMessage(job, deps, signal);
  if (job.channel === 'site-check') return runAuditSiteCheck(job, deps, signal);
  const notice = await leadNotice(deps.sql, job.leadKind, job.leadId);
  if (notice === null) return { state: 'skipped', detail: 'The lead no longer exists' };
  if (notice === 'erased') return { state: 'skipped', detail: ERASED_BEFORE_SENT };
  const siteUrl = deps.config.PUBLIC_SITE_URL;
  switch (job.channel) {
    case 'staff-email': {
      const team = deps.config.LEAD_NOTIFY_EMAIL ?? [];
      if (team.length === 0) return { state: 'skipped', detail: 'LEAD_NOTIFY_EMAIL is not set: nobody to tell' };
      return sendEmail(job, deps, signal, { type: 'new-lead', to: team, replyTo: notice.email, message: newLeadEmail(notice, siteUrl) });
    }
    case 'prospect-email': {
      // The results email waits for the website's check, up to 15 s after the audit, then goes either way.
      const waitUntil = notice.createdAt.getTime() + EMAIL_WAITS_FOR_CHECK_MS;
      const at = deps.now().getTime();
      if (notice.audit?.siteCheck?.status === 'pending' && at < waitUntil) return { state: 'deferred', until: new Date(Math.min(waitUntil, at + 1000)) };
      return sendEmail(job, deps, signal, {
        type: notice.kind === 'audit' ? 'audit-results' : 'application-received',
        to: [notice.email],
        replyTo: agency.email,
        message: notice.kind === 'audit' ? auditResultsEmail(notice, siteUrl) : applicationReceivedEmail(notice, siteUrl),
      });
    }
    case 'webhook':
      return sendWebhook(notice, deps, signal);
    default:
      return { state: 'skipped', detail: `Not a lead's notification: ${job.channel}` };
  }
}

async function sendEmail(
  job: Job,
  { mailer, log, config }: DeliveryDeps,
  signal: AbortSignal,
  email: { type: EmailType; to: readonly string[]; replyTo: string; message: EmailMessage },
): Promise<DeliveryOutcome> {
  const who = email.type === 'new-lead' ? `${email.to.length} team ${email.to.length === 1 ? 'address' : 'addresses'}` : 'the prospect';
  if (!mailer.configured) {
    // A fresh install works without a mail server: one line per email, with nothing personal in it.
    // The team's domain is the agency's; a prospect's can name their business, so it is not logged.
    const recipientDomain = email.type === 'new-lead' ? [...new Set(email.to.map(emailDomain))].join(',') : undefined;
    log.info('email not sent: SMTP_URL is not set', { type: email.type, leadId: job.leadId, recipientDomain });
    return { state: 'skipped', detail: `SMTP_URL is not set: written to the log instead of sent to ${who}` };
  }
  const answer = await mailer.send({ to: email.to, replyTo: email.replyTo, messageId: messageIdOf(job, config.MAIL_FROM), message: email.message }, signal);
  return { state: 'delivered', detail: `Accepted by the mail server for ${who}: ${answer}`.slice(0, 500) };
}

/** An email a staff member wrote on a person's page (its subject and text are the activity's): a reply goes to them. */
async function sendStaffMessage(job: Job, deps: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  const written = job.activityId === null ? null : await staffMessageOf(deps.sql, job.activityId);
  if (!written) return { state: 'skipped', detail: ERASED_BEFORE_SENT };
  if (!written.to) return { state: 'skipped', detail: ERASED_BEFORE_SENT };
  return sendEmail(job, deps, signal, {
    type: 'staff-message',
    to: [written.to],
    replyTo: written.actorEmail ?? agency.email,
    message: staffMessageEmail({ subject: written.subject, body: written.body, kind: written.kind }),
  });
}

/** The receiver is told the lead was erased (the lead's kind, id and erasure time: nothing personal). */
async function sendErasedWebhook(job: Job, { sql, config, webhookTimeoutMs, now }: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  if (!config.LEAD_WEBHOOK_URL || !config.LEAD_WEBHOOK_SECRET) return { state: 'skipped', detail: 'LEAD_WEBHOOK_URL is not set' };
  const erasedAt = await erasedAtOf(sql, job.leadKind, job.leadId);
  if (!erasedAt) return { state: 'skipped', detail: 'The lead is not erased' };
  const lead = { kind: job.leadKind, id: job.leadId, erasedAt };
  const status = await postWebhook({
    url: config.LEAD_WEBHOOK_URL,
    secret: config.LEAD_WEBHOOK_SECRET,
    id: leadErasedWebhookId(lead),
    body: leadErasedWebhookBody(lead),
    timeoutMs: webhookTimeoutMs,
    now: now(),
    signal,
  });
  return { state: 'delivered', detail: `Accepted by the receiver (${status})` };
}

async function sendWebhook(notice: LeadNotice, { config, webhookTimeoutMs, now }: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  if (!config.LEAD_WEBHOOK_URL || !config.LEAD_WEBHOOK_SECRET) return { state: 'skipped', detail: 'LEAD_WEBHOOK_URL is not set' };
  const status = await postWebhook({
    url: config.LEAD_WEBHOOK_URL,
    secret: config.LEAD_WEBHOOK_SECRET,
    id: leadWebhookId(notice),
    body: leadWebhookBody(notice, config.PUBLIC_SITE_URL),
    timeoutMs: webhookTimeoutMs,
    now: now(),
    signal,
  });
  return { state: 'delivered', detail: `Accepted by the receiver (${status})` };
}
