import { expect, test } from 'bun:test';
import { formatChance, formatCount, formatInterval, formatPercent, formatPValue, formatSigned, formatThreshold } from './format.ts';

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
  expect(formatThreshold(0.95)).toBe('95%');
  expect(formatThreshold(0.975)).toBe('97.5%');
  expect(formatThreshold(1 - 0.05 / 3)).toBe('98.3%');
  expect(formatThreshold(0.05)).toBe('5%');
});
