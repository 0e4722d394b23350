import { type CalendarDate, isoDay, weekdayOf } from '../time/calendar.ts';
import { formatClockTime, formatDayHeading, formatMonthDay, formatShortWeekdayTime, formatTimeOfDay } from '../time/display.ts';
import { wallClock } from '../time/zoned.ts';

// A session's time as people read it. The zone is a parameter: the agency's everywhere today, but a
// visitor elsewhere is told it differs.
//
// Visitors (the booking pages, the manage page, the booking emails) read the 12-hour clock as Toronto
// writes it, "1:00 p.m." (Canadian Press style): every such time comes from `visitorTime` below, which is
// formatClockTime (lib/time/display.ts). Staff pages (the inbox, the sessions list, the hours preview,
// the lead's timeline) keep the 24-hour clock the rest of the back office uses: sessionLabel and slotTime.

/** "1:00 p.m.": a time as a visitor reads it (an offered start, the end of their session). */
export const visitorTime = (at: Date, timeZone: string): string => formatClockTime(at, timeZone);

/** "Tuesday, December 1 at 1:00 p.m.": a visitor's session, on its page and in their emails. */
export const visitorWhen = (start: Date, timeZone: string): string => `${dayHeading(wallClock(start, timeZone))} at ${visitorTime(start, timeZone)}`;

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Tue Dec 1, 1:00 p.m.": a visitor's session, short enough for a subject line or a list of times to pick from. */
export function visitorShortWhen(start: Date, timeZone: string): string {
  const date = wallClock(start, timeZone);
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${formatMonthDay(isoDay(date))}, ${visitorTime(start, timeZone)}`;
}

/** "Tue Dec 1, 13:00": staff pages; the inbox shows "Session Tue Dec 1, 13:00". */
export const sessionLabel = (start: Date, timeZone: string): string => formatShortWeekdayTime(start, timeZone);

/** "13:00": one start on a staff page (the hours preview, the sessions list). */
export const slotTime = (start: Date, timeZone: string): string => formatTimeOfDay(start, timeZone);

/** "Tuesday, December 1": the heading over a day's offered starts. */
export const dayHeading = (date: CalendarDate): string => formatDayHeading(date);

/**
 * Whether the wall clocks of `timeZone` and `other` show different times at `at` (then the page names
 * the zone). A zone Intl does not know (what a browser reported) counts as different: naming the zone
 * then is harmless, and silence could mislead.
 */
export function zoneDiffers(timeZone: string, at: Date, other: string): boolean {
  try {
    const [a, b] = [wallClock(at, timeZone), wallClock(at, other)];
    return a.year !== b.year || a.month !== b.month || a.day !== b.day || a.hour !== b.hour || a.minute !== b.minute;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}
