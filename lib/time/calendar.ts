// Calendar days with no time and no zone, counted in one place: the day after, n days on, the weekday,
// and the "2026-03-04" form days are keyed by. Days are counted since 1970-01-01, which Date.UTC gives
// for any date (month and day overflow roll over), so no code counts days by hand.

/** A calendar date, with no time or zone: month 1–12. */
export type CalendarDate = { year: number; month: number; day: number };

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Days since 1970-01-01. */
export const epochDayOf = ({ year, month, day }: CalendarDate): number => Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);

/** The date `epochDay` days after 1970-01-01. */
export function dateOfEpochDay(epochDay: number): CalendarDate {
  const date = new Date(epochDay * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The date `days` days after `date` (before it when negative). */
export const addDays = (date: CalendarDate, days: number): CalendarDate => dateOfEpochDay(epochDayOf(date) + days);

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (date: CalendarDate): number => (((epochDayOf(date) + 4) % 7) + 7) % 7;

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-03-04": how a day is keyed, sorted and sent. */
export const isoDay = ({ year, month, day }: CalendarDate): string => `${year}-${two(month)}-${two(day)}`;

/** The date a "2026-03-04" names. */
export function parseIsoDay(text: string): CalendarDate {
  const [year, month, day] = text.split('-').map(Number);
  return { year, month, day };
}
