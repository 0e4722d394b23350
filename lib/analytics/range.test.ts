import { describe, expect, test } from 'bun:test';
import { daysIn, daysOf, previousRange, REPORT_MAX_DAYS, rangeInstants, rangeProblem, resolveRange } from './range.ts';

describe('ranges', () => {
  test('the last 28 days by default; one end given, the other from it', () => {
    expect(resolveRange({}, '2026-11-24')).toEqual({ from: '2026-10-28', to: '2026-11-24' });
    expect(resolveRange({ to: '2026-03-01' }, '2026-11-24')).toEqual({ from: '2026-02-02', to: '2026-03-01' });
    expect(resolveRange({ from: '2026-11-01' }, '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    // A first day after today is a one-day range (of nothing yet), not a backwards one.
    expect(resolveRange({ from: '2026-12-01' }, '2026-11-24')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-31' }, '2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  test('its length, its days and the period before it, across month, year and daylight-saving changes', () => {
    expect(daysIn({ from: '2026-11-24', to: '2026-11-24' })).toBe(1);
    expect(daysIn({ from: '2026-02-27', to: '2026-03-02' })).toBe(4);
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(previousRange({ from: '2026-10-28', to: '2026-11-24' })).toEqual({ from: '2026-09-30', to: '2026-10-27' });
    expect(previousRange({ from: '2027-01-01', to: '2027-01-07' })).toEqual({ from: '2026-12-25', to: '2026-12-31' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  test('its instants: Toronto midnights, 23 and 25 hours apart on the daylight-saving days', () => {
    expect(rangeInstants({ from: '2026-11-24', to: '2026-11-24' }, 'America/Toronto')).toEqual({
      start: new Date('2026-11-24T05:00:00Z'),
      end: new Date('2026-11-25T05:00:00Z'),
    });
    const spring = rangeInstants({ from: '2026-03-08', to: '2026-03-08' }, 'America/Toronto');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000);
    const fall = rangeInstants({ from: '2026-11-01', to: '2026-11-01' }, 'America/Toronto');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3600_000);
  });

  test('what is wrong with a resolved range', () => {
    expect(rangeProblem({ from: '2026-11-24', to: '2026-11-01' })).toBe('Choose a day on or after the first day');
    expect(daysIn({ from: '2024-11-23', to: '2026-11-24' })).toBe(REPORT_MAX_DAYS);
    expect(rangeProblem({ from: '2024-11-23', to: '2026-11-24' })).toBeNull();
    expect(rangeProblem({ from: '2024-11-22', to: '2026-11-24' })).toContain(`at most ${REPORT_MAX_DAYS} days`);
  });
});
