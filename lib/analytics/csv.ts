import { type CsvValue, csvRow } from '../text/csv.ts';
import { FUNNEL_LABELS, rate } from './funnel.ts';
import type { Days } from './range.ts';
import type { AnalyticsReport } from './report.ts';
import type { ReportTable } from './schema.ts';

// Each table of the analytics dashboard as CSV, for a spreadsheet: one header row of words, then a row
// per line of the table, every cell escaped by lib/text/csv.ts (a campaign name is the visitor's text:
// "=HYPERLINK(…)" is made inert). Rates are fractions with four decimals (0.3333), amounts CAD with
// cents, so a spreadsheet reads them as numbers. Pure.

const ratio = (value: number | null) => (value === null ? null : value.toFixed(4));
const money = (value: number) => value.toFixed(2);

type Table = { header: string[]; rows: CsvValue[][] };

function tableOf(report: AnalyticsReport, table: ReportTable): Table {
  switch (table) {
    case 'days':
      return { header: ['Date', 'Visitors', 'Page views'], rows: report.days.map((d) => [d.date, d.visitors, d.pageviews]) };
    case 'pages':
      return { header: ['Page', 'Visitors', 'Page views'], rows: report.pages.map((p) => [p.route, p.visitors, p.pageviews]) };
    case 'sources':
      return {
        header: [
          'Source',
          'Medium',
          'Campaign',
          'Visitors',
          'Started the audit',
          'Leads',
          'Booked',
          'Won',
          'Lead rate',
          'Pipeline value (CAD)',
          'Won value (CAD)',
        ],
        rows: report.sources.map((s) => [
          s.source,
          s.medium,
          s.campaign,
          s.visitors,
          s.auditStarted,
          s.leads,
          s.booked,
          s.won,
          ratio(rate(s.leads, s.visitors)),
          money(s.pipelineValue),
          money(s.wonValue),
        ]),
      };
    case 'landings':
      return {
        header: ['Landing page', 'Visitors', 'Started the audit', 'Leads', 'Booked', 'Won', 'Lead rate', 'Pipeline value (CAD)', 'Won value (CAD)'],
        rows: report.landings.map((l) => [
          l.landing,
          l.visitors,
          l.auditStarted,
          l.leads,
          l.booked,
          l.won,
          ratio(rate(l.leads, l.visitors)),
          money(l.pipelineValue),
          money(l.wonValue),
        ]),
      };
    case 'variants':
      return {
        header: ['A/B test', 'Variant', 'Control', 'Visitors', 'Leads', 'Booked', 'Won', 'Lead rate', 'Won value (CAD)'],
        rows: report.variants.map((v) => [
          v.test,
          v.variant,
          v.isControl ? 'yes' : 'no',
          v.visitors,
          v.leads,
          v.booked,
          v.won,
          ratio(rate(v.leads, v.visitors)),
          money(v.wonValue),
        ]),
      };
    case 'funnel':
      return {
        header: ['Step', 'Name', 'Visitors', 'Of the step before', 'Of all visits', 'Drop-off'],
        rows: report.funnel.map((f) => [f.step, FUNNEL_LABELS[f.step], f.visitors, ratio(f.fromPrevious), ratio(f.fromStart), f.dropOff]),
      };
    case 'speed':
      return {
        header: ['Week of', 'Leads', 'Reached', 'Median wait (minutes)', 'Reached within the promise', 'Missed the promise', 'Still within the promise'],
        rows: report.speed.map((w) => [w.week, w.leads, w.reached, w.medianMinutes, w.kept, w.missed, w.waiting]),
      };
  }
}

/** The table as CSV text (without the byte order mark: the route adds it). */
export function reportCsv(report: AnalyticsReport, table: ReportTable): string {
  const { header, rows } = tableOf(report, table);
  return [header, ...rows].map(csvRow).join('');
}

/** "analytics-sources-2026-10-28-to-2026-11-24.csv". */
export const reportCsvName = (table: ReportTable, range: Days) => `analytics-${table}-${range.from}-to-${range.to}.csv`;
