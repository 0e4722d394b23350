import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { validationErrorBody } from '../forms/validation.ts';
import { daysIn, rangeInstants } from './range.ts';
import { dayRangeSchema, RANGE_MAX_DAYS } from './schema.ts';

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
    expect(refused({ from: '2000-01-01', to: '9999-12-31' })).toEqual({ to: `Choose at most ${RANGE_MAX_DAYS} days` });
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
