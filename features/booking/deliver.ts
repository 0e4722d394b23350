import { bookingSettingsOf } from '../../db/queries/booking-settings.ts';
import { type Booking, findBooking } from '../../db/queries/bookings.ts';
import { ERASED_BEFORE_SENT, type Job } from '../../db/queries/jobs.ts';
import {
  type BookingAudience,
  type BookingNotice,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingMovedEmail,
  bookingReminderEmail,
  bookingStaffEmail,
  inviteDescription,
  noShowEmail,
} from '../../lib/booking/emails.ts';
import { calendarObjectIcs, type InviteEvent, inviteIcs } from '../../lib/booking/invite.ts';
import type { EmailMessage } from '../../lib/leads/emails.ts';
import { leadPath } from '../../lib/leads/pipeline.ts';
import { agency } from '../../lib/site.ts';
import type { DeliveryDeps, DeliveryOutcome } from '../leads/delivery/types.ts';
import { calendarReachOf, removeEvent, writeEvent } from './calendar/index.ts';
import { calendarSourceOf } from './calendar-source.ts';

// One job of a booked session, delivered: reads the booking as it is now (an erased one gets nothing,
// and a job queued for an earlier version of it, before a move or a cancel, is skipped: the later one
// says what is true), then sends its email with the invite, or writes the staff member's calendar.

const SUPERSEDED = 'The session changed after this was queued: the newer version was sent instead';

/** The calendar event's UID: stable for the booking's life, so a move updates it and a cancel cancels it. */
export const eventUid = (booking: Pick<Booking, 'id'>) => `session-${booking.id}`;

function noticeOf(b: Booking, siteUrl: string): BookingNotice {
  return {
    bookingId: b.id,
    start: b.startsAt,
    end: b.endsAt,
    timeZone: agency.timeZone,
    visitor: { name: b.name ?? '', email: b.email ?? '', phone: b.phone, note: b.note, business: null },
    staff: { name: b.staffName ?? agency.name, email: b.staffEmail ?? agency.email, meetingUrl: b.staffMeetingUrl },
    manageUrl: `${siteUrl}/book/manage/${b.manageToken}`,
    bookUrl: `${siteUrl}/book`,
    leadUrl: `${siteUrl}${leadPath(b.leadKind, b.leadId)}`,
    previousStart: b.previousStartsAt ?? undefined,
  };
}

/** The session as a calendar event in `audience`'s calendar (the description is in their words). */
function inviteEventOf(b: Booking, n: BookingNotice, audience: BookingAudience): InviteEvent {
  return {
    uid: eventUid(b),
    sequence: b.sequence,
    start: b.startsAt,
    end: b.endsAt,
    title: `Strategy session: ${n.visitor.name} and ${agency.name}`,
    description: inviteDescription(n, audience),
    url: n.manageUrl,
    ...(n.staff.meetingUrl ? { location: n.staff.meetingUrl } : {}),
    organizer: { name: n.staff.name, email: n.staff.email },
    attendees: [{ name: n.visitor.name, email: n.visitor.email }],
  };
}

export async function deliverBookingJob(job: Job, deps: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  const booking = job.bookingId ? await findBooking(deps.sql, job.bookingId) : null;
  if (!booking) return { state: 'skipped', detail: 'The session no longer exists' };
  if (job.channel === 'booking-calendar') return writeCalendar(booking, deps, signal);
  if (booking.erasedAt) return { state: 'skipped', detail: ERASED_BEFORE_SENT };
  if (job.channel !== 'no-show' && job.revision !== booking.sequence) return { state: 'skipped', detail: SUPERSEDED };
  const n = noticeOf(booking, deps.config.PUBLIC_SITE_URL);
  const cancelled = booking.status === 'cancelled';
  const invite = (audience: BookingAudience) => {
    const method = cancelled ? ('CANCEL' as const) : ('REQUEST' as const);
    return { method, content: inviteIcs(inviteEventOf(booking, n, audience), method, deps.now()) };
  };
  const moved = booking.sequence > 0 && !cancelled;
  switch (job.channel) {
    case 'booking-visitor':
      return send(job, deps, signal, {
        to: n.visitor.email,
        replyTo: n.staff.email,
        message: cancelled ? bookingCancelledEmail(n, 'visitor') : moved ? bookingMovedEmail(n, 'visitor') : bookingConfirmedEmail(n),
        invite: invite('visitor'),
      });
    case 'booking-staff':
      return send(job, deps, signal, {
        to: n.staff.email,
        replyTo: n.visitor.email,
        message: cancelled ? bookingCancelledEmail(n, 'staff') : moved ? bookingMovedEmail(n, 'staff') : bookingStaffEmail(n),
        invite: invite('staff'),
      });
    case 'reminder-24h':
    case 'reminder-1h':
      if (booking.status !== 'booked') return { state: 'skipped', detail: 'The session is no longer booked' };
      return send(job, deps, signal, {
        to: n.visitor.email,
        replyTo: n.staff.email,
        message: bookingReminderEmail(n, job.channel === 'reminder-24h' ? '24h' : '1h'),
      });
    case 'no-show':
      if (booking.status !== 'no-show') return { state: 'skipped', detail: 'The session is no longer marked as missed' };
      return send(job, deps, signal, { to: n.visitor.email, replyTo: n.staff.email, message: noShowEmail(n) });
    default:
      return { state: 'skipped', detail: `Not a session's notification: ${job.channel}` };
  }
}

