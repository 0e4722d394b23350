// Wall-clock time in a named time zone (the agency's is America/Toronto), with Intl only: what a date
// is there, and which instant a wall-clock time there is. One formatter per zone, made once.

import { type CalendarDate, isoDay } from './calendar.ts';

/** A calendar date and time of day on a zone's wall clocks: month 1–12, hour 0–23. */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formats = new Map<string, Intl.DateTimeFormat>();

/** What the wall clocks of `timeZone` show at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The instant at which the wall clocks of `timeZone` show `minutes` past midnight on the given date. */
export function zonedInstant(date: CalendarDate, minutes: number, timeZone: string): Date {
  const wanted = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  // Start from the wall time read as UTC and correct by the zone's offset there; twice, so a guess on
  // the other side of a daylight-saving change settles.
  let instant = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(new Date(instant), timeZone);
    instant += wanted - Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
  }
  return new Date(instant);
}

/** The calendar date (YYYY-MM-DD) the wall clocks of `timeZone` show at `date`: what a daily budget and a chart's day are counted by. */
export const dayIn = (date: Date, timeZone: string): string => isoDay(wallClock(date, timeZone));

/** Seconds until the next midnight in `timeZone` (at least 1): a spent daily budget's Retry-After. */
export function secondsUntilNextDay(date: Date, timeZone: string): number {
  const { hour, minute, second } = wallClock(date, timeZone);
  return Math.max(1, 24 * 3600 - (hour * 3600 + minute * 60 + second));
}

/** `instant` as ISO 8601 with the zone's offset there: "2026-12-01T10:00:00-05:00" (what a person reading an API answer expects). */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const shown = wallClock(instant, timeZone);
  const offsetMinutes = Math.round(
    (Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000,
  );
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${isoDay(shown)}T${two(shown.hour)}:${two(shown.minute)}:${two(shown.second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** Whether `timeZone` is a zone Intl knows (an IANA name such as "America/Toronto"), not a made-up or Windows one. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (formats.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}
