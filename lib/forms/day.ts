import * as z from 'zod/mini';
import { dateOfEpochDay, epochDayOf, isoDay, parseIsoDay } from '../time/calendar.ts';

// A calendar day as staff filters and reports take it (`?from=2026-11-01`): the one check for every
// such field, so a day the database cannot turn into an instant never reaches a query. Pure.

/** The days a filter or report may name: bounded above as well as below, since the day after 9999-12-31 is no instant PostgreSQL holds. */
export const DAYS_ASKED = { first: '2000-01-01', last: '2099-12-31' } as const;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day within DAYS_ASKED, written YYYY-MM-DD ("2026-02-30" is not one). */
export const isDay = (text: unknown): text is string =>
  typeof text === 'string' &&
  DAY_FORMAT.test(text) &&
  text >= DAYS_ASKED.first &&
  text <= DAYS_ASKED.last &&
  isoDay(dateOfEpochDay(epochDayOf(parseIsoDay(text)))) === text;

export const HOW_TO_WRITE_A_DAY = 'Use a date like 2026-11-23';
export const NO_SUCH_DAY = 'No such date: use a date like 2026-11-23, from 2000 to 2099';

/** A day: a missing one, or one given twice (`from=a&from=b` reaches here as a list), is told how to write it, not "Invalid input". */
export const daySchema = z
  .string({ error: HOW_TO_WRITE_A_DAY })
  .check(z.regex(DAY_FORMAT, { error: HOW_TO_WRITE_A_DAY }), z.refine(isDay, { error: NO_SUCH_DAY }));
