import * as z from 'zod/mini';
import { oneLine } from '../forms/plain-text.ts';
import { spamSignalFields } from '../forms/spam.ts';
import { submissionIdSchema } from '../forms/submission.ts';
import { visibleText } from '../forms/visible-text.ts';
import { websiteChecks } from '../forms/web-address.ts';

// The free business growth audit: its 16 fields, their option lists (values exactly as the spec lists
// them, each with the label a visitor reads), and the one zod schema shared by the AuditWizard form
// (which checks its form with it) and POST /api/business-audit (validJson). Written with zod/mini, which
// tree-shakes: classic zod put ~450 KB (minified) into the AuditWizard bundle, mini a fraction of it.

type Option<V extends string = string> = { readonly value: V; readonly label: string };

const values = <V extends string>(options: readonly Option<V>[]) => options.map((o) => o.value) as [V, ...V[]];

export const industryOptions = [
  { value: 'retail', label: 'Retail' },
  { value: 'restaurants', label: 'Restaurants & food' },
  { value: 'healthcare', label: 'Healthcare, clinics & medspas' },
  { value: 'legal', label: 'Legal' },
  { value: 'real-estate', label: 'Real estate' },
  { value: 'fitness', label: 'Fitness & wellness' },
  { value: 'professional-services', label: 'Professional services & coaching' },
  { value: 'technology', label: 'Technology' },
  { value: 'construction', label: 'Construction & contracting' },
  { value: 'automotive', label: 'Automotive' },
  { value: 'other', label: 'Other local service (cleaning, trades, and more)' },
] as const satisfies readonly Option[];

export const monthlyRevenueOptions = [
  { value: '0-10000', label: 'Under $10,000' },
  { value: '10000-25000', label: '$10,000 – $25,000' },
  { value: '25000-50000', label: '$25,000 – $50,000' },
  { value: '50000+', label: '$50,000 or more' },
] as const satisfies readonly Option[];

export const marketingBudgetOptions = [
  { value: '0-1000', label: 'Under $1,000' },
  { value: '1000-5000', label: '$1,000 – $5,000' },
  { value: '5000-15000', label: '$5,000 – $15,000' },
  { value: '15000+', label: '$15,000 or more' },
] as const satisfies readonly Option[];

export const primaryGoalOptions = [
  { value: 'increase-sales', label: 'Increase sales' },
  { value: 'brand-awareness', label: 'Build brand awareness' },
  { value: 'lead-generation', label: 'Generate more leads' },
  { value: 'customer-retention', label: 'Keep customers coming back' },
  { value: 'market-expansion', label: 'Expand to new areas' },
  { value: 'competitive-edge', label: 'Get ahead of competitors' },
] as const satisfies readonly Option[];

export const timeframeOptions = [
  { value: '1-3-months', label: 'Within 1 – 3 months' },
  { value: '3-6-months', label: 'Within 3 – 6 months' },
  { value: '6-12-months', label: 'Within 6 – 12 months' },
  { value: '12+ months', label: '12 months or longer' },
] as const satisfies readonly Option[];

export const currentMarketingOptions = [
  { value: 'seo', label: 'SEO' },
  { value: 'paid-ads', label: 'Paid ads (Google, Meta)' },
  { value: 'social-media', label: 'Social media' },
  { value: 'email-marketing', label: 'Email marketing' },
  { value: 'content-marketing', label: 'Blog & content' },
  { value: 'traditional', label: 'Print, radio or flyers' },
  { value: 'referrals', label: 'Word of mouth & referrals' },
  { value: 'none', label: 'Nothing yet' },
] as const satisfies readonly Option[];

export const currentChallengeOptions = [
  { value: 'low-traffic', label: 'Not enough website visitors' },
  { value: 'lead-quality', label: 'Leads that never buy' },
  { value: 'conversion', label: 'Visitors who do not call or book' },
  { value: 'competition', label: 'Competitors outranking us' },
  { value: 'roi', label: 'Unclear return on ad spend' },
  { value: 'time', label: 'No time to do marketing' },
  { value: 'expertise', label: 'Not sure what works' },
  { value: 'tracking', label: 'Cannot tell where customers come from' },
] as const satisfies readonly Option[];

