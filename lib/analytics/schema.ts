import * as z from 'zod/mini';
import { daySchema, isDay } from '../forms/day.ts';
import { daysIn, REPORT_MAX_DAYS } from './range.ts';

// What staff ask the analytics APIs for, checked by the server (server/api/validate.ts): a range of
// Toronto days, both inclusive; for the dashboard's CSVs, which table; and what the audit form says when
// it is started. Pure: no I/O.

/** The longest range one request may ask for: a year, leap day and all. */
export const RANGE_MAX_DAYS = 366;

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
export const dayRangeSchema = z.object({ from: daySchema, to: daySchema }).check(...rangeChecks(RANGE_MAX_DAYS, `Choose at most ${RANGE_MAX_DAYS} days`));
export type DayRange = z.output<typeof dayRangeSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDay = z.pipe(z.transform(blankToUndefined), z.optional(daySchema));
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
