import { CHART_MIN_VIEWERS, type RateChart as Chart } from '../../lib/ab/chart.ts';
import { formatPercent } from '../../lib/ab/format.ts';
import { ChartTicks } from '../ui/ChartTicks.tsx';
import { Swatch } from './VariantResults.tsx';

export type ChartVariant = { id: string; name: string; colour: string; dashed: boolean };

/** Where an x label hangs from its day: the first and last keep inside the plot. */

/**
 * The running conversion rate per variant, day by day (lib/ab/chart.ts has the geometry), drawn on the
 * server. The SVG stretches to the plot's box (preserveAspectRatio="none") with strokes that keep their
 * width; the axis labels are HTML placed by percentage, so text stays its own size at every width.
 */
export function RateChart({ chart, variants, headingId }: { chart: Chart | null; variants: ChartVariant[]; headingId: string }) {
  if (!chart) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600" data-chart-empty="">
        The chart appears once the test has data on two different days and a version has {CHART_MIN_VIEWERS} viewers.
      </p>
    );
  }
  const lastRate = (i: number) => chart.lines[i]?.lastRate ?? null;
  const summary = variants
    .map((v, i) => {
      const rate = lastRate(i);
      return `${v.name} ${rate === null ? 'not charted yet' : `at ${formatPercent(rate, 2)}`}`;
    })
    .join(', ');
  return (
    <figure aria-labelledby={headingId} data-rate-chart="">
      <p className="sr-only">{`Running conversion rate from ${chart.firstDay} to ${chart.lastDay}: ${summary}.`}</p>
      <div aria-hidden="true" className="pb-7 pl-12 pr-2 pt-2">
        <div className="relative h-48 sm:h-56">
          <svg aria-hidden="true" className="absolute inset-0 h-full w-full overflow-visible" viewBox="0 0 100 100" preserveAspectRatio="none">
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
            {chart.lines.map((line, i) =>
              line.points ? (
                <polyline
                  key={line.id}
                  points={line.points}
                  fill="none"
                  stroke={variants[i].colour}
                  strokeWidth="2.5"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  strokeDasharray={variants[i].dashed ? '6 5' : undefined}
                  vectorEffect="non-scaling-stroke"
                  data-line={variants[i].name}
                />
              ) : null,
            )}
          </svg>
          <ChartTicks yTicks={chart.yTicks} xTicks={chart.xTicks} />
        </div>
      </div>
      <figcaption>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          {variants.map((v, i) => (
            <li key={v.id} className="inline-flex items-center gap-2">
              <Swatch colour={v.colour} dashed={v.dashed} />
              <span>
                {v.name}
                <span className="tabular-nums text-slate-500">
                  {lastRate(i) === null ? ' (not enough viewers yet)' : ` ${formatPercent(lastRate(i) ?? 0, 2)}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
