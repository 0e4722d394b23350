import type { CalendarDate } from '../time/calendar.ts';
import { formatDayHeading, formatShortWeekdayTime, formatTimeOfDay } from '../time/display.ts';
import { wallClock } from '../time/zoned.ts';

// A session's time as the booking page, the confirmation and the inbox write it. The zone is a
// parameter: the agency's by default everywhere, but a visitor elsewhere is told it differs.

/** "Tue Dec 1, 10:00": the inbox shows "Session Tue Dec 1, 10:00". */
export const sessionLabel = (start: Date, timeZone: string): string => formatShortWeekdayTime(start, timeZone);

/** "10:00": one offered start under its day's heading. */
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
