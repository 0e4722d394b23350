import { CSV_BOM, csvRow } from '../text/csv.ts';
import { formatStamp } from '../time/display.ts';
import type { ResultsReport } from './definitions.ts';
import { variantSummary } from './variant-details.ts';

// One test's results as a spreadsheet (GET …/results/{testId}/csv): a row per variant with the figures
// the dashboard shows, as plain numbers (percentages in percent), and the verdict. Cells go through
// lib/text/csv.ts, so names and descriptions that look like formulas stay text. The booked sessions (the
// second goal) come last, so a sheet built on the earlier columns keeps its places.

export const RESULTS_CSV_COLUMNS = [
  'test_id',
  'test_name',
  'variant_id',
  'variant',
  'is_control',
  'what_it_shows',
  'viewers',
  'clicks',
  'click_rate_pct',
  'conversions',
  'conversion_rate_pct',
  'conversion_rate_low_pct',
  'conversion_rate_high_pct',
  'lift_vs_control_pct',
  'lift_low_pct',
  'lift_high_pct',
  'chance_to_beat_control_pct',
  'chance_needed_pct',
  'p_value',
  'verdict',
  'data_as_of_toronto',
  'booked',
  'booked_rate_pct',
] as const;

const pct = (p: number | null | undefined) => (p === null || p === undefined ? null : Math.round(p * 10_000) / 100);

/** The whole file, byte order mark first. */
export function resultsCsv({ test, results, configurations }: ResultsReport, now: Date): string {
  const asOf = formatStamp(now);
  const lines = results.map((r) => {
    const check = r.stats.test.decision.challengers.find((c) => c.id === r.variant.id);
    return csvRow([
      test.id,
      test.name,
      r.variant.id,
      r.variant.name,
      r.variant.isControl ? 'yes' : 'no',
      variantSummary(configurations[r.variant.id]),
      r.metrics.views,
      r.metrics.clicks,
      r.metrics.clickRate,
      r.metrics.conversions,
      r.metrics.conversionRate,
      r.stats.conversionInterval?.lower,
      r.stats.conversionInterval?.upper,
      r.stats.lift?.estimate,
      r.stats.lift?.lower,
      r.stats.lift?.upper,
      pct(r.stats.chanceToBeatControl),
      pct(check?.chanceNeeded),
      r.stats.pValue === null ? null : Number(r.stats.pValue.toPrecision(4)),
      r.stats.test.verdict,
      asOf,
      r.metrics.booked,
      r.metrics.bookedRate,
    ]);
  });
  return CSV_BOM + csvRow(RESULTS_CSV_COLUMNS) + lines.join('');
}

/** "northline-ab-hero-variant-2026-11-23.csv": the test's name reduced to letters, digits and dashes. */
export function resultsCsvFilename(testName: string, now: Date): string {
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `northline-ab-${slug || 'test'}-${formatStamp(now).slice(0, 10)}.csv`;
}
