import type { SlotName } from '../content/slots.ts';
import type { Decision } from './decision.ts';

// The A/B tests the site knows by name, their ids, and the wire
// formats of the /api/ab-test answers (what the calls send is checked by lib/ab/schema.ts). Shared by the server (routes, queries, the dashboard's
// components) and islands (the hook); no server code here.

/** `conversion` is a submitted form (the spec's goal); `booked`, a booked strategy session (the second goal). */
export const EVENT_TYPES = ['view', 'click', 'conversion', 'booked'] as const;
export type AbEventType = (typeof EVENT_TYPES)[number];
/**
 * What a browser may report. Conversions are written only by the server, in the transaction that stores
 * the submission (a browser could claim one for anybody).
 */
export const BROWSER_EVENT_TYPES = ['view', 'click'] as const satisfies readonly AbEventType[];
export type BrowserEventType = (typeof BROWSER_EVENT_TYPES)[number];

/** Limits from the schema (spec §9). */
export const AB_LIMITS = { name: 255, userId: 255, eventDataBytes: 2048 } as const;

/** The seeded tests (db/migrations/0002_ab_tests_seed.sql holds the same ids and configurations). */
export const AB_TEST_NAMES = { contactForm: 'contact-form-optimization', hero: 'hero-variant' } as const;

export const AB_TEST_IDS = {
  contactForm: 'a8b7c6d5-0000-4000-8000-000000000001',
  hero: 'a8b7c6d5-0000-4000-8000-000000000002',
} as const;

export const AB_VARIANT_IDS = {
  contactForm: { control: 'a8b7c6d5-0000-4000-8000-000000000011', shortForm: 'a8b7c6d5-0000-4000-8000-000000000012' },
  hero: { control: 'a8b7c6d5-0000-4000-8000-000000000021', variantA: 'a8b7c6d5-0000-4000-8000-000000000022', variantB: 'a8b7c6d5-0000-4000-8000-000000000023' },
} as const;

/** What an island needs to track a variant it shows: the assignment's ids. */
export type AbTracking = { testId: string; variantId: string };

/** GET /api/ab-test/assignment answer (spec: split-test assignment). */
export type Assignment = {
  testId: string;
  variantId: string;
  variant: { configuration: Record<string, unknown>; name: string; isControl: boolean };
};

/** GET /api/ab-test/tests entry (spec: A/B test). */
export type AbTestSummary = {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  startDate: string;
  endDate: string | null;
  trafficAllocation: number;
};

export type Interval = { lower: number; upper: number };

/**
 * What a test's verdict, lift and chances count: visitors who sent the audit (`conversions`, the spec's
 * goal and the default), or who booked a session (`booked`, for an experiment whose goal it is).
 */
export type JudgedOn = 'conversions' | 'booked';

/** Test-wide statistics, repeated in every entry of a results list so the list stays the spec's shape. */
export type TestStats = {
  /** What the verdict, the lift, the p-value and the chances are about. */
  judgedOn: JudgedOn;
  srmPValue: number | null;
  srmWarning: boolean;
  /** The verdict's headline (lib/ab/decision.ts verdictText). */
  verdict: string;
  /** How the verdict was reached: the sample guard, and each challenger's chance against what it needed. */
  decision: Decision;
  daysRunning: number;
};

/** GET /api/ab-test/results/{testId} entry (spec: result per variant, plus statistics). */
export type VariantResult = {
  variant: { id: string; name: string; isControl: boolean };
  /** The spec's metrics, then the second goal: visitors who booked a session, and their percentage of viewers. */
  metrics: { views: number; clicks: number; conversions: number; conversionRate: number; clickRate: number; booked: number; bookedRate: number };
  stats: {
    /** Wilson 95% interval of the conversion rate, in percent; null without viewers. */
    conversionInterval: Interval | null;
    /** Relative lift of the conversion rate against control, in percent, with its 95% interval; null for the control or when undefined. */
    lift: (Interval & { estimate: number }) | null;
    /** Bayesian probability (0–1) that this variant converts better than control; null for the control. */
    chanceToBeatControl: number | null;
    /** Two-sided two-proportion z-test p-value against control; null for the control or without viewers. */
    pValue: number | null;
    test: TestStats;
  };
};

/** New unique viewers and converters of one variant in one hour (hours since the Unix epoch). */
export type HourlyArrivals = { variantId: string; hour: number; viewers: number; conversions: number };

/** One test's results and what each variant is: its stored configuration, by variant id. */
export type ResultsReport = { test: AbTestSummary; results: VariantResult[]; configurations: Record<string, Record<string, unknown>> };

/**
 * What the dashboard shows of one test: its results, the content slot it varies (null: none), the variant
 * shipped as the published copy (null: none), and its arrivals by the hour for the chart.
 */
export type TestReport = ResultsReport & { slot: SlotName | null; shippedVariantId: string | null; hourly: HourlyArrivals[] };
