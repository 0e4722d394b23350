import { expect, test } from 'bun:test';
import { change, funnelRows, median, rate } from './funnel.ts';

test('rates never divide by zero', () => {
  expect(rate(1, 4)).toBe(0.25);
  expect(rate(0, 0)).toBeNull();
  expect(rate(3, 0)).toBeNull();
  expect(rate(5, 3)).toBeCloseTo(5 / 3);
});

test('the funnel: each step from the one before and from the visits, and what dropped off between', () => {
  const rows = funnelRows({ visit: 200, audit_started: 20, lead: 10, booked: 4, won: 1 });
  expect(rows.map((r) => r.step)).toEqual(['visit', 'audit_started', 'lead', 'booked', 'won']);
  expect(rows[0]).toEqual({ step: 'visit', visitors: 200, fromPrevious: null, fromStart: null, dropOff: null });
  expect(rows[1]).toEqual({ step: 'audit_started', visitors: 20, fromPrevious: 0.1, fromStart: 0.1, dropOff: 180 });
  expect(rows[2]).toEqual({ step: 'lead', visitors: 10, fromPrevious: 0.5, fromStart: 0.05, dropOff: 10 });
  expect(rows[4]).toEqual({ step: 'won', visitors: 1, fromPrevious: 0.25, fromStart: 0.005, dropOff: 3 });
});

test('a step may count more than the one before (applications skip the audit), and an empty funnel has no rates', () => {
  const rows = funnelRows({ visit: 50, audit_started: 2, lead: 5, booked: 0, won: 0 });
  expect(rows[2]).toMatchObject({ fromPrevious: 2.5, dropOff: -3 });
  expect(rows[3]).toMatchObject({ fromPrevious: 0, dropOff: 5 });
  expect(rows[4]).toMatchObject({ fromPrevious: null, dropOff: 0 });
  expect(funnelRows({ visit: 0, audit_started: 0, lead: 0, booked: 0, won: 0 }).every((r) => r.fromPrevious === null && r.fromStart === null)).toBe(true);
});

test('the change from the period before', () => {
  expect(change(120, 100)).toEqual({ current: 120, previous: 100, difference: 20, ratio: 0.2 });
  expect(change(50, 100)).toEqual({ current: 50, previous: 100, difference: -50, ratio: -0.5 });
  expect(change(7, 0)).toEqual({ current: 7, previous: 0, difference: 7, ratio: null });
});

test('the median', () => {
  expect(median([])).toBeNull();
  expect(median([5])).toBe(5);
  expect(median([9, 1, 5])).toBe(5);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});
