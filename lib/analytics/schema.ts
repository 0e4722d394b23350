import * as z from 'zod/mini';
import { dateOfEpochDay, epochDayOf, isoDay, parseIsoDay } from '../time/calendar.ts';
import { daysIn, REPORT_MAX_DAYS } from './range.ts';

// What staff ask the analytics APIs for, checked by the server (server/api/validate.ts): a range of
// Toronto days, both inclusive; for the dashboard's CSVs, which table; and what the audit form says when
// it is started. Pure: no I/O.

/** The longest range one request may ask for: a year, leap day and all. */
export const RANGE_MAX_DAYS = 366;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day from 2000 on, written YYYY-MM-DD ("2026-02-30" is not one). */
const isDay = (text: unknown): text is string =>
  typeof text === 'string' && DAY_FORMAT.test(text) && text >= '2000-01-01' && isoDay(dateOfEpochDay(epochDayOf(parseIsoDay(text)))) === text;

const HOW_TO_WRITE_A_DAY = 'Use a date like 2026-11-23';
/** A day: a missing one, or one given twice (`from=a&from=b` reaches here as a list), is told how to write it, not "Invalid input". */
const day = z
  .string({ error: HOW_TO_WRITE_A_DAY })
  .check(z.regex(DAY_FORMAT, { error: HOW_TO_WRITE_A_DAY }), z.refine(isDay, { error: 'No such date: use a date like 2026-11-23, from 2000 on' }));

type Ends = { from?: unknown; to?: unknown };

/** Whether the range's two ends are days, so how they compare means something (else their own fields were refused, or one is left out). */
const bothDays = (range: Ends): range is { from: string; to: string } => isDay(range.from) && isDay(range.to);

/** The checks of a range's two ends, together: `to` on or after `from`, at most `maxDays` in all; they name `to`, the day to change. */
const rangeChecks = (maxDays: number, tooLong: string) =>
  [
    z.refine<Ends>((range) => !bothDays(range) || range.to >= range.from, { error: 'Choose a day on or after the first day', path: ['to'] }),
    z.refine<Ends>((range) => !bothDays(range) || range.to < range.from || daysIn(range) <= maxDays, { error: tooLong, path: ['to'] }),
  ] as const;

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`: Toronto days, both inclusive; `to` on or after `from`, at most
 * RANGE_MAX_DAYS in all. The range's own refusals name `to`, the day to change.
 */
export const dayRangeSchema = z.object({ from: day, to: day }).check(...rangeChecks(RANGE_MAX_DAYS, `Choose at most ${RANGE_MAX_DAYS} days`));
export type DayRange = z.output<typeof dayRangeSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDay = z.pipe(z.transform(blankToUndefined), z.optional(day));
const reportChecks = () => rangeChecks(REPORT_MAX_DAYS, `Choose at most ${REPORT_MAX_DAYS} days (two years)`);

/** The dashboard's `?from&to` (its page and its JSON API): each end optional (lib/analytics/range.ts fills in the rest), up to two years. */
export const reportQuerySchema = z.object({ from: optionalDay, to: optionalDay }).check(...reportChecks());
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The dashboard's tables a CSV can be made of (routes/admin/analytics.csv.ts). */
export const REPORT_TABLES = ['days', 'pages', 'sources', 'landings', 'variants', 'funnel', 'speed'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** `?table=…&from=…&to=…`: one table of the dashboard as CSV. */
export const reportCsvQuerySchema = z
  .object({
    table: z.enum(REPORT_TABLES, { error: `Choose one of: ${REPORT_TABLES.join(', ')}` }),
    from: optionalDay,
    to: optionalDay,
  })
  .check(...reportChecks());

/** POST /api/analytics/audit-started: which form was started (only the audit says so). Nothing else is sent. */
export const auditStartedSchema = z.strictObject({ form: z.literal('audit', { error: 'Only the audit form says it was started' }) });
