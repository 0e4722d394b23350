import { labelledDays } from '../ab/chart.ts';
import { formatCount } from '../ab/format.ts';
import { formatMonthDay } from '../time/display.ts';
import type { TrafficDay } from './report.ts';

// The geometry of the dashboard's chart of visitors (bars) and page views (a line) per day, pure: as the
// A/B dashboard's chart (lib/ab/chart.ts), positions are percentages of the plot (x from the left, y
// from the top), so the server draws the marks in an SVG box that stretches to any width and places
// the labels as HTML text that keeps its size.

export type TrafficChart = {
  /** One bar per day: its left edge and width (percent of the plot's width), its top (percent from the top). */
  bars: { date: string; x: number; width: number; y: number }[];
  /** Page views as SVG polyline points in a 100 × 100 box, each day at its bar's middle. */
  line: string;
  yTicks: { label: string; y: number }[];
  /** Up to five days under the plot, first and last among them; `essential` marks the three that fit on a phone. */
  xTicks: { label: string; x: number; essential: boolean }[];
};

/** The smallest step of 1, 2 or 5 × 10ⁿ whose multiples reach `max` in `intervals` intervals, and the axis top it gives. */
export function countScale(max: number, intervals = 4): { step: number; top: number } {
  if (max <= 0) return { step: 1, top: intervals };
  for (let power = 1; ; power *= 10)
    for (const base of [1, 2, 5]) {
      const step = base * power;
      if (step * intervals >= max) return { step, top: Math.ceil(max / step) * step };
    }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The chart of `days` (every day of the range, in order), or null when nothing was counted in them. */
export function trafficChart(days: readonly TrafficDay[]): TrafficChart | null {
  const max = Math.max(0, ...days.map((d) => Math.max(d.visitors, d.pageviews)));
  if (days.length === 0 || max === 0) return null;
  const { step, top } = countScale(max);
  const slot = 100 / days.length;
  // A bar takes most of its day's slot; a thin one still shows at two years.
  const width = round2(slot * (days.length > 60 ? 0.9 : 0.7));
  const y = (n: number) => round2(100 - (n / top) * 100);
  const middle = (i: number) => round2(slot * i + slot / 2);
  const essential = new Set(labelledDays(days.length, 3));
  return {
    bars: days.map((d, i) => ({ date: d.date, x: round2(middle(i) - width / 2), width, y: y(d.visitors) })),
    line: days.map((d, i) => `${middle(i)},${y(d.pageviews)}`).join(' '),
    yTicks: Array.from({ length: Math.round(top / step) + 1 }, (_, k) => k * step).map((value) => ({ label: formatCount(value), y: y(value) })),
    xTicks: labelledDays(days.length, 5).map((i) => ({ label: formatMonthDay(days[i].date), x: middle(i), essential: essential.has(i) })),
  };
}
