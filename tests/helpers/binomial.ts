import { logGamma } from '../../lib/ab/stats.ts';

// The exact two-sided binomial test, as R's binom.test computes it: the chance, if each of `n` trials
// succeeds with probability `p`, of an outcome no more likely than `k` successes (the sum of P(X = i)
// over every i with P(X = i) ≤ P(X = k), with R's relative tolerance of 1e-7). For tests that check a
// random split against its promise without a fixed band.

const logChoose = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
const probability = (k: number, n: number, p: number) => Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log(1 - p));

export function twoSidedBinomialP(k: number, n: number, p: number): number {
  const observed = probability(k, n, p);
  let total = 0;
  for (let i = 0; i <= n; i++) {
    const q = probability(i, n, p);
    if (q <= observed * (1 + 1e-7)) total += q;
  }
  return Math.min(1, total);
}
