import { agency } from '../site.ts';
import { addDays, isoDay, parseIsoDay } from '../time/calendar.ts';
import { dayIn, zonedInstant } from '../time/zoned.ts';

// The days page views are counted by: Toronto days (the agency's), as the dashboard and the weekly email
// show them. When a day's salt goes, when a day is rolled up, and how long raw rows stay.

/**
 * How long after a day ends its views are still written: a batch flushed just after midnight holds the
 * last views of the day before. After it, the day's salt is deleted and a view of that day is dropped.
 */
export const LATE_VIEWS_MS = 10 * 60_000;
/** A day is rolled up this long after it ends: after its late views, so no batch lands after its roll-up. */
export const ROLLUP_AFTER_MS = LATE_VIEWS_MS + 5 * 60_000;

/** The Toronto day ("2026-11-28") of an instant. */
export const analyticsDay = (at: Date): string => dayIn(at, agency.timeZone);

/** When a Toronto day starts and ends (ms since the epoch): 23 or 25 hours on the days the clocks change. */
export function dayBounds(day: string): { startMs: number; endMs: number } {
  const date = parseIsoDay(day);
  return { startMs: zonedInstant(date, 0, agency.timeZone).getTime(), endMs: zonedInstant(addDays(date, 1), 0, agency.timeZone).getTime() };
}

/** The first day whose salt is kept at `now` (and whose views are still written): today, or yesterday in its first minutes. */
export const saltsKeptFrom = (now: Date): string => analyticsDay(new Date(now.getTime() - LATE_VIEWS_MS));

/** Days before this one have ended long enough to be rolled up at `now`. */
export const rolledUpBefore = (now: Date): string => analyticsDay(new Date(now.getTime() - ROLLUP_AFTER_MS));

/** The first day whose raw rows are kept at `now`: the last `rawDays` days before today, and today. */
export const rawKeptFrom = (now: Date, rawDays: number): string => isoDay(addDays(parseIsoDay(analyticsDay(now)), -rawDays));

/** A day `days` after `day` (before it when negative). */
export const daysAfter = (day: string, days: number): string => isoDay(addDays(parseIsoDay(day), days));
