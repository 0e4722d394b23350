import { holidayOn } from '../time/business-days.ts';
import { type CalendarDate, isoDay } from '../time/calendar.ts';
import { dayIn } from '../time/zoned.ts';
import { dayHeading, sessionLabel, slotTime } from './display.ts';
import type { BookingRules } from './rules.ts';
import type { Candidate, Interval } from './slots.ts';

// A staff member's coming days as visitors see them, for their booking page: every start their hours
// give, offered or not, and why not in words (a holiday by name, a session already booked, an event in
// their calendar, too little notice, past the horizon). The decisions are explainDays's (lib/booking/
// slots.ts), the ones slotsFor offers from, so the preview cannot disagree with /book. Pure.

export type PreviewStart = { start: string; time: string; offered: boolean; why: string | null };
export type PreviewDay = {
  /** The day, "2026-12-01" (in the rules' zone). */
  day: string;
  heading: string;
  /** The holiday that closes the day, when one does. */
  holiday: string | null;
  starts: PreviewStart[];
};

const sameInterval = (a: Interval, b: Interval) => a.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime();

/** Why a start is not offered, in the page's words. */
function whyNot(candidate: Candidate, bookings: readonly Interval[], rules: BookingRules): string | null {
  const reason = candidate.reason;
  if (reason === null) return null;
  switch (reason.kind) {
    case 'holiday':
      return `Holiday: ${reason.name}`;
    case 'horizon':
      return `More than ${rules.daysAhead} days ahead`;
    case 'notice':
      return `Less than ${rules.minNoticeHours} ${rules.minNoticeHours === 1 ? 'hour’s' : 'hours’'} notice`;
    case 'busy': {
      const { busy } = reason;
      if (bookings.some((b) => sameInterval(b, busy))) return `A session is booked at ${slotTime(busy.start, rules.timeZone)}`;
      // An event from another day (a trip, an all-day event) names its days, one today its times.
      const day = dayIn(candidate.start, rules.timeZone);
      const sameDay = dayIn(busy.start, rules.timeZone) === day && dayIn(new Date(busy.end.getTime() - 1), rules.timeZone) === day;
      const at = (d: Date) => (sameDay ? slotTime(d, rules.timeZone) : sessionLabel(d, rules.timeZone));
      return `Busy in your calendar, ${at(busy.start)}–${at(busy.end)}`;
    }
  }
}

/**
 * The preview of `days` (explainDays's answer for one staff member), with `bookings` (their booked
 * sessions as busy time, [start, end of buffer)) told apart from their calendar's events.
 */
export function previewDays(
  days: readonly { date: CalendarDate; candidates: readonly Candidate[] }[],
  bookings: readonly Interval[],
  rules: BookingRules,
): PreviewDay[] {
  return days.map(({ date, candidates }) => {
    return {
      day: isoDay(date),
      heading: dayHeading(date),
      holiday: holidayOn(date)?.name ?? null,
      starts: candidates.map((c) => ({
        start: c.start.toISOString(),
        time: slotTime(c.start, rules.timeZone),
        offered: c.offered,
        why: whyNot(c, bookings, rules),
      })),
    };
  });
}
