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
