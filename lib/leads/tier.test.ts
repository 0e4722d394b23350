import { expect, test } from 'bun:test';
import { marketingBudgetOptions, monthlyRevenueOptions } from '../audit/schema.ts';
import { packageTier } from '../audit/scoring.ts';
import { tierLabel } from './pipeline.ts';
import { tierMeaning } from './tier.ts';

test('every revenue and budget the audit offers: the sentence of the tier chosen names the range that chose it, and says the score plays no part', () => {
  for (const revenue of monthlyRevenueOptions) {
    for (const budget of marketingBudgetOptions) {
      const tier = packageTier({ monthlyRevenue: revenue.value, marketingBudget: budget.value });
      const meaning = tierMeaning(tier);
      const where = `${revenue.value} / ${budget.value}`;
      expect(meaning.startsWith(`${tierLabel(tier)}: `), where).toBe(true);
      expect(meaning, where).toContain('not from the audit score');
      // The answer that decided it is named in the form's own words (the ranges' labels).
      if (tier !== 'starter')
        expect(
          [revenue.label, budget.label].some((label) => meaning.includes(label)),
          where,
        ).toBe(true);
    }
  }
});

test('starter: both below the growth ranges', () => {
  expect(tierMeaning('starter')).toContain('under $25,000');
  expect(tierMeaning('starter')).toContain('under $5,000');
});

test('no tier (an application, a booking) or an unknown one: nothing to explain', () => {
  expect(tierMeaning(null)).toBe('');
  expect(tierMeaning(undefined)).toBe('');
  expect(tierMeaning('platinum')).toBe('');
  expect(tierMeaning('constructor')).toBe('');
});
