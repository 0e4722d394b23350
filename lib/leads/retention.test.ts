import { describe, expect, test } from 'bun:test';
import { DAY_MS } from '../time/calendar.ts';
import { AB_RAW_KEEP_DAYS, abArchiveCutoff, leadRetentionCutoff, sweepDueIfRanBy } from './retention.ts';

const now = new Date('2026-11-27T08:00:00Z');

describe('retention dates', () => {
  test('leads: the retention time in whole days before now', () => {
    expect(leadRetentionCutoff(now, 730).toISOString()).toBe('2024-11-27T08:00:00.000Z');
    expect(leadRetentionCutoff(now, 30).getTime()).toBe(now.getTime() - 30 * DAY_MS);
  });

  test('A/B raw rows: a year after the test ended', () => {
    expect(AB_RAW_KEEP_DAYS).toBe(365);
    expect(abArchiveCutoff(now).toISOString()).toBe('2025-11-27T08:00:00.000Z');
  });

  test('a sweep is due again a full day after it last ran', () => {
    expect(sweepDueIfRanBy(now).getTime()).toBe(now.getTime() - DAY_MS);
  });
});
