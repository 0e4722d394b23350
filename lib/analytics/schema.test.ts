import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { validationErrorBody } from '../forms/validation.ts';
import { daysIn, rangeInstants } from './range.ts';
import { dayRangeSchema, RANGE_MAX_DAYS, reportCsvQuerySchema, reportQuerySchema } from './schema.ts';

const refused = (input: unknown) => {
  const result = z.safeParse(dayRangeSchema, input);
  return result.success ? null : validationErrorBody(result.error).fields;
};

describe('a range of Toronto days', () => {
  test('two real days, the second on or after the first, at most a year apart', () => {
    expect(z.parse(dayRangeSchema, { from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(refused({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(refused({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(daysIn({ from: '2024-01-01', to: '2024-12-31' })).toBe(RANGE_MAX_DAYS);
  });

  test('each refusal names its field', () => {
    expect(Object.keys(refused({}) ?? {})).toEqual(['from', 'to']);
    expect(Object.keys(refused({ from: '2026-11-01' }) ?? {})).toEqual(['to']);
    for (const bad of ['2026-02-30', '2026-13-01', '2026-00-10', '26-11-01', '2026-11-1', '1999-12-31', 'yesterday', '', '２０２６-11-01', '2026-11-01T00:00'])
      expect(Object.keys(refused({ from: bad, to: '2026-11-30' }) ?? {}), bad).toEqual(['from']);
    expect(Object.keys(refused({ from: ['2026-11-01', '2026-11-02'], to: '2026-11-30' }) ?? {})).toEqual(['from']);
    expect(refused({ from: '2026-11-30', to: '2026-11-01' })).toEqual({ to: 'Choose a day on or after the first day' });
    expect(refused({ from: '2025-01-01', to: '2026-01-02' })).toEqual({ to: `Choose at most ${RANGE_MAX_DAYS} days` });
    expect(refused({ from: '2000-01-01', to: '2099-12-31' })).toEqual({ to: `Choose at most ${RANGE_MAX_DAYS} days` });
    // Past 2099 is no day the dashboard has, and the day after 9999-12-31 no instant the database holds.
    for (const far of ['2100-01-01', '9999-12-31'])
      expect(refused({ from: '2099-12-25', to: far }), far).toEqual({ to: 'No such date: use a date like 2026-11-23, from 2000 to 2099' });
    expect(z.safeParse(reportQuerySchema, { from: '9999-12-25', to: '9999-12-31' }).success).toBe(false);
  });

  test('a day left out, repeated (`from=a&from=b`) or not text says what to write, never "Invalid input"', () => {
    const HOW = 'Use a date like 2026-11-23';
    expect(refused({})).toEqual({ from: HOW, to: HOW });
    expect(refused({ from: '2026-11-01' })).toEqual({ to: HOW });
    expect(refused({ from: ['2026-11-01', '2026-11-02'], to: '2026-11-30' })).toEqual({ from: HOW });
    expect(refused({ from: 20261101, to: '2026-11-30' })).toEqual({ from: HOW });
    expect(z.safeParse(reportQuerySchema, { from: ['a', 'b'] }).error?.issues[0]?.message).toBe(HOW);
  });

  test('as instants: from midnight Toronto time on the first day to midnight after the last, a 23-hour day included', () => {
    expect(rangeInstants({ from: '2026-03-08', to: '2026-03-08' })).toEqual({
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-12-01T05:00:00Z'),
    });
  });
});

describe("the dashboard's ranges", () => {
  const fields = (schema: z.ZodMiniType, input: unknown) => {
    const result = z.safeParse(schema, input);
    return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join('.')))];
  };

  test('both ends optional, blank is absent, each a real day; backwards or over two years names `to`', () => {
    expect(reportQuerySchema.parse({})).toEqual({});
    expect(reportQuerySchema.parse({ from: '', to: '  ' })).toEqual({});
    expect(reportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-24', other: 'x' })).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(fields(reportQuerySchema, { from: '2026-02-30' })).toEqual(['from']);
    expect(fields(reportQuerySchema, { to: '2026-11-24T00:00:00Z' })).toEqual(['to']);
    expect(fields(reportQuerySchema, { from: ['2026-11-01', '2026-11-02'] })).toEqual(['from']);
    expect(fields(reportQuerySchema, { from: 20261101 })).toEqual(['from']);
    expect(fields(reportQuerySchema, { from: '2026-11-24', to: '2026-11-23' })).toEqual(['to']);
    expect(fields(reportQuerySchema, { from: '2024-11-23', to: '2026-11-24' })).toEqual([]);
    expect(fields(reportQuerySchema, { from: '2024-11-22', to: '2026-11-24' })).toEqual(['to']);
  });

  test('a CSV names one of the tables', () => {
    expect(reportCsvQuerySchema.parse({ table: 'sources' })).toEqual({ table: 'sources' });
    expect(fields(reportCsvQuerySchema, {})).toEqual(['table']);
    expect(fields(reportCsvQuerySchema, { table: 'users' })).toEqual(['table']);
    expect(fields(reportCsvQuerySchema, { table: ['days', 'pages'] })).toEqual(['table']);
  });
});
