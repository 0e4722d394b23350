import * as z from 'zod/mini';
import { dateOfEpochDay, epochDayOf, isoDay, parseIsoDay } from '../time/calendar.ts';
import { daysIn } from './range.ts';

// What staff ask the analytics APIs for, checked by the server (server/api/validate.ts): a range of
// Toronto days, both inclusive. Pure: no I/O.

/** The longest range one request may ask for: a year, leap day and all. */
export const RANGE_MAX_DAYS = 366;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day from 2000 on, written YYYY-MM-DD ("2026-02-30" is not one). */
const isDay = (text: unknown): text is string =>
  typeof text === 'string' && DAY_FORMAT.test(text) && text >= '2000-01-01' && isoDay(dateOfEpochDay(epochDayOf(parseIsoDay(text)))) === text;

const day = z
  .string()
  .check(z.regex(DAY_FORMAT, { error: 'Use a date like 2026-11-23' }), z.refine(isDay, { error: 'No such date: use a date like 2026-11-23, from 2000 on' }));

/** Whether the range's two ends are days, so how they compare means something (else their own fields were refused). */
const bothDays = (range: { from: unknown; to: unknown }) => isDay(range.from) && isDay(range.to);

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`: Toronto days, both inclusive; `to` on or after `from`, at most
 * RANGE_MAX_DAYS in all. The range's own refusals name `to`, the day to change.
 */
export const dayRangeSchema = z.object({ from: day, to: day }).check(
  z.refine((range) => !bothDays(range) || range.to >= range.from, { error: 'Choose a day on or after the first day', path: ['to'] }),
  z.refine((range) => !bothDays(range) || range.to < range.from || daysIn(range) <= RANGE_MAX_DAYS, {
    error: `Choose at most ${RANGE_MAX_DAYS} days`,
    path: ['to'],
  }),
);
export type DayRange = z.output<typeof dayRangeSchema>;
