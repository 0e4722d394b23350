// How many visitors an A/B test needs (issue 33): pure, for the experiment builder to show before a test
// starts. Counts in, counts out; no clock, no database.
//
// The sample size per group to tell a conversion rate p₁ (control) from p₂ (a challenger) with a
// two-sided test at level α and power 1 − β, by the normal approximation to two proportions:
//
//   pooled (Fleiss, Levin & Paik, Statistical Methods for Rates and Proportions, 3rd ed., 2003, §4.2,
//   eq. 4.14 without the continuity correction):
//     n = [ z₁₋α/₂ · √(2 p̄ q̄) + z₁₋β · √(p₁q₁ + p₂q₂) ]² / (p₂ − p₁)²,   p̄ = (p₁ + p₂)/2, q = 1 − p
//   unpooled (Chow, Shao & Wang, Sample Size Calculations in Clinical Research, 2nd ed., 2008, §4.2):
//     n = (z₁₋α/₂ + z₁₋β)² · (p₁q₁ + p₂q₂) / (p₂ − p₁)²
//
// The plan uses the pooled form: the dashboard's verdict rests on the pooled two-proportion z-test
// (lib/ab/stats.ts, 4.), whose variance under "no difference" is exactly 2p̄q̄/n. Worked values
// (tested beside this file): 10% → 12% needs 3,841 a group pooled and 3,839 unpooled (3,838.1 rounded
// up; the oft-quoted "about 3,841" is the pooled figure); 30% → 40% needs 356 pooled (the textbook
// figure); Chow, Shao & Wang's 65% → 85% needs 70 unpooled.
//
// With k variants (control and k − 1 challengers) each challenger is compared with control, so α is
// split by Bonferroni: α/(k − 1) per comparison, two-sided. (The dashboard's verdict uses Holm's
// step-down, never stricter than Bonferroni, so a plan sized this way is never too small for it.) Each
// variant gets an equal share of the visitors in the test; `trafficAllocation` is the spec's: the
// percentage of visitors put in the test at all.

import { normalQuantile } from './stats.ts';

export const PLAN_ALPHA = 0.05;
export const PLAN_POWER = 0.8;
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
/** Beyond ten years a plan says nothing useful: the answer is "cannot tell". */
export const MAX_PLAN_DAYS = 3650;

/** Visitors needed in each group to tell `p1` from `p2` (two-sided α, power), rounded up; null when it cannot be said. */
export function sampleSizePerGroup(p1: number, p2: number, { alpha = PLAN_ALPHA, power = PLAN_POWER, pooled = true } = {}): number | null {
  const rate = (p: number) => Number.isFinite(p) && p > 0 && p < 1;
  if (!rate(p1) || !rate(p2) || p1 === p2 || !(alpha > 0 && alpha < 1) || !(power > 0 && power < 1)) return null;
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zBeta = normalQuantile(power);
  const spread = p1 * (1 - p1) + p2 * (1 - p2);
  const mean = (p1 + p2) / 2;
  const root = pooled ? zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(spread) : (zAlpha + zBeta) * Math.sqrt(spread);
  const n = (root * root) / ((p2 - p1) * (p2 - p1));
  // Rounding error must not add a visitor: 355.9999999999 is 356, not 357.
  return Math.ceil(n - 1e-9);
}

export type TestPlanInput = {
  /** Control's conversion rate now, as a proportion (0.03 for 3%). */
  baselineRate: number;
  /** The smallest relative lift worth finding (0.2 for +20%: 3% → 3.6%). */
  relativeLift: number;
  /** Variants including control, 2 to 4. */
  variants: number;
  /** Percentage of visitors put in the test (the spec's trafficAllocation, 1–100). */
  trafficAllocation: number;
  /** Visitors the site has a day now. */
  dailyVisitors: number;
};

export type TestPlan = { perVariant: number; total: number; days: number } | { cannotTell: string };

/**
 * How many visitors per variant, in all, and how many days at today's traffic a test needs to find
 * `relativeLift` on `baselineRate` (α 0.05 two-sided, Bonferroni across the k − 1 comparisons with
 * control, 80% power), or why that cannot be said (in a sentence for the builder page).
 */
export function testPlan({ baselineRate, relativeLift, variants, trafficAllocation, dailyVisitors }: TestPlanInput): TestPlan {
  if (!Number.isInteger(variants) || variants < MIN_VARIANTS || variants > MAX_VARIANTS)
    return { cannotTell: `A test has ${MIN_VARIANTS} to ${MAX_VARIANTS} variants, control included.` };
  // No traffic says the most when nothing else is known yet (a new site has no conversions either).
  if (!Number.isFinite(dailyVisitors) || dailyVisitors <= 0)
    return { cannotTell: 'There is no recent traffic to go by, so how long the test would take cannot be told yet.' };
  if (!Number.isFinite(baselineRate) || baselineRate <= 0 || baselineRate >= 1)
    return { cannotTell: 'The current conversion rate must be above 0% and below 100%: with none (or all) converting, no lift can be measured.' };
  if (!Number.isFinite(relativeLift) || relativeLift <= 0) return { cannotTell: 'Choose a lift above 0%: the test looks for an improvement.' };
  const target = baselineRate * (1 + relativeLift);
  if (target >= 1) return { cannotTell: 'That lift would take the conversion rate to 100% or more: choose a smaller one.' };
  if (!Number.isFinite(trafficAllocation) || trafficAllocation <= 0 || trafficAllocation > 100)
    return { cannotTell: 'The share of visitors in the test must be above 0% and at most 100%.' };
  const perVariant = sampleSizePerGroup(baselineRate, target, { alpha: PLAN_ALPHA / (variants - 1) });
  if (perVariant === null) return { cannotTell: 'That lift is too small to tell apart from the current rate.' };
  const total = perVariant * variants;
  const inTestPerDay = (dailyVisitors * trafficAllocation) / 100;
  const days = Math.ceil(total / inTestPerDay - 1e-9);
  if (!Number.isSafeInteger(total) || days > MAX_PLAN_DAYS)
    return { cannotTell: 'At today’s traffic that test would run for more than ten years: look for a bigger lift, or put more visitors in the test.' };
  return { perVariant, total, days };
}
