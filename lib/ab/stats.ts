// Statistics for the A/B dashboard (DESIGN.md §4). Pure and deterministic: counts in, numbers out. The
// verdict's rule (sample guard, Holm's correction, minimum effect) is lib/ab/decision.ts.
//
// Notation: a variant has n visitors who saw it and x of them converted; p̂ = x / n; A is the control,
// B a challenger; z = Φ⁻¹(0.975) = 1.959963984540054 for 95% intervals.
//
// 1. Wilson score interval (E. B. Wilson, JASA 22, 1927):
//      centre = (p̂ + z²/2n) / (1 + z²/n)
//      half   = z / (1 + z²/n) · √( p̂(1−p̂)/n + z²/4n² )
//    Undefined for n = 0 (returned as null); for x = 0 it is [0, z²/(n + z²)].
// 2. Relative lift L = R − 1, R = p̂B / p̂A, with a delta-method interval on the log scale (Katz et al.,
//    Biometrics 34, 1978): Var(ln R) ≈ (1−p̂A)/xA + (1−p̂B)/xB = 1/xA − 1/nA + 1/xB − 1/nB, interval
//    exp(ln R ± z·√Var(ln R)) − 1. The log scale keeps the interval inside (−100%, ∞) and in step with
//    the z-test. Undefined (null) when either side has no viewers or no conversions.
// 3. Bayesian chance to beat control with uniform priors: pA ~ Beta(αA, βA), pB ~ Beta(αB, βB),
//    α = 1 + x, β = 1 + n − x. For integer αB the exact sum (E. Miller, "Formulas for Bayesian A/B
//    testing", 2015) is
//      P(pB > pA) = Σ_{i=0}^{αB−1} B(αA+i, βA+βB) / ( (βB+i) · B(1+i, βB) · B(αA, βA) ),
//    evaluated in log space; we sum over whichever α is smaller, using P(pB > pA) = 1 − P(pA > pB).
//    No sampling: the same counts always give the same number.
// 4. Two-proportion z-test, pooled: p̄ = (xA+xB)/(nA+nB), SE = √( p̄(1−p̄)(1/nA + 1/nB) ),
//    Z = (p̂B − p̂A)/SE, two-sided p = erfc(|Z|/√2). SE = 0 (no conversions anywhere, or all) gives p = 1.
// 5. Sample-ratio mismatch: Pearson's χ² = Σ (Oᵢ − Eᵢ)²/Eᵢ with Eᵢ = N·wᵢ/Σw over variants of positive
//    weight, k − 1 degrees of freedom, p = Q((k−1)/2, χ²/2). Warn when p < 0.001.
// Special functions: ln Γ by Lanczos (g = 7, 9 terms); the regularised upper incomplete gamma Q(a, x)
// by its series for x < a + 1 and Lentz's continued fraction otherwise (Numerical Recipes §6.2);
// erfc(x) = Q(½, x²) for x ≥ 0.

import { DAY_MS } from '../time/calendar.ts';
import { decide, verdictText } from './decision.ts';
import type { Interval, JudgedOn, TestStats, VariantResult } from './definitions.ts';

const Z_95 = 1.959963984540054;
export const SRM_ALPHA = 0.001;

// ---- special functions ----

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = LANCZOS[0];
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** ln B(a, b). */
function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** Regularised upper incomplete gamma Q(a, x) = Γ(a, x)/Γ(a). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // Series for P(a, x).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - sum * Math.exp(lnPrefix);
  }
  // Continued fraction for Q(a, x), modified Lentz.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(lnPrefix) * h;
}

export function erfc(x: number): number {
  return x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
}

/** P(χ²ₖ ≥ x). */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  return gammaQ(degreesOfFreedom / 2, x / 2);
}

