import { agency } from '../site.ts';
import { addDays, epochDayOf, isoDay, parseIsoDay } from '../time/calendar.ts';
import { zonedInstant } from '../time/zoned.ts';

// A range of Toronto days (both inclusive), as "2026-11-23" texts, and as the instants a query compares
// times with: from midnight starting the first day to midnight ending the last, Toronto time, so a day of
// 23 or 25 hours (a daylight-saving change) is still one whole day. The dashboard's default is the last
// 28 days (four whole weeks, so every weekday counts as often), compared with the range of equal length
// just before it. Pure: today is the caller's.

export type Days = { from: string; to: string };

/** The days from `from` to `to`, both counted. */
export const daysIn = ({ from, to }: Days): number => epochDayOf(parseIsoDay(to)) - epochDayOf(parseIsoDay(from)) + 1;

/** [start, end): the first instant of `from` and the first instant after `to`, in `timeZone`. */
export function rangeInstants({ from, to }: Days, timeZone: string = agency.timeZone): { start: Date; end: Date } {
  return { start: zonedInstant(parseIsoDay(from), 0, timeZone), end: zonedInstant(addDays(parseIsoDay(to), 1), 0, timeZone) };
}

/** The dashboard's default: four weeks, today included. */
export const DEFAULT_RANGE_DAYS = 28;
/** The longest range the dashboard shows: two years and a day (a leap year's worth of room), so one request cannot ask for decades. */
export const REPORT_MAX_DAYS = 732;

/** The range a query asks for: both ends as given, a missing end from the other (or the default ending today). */
export function resolveRange(query: { from?: string; to?: string }, today: string): Days {
  const to = query.to ?? (query.from ? maxDay(query.from, today) : today);
  const from = query.from ?? isoDay(addDays(parseIsoDay(to), -(DEFAULT_RANGE_DAYS - 1)));
  return { from, to };
}
/** With only `from` given, the range runs to today, or to `from` itself when that is later. */
const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * What is wrong with a range a query resolved to (resolveRange), or null: a query that gave only its first
 * day may reach too far back to today (the schema checks a range given whole).
 */
export function rangeProblem(range: Days): string | null {
  if (range.from > range.to) return 'Choose a day on or after the first day';
  return daysIn(range) > REPORT_MAX_DAYS ? `Choose at most ${REPORT_MAX_DAYS} days (two years)` : null;
}

/** The range of equal length that ends the day before `range` starts: what it is compared with. */
export function previousRange(range: Days): Days {
  const days = daysIn(range);
  const to = addDays(parseIsoDay(range.from), -1);
  return { from: isoDay(addDays(to, -(days - 1))), to: isoDay(to) };
}

/** Every day of `range`, in order. */
export function daysOf(range: Days): string[] {
  const first = parseIsoDay(range.from);
  return Array.from({ length: daysIn(range) }, (_, i) => isoDay(addDays(first, i)));
}
