import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../client/api-client.ts';
import { LineIcon } from '../components/ui/LineIcon.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import { formatChance, formatCount, formatInterval, formatPercent, formatPValue, formatSigned } from '../lib/ab-format.ts';
import { NOT_ENOUGH_DATA } from '../lib/ab-decision.ts';
import { type AbTestSummary, RESULTS_FRESH_MS, TESTS_FRESH_MS, type VariantResult } from '../lib/ab-tests.ts';
import { formatDate, formatTimeOfDay } from '../lib/display-time.ts';

export type AbDashboardProps = {
  tests: AbTestSummary[];
  results: Record<string, VariantResult[]>;
  /** When the server read the data (ISO); the client refetches what has gone stale since. */
  loadedAt: string;
  /** Where the read APIs are: /api/ab-test, or /admin/api/ab-test when the dashboard is for staff only. */
  apiBase: string;
};

type State = AbDashboardProps & { resultsLoadedAt: string };

/**
 * The A/B test dashboard: a card per test with its variants' metrics and statistics. The data arrives
 * rendered by the server; Refresh reads it again from the API. Test lists stay fresh for 5 minutes and
 * results for 2 (spec §7): when the page is shown again from the back/forward cache, stale data is
 * refetched; nothing polls or refetches on focus.
 */
export default function AbDashboard(props: AbDashboardProps) {
  const { apiBase } = props;
  const [state, setState] = useState<State>({ ...props, resultsLoadedAt: props.loadedAt });
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const refresh = useCallback(
    async ({ onlyStale }: { onlyStale: boolean }) => {
      const now = Date.now();
      const current = stateRef.current;
      const testsStale = !onlyStale || now - Date.parse(current.loadedAt) >= TESTS_FRESH_MS;
      const resultsStale = testsStale || now - Date.parse(current.resultsLoadedAt) >= RESULTS_FRESH_MS;
      if (!resultsStale) return;
      setRefreshing(true);
      setError(null);
      try {
        const tests = testsStale ? await apiRequest<AbTestSummary[]>('GET', `${apiBase}/tests`) : current.tests;
        const entries = await Promise.all(
          tests.map(async (t) => [t.id, await apiRequest<VariantResult[]>('GET', `${apiBase}/results/${encodeURIComponent(t.id)}`)] as const),
        );
        const at = new Date().toISOString();
        setState({ ...current, tests, results: Object.fromEntries(entries), loadedAt: testsStale ? at : current.loadedAt, resultsLoadedAt: at });
      } catch (err) {
        setError(err instanceof Error ? err.message : 'The results could not be loaded');
      } finally {
        setRefreshing(false);
      }
    },
    [apiBase],
  );

  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void refresh({ onlyStale: true });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [refresh]);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {refreshing ? 'Refreshing results…' : `Data as of ${formatDate(state.resultsLoadedAt)}, ${formatTimeOfDay(state.resultsLoadedAt)} Toronto time`}
        </p>
        <button type="button" className={buttonClass.secondary} onClick={() => void refresh({ onlyStale: false })} disabled={refreshing}>
          <LineIcon size={18} className={refreshing ? 'animate-spin' : ''}>
            <path d="M21 12a9 9 0 1 1-2.64-6.36M21 4v5h-5" />
          </LineIcon>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Could not refresh the results ({error}). The figures below are from the last successful load.
        </p>
      ) : null}
      {state.tests.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-xl font-semibold text-slate-900">No Tests Found</h2>
          <p className="mt-2 text-slate-600">Tests appear here as soon as one is added to the database.</p>
        </div>
      ) : (
        <div className="mt-6 space-y-8">
          {state.tests.map((t) => (
            <TestCard key={t.id} test={t} results={state.results[t.id] ?? []} />
          ))}
        </div>
      )}
    </div>
  );
}

