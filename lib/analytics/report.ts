import { parseStoredTouch, sourceOf } from '../leads/attribution.ts';
import type { LeadKind, LeadStatus } from '../leads/pipeline.ts';
import { FUNNEL_STEPS, type FunnelRow, funnelRows, type StepCounts } from './funnel.ts';
import { type Days, daysOf } from './range.ts';
import { type SpeedWeek, speedByWeek } from './speed.ts';
import { pipelineValue } from './value.ts';

// The dashboard's figures for one range, put together from what the database counted
// (db/queries/analytics-report.ts): the visits by day, page, source and landing, and the leads that
// arrived in the range with how far each has gone since. Pure, so the page, the API, the CSVs and the
// weekly email read the same numbers.
//
// A visitor is a visitor key of one day (lib/analytics/visitor-key.ts): keys change every day, so a range's
// visitors are the sum of its days' (one person on three days is three visits). The leads are a cohort:
// those that arrived in the range, each counted at every step it has reached by now. A lead's source,
// campaign and landing page are its first touch's (lib/leads/attribution.ts), the same the inbox shows;
// a lead with none is direct, and its landing page the page it sent the form from.

export type TrafficDay = { date: string; visitors: number; pageviews: number };
export type PageRow = { route: string; visitors: number; pageviews: number };

/** The visits of the range by where they came from and the page they landed on, summed over its days. */
export type VisitSlice = { source: string; medium: string; campaign: string; landing: string; visitors: number; auditStarted: number };

/** A lead that arrived in the range (never spam, never erased), as the reports read it. */
export type ReportLead = {
  kind: LeadKind;
  createdAt: Date;
  replyBy: Date;
  firstReachedAt: Date | null;
  /** Its first touch as stored (JSON text), or null. */
  firstTouch: string | null;
  /** The page its form was sent from. */
  page: string | null;
  budget: string | null;
  /** The audit's estimated monthly value (numeric as text). */
  estimatedValue: string | null;
  wonValue: number | null;
  status: LeadStatus;
  /** Has a session booked or held, or its status says booked or won. */
  booked: boolean;
  /** The A/B variants (ids) its visitor was assigned. */
  variants: readonly string[];
};

/** A variant of an A/B test and the visitors its test assigned to it in the range (the tests' own count). */
export type VariantVisitors = { testName: string; variantId: string; variantName: string; isControl: boolean; visitors: number };

type Outcomes = { leads: number; booked: number; won: number; pipelineValue: number; wonValue: number };
export type SourceRow = { source: string; medium: string; campaign: string; visitors: number; auditStarted: number } & Outcomes;
export type LandingRow = { landing: string; visitors: number; auditStarted: number } & Outcomes;
export type VariantRow = { test: string; variant: string; isControl: boolean; visitors: number } & Outcomes;

export type AnalyticsReport = {
  range: Days;
  visitors: number;
  pageviews: number;
  days: TrafficDay[];
  pages: PageRow[];
  sources: SourceRow[];
  landings: LandingRow[];
  variants: VariantRow[];
  funnel: FunnelRow[];
  speed: SpeedWeek[];
  totals: Outcomes & { auditStarted: number };
};

export type ReportInput = {
  range: Days;
  days: readonly TrafficDay[];
  pages: readonly PageRow[];
  visits: readonly VisitSlice[];
  leads: readonly ReportLead[];
  variants: readonly VariantVisitors[];
  now: Date;
  timeZone: string;
};

const noOutcomes = (): Outcomes => ({ leads: 0, booked: 0, won: 0, pipelineValue: 0, wonValue: 0 });

/** Where a lead came from and what it is worth, as every table counts it. */
export function leadFacts(lead: ReportLead) {
  const touch = parseStoredTouch(lead.firstTouch);
  const { source, medium } = sourceOf(touch);
  const won = lead.status === 'won';
  return {
    source,
    medium,
    campaign: touch?.utm_campaign ?? '',
    landing: touch?.landing ?? lead.page ?? '(not recorded)',
    booked: lead.booked || won,
    won,
    pipelineValue: lead.kind === 'booking' ? 0 : pipelineValue({ kind: lead.kind, estimatedValue: lead.estimatedValue, budget: lead.budget }),
    wonValue: won ? (lead.wonValue ?? 0) : 0,
  };
}

const add = (to: Outcomes, f: ReturnType<typeof leadFacts>) => {
  to.leads += 1;
  if (f.booked) to.booked += 1;
  if (f.won) to.won += 1;
  to.pipelineValue += f.pipelineValue;
  to.wonValue += f.wonValue;
};

/** Rows keyed by text, made on first use. */
function table<R>(make: (key: string) => R) {
  const rows = new Map<string, R>();
  const row = (key: string): R => {
    let found = rows.get(key);
    if (found === undefined) rows.set(key, (found = make(key)));
    return found;
  };
  return { row, rows: () => [...rows.values()] };
}

