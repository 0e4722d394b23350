import {
  AUDIT_FIELDS,
  type AuditField,
  auditQuestions,
  competitorAnalysisOptions,
  currentChallengeOptions,
  currentMarketingOptions,
  industryOptions,
  marketingBudgetOptions,
  monthlyRevenueOptions,
  onlinePresenceOptions,
  previousAgencyOptions,
  primaryGoalOptions,
  timeframeOptions,
} from '../audit/schema.ts';
import type { CategoryScore } from '../audit/scoring.ts';
import { type ScoredAnswers, type SiteFindings, scoreBreakdown } from '../audit/scoring.ts';
import { budgetOptions, INTAKE_ANSWER_FIELDS, type IntakeAnswerField, industryOptions as intakeIndustryOptions, intakeQuestions } from '../intake/schema.ts';

// A stored submission as staff read it: each question with the answer's label (not its stored value).

export type AnswerRow = { field: string; question: string; answer: string };

type Options = readonly { value: string; label: string }[];

const auditOptions: Partial<Record<AuditField, Options>> = {
  industry: industryOptions,
  monthlyRevenue: monthlyRevenueOptions,
  currentMarketing: currentMarketingOptions,
  marketingBudget: marketingBudgetOptions,
  primaryGoals: primaryGoalOptions,
  timeframe: timeframeOptions,
  currentChallenges: currentChallengeOptions,
  onlinePresence: onlinePresenceOptions,
  competitorAnalysis: competitorAnalysisOptions,
  previousAgency: previousAgencyOptions,
};

/** A question the visitor left blank: not 'No answer', which beside 'Phone' reads like a call that went unanswered. */
export const NO_ANSWER = 'Left blank';

function labelled(value: unknown, options: Options | undefined): string {
  const one = (v: string) => options?.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.length ? value.map((v) => one(String(v))).join('; ') : NO_ANSWER;
  if (value === null || value === undefined || value === '') return NO_ANSWER;
  return one(String(value));
}

/** The audit's questions, in the form's order: the headings of the answer rows and of the CSV export. */
export const AUDIT_ANSWER_QUESTIONS: readonly { field: AuditField; question: string }[] = AUDIT_FIELDS.map((field) => ({
  field,
  question: auditQuestions[field],
}));

/** The audit's 16 answers, in the form's order. */
export function auditAnswerRows(audit: Record<AuditField, unknown>): AnswerRow[] {
  return AUDIT_ANSWER_QUESTIONS.map(({ field, question }) => ({ field, question, answer: labelled(audit[field], auditOptions[field]) }));
}

/** The score by category, as the visitor saw it on their results. */
export const auditBreakdown = (audit: ScoredAnswers, findings?: SiteFindings): CategoryScore[] => scoreBreakdown(audit, findings);

const intakeOptions: Partial<Record<IntakeAnswerField, Options>> = { industry: intakeIndustryOptions, monthlyMarketingBudget: budgetOptions };

/** The Q4 application's questions, in the form's order: the headings of the answer rows and of the CSV export. */
export const INTAKE_ANSWER_QUESTIONS: readonly { field: IntakeAnswerField; question: string }[] = INTAKE_ANSWER_FIELDS.map((field) => ({
  field,
  question: intakeQuestions[field],
}));

/** The Q4 application's answers, in the form's order (each consent box as ticked or not; an application from before the marketing box has none). */
export function intakeAnswerRows(application: Partial<Record<IntakeAnswerField, unknown>>): AnswerRow[] {
  const answer = (field: IntakeAnswerField): string => {
    if (field === 'caslConsent') return application.caslConsent === 'true' ? 'Yes, ticked' : NO_ANSWER;
    if (field === 'marketingConsent') return application.marketingConsent === true ? 'Yes, ticked' : 'No, left unticked';
    return labelled(application[field], intakeOptions[field]);
  };
  return INTAKE_ANSWER_QUESTIONS.map(({ field, question }) => ({ field, question, answer: answer(field) }));
}

/**
 * What a visitor who booked without an audit or an application told us: their name and email (the
 * lead's), and the phone and note of the booking they made it with (their first, when they made more).
 */
export function bookingAnswerRows(
  lead: { name: string | null; email: string | null },
  booking: { phone: string | null; note: string | null } | null,
): AnswerRow[] {
  const answer = (v: string | null | undefined) => (v ? v : NO_ANSWER);
  return [
    { field: 'name', question: 'Name', answer: answer(lead.name) },
    { field: 'email', question: 'Email', answer: answer(lead.email) },
    { field: 'phone', question: 'Phone', answer: answer(booking?.phone) },
    { field: 'note', question: 'Anything we should know?', answer: answer(booking?.note) },
  ];
}
