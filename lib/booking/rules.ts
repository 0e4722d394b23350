import { agency } from '../site.ts';

// How a strategy session is booked: its length, the rest after it, how soon and how far ahead a
// visitor may book, and the zone whose wall clocks the staff's hours are in.

export type BookingRules = {
  /** How long a session is. */
  sessionMinutes: number;
  /** Kept free after each session, and the gap between two offered starts. */
  bufferMinutes: number;
  /** The earliest start offered is this many hours after now. */
  minNoticeHours: number;
  /** Days offered, today included. */
  daysAhead: number;
  /** The zone the weekly hours are written in. */
  timeZone: string;
};

export const DEFAULT_BOOKING_RULES: BookingRules = {
  sessionMinutes: 45,
  bufferMinutes: 15,
  minNoticeHours: 4,
  daysAhead: 21,
  timeZone: agency.timeZone,
};

/** The rules as this deployment sets them (BOOKING_SESSION_MINUTES, BOOKING_MIN_NOTICE_HOURS, BOOKING_DAYS_AHEAD). */
export const bookingRulesOf = (config: { BOOKING_SESSION_MINUTES: number; BOOKING_MIN_NOTICE_HOURS: number; BOOKING_DAYS_AHEAD: number }): BookingRules => ({
  ...DEFAULT_BOOKING_RULES,
  sessionMinutes: config.BOOKING_SESSION_MINUTES,
  minNoticeHours: config.BOOKING_MIN_NOTICE_HOURS,
  daysAhead: config.BOOKING_DAYS_AHEAD,
});

/**
 * How many times a visitor may move one session from its manage link. Each move emails the visitor and
 * the staff member again, and the visitor gave any email address they liked: beyond this the manage page
 * gives the agency's phone and email instead.
 */
export const MOVES_PER_BOOKING = 5;

/**
 * How many sessions still to come one email address may hold. The form takes any address: without a cap,
 * someone could fill the team's calendar in another person's name, and each booking emails that address.
 * Two leaves room for a second conversation (a partner, a second location) before the first has happened.
 */
export const UPCOMING_SESSIONS_PER_EMAIL = 2;
