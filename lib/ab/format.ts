import type { Interval } from './definitions.ts';

// Number formatting for the A/B dashboard (dates: lib/time/display.ts). Deterministic: the same text on
// the server and in the browser (no locale defaults).

/** 1234567 → "1,234,567". */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A percentage already in percent: 12.345 → "12.3%". */
export function formatPercent(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

export function formatInterval(i: Interval): string {
  return `${i.lower.toFixed(1)}–${i.upper.toFixed(1)}%`;
}

/** A signed change in percent: 30 → "+30.0%", −4.25 → "−4.3%". */
export function formatSigned(value: number): string {
  const text = Math.abs(value).toFixed(1);
  if (text === '0.0') return '0.0%';
  return `${value > 0 ? '+' : '−'}${text}%`;
}

/** A probability 0–1 as a percentage that never claims certainty: 0.99996 → ">99.9%". */
export function formatChance(p: number): string {
  if (p > 0.999) return '>99.9%';
  if (p < 0.001) return '<0.1%';
  return `${(p * 100).toFixed(1)}%`;
}

/** A bar a chance must reach, as short as it is exact to a tenth: 0.95 → "95%", 0.975 → "97.5%", 1 − 0.05/3 → "98.3%". */
export function formatThreshold(p: number): string {
  return `${Number((p * 100).toFixed(1))}%`;
}

export function formatPValue(p: number): string {
  if (p < 0.001) return '<0.001';
  return p.toFixed(3);
}
