import fc from 'fast-check';
import { AB_TEST_IDS, AB_VARIANT_IDS } from '../../lib/ab/definitions.ts';
import { GOALS } from '../../lib/ab/experiments.ts';
import * as audit from '../../lib/audit/schema.ts';
import { SLOT_NAMES } from '../../lib/content/slots.ts';
import * as intake from '../../lib/intake/schema.ts';
import { platforms } from '../../lib/stories/schema.ts';
import { shortText } from './arbitraries.ts';

/** A POST endpoint to fuzz: a generator of valid bodies, the tables it writes, rows per answer. */
export type FuzzedEndpoint = {
  path: string;
  valid: fc.Arbitrary<Record<string, unknown>>;
  tables: string[];
  rowsFor: (status: number) => number;
};

const RUN_ID_PREFIX = crypto.randomUUID().slice(0, 8);

const storyInput = fc.record({ title: shortText(100), content: shortText(400), link: fc.constantFrom('', 'https://northlinedigital.ca/blog/post') });

export const fuzzedEndpoints: FuzzedEndpoint[] = [
  {
    path: '/api/ab-test/event',
    // The fuzz visitor is assigned to the hero test before the run; only its own variant is accepted.
    valid: fc.record({
      testId: fc.constant(AB_TEST_IDS.hero),
      variantId: fc.constantFrom(...Object.values(AB_VARIANT_IDS.hero)),
      eventType: fc.constantFrom('view', 'click', 'conversion'),
      eventData: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 3 }),
      userId: fc.constant('fuzz-visitor'),
    }),
    tables: ['ab_test_events'],
    rowsFor: (status) => (status === 201 ? 1 : 0),
  },
  {
    // The audit form's first answer: it marks the fuzz browser's day (one row, then the same row again), stores nothing else.
    path: '/api/analytics/audit-started',
    valid: fc.record({ form: fc.constant('audit') }),
    tables: [],
    rowsFor: () => 0,
  },
  {
    path: '/api/social-stories/generate',
    valid: storyInput,
    tables: [],
    rowsFor: () => 0,
  },
  {
    path: '/api/social-stories/quick-generate',
    valid: fc.record({ blogPost: storyInput, platform: fc.constantFrom(...platforms) }),
    tables: [],
    rowsFor: () => 0,
  },
  {
    path: '/api/business-audit',
    // Each accepted audit stores its row and its lead's contacts row. Ids get a per-run prefix: the
    // seed repeats them, and a database kept between runs already holds the last run's (a repeat stores nothing).
    valid: fc.record({
      id: fc.uuid({ version: 4 }).map((u) => RUN_ID_PREFIX + u.slice(8)),
      firstName: shortText(60),
      lastName: shortText(60),
      email: fc.emailAddress(),
      phone: fc.constantFrom('', '416-555-0199'),
      businessName: shortText(100),
      industry: fc.constantFrom(...audit.industryOptions.map((o) => o.value)),
      website: fc.constantFrom('', 'https://example.ca'),
      monthlyRevenue: fc.constantFrom(...audit.monthlyRevenueOptions.map((o) => o.value)),
      currentMarketing: fc.uniqueArray(fc.constantFrom(...audit.currentMarketingOptions.map((o) => o.value))),
      marketingBudget: fc.constantFrom(...audit.marketingBudgetOptions.map((o) => o.value)),
      primaryGoals: fc.uniqueArray(fc.constantFrom(...audit.primaryGoalOptions.map((o) => o.value))),
      timeframe: fc.constantFrom(...audit.timeframeOptions.map((o) => o.value)),
      currentChallenges: fc.uniqueArray(fc.constantFrom(...audit.currentChallengeOptions.map((o) => o.value))),
      onlinePresence: fc.constantFrom(...audit.onlinePresenceOptions.map((o) => o.value)),
      competitorAnalysis: fc.constantFrom(...audit.competitorAnalysisOptions.map((o) => o.value)),
      previousAgency: fc.constantFrom(...audit.previousAgencyOptions.map((o) => o.value)),
    }),
    tables: ['business_audits', 'contacts'],
    rowsFor: (status) => (status === 201 ? 2 : 0),
  },
  {
    path: '/api/q4-intake',
    valid: fc.record({
      id: fc.uuid({ version: 4 }).map((u) => RUN_ID_PREFIX + u.slice(8)),
      firstName: shortText(60),
      lastName: shortText(60),
      workEmail: fc.emailAddress(),
      mobile: fc.constantFrom('416-555-0199', '+1 (647) 555-0123'),
      company: shortText(100),
      website: fc.constantFrom('', 'https://example.ca'),
      industry: fc.constantFrom(...intake.industryOptions.map((o) => o.value)),
      city: shortText(40),
      monthlyMarketingBudget: fc.constantFrom(...intake.budgetOptions.map((o) => o.value)),
      biggestGoal: shortText(300),
      howDidYouHear: fc.constantFrom('', 'Instagram'),
      caslConsent: fc.constantFrom('true'),
    }),
    tables: ['q4_intake_applications'],
    rowsFor: (status) => (status === 201 ? 1 : 0),
  },
];

/**
 * A valid new experiment (a draft: nothing starts) on either slot, its challenger changing one field.
 * Names get the run's prefix: the seed repeats them, and a taken name is a 409.
 */
export const validExperiment: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    name: fc.uuid({ version: 4 }).map((u) => `fuzz ${RUN_ID_PREFIX}${u.slice(8)}`),
    slot: fc.constantFrom(...SLOT_NAMES),
    hypothesis: shortText(200),
    trafficAllocation: fc.integer({ min: 1, max: 100 }),
    goal: fc.constantFrom(...GOALS),
    challenger: shortText(40),
    copy: shortText(90),
  })
  .map(({ challenger, copy, ...rest }) => ({
    ...rest,
    variants: [
      { name: 'Control', isControl: true },
      { name: `Version ${challenger}`, isControl: false, fields: rest.slot === 'hero' ? { headline: `New: ${copy}` } : { formTitle: `New: ${copy}` } },
    ],
  }));
