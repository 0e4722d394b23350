import { expect, test } from 'bun:test';
import { formatCad } from './money.ts';

test('amounts in CAD: thousands separated, cents only when there are some', () => {
  expect(formatCad(2500)).toBe('$2,500');
  expect(formatCad(2500.5)).toBe('$2,500.50');
  expect(formatCad(1_000_000)).toBe('$1,000,000');
  expect(formatCad(0)).toBe('$0');
  expect(formatCad(0.05)).toBe('$0.05');
  expect(formatCad(99.99)).toBe('$99.99');
  expect(formatCad(-0.5)).toBe('-$0.50');
  expect(formatCad(-1250.25)).toBe('-$1,250.25');
});
