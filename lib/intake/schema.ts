// zod/mini: tree-shakeable, so the IntakeForm bundle carries only the validators it uses.
import * as z from 'zod/mini';
import { oneLine, plainParagraphs } from '../forms/plain-text.ts';
import { spamSignalFields } from '../forms/spam.ts';
import { submissionIdSchema } from '../forms/submission.ts';
import { visibleText } from '../forms/visible-text.ts';
import { websiteChecks } from '../forms/web-address.ts';

// The Q4 intake application: one schema for the IntakeForm island (which checks its form with it) and
// for POST /api/q4-intake (validJson). Option lists live here once.

export const CONSENT_REQUIRED_MESSAGE = 'You must agree to receive emails and updates';

export const industryOptions = [
  { value: 'cleaners', label: 'Cleaning company' },
  { value: 'medspas', label: 'Medspa or aesthetics clinic' },
  { value: 'contractors', label: 'Contractor or trades' },
  { value: 'coaches', label: 'Coach or consultant' },
  { value: 'other-local-service', label: 'Other local service business' },
] as const;

export const budgetOptions = [
  { value: 'under-1000', label: 'Under $1,000 a month' },
  { value: '1000-2500', label: '$1,000 – $2,500 a month' },
  { value: '2500-5000', label: '$2,500 – $5,000 a month' },
  { value: '5000-10000', label: '$5,000 – $10,000 a month' },
  { value: '10000+', label: '$10,000+ a month' },
] as const;

type Option = { readonly value: string; readonly label: string };
const values = <const T extends readonly [Option, ...Option[]]>(options: T) => options.map((o) => o.value) as { [K in keyof T]: T[K]['value'] };

const industryValues = values(industryOptions);
const budgetValues = values(budgetOptions);

/** Longest accepted answer per field, in characters. */
export const intakeLimits = {
  firstName: 80,
  lastName: 80,
  workEmail: 254,
  mobile: 30,
  company: 160,
  website: 300,
  city: 80,
  biggestGoal: 2000,
  howDidYouHear: 200,
} as const;

/**
 * Required text: trimmed, non-empty, bounded, on one line unless it is a multi-line answer (then line
 * breaks and tabs are allowed, other controls are not: lib/forms/plain-text.ts). A missing field reads the same
 * as an empty one, and so does one with nothing visible in it (zero-width or filler characters only:
 * lib/forms/visible-text.ts).
 */
const requiredText = (label: string, max: number, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${label} is required`, abort: true }),
      visibleText(`${label} is required`),
      z.maxLength(max, `${label} must be ${max} characters or fewer`),
      lines === 'one' ? oneLine() : plainParagraphs(),
    );

/** Optional text: trimmed, bounded and on one line; an empty answer becomes undefined. */
const optionalText = (label: string, max: number, checks: readonly z.core.$ZodCheck<string>[] = []) =>
  z.pipe(
    z.optional(
      z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} must be ${max} characters or fewer`), oneLine(), ...checks),
    ),
    z.transform((v: string | undefined) => v || undefined),
  );

/** A select's answer: text in the form (it starts empty), one of the option values once valid. */
const choice = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.pipe(z.string({ error: message }), z.enum(options, { error: message }));

const PHONE_CHARS = /^\+?[\d\s().-]+$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;

