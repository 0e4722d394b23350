import { expect, test } from 'bun:test';
import { formatChance, formatCount, formatDate, formatInterval, formatPercent, formatPValue, formatSigned, formatTimeOfDay } from './ab-format.ts';

test('dates are Toronto calendar days', () => {
  expect(formatDate('2025-03-04T12:00:00Z')).toBe('Mar 4, 2025');
  // 02:00 UTC on Jan 1 is still Dec 31 in Toronto.
  expect(formatDate('2025-01-01T02:00:00Z')).toBe('Dec 31, 2024');
});

test('numbers', () => {
  expect(formatCount(1234567)).toBe('1,234,567');
  expect(formatCount(999)).toBe('999');
  expect(formatPercent(12.345)).toBe('12.3%');
  expect(formatInterval({ lower: Math.PI, upper: 5.5 })).toBe('3.1–5.5%');
  expect(formatSigned(30)).toBe('+30.0%');
  expect(formatSigned(-4.26)).toBe('−4.3%');
  expect(formatSigned(0.01)).toBe('0.0%');
  expect(formatChance(0.99996)).toBe('>99.9%');
  expect(formatChance(0.0001)).toBe('<0.1%');
  expect(formatChance(0.9822)).toBe('98.2%');
  expect(formatPValue(0.0354)).toBe('0.035');
  expect(formatPValue(0.00001)).toBe('<0.001');
});

test('times of day are Toronto wall-clock time, summer and winter, with two-digit hours', () => {
  expect(formatTimeOfDay('2026-07-01T13:05:00Z')).toBe('09:05');
  expect(formatTimeOfDay('2026-11-23T04:59:00Z')).toBe('23:59');
  expect(formatTimeOfDay('2026-11-23T05:00:00Z')).toBe('00:00');
});
