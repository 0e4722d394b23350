import { agency } from '../site.ts';
import { addDays, type CalendarDate, dateOfEpochDay, epochDayOf, weekdayOf } from './calendar.ts';
import { wallClock, zonedInstant } from './zoned.ts';

// Ontario business days, for the promise the thank-you page makes: the team replies within 2 business
// days. A business day is a weekday that is not an Ontario statutory holiday (Employment Standards
// Act: New Year's Day, Family Day, Good Friday, Victoria Day, Canada Day, Labour Day, Thanksgiving,
// Christmas Day, Boxing Day). A holiday on a weekend is observed on the next weekday not already a
// holiday, which is how Christmas on a Saturday makes Monday and Tuesday both days off. The August
// Civic Holiday and Easter Monday are not statutory in Ontario, so they are business days here.

const isWeekend = (date: CalendarDate) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

/** The `nth` (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): CalendarDate {
  const first = weekdayOf({ year, month, day: 1 });
  return { year, month, day: 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7 };
}

/** Easter Sunday in the Gregorian calendar (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

export type Holiday = { name: string; date: CalendarDate; observed: CalendarDate };

/** Ontario's statutory holidays in `year`, in date order, each with the weekday it is observed on. */
export function ontarioHolidays(year: number): Holiday[] {
  const victoriaDay = (() => {
    // The Monday before May 25.
    const may24 = { year, month: 5, day: 24 };
    return { year, month: 5, day: 24 - ((weekdayOf(may24) + 6) % 7) };
  })();
  const dates: [string, CalendarDate][] = [
    ["New Year's Day", { year, month: 1, day: 1 }],
    ['Family Day', nthWeekday(year, 2, 1, 3)],
    ['Good Friday', addDays(easterSunday(year), -2)],
    ['Victoria Day', victoriaDay],
    ['Canada Day', { year, month: 7, day: 1 }],
    ['Labour Day', nthWeekday(year, 9, 1, 1)],
    ['Thanksgiving', nthWeekday(year, 10, 1, 2)],
    ['Christmas Day', { year, month: 12, day: 25 }],
    ['Boxing Day', { year, month: 12, day: 26 }],
  ];
  const taken = new Set<number>();
  return dates.map(([name, date]) => {
    let day = epochDayOf(date);
    while (isWeekend(dateOfEpochDay(day)) || taken.has(day)) day++;
    taken.add(day);
    return { name, date, observed: dateOfEpochDay(day) };
  });
}

/** Each year's holidays by the day they are observed (epoch day); a weekend holiday never moves into the next year. */
const observedByYear = new Map<number, Map<number, Holiday>>();
function observedHolidays(year: number): Map<number, Holiday> {
  let days = observedByYear.get(year);
  if (!days) observedByYear.set(year, (days = new Map(ontarioHolidays(year).map((h) => [epochDayOf(h.observed), h]))));
  return days;
}

/** The Ontario statutory holiday observed on `date` (Boxing Day on Monday 2026-12-28, a Saturday's), or null. */
export const holidayOn = (date: CalendarDate): Holiday | null => observedHolidays(date.year).get(epochDayOf(date)) ?? null;

/** Whether `date` is an Ontario business day: a weekday that is not an observed statutory holiday. */
export function isBusinessDay(date: CalendarDate): boolean {
  return !isWeekend(date) && holidayOn(date) === null;
}

/** The business day `count` business days after `date` (`date` itself need not be one). */
export function addBusinessDays(date: CalendarDate, count: number): CalendarDate {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}

/** Minutes after midnight of a time of day written "18:00". */
export const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export type ReplyRule = { businessDays: number; closesAt: string; timeZone: string };

/**
 * The agency's promise: a reply within 2 business days, by the close of the office (18:00 on
 * weekdays) in Toronto.
 */
const REPLY_PROMISE: ReplyRule = { businessDays: 2, closesAt: agency.hours[0].closes, timeZone: agency.timeZone };

/**
 * When a lead that arrived at `arrivedAt` must have had its reply. A lead counts from the business day
 * it arrived on if it came before closing time, else from the next business day; the reply is due at
 * closing time `businessDays` business days after that. So a lead at 17:59 on the Friday before
 * Victoria Day is due at 18:00 on Wednesday, and one at 18:01 on Thursday.
 */
export function replyBy(arrivedAt: Date, rule: ReplyRule = REPLY_PROMISE): Date {
  const closes = minutesOf(rule.closesAt);
  const arrived = wallClock(arrivedAt, rule.timeZone);
  const arrivedDay = { year: arrived.year, month: arrived.month, day: arrived.day };
  const counted = isBusinessDay(arrivedDay) && arrived.hour * 60 + arrived.minute < closes ? arrivedDay : addBusinessDays(arrivedDay, 1);
  return zonedInstant(addBusinessDays(counted, rule.businessDays), closes, rule.timeZone);
}