export const intakeSchema = z.object({
  /** Client-generated once per submission, so a retried request stores one row. */
  id: z.optional(submissionIdSchema),
  firstName: requiredText('First name', intakeLimits.firstName),
  lastName: requiredText('Last name', intakeLimits.lastName),
  workEmail: z.pipe(requiredText('Work email', intakeLimits.workEmail), z.email({ error: 'Enter a valid email address, like you@yourcompany.ca' })),
  mobile: requiredText('Mobile number', intakeLimits.mobile).check(
    z.refine((v) => PHONE_CHARS.test(v) && digitCount(v) >= 10 && digitCount(v) <= 15, 'Enter a mobile number with area code, like 416-555-0123'),
  ),
  company: requiredText('Company name', intakeLimits.company),
  website: optionalText('Website', intakeLimits.website, websiteChecks()),
  industry: choice(industryValues, 'Please select your industry'),
  city: requiredText('City', intakeLimits.city),
  monthlyMarketingBudget: choice(budgetValues, 'Please select your monthly marketing budget'),
  biggestGoal: requiredText('Biggest goal', intakeLimits.biggestGoal, 'many'),
  howDidYouHear: optionalText('How you heard about us', intakeLimits.howDidYouHear),
  /** The required box: emails about the application itself (lib/leads/consent.ts consentText). */
  caslConsent: z.string({ error: CONSENT_REQUIRED_MESSAGE }).check(z.refine((v) => v === 'true', CONSENT_REQUIRED_MESSAGE)),
  /**
   * The optional, unticked marketing box, apart from the application (lib/leads/consent.ts
   * intakeMarketingConsent); a plain form's ticked box arrives as true too (formValues' flags).
   */
  marketingConsent: z._default(z.boolean({ error: 'Tick the box, or leave it unticked' }), false),
  ...spamSignalFields,
});

/** What the form holds (every answer as text; selects and the consent box start empty). */
export type IntakeFormValues = z.input<typeof intakeSchema>;
/** What the API stores after validation. */
export type IntakeApplication = z.output<typeof intakeSchema>;

/** The form's text answers, in its order (the required consent box stores its text: 'true' or 'false'). */
export const INTAKE_FIELDS = [
  'firstName',
  'lastName',
  'workEmail',
  'mobile',
  'company',
  'website',
  'industry',
  'city',
  'monthlyMarketingBudget',
  'biggestGoal',
  'howDidYouHear',
  'caslConsent',
] as const;

/** The form's single boxes that are not text: sent as true when ticked (a plain post sends them only then). */
export const INTAKE_FLAG_FIELDS = ['marketingConsent'] as const;

/** Every answer an application stores, in the form's order (what a repeat of one submission must match). */
export const INTAKE_ANSWER_FIELDS = [...INTAKE_FIELDS, ...INTAKE_FLAG_FIELDS] as const;
export type IntakeAnswerField = (typeof INTAKE_ANSWER_FIELDS)[number];

/** Each field's label, as the form shows it and the back office repeats it. */
export const intakeQuestions = {
  firstName: 'First name',
  lastName: 'Last name',
  workEmail: 'Work email',
  mobile: 'Mobile',
  company: 'Company',
  website: 'Website (optional)',
  industry: 'Industry',
  city: 'City',
  monthlyMarketingBudget: 'Monthly marketing budget',
  biggestGoal: 'Biggest goal for the next 6 months',
  howDidYouHear: 'How did you hear about us? (optional)',
  caslConsent: 'Consent to emails about the application (CASL)',
  marketingConsent: 'Marketing emails (optional box)',
} as const satisfies Record<IntakeAnswerField, string>;

export const requiredIntakeFields = [
  'firstName',
  'lastName',
  'workEmail',
  'mobile',
  'company',
  'industry',
  'city',
  'monthlyMarketingBudget',
  'biggestGoal',
  'caslConsent',
] as const;

/** The form's text fields (the id and the spam signals are added per submission, not typed in; the marketing box is a flag). */
export type IntakeFieldName = Exclude<keyof IntakeFormValues, 'id' | 'fax' | 'fillMs' | 'marketingConsent'>;

export const emptyIntakeForm = {
  firstName: '',
  lastName: '',
  workEmail: '',
  mobile: '',
  company: '',
  website: '',
  industry: '',
  city: '',
  monthlyMarketingBudget: '',
  biggestGoal: '',
  howDidYouHear: '',
  caslConsent: '',
} satisfies Record<IntakeFieldName, string>;
