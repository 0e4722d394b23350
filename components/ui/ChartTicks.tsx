// The tick labels around a chart's plot area (the A/B dashboard's rates, the analytics dashboard's
// traffic): the y labels to the left at their height, the x labels below at their place, those not
// essential hidden on a phone. Positions are percentages of the plot area.

/** A label near either edge is aligned to that edge, so it never hangs outside the chart. */
const xAlign = (x: number) => (x < 8 ? 'translate-x-0' : x > 92 ? '-translate-x-full' : '-translate-x-1/2');

export function ChartTicks({
  yTicks,
  xTicks,
}: {
  yTicks: readonly { label: string; y: number }[];
  xTicks: readonly { label: string; x: number; essential: boolean }[];
}) {
  return (
    <>
      {yTicks.map((t) => (
        <span key={t.label} className="absolute right-full mr-2 -translate-y-1/2 text-xs tabular-nums text-slate-500" style={{ top: `${t.y}%` }}>
          {t.label}
        </span>
      ))}
      {xTicks.map((t) => (
        <span
          key={t.label}
          className={`absolute top-full mt-2 whitespace-nowrap text-xs text-slate-500 ${xAlign(t.x)} ${t.essential ? '' : 'hidden sm:block'}`}
          style={{ left: `${t.x}%` }}
        >
          {t.label}
        </span>
      ))}
    </>
  );
}
