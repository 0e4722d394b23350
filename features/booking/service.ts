import type { Sql } from 'postgres';
import { bookableStaff, bookingSettingsOf } from '../../db/queries/booking-settings.ts';
import {
  type Booking,
  bookedTimes,
  cancelBooking,
  createBooking,
  EmailHasSessions,
  findBooking,
  findBookingByToken,
  type LeadHint,
  lastBookedAt,
  MovesUsedUp,
  moveBooking,
  ownerForHint,
  SlotTaken,
} from '../../db/queries/bookings.ts';
import { type BookingRules, MOVES_PER_BOOKING, UPCOMING_SESSIONS_PER_EMAIL } from '../../lib/booking/rules.ts';
import { type Interval, pickStaff, type Slot } from '../../lib/booking/slots.ts';
import { sameAnswers } from '../../lib/forms/submission.ts';
import type { Touch } from '../../lib/leads/attribution.ts';
import type { Clock } from '../../lib/time/clock.ts';
import type { Logger } from '../../server/log.ts';
import { type Availability, createAvailability } from './availability.ts';
import type { CalendarReach } from './calendar/index.ts';

// Booking, moving and cancelling a session: the slot must be one offered now (from the staff members'
// calendars); among those free at that time, the lead's owner first, else round robin; each one's
// calendar is read again, fresh, before the booking is written, and the database's claims decide between
// two visitors who chose the same time at once (db/queries/bookings.ts).

export type BookingRequestInput = {
  id: string;
  start: Date;
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
  hint: Omit<LeadHint, 'email'>;
  visitorId: string | null;
  page: string | null;
  touches: { first: Touch | null; last: Touch | null };
};

export type BookOutcome =
  | { kind: 'booked'; booking: Booking; created: boolean }
  /** The id was used before for another booking (other answers: any of start, name, email, phone, note). */
  | { kind: 'id-conflict' }
  /** The same request again, but the booking it made was cancelled since (or erased): nothing of it is shown. */
  | { kind: 'cancelled' }
  /** `start` is not a slot this site offers (never was, or is past its notice). */
  | { kind: 'not-offered' }
  /** The slot was taken meanwhile: the next free ones. */
  | { kind: 'taken'; next: Slot[] }
  /** The email address holds as many sessions to come as one may (UPCOMING_SESSIONS_PER_EMAIL). */
  | { kind: 'email-has-sessions' };

export type BookingService = {
  rules: BookingRules;
  availability: Availability;
  /** The slots offered now, `days` days ahead at most. */
  slots: (days?: number) => Promise<Slot[]>;
  book: (request: BookingRequestInput) => Promise<BookOutcome>;
  move: (
    token: string,
    start: Date,
  ) => Promise<{ kind: 'moved'; booking: Booking } | { kind: 'gone' } | { kind: 'not-offered' } | { kind: 'taken'; next: Slot[] } | { kind: 'moves-used' }>;
  cancel: (token: string) => Promise<Booking | null>;
  byToken: (token: string) => Promise<Booking | null>;
};

const MANAGE_TOKEN_BYTES = 32;
export const newManageToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(MANAGE_TOKEN_BYTES))).toString('base64url');

/** How many next slots a refusal offers instead. */
const NEXT_SLOTS = 6;

/** What a request answers, as the forms compare a replay with what was stored (lib/forms/submission.ts): the email without its case. */
const BOOKING_ANSWER_FIELDS = ['start', 'name', 'email', 'phone', 'note'] as const;
const answersOf = (b: { start: Date; name: string | null; email: string | null; phone: string | null; note: string | null }) => ({
  start: b.start.toISOString(),
  name: b.name,
  email: b.email?.toLowerCase() ?? null,
  phone: b.phone,
  note: b.note,
});

/**
 * A request whose id is stored already: the same answers are a replay, answered as the first time (its
 * booking, its manage link), unless that booking was cancelled or erased since; other answers are
 * another booking reusing the id.
 */
function replayOf(stored: Booking, r: BookingRequestInput): BookOutcome {
  if (!sameAnswers(answersOf({ ...stored, start: stored.startsAt }), answersOf(r), BOOKING_ANSWER_FIELDS)) return { kind: 'id-conflict' };
  if (stored.status === 'cancelled' || stored.erasedAt) return { kind: 'cancelled' };
  return { kind: 'booked', booking: stored, created: false };
}

