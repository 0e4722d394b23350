import type { ChallengerCheck } from '../../lib/ab/decision.ts';
import type { VariantResult } from '../../lib/ab/definitions.ts';
import { formatChance, formatCount, formatInterval, formatPercent, formatPValue, formatSigned, formatThreshold } from '../../lib/ab/format.ts';
import { nameSaysControl, type VariantDetail } from '../../lib/ab/variant-details.ts';

const COLUMNS = ['Viewers', 'Clicks', 'Conversions', 'Conversion rate', 'Lift vs control', 'Chance to beat control', 'p-value', 'Booked sessions'] as const;
type Column = (typeof COLUMNS)[number];
/** The second goal, set apart from the first goal's statistics so none of them reads as its own. */
const SECOND_GOAL: Column = 'Booked sessions';
type Cell = { main: string; sub?: string };

const BASELINE: Cell = { main: 'Baseline' };
const NONE: Cell = { main: '—' };

/** The cells of one variant's row, shared by the wide table and the narrow cards. */
function cells(r: VariantResult, check: ChallengerCheck | undefined): Record<Column, Cell> {
  const { metrics, stats } = r;
  const control = r.variant.isControl;
  return {
    Viewers: { main: formatCount(metrics.views) },
    Clicks: { main: formatCount(metrics.clicks), sub: metrics.views ? `${formatPercent(metrics.clickRate)} of viewers` : undefined },
    Conversions: { main: formatCount(metrics.conversions) },
    'Conversion rate': {
      main: metrics.views ? formatPercent(metrics.conversionRate, 2) : '—',
      sub: stats.conversionInterval ? `range ${formatInterval(stats.conversionInterval)}` : undefined,
    },
    'Lift vs control': control
      ? BASELINE
      : stats.lift
        ? { main: formatSigned(stats.lift.estimate), sub: `range ${formatSigned(stats.lift.lower)} to ${formatSigned(stats.lift.upper)}` }
        : NONE,
    'Chance to beat control': control
      ? BASELINE
      : stats.chanceToBeatControl !== null
        ? { main: formatChance(stats.chanceToBeatControl), sub: check ? `needs ${formatThreshold(check.chanceNeeded)}` : undefined }
        : NONE,
    'p-value': control ? BASELINE : stats.pValue !== null ? { main: formatPValue(stats.pValue) } : NONE,
    'Booked sessions': { main: formatCount(metrics.booked), sub: metrics.views ? `${formatPercent(metrics.bookedRate, 2)} of viewers` : undefined },
  };
}

export type VariantRow = { result: VariantResult; details: VariantDetail[]; check: ChallengerCheck | undefined; colour: string; dashed: boolean };

/** The variant's name, a colour key matching its chart line, and what it shows. */
function VariantName({ row }: { row: VariantRow }) {
  const { variant } = row.result;
  return (
    <div>
      <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
        <Swatch colour={row.colour} dashed={row.dashed} />
        {variant.name}
        {variant.isControl && !nameSaysControl(variant.name) ? (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">control</span>
        ) : null}
      </span>
      {row.details.length ? (
        <dl className="mt-1 space-y-0.5 text-xs text-slate-600" data-variant-details="">
          {row.details.map((d) => (
            <div key={d.label}>
              <dt className="inline font-medium text-slate-500">{d.label}: </dt>
              <dd className="inline">{d.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** A short line in the variant's chart colour (and dash), so the legend and the rows name the same line. */
export function Swatch({ colour, dashed }: { colour: string; dashed: boolean }) {
  return (
    <svg aria-hidden="true" width="20" height="6" viewBox="0 0 20 6" className="shrink-0">
      <line x1="1" y1="3" x2="19" y2="3" stroke={colour} strokeWidth="3" strokeLinecap="round" strokeDasharray={dashed ? '4 4' : undefined} />
    </svg>
  );
}

/**
 * Every variant's numbers: a table from the lg breakpoint, where all nine columns fit without scrolling,
 * and a card per variant below it (phones and tablets), where every figure wraps into a grid and the
 * second goal takes a line of its own.
 */
export function VariantResults({ rows }: { rows: VariantRow[] }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="w-1/4 py-2 pr-4 font-semibold">
              Variant
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={`px-2 py-2 text-right font-semibold ${c === SECOND_GOAL ? 'border-l border-slate-200' : ''}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cell = cells(row.result, row.check);
            return (
              <tr key={row.result.variant.id} className="border-b border-slate-100 last:border-0" data-variant={row.result.variant.name}>
                <th scope="row" className="py-3 pr-4 align-top font-normal">
                  <VariantName row={row} />
                </th>
                {COLUMNS.map((c) => (
                  <td key={c} className={`px-2 py-3 text-right align-top tabular-nums ${c === SECOND_GOAL ? 'border-l border-slate-200' : ''}`} data-column={c}>
                    <span className="text-slate-900">{cell[c].main}</span>
                    {cell[c].sub ? <span className="block text-xs text-slate-500">{cell[c].sub}</span> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="space-y-4 lg:hidden">
        {rows.map((row) => {
          const cell = cells(row.result, row.check);
          const shown = COLUMNS.filter((c) => cell[c] !== BASELINE);
          return (
            <li key={row.result.variant.id} className="rounded-xl border border-slate-200 p-4" data-variant-card={row.result.variant.name}>
              <VariantName row={row} />
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
                {shown.map((c) => (
                  <div key={c} className={c === SECOND_GOAL ? 'col-span-2 border-t border-slate-100 pt-3 sm:col-span-4' : undefined} data-column={c}>
                    <dt className="text-xs text-slate-500">{c}</dt>
                    <dd className="tabular-nums text-slate-900">
                      {cell[c].main}
                      {cell[c].sub ? <span className="block text-xs text-slate-500">{cell[c].sub}</span> : null}
                    </dd>
                  </div>
                ))}
              </dl>
              {row.result.variant.isControl ? <p className="mt-3 text-xs text-slate-500">The baseline the other versions are measured against.</p> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