export const onlinePresenceOptions = [
  { value: 'excellent', label: 'Excellent: we show up and get reviews' },
  { value: 'good', label: 'Good: people find us, with gaps' },
  { value: 'fair', label: 'Fair: a website, not much else' },
  { value: 'poor', label: 'Poor: hard to find online' },
] as const satisfies readonly Option[];

export const competitorAnalysisOptions = [
  { value: 'yes-monitoring', label: 'Yes, we track them regularly' },
  { value: 'yes-aware', label: 'Yes, we know who they are' },
  { value: 'some-idea', label: 'We have some idea' },
  { value: 'no-idea', label: 'No idea' },
] as const satisfies readonly Option[];

export const previousAgencyOptions = [
  { value: 'yes-satisfied', label: 'Yes, and it went well' },
  { value: 'yes-unsatisfied', label: 'Yes, and it did not work out' },
  { value: 'yes-mixed', label: 'Yes, with mixed results' },
  { value: 'no', label: 'No, this would be our first' },
] as const satisfies readonly Option[];

/** Longest text the API accepts per free-text field. */
export const AUDIT_TEXT_LIMITS = { name: 100, email: 254, phone: 30, businessName: 200, website: 300 } as const;

const tooLong = (max: number) => `Please keep this under ${max} characters`;
// Every text answer of the audit is one line (lib/forms/plain-text.ts); a required one with nothing visible in it
// (zero-width or filler characters only: lib/forms/visible-text.ts) is as empty as an empty one.
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), visibleText(message), z.maxLength(max, tooLong(max)), oneLine());
const optionalText = (max: number, checks: readonly z.core.$ZodCheck<string>[] = []) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, tooLong(max)), oneLine(), ...checks), '');
/** A select's answer: text in the form (it starts empty), one of the option values once valid. */
const choice = <V extends string>(options: readonly Option<V>[], message: string) =>
  z.pipe(z.string({ error: message }), z.enum(values(options), { error: message }));
/** Ticked boxes: text in the form, option values once valid. */
const choices = <V extends string>(options: readonly Option<V>[]) => {
  const message = 'Please choose from the listed options';
  return z._default(
    z.array(z.pipe(z.string({ error: message }), z.enum(values(options), { error: message })), { error: message }).check(z.maxLength(options.length)),
    [],
  );
};

export const auditSchema = z.object({
  /** A UUID the client generates once per submission, so a retry never stores twice. */
  id: z.optional(submissionIdSchema),
  firstName: requiredText('First name is required', AUDIT_TEXT_LIMITS.name),
  lastName: requiredText('Last name is required', AUDIT_TEXT_LIMITS.name),
  email: z.pipe(
    z.string({ error: 'Invalid email address' }).check(z.trim(), z.maxLength(AUDIT_TEXT_LIMITS.email, 'Invalid email address')),
    z.email('Invalid email address'),
  ),
  phone: optionalText(AUDIT_TEXT_LIMITS.phone),
  businessName: requiredText('Business name is required', AUDIT_TEXT_LIMITS.businessName),
  industry: choice(industryOptions, 'Please select your industry'),
  website: optionalText(AUDIT_TEXT_LIMITS.website, websiteChecks()),
  monthlyRevenue: choice(monthlyRevenueOptions, 'Please select your revenue range'),
  currentMarketing: choices(currentMarketingOptions),
  marketingBudget: choice(marketingBudgetOptions, 'Please select your marketing budget'),
  primaryGoals: choices(primaryGoalOptions),
  timeframe: choice(timeframeOptions, 'Please select your timeframe'),
  currentChallenges: choices(currentChallengeOptions),
  onlinePresence: choice(onlinePresenceOptions, 'Please rate your online presence'),
  competitorAnalysis: choice(competitorAnalysisOptions, 'Please select an option'),
  previousAgency: choice(previousAgencyOptions, 'Please select an option'),
  /** The optional marketing-email box (lib/leads/consent.ts); a plain form's ticked box arrives as true too (formValues' flags). */
  marketingConsent: z._default(z.boolean({ error: 'Tick the box, or leave it unticked' }), false),
  ...spamSignalFields,
});