export function createBookingService({
  sql,
  rules,
  now,
  log,
  appSecret,
  calendarReach,
  availability = createAvailability({ sql, rules, now, log, appSecret, calendarReach }),
}: {
  sql: Sql;
  rules: BookingRules;
  now: Clock;
  log: Logger;
  appSecret: string | undefined;
  /** Where calendars may be read from (CALENDAR_ALLOW_HOSTS). */
  calendarReach: CalendarReach;
  availability?: Availability;
}): BookingService {
  const sessionEnd = (start: Date) => new Date(start.getTime() + rules.sessionMinutes * 60_000);
  const blockedUntil = (start: Date) => new Date(start.getTime() + (rules.sessionMinutes + rules.bufferMinutes) * 60_000);

  /**
   * Whether `start` is a time this site offers (on the grid of someone's hours: else a 400), and who
   * is not booked then; their calendars are read fresh, one by one, when the session is written.
   */
  async function freeAt(start: Date): Promise<{ offered: boolean; free: string[] }> {
    const slots = await availability.onTheGrid();
    const slot = slots.find((s) => s.start.getTime() === start.getTime());
    if (!slot) return { offered: false, free: [] };
    const booked = await bookedTimes(sql, { start, end: blockedUntil(start) });
    const end = blockedUntil(start);
    return { offered: true, free: slot.staffIds.filter((id) => !(booked.get(id) ?? []).some((b) => b.start < end && start < b.end)) };
  }

  const nextSlots = async (after: Date) => (await availability.slots()).filter((s) => s.start.getTime() > after.getTime() - 1).slice(0, NEXT_SLOTS);

  /**
   * Tries the free staff members in order (the lead's owner first, then round robin): each one's
   * calendar read fresh for the session, then `write`; a calendar now busy or unreachable, or a claim
   * lost to another visitor, moves on to the next. Null when nobody could be booked.
   */
  async function firstThatBooks<T>(
    start: Date,
    free: string[],
    preferred: string | null,
    write: (staffId: string, writesCalendar: boolean) => Promise<T>,
  ): Promise<T | null> {
    const people = new Map((await bookableStaff(sql)).map((p) => [p.userId, p]));
    const last = await lastBookedAt(sql);
    const window: Interval = { start, end: blockedUntil(start) };
    let left = free.filter((id) => people.has(id));
    while (left.length > 0) {
      const staffId = pickStaff(left, preferred, last);
      left = left.filter((id) => id !== staffId);
      const person = people.get(staffId);
      if (!person) continue;
      if ((await availability.busyNow(person, window)) !== 'free') continue;
      try {
        return await write(staffId, person.calendar?.kind === 'caldav');
      } catch (error) {
        if (!(error instanceof SlotTaken)) throw error;
      }
    }
    return null;
  }

  /** Whether a staff member's bookings are written to their calendar (a CalDAV one; an iCal feed is read-only). */
  const writesCalendarOf = async (staffId: string | null) => (staffId ? (await bookingSettingsOf(sql, staffId))?.calendar?.kind === 'caldav' : false);

  return {
    rules,
    availability,
    slots: (days) => availability.slots(days),
    byToken: (token) => findBookingByToken(sql, token),

    async book(r) {
      const existing = await findBooking(sql, r.id);
      if (existing) return replayOf(existing, r);
      // A copy of this request sent at the same moment may have booked the time meanwhile: a refusal
      // looks for it first, and answers as a replay when it is there.
      const refused = async (outcome: BookOutcome) => {
        const meanwhile = await findBooking(sql, r.id);
        return meanwhile ? replayOf(meanwhile, r) : outcome;
      };
      const { offered, free } = await freeAt(r.start);
      if (!offered) return refused({ kind: 'not-offered' });
      const preferred = await ownerForHint(sql, { ...r.hint, email: r.email });
      let booked: Awaited<ReturnType<typeof createBooking>> | null;
      try {
        booked = await firstThatBooks(r.start, free, preferred, (staffId, writesCalendar) =>
          createBooking(sql, {
            id: r.id,
            staffId,
            startsAt: r.start,
            endsAt: sessionEnd(r.start),
            blockedUntil: blockedUntil(r.start),
            manageToken: newManageToken(),
            name: r.name,
            email: r.email,
            phone: r.phone,
            note: r.note,
            visitorId: r.visitorId,
            page: r.page,
            touches: r.touches,
            hint: { ...r.hint, email: r.email },
            writesCalendar,
            upcomingPerEmail: UPCOMING_SESSIONS_PER_EMAIL,
            now: now(),
          }),
        );
      } catch (error) {
        if (error instanceof EmailHasSessions) return refused({ kind: 'email-has-sessions' });
        throw error;
      }
      if (booked && !booked.created) return replayOf(booked.booking, r);
      if (booked) {
        log.info('session booked', { bookingId: booked.booking.id, created: booked.created });
        return { kind: 'booked', ...booked };
      }
      return refused({ kind: 'taken', next: await nextSlots(r.start) });
    },

    async move(token, start) {
      const current = await findBookingByToken(sql, token);
      if (current?.status !== 'booked') return { kind: 'gone' };
      // Checked again under the booking's lock when the move is written (moveBooking), for moves sent at once.
      if (current.sequence >= MOVES_PER_BOOKING) return { kind: 'moves-used' };
      const { offered, free } = await freeAt(start);
      if (!offered) return { kind: 'not-offered' };
      const previousWritesCalendar = await writesCalendarOf(current.staffId);
      let moved: Booking | null;
      try {
        moved = await firstThatBooks(start, free, current.staffId, (staffId, writesCalendar) =>
          moveBooking(
            sql,
            token,
            { staffId, startsAt: start, endsAt: sessionEnd(start), blockedUntil: blockedUntil(start), writesCalendar, previousWritesCalendar },
            now(),
            MOVES_PER_BOOKING,
          ),
        );
      } catch (error) {
        if (error instanceof MovesUsedUp) return { kind: 'moves-used' };
        throw error;
      }
      if (moved) return { kind: 'moved', booking: moved };
      return { kind: 'taken', next: await nextSlots(start) };
    },

    async cancel(token) {
      const current = await findBookingByToken(sql, token);
      if (!current) return null;
      return cancelBooking(sql, token, now(), { writesCalendar: await writesCalendarOf(current.staffId) });
    },
  };
}