const cents = (n: number) => Math.round(n * 100) / 100;
const tidy = <R extends Outcomes>(r: R): R => ({ ...r, pipelineValue: cents(r.pipelineValue), wonValue: cents(r.wonValue) });
const busiest = <R extends { visitors: number; leads: number }>(a: R, b: R) => b.visitors - a.visitors || b.leads - a.leads;

/** The report of one range. */
export function buildReport(input: ReportInput): AnalyticsReport {
  const byDay = new Map(input.days.map((d) => [d.date, d]));
  const days = daysOf(input.range).map((date) => ({ date, visitors: byDay.get(date)?.visitors ?? 0, pageviews: byDay.get(date)?.pageviews ?? 0 }));
  const visitors = days.reduce((n, d) => n + d.visitors, 0);
  const pageviews = days.reduce((n, d) => n + d.pageviews, 0);

  const sourceKey = (s: { source: string; medium: string; campaign: string }) => JSON.stringify([s.source, s.medium, s.campaign]);
  const sources = table((key) => {
    const [source, medium, campaign] = JSON.parse(key) as [string, string, string];
    return { source, medium, campaign, visitors: 0, auditStarted: 0, ...noOutcomes() } as SourceRow;
  });
  const landings = table((landing) => ({ landing, visitors: 0, auditStarted: 0, ...noOutcomes() }) as LandingRow);
  for (const v of input.visits) {
    for (const row of [sources.row(sourceKey(v)), landings.row(v.landing)]) {
      row.visitors += v.visitors;
      row.auditStarted += v.auditStarted;
    }
  }

  const variantById = new Map(input.variants.map((v) => [v.variantId, v]));
  const variants = table((id) => {
    const v = variantById.get(id);
    return {
      test: v?.testName ?? '',
      variant: v?.variantName ?? '',
      isControl: v?.isControl ?? false,
      visitors: v?.visitors ?? 0,
      ...noOutcomes(),
    } as VariantRow;
  });
  for (const v of input.variants) variants.row(v.variantId);

  const totals = { ...noOutcomes(), auditStarted: input.visits.reduce((n, v) => n + v.auditStarted, 0) };
  for (const lead of input.leads) {
    const facts = leadFacts(lead);
    add(sources.row(sourceKey(facts)), facts);
    add(landings.row(facts.landing), facts);
    add(totals, facts);
    for (const id of lead.variants) if (variantById.has(id)) add(variants.row(id), facts);
  }

  const counts: StepCounts = { visit: visitors, audit_started: totals.auditStarted, lead: totals.leads, booked: totals.booked, won: totals.won };
  return {
    range: input.range,
    visitors,
    pageviews,
    days,
    pages: [...input.pages].sort((a, b) => b.pageviews - a.pageviews || b.visitors - a.visitors || (a.route < b.route ? -1 : 1)),
    sources: sources.rows().map(tidy).sort(busiest),
    landings: landings.rows().map(tidy).sort(busiest),
    variants: variants
      .rows()
      .filter((row, _, all) => all.some((other) => other.test === row.test && (other.visitors > 0 || other.leads > 0)))
      .map(tidy)
      .sort((a, b) => (a.test < b.test ? -1 : a.test > b.test ? 1 : Number(b.isControl) - Number(a.isControl) || (a.variant < b.variant ? -1 : 1))),
    funnel: funnelRows(counts),
    speed: speedByWeek(input.leads, input.now, input.timeZone),
    totals: tidy(totals),
  };
}

/** The funnel's steps as the API answers them: `[{step, visitors}]` in order. */
export const funnelOf = (report: AnalyticsReport) => FUNNEL_STEPS.map((step, i) => ({ step, visitors: report.funnel[i].visitors }));

/**
 * The report as GET /admin/api/analytics answers it: `{visitors, pageviews, days, pages, sources, funnel}`
 * as the issue names them, then what the dashboard shows besides, and the same totals and funnel for the
 * period before (`previous`).
 */
export function reportJson(report: AnalyticsReport, previous: AnalyticsReport) {
  return {
    from: report.range.from,
    to: report.range.to,
    visitors: report.visitors,
    pageviews: report.pageviews,
    days: report.days,
    pages: report.pages,
    sources: report.sources.map((s) => ({
      source: s.source,
      medium: s.medium,
      campaign: s.campaign,
      visitors: s.visitors,
      leads: s.leads,
      booked: s.booked,
      won: s.won,
      wonValue: s.wonValue,
      auditStarted: s.auditStarted,
      pipelineValue: s.pipelineValue,
    })),
    funnel: funnelOf(report),
    totals: report.totals,
    landings: report.landings,
    variants: report.variants,
    speed: report.speed,
    previous: {
      from: previous.range.from,
      to: previous.range.to,
      visitors: previous.visitors,
      pageviews: previous.pageviews,
      funnel: funnelOf(previous),
      totals: previous.totals,
    },
  };
}
