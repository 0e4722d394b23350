import type { ReactNode } from 'react';
import { formatCount, formatPercent, formatSigned } from '../../../lib/ab/format.ts';
import { change, FUNNEL_LABELS, rate } from '../../../lib/analytics/funnel.ts';
import type { Days } from '../../../lib/analytics/range.ts';
import type { AnalyticsReport } from '../../../lib/analytics/report.ts';
import type { ReportTable } from '../../../lib/analytics/schema.ts';
import { formatWait } from '../../../lib/analytics/speed.ts';
import { formatDollars } from '../../../lib/audit/scoring.ts';
import { analyticsHelp, analyticsIntro, empty, QUICK_RANGES, rangeHint } from '../../../lib/content/analytics.ts';
import { DAYS_ASKED } from '../../../lib/forms/day.ts';
import { addDays, isoDay, parseIsoDay } from '../../../lib/time/calendar.ts';
import { formatDayWithYear, formatMonthDay } from '../../../lib/time/display.ts';
import { inputClass } from '../../ui/form.tsx';
import { buttonClass } from '../../ui/styles.ts';
import { type StaffPageProps, StaffShell } from '../StaffShell.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { TrafficChart } from './TrafficChart.tsx';

export type AnalyticsPageProps = StaffPageProps & { report: AnalyticsReport; previous: AnalyticsReport; today: string };

const percent = (value: number | null) => (value === null ? '–' : formatPercent(value * 100, 1));
const count = (n: number) => formatCount(n);
const dollars = (n: number) => formatDollars(n);
const rangeQuery = (range: Days) => `from=${range.from}&to=${range.to}`;
const csvHref = (table: ReportTable, range: Days) => `/admin/analytics.csv?table=${table}&${rangeQuery(range)}`;

/**
 * /admin/analytics: the site's visitors and what became of them over a range of days, beside the period
 * before: the headline figures, the visitors per day, the funnel, sources and campaigns, landing pages,
 * top pages, the A/B variants and speed to lead, each table also as CSV. Server-rendered with no island
 * and no third-party code; tables scroll in their own box on a phone.
 */