async function send(
  job: Job,
  { mailer, log, config }: DeliveryDeps,
  signal: AbortSignal,
  email: { to: string; replyTo: string; message: EmailMessage; invite?: { method: 'REQUEST' | 'CANCEL'; content: string } },
): Promise<DeliveryOutcome> {
  if (!mailer.configured) {
    log.info('email not sent: SMTP_URL is not set', { type: job.channel, bookingId: job.bookingId });
    return { state: 'skipped', detail: 'SMTP_URL is not set: written to the log instead of sent' };
  }
  const domain = config.MAIL_FROM.slice(config.MAIL_FROM.lastIndexOf('@') + 1).replace(/>$/, '');
  const answer = await mailer.send(
    {
      to: [email.to],
      replyTo: email.replyTo,
      messageId: `<session.${job.bookingId}.${job.channel}.${job.revision}@${domain}>`,
      message: email.message,
      invite: email.invite,
    },
    signal,
  );
  return { state: 'delivered', detail: `Accepted by the mail server: ${answer}`.slice(0, 500) };
}

/** A staff member's calendar that takes writes, or why not. */
async function writableCalendar(sql: DeliveryDeps['sql'], staffId: string, appSecret: string | undefined) {
  const settings = await bookingSettingsOf(sql, staffId);
  return settings ? calendarSourceOf(settings, appSecret) : null;
}

/**
 * The staff member's calendar gets the session as it is now: written while booked, removed once
 * cancelled; after a move to another staff member, the one who had it loses their copy.
 */
async function writeCalendar(booking: Booking, { sql, config, now }: DeliveryDeps, signal: AbortSignal): Promise<DeliveryOutcome> {
  const reach = calendarReachOf(config);
  if (booking.previousStaffId && booking.previousStaffId !== booking.staffId) {
    const previous = await writableCalendar(sql, booking.previousStaffId, config.APP_SECRET);
    if (previous && previous !== 'sealed' && previous.kind === 'caldav') await removeEvent(previous, eventUid(booking), signal, reach);
  }
  if (!booking.staffId) return { state: 'skipped', detail: 'The staff member no longer exists' };
  const source = await writableCalendar(sql, booking.staffId, config.APP_SECRET);
  if (source === null || source === 'sealed' || source.kind !== 'caldav')
    return {
      state: 'skipped',
      detail: source === 'sealed' ? 'The calendar password cannot be opened (APP_SECRET)' : 'No calendar that takes events is connected',
    };
  // Cancelled, or erased (the event carries the person's name): it leaves the calendar.
  if (booking.status === 'cancelled' || booking.erasedAt) {
    await removeEvent(source, eventUid(booking), signal, reach);
    return { state: 'delivered', detail: 'Removed from the calendar' };
  }
  const n = noticeOf(booking, config.PUBLIC_SITE_URL);
  await writeEvent(source, eventUid(booking), calendarObjectIcs(inviteEventOf(booking, n, 'staff'), 'CONFIRMED', now()), signal, reach);
  return { state: 'delivered', detail: `Written to the calendar (version ${booking.sequence})` };
}