/** What the form holds (every field starts empty) and what the API receives. */
export type AuditFormValues = z.input<typeof auditSchema>;
/** The answers after validation: options narrowed to their values, lists present. */
export type AuditAnswers = z.output<typeof auditSchema>;

export type Industry = AuditAnswers['industry'];
export type MonthlyRevenue = AuditAnswers['monthlyRevenue'];
export type MarketingBudget = AuditAnswers['marketingBudget'];
export type PrimaryGoal = AuditAnswers['primaryGoals'][number];
export type CurrentMarketing = AuditAnswers['currentMarketing'][number];
export type CurrentChallenge = AuditAnswers['currentChallenges'][number];
export type OnlinePresence = AuditAnswers['onlinePresence'];
export type CompetitorAnalysis = AuditAnswers['competitorAnalysis'];
export type PreviousAgency = AuditAnswers['previousAgency'];

/** The 16 audit fields, in the spec's order. */
export const AUDIT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'businessName',
  'industry',
  'website',
  'monthlyRevenue',
  'currentMarketing',
  'marketingBudget',
  'primaryGoals',
  'timeframe',
  'currentChallenges',
  'onlinePresence',
  'competitorAnalysis',
  'previousAgency',
] as const satisfies readonly (keyof AuditAnswers)[];

export type AuditField = (typeof AUDIT_FIELDS)[number];

/** Each field's question, as the form asks it and the back office shows it. */
export const auditQuestions = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  businessName: 'Business name',
  industry: 'Industry',
  website: 'Website',
  monthlyRevenue: 'Monthly revenue',
  currentMarketing: 'What marketing do you do today?',
  marketingBudget: 'Monthly marketing budget',
  primaryGoals: 'Primary goals',
  timeframe: 'When do you want to see results?',
  currentChallenges: 'Biggest challenges',
  onlinePresence: 'How would you rate your online presence?',
  competitorAnalysis: 'Do you keep an eye on your competitors?',
  previousAgency: 'Have you worked with a marketing agency before?',
} as const satisfies Record<AuditField, string>;

/** Fields marked * in the form; the rest are optional. */
export const REQUIRED_AUDIT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'businessName',
  'industry',
  'monthlyRevenue',
  'marketingBudget',
  'timeframe',
  'onlinePresence',
  'competitorAnalysis',
  'previousAgency',
] as const satisfies readonly AuditField[];

/** The empty form: every field empty text or an empty list. */
export const emptyAuditForm: AuditFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  businessName: '',
  industry: '',
  website: '',
  monthlyRevenue: '',
  currentMarketing: [],
  marketingBudget: '',
  primaryGoals: [],
  timeframe: '',
  currentChallenges: [],
  onlinePresence: '',
  competitorAnalysis: '',
  previousAgency: '',
  marketingConsent: false,
};

/** The checkbox groups (a plain post sends one value per ticked box) and the single boxes of the form. */
export const AUDIT_LIST_FIELDS = ['currentMarketing', 'primaryGoals', 'currentChallenges'] as const satisfies readonly AuditField[];
export const AUDIT_FLAG_FIELDS = ['marketingConsent'] as const;

/** The wizard's four steps, named exactly as the spec names them, and the fields each one asks. */
export const AUDIT_STEPS = [
  { title: 'Basic Information', fields: ['firstName', 'lastName', 'email', 'phone', 'businessName', 'industry', 'website'] },
  { title: 'Business Scale & Goals', fields: ['monthlyRevenue', 'marketingBudget', 'timeframe', 'primaryGoals'] },
  { title: 'Current Marketing & Challenges', fields: ['currentMarketing', 'currentChallenges'] },
  { title: 'Online Presence Assessment', fields: ['onlinePresence', 'competitorAnalysis', 'previousAgency'] },
] as const satisfies readonly { title: string; fields: readonly AuditField[] }[];

/** The 1-based step holding the first field with an error, or null when none has one. */
export function firstStepWithError(errorFields: readonly string[]): number | null {
  const index = AUDIT_STEPS.findIndex((step) => step.fields.some((f) => errorFields.includes(f)));
  return index === -1 ? null : index + 1;
}
