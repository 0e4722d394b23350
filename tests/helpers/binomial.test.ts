import { expect, test } from 'bun:test';
import { twoSidedBinomialP } from './binomial.ts';

test('the exact two-sided binomial test gives R’s binom.test figures', () => {
  expect(twoSidedBinomialP(7, 20, 0.5)).toBeCloseTo(0.2632, 4);
  expect(twoSidedBinomialP(3, 20, 0.5)).toBeCloseTo(0.002577, 6);
  expect(twoSidedBinomialP(10, 20, 0.5)).toBeCloseTo(1, 10);
  // An uneven promise: 133 of 400 at one in three is the middle; 100 of 400 is far out.
  expect(twoSidedBinomialP(133, 400, 1 / 3)).toBeGreaterThan(0.9);
  expect(twoSidedBinomialP(100, 400, 1 / 3)).toBeLessThan(0.001);
});