export function AnalyticsPage({ staff, report, previous, today }: AnalyticsPageProps) {
  const { range } = report;
  const nothing = report.visitors === 0 && report.totals.leads === 0;
  return (
    <StaffShell staff={staff} current="/admin/analytics">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Analytics</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{analyticsIntro}</p>
      <p className="mt-2 text-sm text-slate-600" data-range>
        {`${formatDayWithYear(range.from)} to ${formatDayWithYear(range.to)}, compared with ${formatDayWithYear(previous.range.from)} to ${formatDayWithYear(previous.range.to)}.`}
      </p>

      <RangeForm range={range} today={today} />

      {nothing ? (
        <p className="mt-6 max-w-3xl rounded-xl border border-slate-200 bg-white p-5 text-slate-700" data-empty="report">
          {empty.traffic} No leads arrived in these dates either.
        </p>
      ) : null}

      <Headlines report={report} previous={previous} />

      <Section id="traffic" title="Visitors and page views per day" csv={csvHref('days', range)}>
        {report.visitors === 0 ? (
          <Empty text={empty.traffic} />
        ) : (
          <>
            <TrafficChart days={report.days} headingId="traffic-title" />
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-slate-700">Each day as a table</summary>
              <DataTable
                name="days"
                caption="Visitors and page views, day by day"
                columns={[{ label: 'Day' }, { label: 'Visitors', numeric: true }, { label: 'Page views', numeric: true }]}
                rows={report.days.map((d) => ({ key: d.date, cells: [formatMonthDay(d.date), count(d.visitors), count(d.pageviews)] }))}
              />
            </details>
          </>
        )}
      </Section>

      <Section id="funnel" title="Funnel" csv={csvHref('funnel', range)}>
        <Funnel report={report} previous={previous} />
      </Section>

      <Section id="sources" title="Sources and campaigns" csv={csvHref('sources', range)}>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Visitors, then the leads they became, the sessions booked and the clients won, with each source’s value a month.
        </p>
        {report.sources.length === 0 ? (
          <Empty text={empty.sources} />
        ) : (
          <DataTable
            name="sources"
            caption="Sources and campaigns, table"
            columns={outcomeColumns('Source / medium · campaign')}
            rows={report.sources.map((s) => ({
              key: `${s.source}\n${s.medium}\n${s.campaign}`,
              cells: [<SourceName key="name" source={s.source} medium={s.medium} campaign={s.campaign} />, ...outcomeCells(s)],
            }))}
          />
        )}
      </Section>

      <Section id="landings" title="Landing pages" csv={csvHref('landings', range)}>
        {report.landings.length === 0 ? (
          <Empty text={empty.landings} />
        ) : (
          <DataTable
            name="landings"
            caption="Landing pages, table"
            columns={outcomeColumns('First page seen')}
            rows={report.landings.map((l) => ({ key: l.landing, cells: [l.landing, ...outcomeCells(l)] }))}
          />
        )}
      </Section>

      <Section id="pages" title="Top pages" csv={csvHref('pages', range)}>
        {report.pages.length === 0 ? (
          <Empty text={empty.pages} />
        ) : (
          <DataTable
            name="pages"
            caption="Top pages, table"
            columns={[{ label: 'Page' }, { label: 'Visitors', numeric: true }, { label: 'Page views', numeric: true }]}
            rows={report.pages.map((p) => ({ key: p.route, cells: [p.route, count(p.visitors), count(p.pageviews)] }))}
          />
        )}
      </Section>

      <Section id="variants" title="A/B test variants" csv={csvHref('variants', range)} csvLabel="A/B test variants">
        {report.variants.length === 0 ? (
          <Empty text={empty.variants} />
        ) : (
          <DataTable
            name="variants"
            caption="A/B test variants, table"
            columns={[
              { label: 'Test · variant' },
              { label: 'Visitors', numeric: true },
              { label: 'Leads', numeric: true },
              { label: 'Lead rate', numeric: true },
              { label: 'Booked', numeric: true },
              { label: 'Won', numeric: true },
              { label: 'Won value', numeric: true },
            ]}
            rows={report.variants.map((v) => ({
              key: `${v.test}\n${v.variant}`,
              cells: [
                `${v.test} · ${v.variant}${v.isControl ? ' (control)' : ''}`,
                count(v.visitors),
                count(v.leads),
                percent(rate(v.leads, v.visitors)),
                count(v.booked),
                count(v.won),
                dollars(v.wonValue),
              ],
            }))}
          />
        )}
      </Section>

      <Section id="speed" title="Speed to lead" csv={csvHref('speed', range)}>
        <SpeedToLead report={report} />
      </Section>

      <section aria-labelledby="help-title" className="mt-10 max-w-3xl">
        <h2 id="help-title" className="text-lg font-semibold text-slate-900">
          How these figures are counted
        </h2>
        <dl className="mt-3 space-y-3 text-sm">
          {analyticsHelp.map((h) => (
            <div key={h.title}>
              <dt className="font-semibold text-slate-900">{h.title}</dt>
              <dd className="mt-0.5 text-slate-700">{h.text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </StaffShell>
  );
}

function RangeForm({ range, today }: { range: Days; today: string }) {
  const since = (days: number) => isoDay(addDays(parseIsoDay(today), -(days - 1)));
  return (
    <form method="get" action="/admin/analytics" aria-label="Date range" className="mt-4 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium text-slate-800">
          From
          <input type="date" name="from" defaultValue={range.from} min={DAYS_ASKED.first} max={today} className={`${inputClass} mt-1 py-2 text-sm`} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          To
          <input type="date" name="to" defaultValue={range.to} min={DAYS_ASKED.first} max={DAYS_ASKED.last} className={`${inputClass} mt-1 py-2 text-sm`} />
        </label>
        <button type="submit" className={`${buttonClass.primary} px-4 py-2 text-sm`}>
          Show
        </button>
      </div>
      <p className="mt-2 text-xs text-slate-600">{rangeHint}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Quick ranges">
        {QUICK_RANGES.map((q) => {
          const from = since(q.days);
          const current = range.from === from && range.to === today;
          return (
            <li key={q.days}>
              <a
                href={`/admin/analytics?from=${from}&to=${today}`}
                aria-current={current ? 'true' : undefined}
                className="font-medium text-blue-800 hover:underline aria-[current=true]:text-slate-900 aria-[current=true]:no-underline"
              >
                {q.label}
              </a>
            </li>
          );
        })}
      </ul>
    </form>
  );
}

/** A figure's change from the period before, in words. */
function Versus({ current, previous, money = false }: { current: number; previous: number; money?: boolean }) {
  const c = change(current, previous);
  const before = money ? dollars(previous) : count(previous);
  if (c.ratio === null) return <>{current === 0 ? 'None before either' : 'None the period before'}</>;
  return <>{`${formatSigned(c.ratio * 100)} (was ${before})`}</>;
}

function Headlines({ report, previous }: { report: AnalyticsReport; previous: AnalyticsReport }) {
  const figures: { label: string; value: string; now: number; before: number; money?: boolean }[] = [
    { label: 'Visitors', value: count(report.visitors), now: report.visitors, before: previous.visitors },
    { label: 'Page views', value: count(report.pageviews), now: report.pageviews, before: previous.pageviews },
    { label: 'Started the audit', value: count(report.totals.auditStarted), now: report.totals.auditStarted, before: previous.totals.auditStarted },
    { label: 'Leads', value: count(report.totals.leads), now: report.totals.leads, before: previous.totals.leads },
    { label: 'Sessions booked', value: count(report.totals.booked), now: report.totals.booked, before: previous.totals.booked },
    { label: 'Clients won', value: count(report.totals.won), now: report.totals.won, before: previous.totals.won },
    {
      label: 'Won value a month',
      value: dollars(report.totals.wonValue),
      now: report.totals.wonValue,
      before: previous.totals.wonValue,
      money: true,
    },
    {
      label: 'Pipeline value a month',
      value: dollars(report.totals.pipelineValue),
      now: report.totals.pipelineValue,
      before: previous.totals.pipelineValue,
      money: true,
    },
  ];
  return (
    <section aria-label="Headline figures" className="mt-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-slate-200 bg-white p-4" data-figure={f.label}>
            <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{f.value}</dd>
            <dd className="mt-1 text-xs text-slate-600">
              <Versus current={f.now} previous={f.before} money={f.money} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Section({ id, title, csv, csvLabel, children }: { id: string; title: string; csv: string; csvLabel?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <a href={csv} className="text-sm font-medium text-blue-800 hover:underline" download>
          {`Download ${csvLabel ?? `${title.charAt(0).toLowerCase()}${title.slice(1)}`} (CSV)`}
        </a>
      </div>
      {children}
    </section>
  );
}

const Empty = ({ text }: { text: string }) => (
  <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{text}</p>
);

function SourceName({ source, medium, campaign }: { source: string; medium: string; campaign: string }) {
  return (
    <>
      {`${source} / ${medium}`}
      {campaign ? <span className="block text-xs font-normal text-slate-600">{campaign}</span> : null}
    </>
  );
}

const outcomeColumns = (first: string): Column[] => [
  { label: first },
  { label: 'Visitors', numeric: true },
  { label: 'Started audit', numeric: true },
  { label: 'Leads', numeric: true },
  { label: 'Lead rate', numeric: true },
  { label: 'Booked', numeric: true },
  { label: 'Won', numeric: true },
  { label: 'Pipeline value', numeric: true },
  { label: 'Won value', numeric: true },
];

type Outcome = { visitors: number; auditStarted: number; leads: number; booked: number; won: number; pipelineValue: number; wonValue: number };
const outcomeCells = (r: Outcome) => [
  count(r.visitors),
  count(r.auditStarted),
  count(r.leads),
  percent(rate(r.leads, r.visitors)),
  count(r.booked),
  count(r.won),
  dollars(r.pipelineValue),
  dollars(r.wonValue),
];

function Funnel({ report, previous }: { report: AnalyticsReport; previous: AnalyticsReport }) {
  const top = Math.max(1, ...report.funnel.map((f) => f.visitors));
  return (
    <ol className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-funnel>
      {report.funnel.map((f, i) => (
        <li key={f.step} data-step={f.step}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-medium text-slate-900">{FUNNEL_LABELS[f.step]}</span>
            <span className="tabular-nums text-slate-900">
              <span className="text-base font-semibold">{count(f.visitors)}</span>
              <span className="ml-2 text-xs text-slate-600">
                <Versus current={f.visitors} previous={previous.funnel[i].visitors} />
              </span>
            </span>
          </div>
          <div className="mt-1 h-2.5 rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-2.5 min-w-1 rounded-full bg-blue-600" style={{ width: `${Math.round((f.visitors / top) * 1000) / 10}%` }} />
          </div>
          {i > 0 && f.fromPrevious !== null ? (
            <p className="mt-1 text-xs text-slate-600">
              {`${percent(f.fromPrevious)} of the step before, ${percent(f.fromStart)} of visitors`}
              {f.dropOff === null || f.dropOff === 0
                ? ''
                : f.dropOff > 0
                  ? ` · ${count(f.dropOff)} dropped off`
                  : ` · ${count(-f.dropOff)} more than the step before`}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function SpeedToLead({ report }: { report: AnalyticsReport }) {
  const weeks = report.speed;
  const reached = weeks.reduce((n, w) => n + w.reached, 0);
  const kept = weeks.reduce((n, w) => n + w.kept, 0);
  const missed = weeks.reduce((n, w) => n + w.missed, 0);
  return (
    <>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {'The promise: a reply within 2 business days, by 18:00 Toronto time. '}
        {kept + missed > 0
          ? `Reached in time: ${count(kept)} of the ${count(kept + missed)} leads of these dates due so far (${percent(rate(kept, kept + missed))}).`
          : ''}
      </p>
      {weeks.length === 0 ? (
        <Empty text={empty.speed} />
      ) : (
        <DataTable
          name="speed"
          caption="Speed to lead by week, table"
          columns={[
            { label: 'Week of' },
            { label: 'Leads', numeric: true },
            { label: 'Median wait', numeric: true },
            { label: 'Reached in time', numeric: true },
            { label: 'Late or overdue', numeric: true },
            { label: 'Not due yet', numeric: true },
          ]}
          rows={weeks.map((w) => ({
            key: w.week,
            cells: [
              formatMonthDay(w.week),
              count(w.leads),
              w.medianMinutes === null ? 'Nobody reached yet' : formatWait(w.medianMinutes),
              count(w.kept),
              count(w.missed),
              count(w.waiting),
            ],
          }))}
        />
      )}
      {reached === 0 && weeks.length > 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nobody has been reached yet: the median wait appears once someone is.</p>
      ) : null}
    </>
  );
}