function TestCard({ test, results }: { test: AbTestSummary; results: VariantResult[] }) {
  const stats = results[0]?.stats.test;
  const hasData = results.some((r) => r.metrics.views > 0);
  const headingId = `ab-test-${test.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-test-name={test.name}>
      <header className="border-b border-slate-200 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="font-mono text-lg font-semibold text-slate-900 sm:text-xl">
            {test.name}
          </h2>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${test.isActive ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
          >
            {test.isActive ? 'Active' : 'Paused'}
          </span>
        </div>
        {test.description ? <p className="mt-2 max-w-3xl text-slate-600">{test.description}</p> : null}
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Started" value={formatDate(test.startDate)} />
          <Fact label="Ends" value={test.endDate ? formatDate(test.endDate) : 'No end date'} />
          <Fact label="Traffic in test" value={`${test.trafficAllocation}%`} />
          <Fact label="Running" value={stats ? `${stats.daysRunning} ${stats.daysRunning === 1 ? 'day' : 'days'}` : '—'} />
        </dl>
      </header>
      <div className="p-5 sm:p-6">
        {stats?.srmWarning ? (
          <p role="alert" data-srm-warning="" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <strong>Sample ratio mismatch.</strong> Visitors are not splitting across variants the way the weights say (χ² test p ={' '}
            {(stats.srmPValue ?? 0).toExponential(1)}, below 0.001). Check assignment and tracking before trusting these numbers.
          </p>
        ) : null}
        {!hasData ? (
          <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-600">No data available yet</p>
        ) : (
          <>
            <p className={`mb-4 rounded-lg p-3 font-semibold ${verdictClass(stats?.verdict)}`} data-verdict="">
              {stats?.verdict}
            </p>
            <VariantTable results={results} />
            <p className="mt-4 text-xs text-slate-500">
              Viewers, clicks and conversions count unique visitors; rates are shares of viewers. Intervals are 95% (Wilson for rates, delta method on the log
              ratio for lift). Chance to beat control uses Beta(1 + conversions, 1 + non-conversions) posteriors; p is a two-proportion z-test. A verdict needs
              100 viewers per variant and 7 days.
            </p>
          </>
        )}
      </div>
    </article>
  );
}

function verdictClass(verdict: string | undefined): string {
  if (!verdict || verdict === NOT_ENOUGH_DATA) return 'bg-slate-100 text-slate-700';
  if (verdict.startsWith('Leader:')) return 'bg-emerald-50 text-emerald-900';
  return 'bg-blue-50 text-blue-900';
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

const COLUMNS = ['Viewers', 'Clicks', 'Conversions', 'Conversion rate', 'Lift vs control', 'Chance to beat control', 'p-value'] as const;

/** The cells of one variant's row, shared by the desktop table and the phone cards. */
function cells(r: VariantResult): Record<(typeof COLUMNS)[number], { main: string; sub?: string }> {
  const { metrics, stats } = r;
  const control = r.variant.isControl;
  const none = { main: '—' };
  return {
    Viewers: { main: formatCount(metrics.views) },
    Clicks: { main: formatCount(metrics.clicks), sub: metrics.views ? `${formatPercent(metrics.clickRate)} of viewers` : undefined },
    Conversions: { main: formatCount(metrics.conversions) },
    'Conversion rate': {
      main: metrics.views ? formatPercent(metrics.conversionRate, 2) : '—',
      sub: stats.conversionInterval ? `95% CI ${formatInterval(stats.conversionInterval)}` : undefined,
    },
    'Lift vs control': control
      ? { main: 'Baseline' }
      : stats.lift
        ? { main: formatSigned(stats.lift.estimate), sub: `95% CI ${formatSigned(stats.lift.lower)} to ${formatSigned(stats.lift.upper)}` }
        : none,
    'Chance to beat control': control ? { main: 'Baseline' } : stats.chanceToBeatControl !== null ? { main: formatChance(stats.chanceToBeatControl) } : none,
    'p-value': control ? { main: 'Baseline' } : stats.pValue !== null ? { main: formatPValue(stats.pValue) } : none,
  };
}

function VariantName({ r }: { r: VariantResult }) {
  return (
    <span className="font-semibold text-slate-900">
      {r.variant.name}
      {r.variant.isControl ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">control</span> : null}
    </span>
  );
}

function VariantTable({ results }: { results: VariantResult[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Variant
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-right font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.map((r) => {
              const row = cells(r);
              return (
                <tr key={r.variant.id} className="border-b border-slate-100 last:border-0" data-variant={r.variant.name}>
                  <th scope="row" className="py-3 pr-4 align-top font-normal">
                    <VariantName r={r} />
                  </th>
                  {COLUMNS.map((c) => (
                    <td key={c} className="px-3 py-3 text-right align-top tabular-nums">
                      <span className="text-slate-900">{row[c].main}</span>
                      {row[c].sub ? <span className="block whitespace-nowrap text-xs text-slate-500">{row[c].sub}</span> : null}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="space-y-4 md:hidden">
        {results.map((r) => {
          const row = cells(r);
          return (
            <li key={r.variant.id} className="rounded-xl border border-slate-200 p-4">
              <VariantName r={r} />
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
                {COLUMNS.filter((c) => row[c].main !== 'Baseline').map((c) => (
                  <div key={c}>
                    <dt className="text-xs text-slate-500">{c}</dt>
                    <dd className="tabular-nums text-slate-900">
                      {row[c].main}
                      {row[c].sub ? <span className="block text-xs text-slate-500">{row[c].sub}</span> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
