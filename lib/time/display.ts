import { agency } from '../site.ts';
import { type CalendarDate, parseIsoDay, weekdayOf } from './calendar.ts';
import { wallClock } from './zoned.ts';

// Dates and times as people read them, on every screen, in every email and in the CSV: the one place
// that formats a date for a person. In Toronto time, in Canadian English, with our own month names, so
// the server and the browser write the same text (no locale defaults, no Intl formatting of its own).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 4, 2025" in Toronto time. */
export function formatDate(at: string | Date): string {
  const { year, month, day } = wallClock(new Date(at), agency.timeZone);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** A calendar date "2026-03-04" (already a Toronto day) as "Mar 4". */
export function formatMonthDay(day: string): string {
  const { month, day: date } = parseIsoDay(day);
  return `${MONTHS[month - 1]} ${date}`;
}

/** A calendar date "2026-03-04" (already a Toronto day) as "Mar 4, 2026". */
export function formatDayWithYear(day: string): string {
  const { year, month, day: date } = parseIsoDay(day);
  return `${MONTHS[month - 1]} ${date}, ${year}`;
}

/** "14:05" in Toronto time, or in `timeZone`. */
export function formatTimeOfDay(at: string | Date, timeZone: string = agency.timeZone): string {
  const { hour, minute } = wallClock(new Date(at), timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** "Nov 23, 2026, 14:05" in Toronto time. */
export const formatDateTime = (at: string | Date): string => `${formatDate(at)}, ${formatTimeOfDay(at)}`;

/** "2026-11-23 14:05" in Toronto time: sorts as text, and spreadsheets read it as a date. */
export function formatStamp(at: string | Date): string {
  const { year, month, day, hour, minute } = wallClock(new Date(at), agency.timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
}

/**
 * "2026-11-23 14:05:09" in Toronto time, to the second: formatStamp with the seconds, as an ad platform's
 * import file writes a conversion's time (its time zone stated once, apart).
 */
export function formatStampSeconds(at: string | Date): string {
  const { second } = wallClock(new Date(at), agency.timeZone);
  return `${formatStamp(at)}:${String(second).padStart(2, '0')}`;
}

const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "November 26, 2026" in Toronto time: a blog post's date (the spec's "long US format", which Canadian English writes alike). */
export function formatLongDate(at: string | Date): string {
  const { year, month, day } = wallClock(new Date(at), agency.timeZone);
  return `${LONG_MONTHS[month - 1]} ${day}, ${year}`;
}

/** "Thursday, November 26, 2026" in Toronto time: for a person reading an email. */
export function formatWeekdayDate(at: string | Date): string {
  const date = wallClock(new Date(at), agency.timeZone);
  return `${WEEKDAYS[weekdayOf(date)]}, ${LONG_MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
}

/**
 * "6:00 p.m." in Toronto time, or in `timeZone`, as Canadian style writes it (a.m. and p.m. with periods):
 * the clock every visitor reads, in emails and on the booking pages (lib/booking/display.ts).
 */
export function formatClockTime(at: string | Date, timeZone: string = agency.timeZone): string {
  const { hour, minute } = wallClock(new Date(at), timeZone);
  const suffix = hour < 12 ? 'a.m.' : 'p.m.';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${suffix}`;
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Tue Dec 1, 10:00" in `timeZone`: an appointment's start, short enough for a list or a subject line. */
export function formatShortWeekdayTime(at: string | Date, timeZone: string = agency.timeZone): string {
  const date = wallClock(new Date(at), timeZone);
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${MONTHS[date.month - 1]} ${date.day}, ${formatTimeOfDay(at, timeZone)}`;
}

/** "Tuesday, December 1": a calendar day (already a day of some zone) heading a list of times. */
export const formatDayHeading = (date: CalendarDate): string => `${WEEKDAYS[weekdayOf(date)]}, ${LONG_MONTHS[date.month - 1]} ${date.day}`;
