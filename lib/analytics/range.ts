import { agency } from '../site.ts';
import { addDays, epochDayOf, parseIsoDay } from '../time/calendar.ts';
import { zonedInstant } from '../time/zoned.ts';

// A range of Toronto days (both inclusive) as the instants a query compares times with: from midnight
// starting the first day to midnight ending the last, Toronto time, so a day of 23 or 25 hours (a
// daylight-saving change) is still one whole day. Pure.

export type Days = { from: string; to: string };

/** The days from `from` to `to`, both counted. */
export const daysIn = ({ from, to }: Days): number => epochDayOf(parseIsoDay(to)) - epochDayOf(parseIsoDay(from)) + 1;

/** [start, end): the first instant of `from` and the first instant after `to`, in `timeZone`. */
export function rangeInstants({ from, to }: Days, timeZone: string = agency.timeZone): { start: Date; end: Date } {
  return { start: zonedInstant(parseIsoDay(from), 0, timeZone), end: zonedInstant(addDays(parseIsoDay(to), 1), 0, timeZone) };
}