/**
 * Φ⁻¹(p), the standard normal quantile, for 0 < p < 1 (NaN outside): P. J. Acklam's rational
 * approximation (relative error < 1.15e-9), then one Halley step on Φ(x) − p through erfc, which brings
 * it to double precision (Φ⁻¹(0.975) = 1.959963984540054).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return Number.NaN;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const e = 0.5 * erfc(-x / Math.SQRT2) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

// ---- the statistics ----

/** Wilson 95% interval of x/n as proportions in [0, 1]; null when n = 0. */
export function wilsonInterval(x: number, n: number, z = Z_95): Interval | null {
  if (n <= 0) return null;
  const p = x / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/** Relative lift of B over A (0.3 = +30%) with its 95% interval (formula 2); null when undefined. */
export function liftInterval(xA: number, nA: number, xB: number, nB: number, z = Z_95): (Interval & { estimate: number }) | null {
  if (nA <= 0 || nB <= 0 || xA <= 0 || xB <= 0) return null;
  const ratio = xB / nB / (xA / nA);
  const se = Math.sqrt(1 / xA - 1 / nA + 1 / xB - 1 / nB);
  const log = Math.log(ratio);
  return { estimate: ratio - 1, lower: Math.exp(log - z * se) - 1, upper: Math.exp(log + z * se) - 1 };
}

/** P(pB > pA) under Beta(1+x, 1+n−x) posteriors, exactly (formula 3 of the header). */
export function chanceToBeat(xA: number, nA: number, xB: number, nB: number): number {
  const aA = 1 + xA;
  const bA = 1 + nA - xA;
  const aB = 1 + xB;
  const bB = 1 + nB - xB;
  return aB <= aA ? probabilityGreater(aA, bA, aB, bB) : 1 - probabilityGreater(aB, bB, aA, bA);
}

/** P(Y > X) for X ~ Beta(aX, bX), Y ~ Beta(aY, bY), integer aY; the sum runs aY terms. */
function probabilityGreater(aX: number, bX: number, aY: number, bY: number): number {
  const base = logBeta(aX, bX);
  let total = 0;
  for (let i = 0; i < aY; i++) {
    total += Math.exp(logBeta(aX + i, bX + bY) - Math.log(bY + i) - logBeta(1 + i, bY) - base);
  }
  return Math.min(1, Math.max(0, total));
}

/** Two-sided p-value of the pooled two-proportion z-test; null when either side has no viewers. */
export function twoProportionPValue(xA: number, nA: number, xB: number, nB: number): number | null {
  if (nA <= 0 || nB <= 0) return null;
  const pooled = (xA + xB) / (nA + nB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  if (se === 0) return 1;
  const z = (xB / nB - xA / nA) / se;
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/** Pearson χ² p-value of observed counts against the split the weights promise; null without data. */
export function srmPValue(observed: readonly number[], weights: readonly number[]): number | null {
  const total = observed.reduce((s, o) => s + o, 0);
  const weightSum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (total <= 0 || weightSum <= 0) return null;
  let chi2 = 0;
  let categories = 0;
  for (let i = 0; i < observed.length; i++) {
    const w = Math.max(0, weights[i] ?? 0);
    if (w === 0) {
      if (observed[i] > 0) return 0; // visitors in a variant that should get none
      continue;
    }
    const expected = (total * w) / weightSum;
    chi2 += (observed[i] - expected) ** 2 / expected;
    categories++;
  }
  if (categories < 2) return null;
  return chiSquareSurvival(chi2, categories - 1);
}

/** Unique visitors per variant: viewers, clickers, converters (a submitted form) and bookers (a booked session). */
export type VariantCounts = {
  id: string;
  name: string;
  isControl: boolean;
  weight: number;
  views: number;
  clicks: number;
  conversions: number;
  booked: number;
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 2) : 0);
const percentInterval = (i: Interval | null): Interval | null => (i ? { lower: round(i.lower * 100, 2), upper: round(i.upper * 100, 2) } : null);

/**
 * The results list for one test: metrics per variant (rates are percentages of viewers), the per-variant
 * statistics against the control, and the test-wide SRM check and verdict (repeated in each entry). The
 * statistics and the verdict are about `judgedOn`: conversions (the submitted form) unless the
 * experiment's goal is a booked session; the other goal is reported beside them as a count and a rate.
 */
export function analyzeTest(variants: readonly VariantCounts[], startDate: Date, now: Date, judgedOn: JudgedOn = 'conversions'): VariantResult[] {
  const control = variants.find((v) => v.isControl) ?? variants[0];
  const successes = (v: VariantCounts) => v[judgedOn];
  const perVariant = variants.map((v) => {
    const challenger = control !== undefined && v !== control;
    const [xA, xB] = control ? [successes(control), successes(v)] : [0, 0];
    const chance = challenger && v.views > 0 && control.views > 0 ? chanceToBeat(xA, control.views, xB, v.views) : null;
    const lift = challenger ? liftInterval(xA, control.views, xB, v.views) : null;
    return {
      v,
      chance,
      lift: lift ? { estimate: round(lift.estimate * 100, 2), lower: round(lift.lower * 100, 2), upper: round(lift.upper * 100, 2) } : null,
      pValue: challenger ? twoProportionPValue(xA, control.views, xB, v.views) : null,
    };
  });
  const daysRunning = Math.max(0, Math.floor((now.getTime() - startDate.getTime()) / DAY_MS));
  const decision = decide({
    variants: perVariant.map(({ v, chance }) => ({ ...v, conversions: successes(v), isControl: v === control, chanceToBeatControl: chance })),
    daysRunning,
  });
  const srm = srmPValue(
    variants.map((v) => v.views),
    variants.map((v) => v.weight),
  );
  const test: TestStats = {
    judgedOn,
    srmPValue: srm,
    srmWarning: srm !== null && srm < SRM_ALPHA,
    verdict: verdictText(decision),
    decision,
    daysRunning,
  };
  return perVariant.map(({ v, chance, lift, pValue }) => ({
    variant: { id: v.id, name: v.name, isControl: v === control },
    metrics: {
      views: v.views,
      clicks: v.clicks,
      conversions: v.conversions,
      conversionRate: percent(v.conversions, v.views),
      clickRate: percent(v.clicks, v.views),
      booked: v.booked,
      bookedRate: percent(v.booked, v.views),
    },
    stats: {
      conversionInterval: percentInterval(wilsonInterval(v.conversions, v.views)),
      lift,
      chanceToBeatControl: chance === null ? null : round(chance, 4),
      pValue,
      test,
    },
  }));
}
