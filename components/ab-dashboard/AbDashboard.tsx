import type { TestReport } from '../../lib/ab/definitions.ts';
import { formatDate, formatTimeOfDay } from '../../lib/time/display.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { buttonClass } from '../ui/styles.ts';
import { TestCard } from './TestCard.tsx';

export type AbDashboardProps = {
  reports: TestReport[];
  /** When the server read the data (ISO). */
  loadedAt: string;
  /** Where the read APIs (and each test's CSV) are: /api/ab-test, or /admin/api/ab-test when the dashboard is for staff only. */
  apiBase: string;
  /** The first-touch source the results are narrowed to (null: every visitor), and the sources to choose from (null: no filter, for anyone not on staff). */
  source: string | null;
  sources: { source: string; visitors: number }[] | null;
};

/**
 * The A/B test dashboard, rendered on the server with no island: a card per test. Refresh is a link to
 * the page itself, which reads everything again; the answer is never stored (no-store), so Back and a
 * reload also read fresh figures. The island loader makes the link swap in the fresh dashboard without
 * reloading the page (`data-refresh`: client/islands/loader.ts), so the new figures show at once and the
 * owner keeps their place.
 */
export function AbDashboard({ reports, loadedAt, apiBase, source, sources }: AbDashboardProps) {
  const here = source ? `/admin/ab-tests?source=${encodeURIComponent(source)}` : '/admin/ab-tests';
  return (
    <div data-refresh-region="" data-loaded-at={loadedAt} className="transition-opacity aria-busy:opacity-60">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{`Data as of ${formatDate(loadedAt)}, ${formatTimeOfDay(loadedAt)} Toronto time`}</p>
        {sources ? <SourceFilter source={source} sources={sources} /> : null}
        <a href={here} data-refresh="" className={buttonClass.secondary}>
          <LineIcon size={18}>
            <path d="M21 12a9 9 0 1 1-2.64-6.36M21 4v5h-5" />
          </LineIcon>
          Refresh
        </a>
      </div>
      {reports.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-xl font-semibold text-slate-900">No Tests Found</h2>
          <p className="mt-2 text-slate-600">Tests appear here as soon as one is added to the database.</p>
        </div>
      ) : (
        <div className="mt-6 space-y-8">
          {reports.map((report) => (
            <TestCard key={report.test.id} report={report} now={loadedAt} apiBase={apiBase} source={source} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Results of the visitors from one first-touch source (where they first came from: lib/leads/attribution.ts).
 * A plain GET form: it works without JavaScript, and each choice is a link.
 */
function SourceFilter({ source, sources }: { source: string | null; sources: { source: string; visitors: number }[] }) {
  const choices = source && !sources.some((s) => s.source === source) ? [{ source, visitors: 0 }, ...sources] : sources;
  return (
    <form method="get" action="/admin/ab-tests" className="flex flex-wrap items-end gap-2 text-sm" aria-label="Break the results down by source">
      <label className="font-medium text-slate-800">
        Visitors who first came from
        <select name="source" defaultValue={source ?? ''} className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
          <option value="">Every source</option>
          {choices.map((s) => (
            <option key={s.source} value={s.source}>
              {`${s.source} (${s.visitors.toLocaleString('en-CA')} ${s.visitors === 1 ? 'visitor' : 'visitors'})`}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={`${buttonClass.secondary} px-4 py-2 text-sm`}>
        Show
      </button>
    </form>
  );
}
