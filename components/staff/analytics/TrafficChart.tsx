import { formatCount } from '../../../lib/ab/format.ts';
import { trafficChart } from '../../../lib/analytics/chart.ts';
import type { TrafficDay } from '../../../lib/analytics/report.ts';
import { formatDayWithYear } from '../../../lib/time/display.ts';
import { ChartTicks } from '../../ui/ChartTicks.tsx';

/** Where an x label hangs from its day: near the edges it keeps inside the plot. */

const VISITORS = '#2563eb';
const PAGEVIEWS = '#0f172a';

/**
 * Visitors (bars) and page views (a line) per day, drawn on the server as an SVG that stretches to its
 * box (lib/analytics/chart.ts has the geometry) with HTML labels that keep their size; no script. The
 * same figures are a table under it, for a screen reader and for exact numbers.
 */
export function TrafficChart({ days, headingId }: { days: TrafficDay[]; headingId: string }) {
  const chart = trafficChart(days);
  if (!chart) return null;
  const visitors = days.reduce((n, d) => n + d.visitors, 0);
  const pageviews = days.reduce((n, d) => n + d.pageviews, 0);
  return (
    <figure aria-labelledby={headingId} data-traffic-chart="" className="mt-3 rounded-xl border border-slate-200 bg-white p-4">
      <p className="sr-only">{`${formatCount(visitors)} visitors and ${formatCount(pageviews)} page views from ${formatDayWithYear(days[0].date)} to ${formatDayWithYear(days[days.length - 1].date)}; the table below has each day.`}</p>
      <div aria-hidden="true" className="pb-7 pl-12 pr-2 pt-2">
        <div className="relative h-48 sm:h-64">
          <svg className="absolute inset-0 h-full w-full overflow-visible" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            {chart.yTicks.map((t) => (
              <line
                key={t.label}
                x1="0"
                x2="100"
                y1={t.y}
                y2={t.y}
                stroke={t.y === 100 ? '#94a3b8' : '#e2e8f0'}
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {chart.bars.map((b) => (
              <rect key={b.date} x={b.x} width={b.width} y={b.y} height={100 - b.y} fill={VISITORS} opacity="0.85" data-bar={b.date} />
            ))}
            <polyline
              points={chart.line}
              fill="none"
              stroke={PAGEVIEWS}
              strokeWidth="2"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              data-line="pageviews"
            />
          </svg>
          <ChartTicks yTicks={chart.yTicks} xTicks={chart.xTicks} />
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: VISITORS }} />
          Visitors
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ backgroundColor: PAGEVIEWS }} />
          Page views
        </span>
      </figcaption>
    </figure>
  );
}
