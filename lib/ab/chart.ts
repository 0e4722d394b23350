import { formatMonthDay } from '../time/display.ts';
import type { DailySeries } from './daily.ts';
import { formatPercent } from './format.ts';

// The geometry of the dashboard's running conversion-rate chart, pure: positions are percentages of
// the plot area (x from the left, y from the top), so the server can draw the lines in an SVG box that
// stretches to any width and place the axis labels as HTML text that never scales.

/**
 * A variant's line starts on the first day it has this many viewers: before that one visitor more or
 * less swings its rate by whole percentage points, and the early spikes would flatten everything after.
 */
export const CHART_MIN_VIEWERS = 30;

export type ChartLine = {
  id: string;
  /** SVG polyline points in a 100 × 100 box; empty when the variant never reaches CHART_MIN_VIEWERS. */
  points: string;
  /** Its running conversion rate (percent, two decimals) on the last day, once it has CHART_MIN_VIEWERS viewers. */
  lastRate: number | null;
};

export type RateChart = {
  lines: ChartLine[];
  /** Horizontal grid lines with their labels, from 0 up. */
  yTicks: { label: string; y: number }[];
  /**
   * Up to five days under the plot, the first and last always among them; `essential` marks the three
   * (first, middle, last) that still fit on a phone.
   */
  xTicks: { label: string; x: number; essential: boolean }[];
  firstDay: string;
  lastDay: string;
};

/** Steps for the rate axis, in percentage points. */
const STEPS = [0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50];

/** The smallest step whose multiples reach `max` within `intervals` intervals, and the axis top it gives. */
export function niceScale(max: number, intervals = 4): { step: number; top: number } {
  const step = STEPS.find((s) => s * intervals >= max) ?? 25;
  return { step, top: Math.max(step, Math.ceil(max / step - 1e-9) * step) };
}

const decimalsOf = (step: number) => (Number.isInteger(step) ? 0 : String(step).split('.')[1].length);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Evenly spread day indices, first and last included, at most `count` of them. */
export function labelledDays(dayCount: number, count: number): number[] {
  if (dayCount <= 0) return [];
  if (dayCount <= count) return Array.from({ length: dayCount }, (_, i) => i);
  const picked = Array.from({ length: count }, (_, k) => Math.round((k * (dayCount - 1)) / (count - 1)));
  return [...new Set(picked)];
}

/**
 * The chart of `series` for `variantIds` (in legend order), or null when there is nothing to draw:
 * fewer than two days, or no variant with CHART_MIN_VIEWERS viewers yet.
 */
export function rateChart(series: DailySeries, variantIds: readonly string[]): RateChart | null {
  const { days, totals } = series;
  if (days.length < 2) return null;
  const rates = variantIds.map((id) => (totals[id] ?? []).map((t) => (t.viewers >= CHART_MIN_VIEWERS ? (t.conversions / t.viewers) * 100 : null)));
  const plotted = rates.flat().filter((r): r is number => r !== null);
  if (plotted.length === 0) return null;
  // Every rate zero: an axis to 1% keeps the flat lines on the floor.
  const { step, top } = niceScale(Math.max(...plotted) || 1);
  const x = (i: number) => round2((i / (days.length - 1)) * 100);
  const y = (rate: number) => round2(100 - (rate / top) * 100);
  const lines = variantIds.map((id, v) => {
    const points = rates[v].flatMap((r, i) => (r === null ? [] : [`${x(i)},${y(r)}`])).join(' ');
    const last = rates[v][days.length - 1] ?? null;
    return { id, points, lastRate: last === null ? null : round2(last) };
  });
  const yTicks = Array.from({ length: Math.round(top / step) + 1 }, (_, k) => k * step).map((value) => ({
    label: formatPercent(value, decimalsOf(step)),
    y: y(value),
  }));
  const dayLabel = (i: number) => formatMonthDay(days[i]);
  // round(k·(n−1)/2) is round(2k·(n−1)/4): the three are always among the five.
  const essential = new Set(labelledDays(days.length, 3));
  const xTicks = labelledDays(days.length, 5).map((i) => ({ label: dayLabel(i), x: x(i), essential: essential.has(i) }));
  return { lines, yTicks, xTicks, firstDay: dayLabel(0), lastDay: dayLabel(days.length - 1) };
}
