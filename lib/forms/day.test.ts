import { expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { DAYS_ASKED, daySchema, HOW_TO_WRITE_A_DAY, isDay, NO_SUCH_DAY } from './day.ts';

test('a real calendar day from 2000 to 2099, written YYYY-MM-DD', () => {
  for (const day of [DAYS_ASKED.first, '2024-02-29', '2026-11-23', DAYS_ASKED.last]) expect(isDay(day), day).toBe(true);
  for (const day of [
    '1999-12-31',
    '2100-01-01',
    '9999-12-31',
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-11-1',
    '２０２６-11-01',
    20261123,
    null,
  ])
    expect(isDay(day), String(day)).toBe(false);
});

test('the schema says how to write a day, or that there is no such day', () => {
  const message = (input: unknown) => z.safeParse(daySchema, input).error?.issues[0]?.message;
  expect(z.parse(daySchema, '2026-11-23')).toBe('2026-11-23');
  for (const input of [undefined, ['2026-11-01', '2026-11-02'], 'yesterday', '2026-11-01T00:00'])
    expect(message(input), String(input)).toBe(HOW_TO_WRITE_A_DAY);
  for (const input of ['2026-02-30', '9999-12-31', '1970-01-01']) expect(message(input), input).toBe(NO_SUCH_DAY);
});
