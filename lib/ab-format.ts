import type { Interval } from './ab-tests.ts';
import { agency } from './site.ts';
import { wallClock } from './zoned-time.ts';

// Number and date formatting for the A/B dashboard. Deterministic: the same text on the server and in
// the browser (no locale defaults; dates in Toronto time with our own month names).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 4, 2025" in Toronto time. */
export function formatDate(iso: string): string {
  const { year, month, day } = wallClock(new Date(iso), agency.timeZone);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "14:05" in Toronto time. */
export function formatTimeOfDay(iso: string): string {
  const { hour, minute } = wallClock(new Date(iso), agency.timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

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

export function formatPValue(p: number): string {
  if (p < 0.001) return '<0.001';
  return p.toFixed(3);
}
