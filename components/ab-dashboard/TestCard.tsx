import { rateChart } from '../../lib/ab/chart.ts';
import { cumulativeByDay } from '../../lib/ab/daily.ts';
import type { Decision } from '../../lib/ab/decision.ts';
import type { TestReport } from '../../lib/ab/definitions.ts';
import { dashboardBadge } from '../../lib/ab/experiments.ts';
import { variantDetails } from '../../lib/ab/variant-details.ts';
import { COUNTING_NOTE, columnHelp, eventMeanings, explainDecision, goalsNote, methodNotes, ruleSummary } from '../../lib/content/ab-dashboard.ts';
import { agency } from '../../lib/site.ts';
import { formatDate } from '../../lib/time/display.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { buttonClass, cautionToneClass } from '../ui/styles.ts';
import { RateChart } from './RateChart.tsx';
import { VariantResults, type VariantRow } from './VariantResults.tsx';

/** Chart and key colours: Control a dashed grey baseline, challengers in turn. */
const CONTROL_COLOUR = '#64748b';
const CHALLENGER_COLOURS = ['#1d4ed8', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2'];

const verdictClass: Record<Decision['kind'], string> = {
  'single-variant': 'bg-slate-100 text-slate-800',
  'too-early': 'bg-slate-100 text-slate-800',
  'no-clear-winner': 'bg-blue-50 text-blue-950',
  leader: 'bg-emerald-50 text-emerald-950',
};

/** One test: what it is, what its counts mean, the verdict and why, every variant's numbers, the chart, the method. */
export function TestCard({ report, now, apiBase, source = null }: { report: TestReport; now: string; apiBase: string; source?: string | null }) {
  const { test, slot, shippedVariantId, results, configurations, hourly } = report;
  const badge = dashboardBadge(
    { slot, shippedVariantId, isActive: test.isActive, startDate: new Date(test.startDate), endDate: test.endDate ? new Date(test.endDate) : null },
    new Date(now),
  );
  const stats = results[0]?.stats.test;
  const hasData = results.some((r) => r.metrics.views > 0);
  const headingId = `ab-test-${test.id}`;
  const chartHeadingId = `ab-chart-${test.id}`;
  const meanings = eventMeanings(slot);
  const challengers = results.filter((r) => !r.variant.isControl).length;

  let next = 0;
  const rows: VariantRow[] = results.map((result) => ({
    result,
    details: variantDetails(configurations[result.variant.id]),
    check: stats?.decision.challengers.find((c) => c.id === result.variant.id),
    colour: result.variant.isControl ? CONTROL_COLOUR : CHALLENGER_COLOURS[next++ % CHALLENGER_COLOURS.length],
    dashed: result.variant.isControl,
  }));
  const until = test.endDate && Date.parse(test.endDate) < Date.parse(now) ? test.endDate : now;
  const ids = results.map((r) => r.variant.id);
  const chart = rateChart(cumulativeByDay(hourly, ids, new Date(until), agency.timeZone), ids);

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-test-name={test.name}>
      <header className="border-b border-slate-200 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={headingId} className="break-all font-mono text-lg font-semibold text-slate-900 sm:text-xl">
              {test.name}
            </h2>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.live ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
              data-badge=""
            >
              {badge.label}
            </span>
          </div>
          <a
            href={`${apiBase}/results/${encodeURIComponent(test.id)}/csv${source ? `?source=${encodeURIComponent(source)}` : ''}`}
            download
            className={`${buttonClass.ghost} border border-slate-200 text-sm`}
            data-csv=""
          >
            <LineIcon size={16}>
              <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
            </LineIcon>
            Download CSV
          </a>
        </div>
        {test.description ? <p className="mt-2 max-w-3xl text-slate-600">{test.description}</p> : null}
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Started" value={formatDate(test.startDate)} />
          <Fact label="Ends" value={test.endDate ? formatDate(test.endDate) : 'No end date'} />
          <Fact label="Traffic in test" value={`${test.trafficAllocation}%`} />
          <Fact label="Running" value={stats ? `${stats.daysRunning} ${stats.daysRunning === 1 ? 'day' : 'days'}` : '—'} />
        </dl>
      </header>
      <div className="space-y-6 p-5 sm:p-6">
        {/* Named by its heading and the test's: every test's card has this section, and landmarks must be told apart. */}
        <section
          aria-labelledby={`meanings-${test.id} ${headingId}`}
          className="rounded-lg border border-slate-200 p-4 text-sm text-slate-700"
          data-event-meanings=""
        >
          <h3 id={`meanings-${test.id}`} className="font-semibold text-slate-900">
            What counts on this test
          </h3>
          <dl className="mt-2 space-y-1">
            <Meaning term="A view" text={meanings.view} />
            <Meaning term="A click" text={meanings.click} />
            <Meaning term="A conversion" text={meanings.conversion} />
            <Meaning term="A booked session" text={meanings.booked} />
          </dl>
          <p className="mt-2 text-slate-500">{COUNTING_NOTE}</p>
        </section>
        {stats?.srmWarning ? (
          <p role="alert" data-srm-warning="" className={`p-3 ${cautionToneClass}`}>
            <strong>Sample ratio mismatch.</strong> Visitors are not splitting across the versions the way the test is set up to split them (χ² test p ={' '}
            {(stats.srmPValue ?? 0).toExponential(1)}, below 0.001). Check assignment and tracking before trusting these numbers.
          </p>
        ) : null}
        {!hasData || !stats ? (
          <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-600">No data available yet</p>
        ) : (
          <>
            <div className={`rounded-lg p-4 ${verdictClass[stats.decision.kind]}`}>
              <p className="text-lg font-semibold" data-verdict="">
                {stats.verdict}
              </p>
              <p className="mt-1" data-verdict-reason="">
                {explainDecision(stats.decision)}
              </p>
              <p className="mt-2 text-sm opacity-80">{ruleSummary(challengers)}</p>
            </div>
            <p className="text-sm text-slate-600" data-goals={stats.judgedOn}>
              {goalsNote(stats.judgedOn)}
            </p>
            <VariantResults rows={rows} />
            <dl className="grid gap-x-6 gap-y-2 text-sm text-slate-600 md:grid-cols-2" data-column-help="">
              {columnHelp.map((h) => (
                <Meaning key={h.term} term={h.term} text={h.meaning} />
              ))}
            </dl>
            {/* Named by its heading and the test's, as the meanings above: two tests with data have two such charts. */}
            <section aria-labelledby={`${chartHeadingId} ${headingId}`}>
              <h3 id={chartHeadingId} className="font-semibold text-slate-900">
                Conversion rate over time
              </h3>
              <p className="mb-3 mt-1 text-sm text-slate-600">
                Each version’s conversion rate counting everyone so far, at the end of each day ({agency.city} time). When the lines settle and stop crossing, a
                lead is stable; lines still crossing mean it is too soon to tell.
              </p>
              <RateChart
                chart={chart}
                variants={rows.map((r) => ({ id: r.result.variant.id, name: r.result.variant.name, colour: r.colour, dashed: r.dashed }))}
                headingId={chartHeadingId}
              />
            </section>
          </>
        )}
        <details className="group rounded-lg border border-slate-200 p-4 text-sm text-slate-700" data-method="">
          <summary className="cursor-pointer font-semibold text-slate-900">How we calculate</summary>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            {methodNotes(challengers).map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </details>
      </div>
    </article>
  );
}

/** A term and what it means, run together as one line of text. */
function Meaning({ term, text }: { term: string; text: string }) {
  return (
    <div>
      <dt className="inline font-medium text-slate-900">{term}: </dt>
      <dd className="inline">{text}</dd>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
