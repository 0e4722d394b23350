/**
 * The results' one next step, in words that fit the business: the booking (the primary button), the
 * Q4 intake where it fits, and what happens anyway (the emailed copy, the strategist's reply).
 *
 * The spec fixes the tier's rule (lib/audit/scoring.ts packageTier) and these strings: an enterprise
 * tier shows an enterprise-qualified message citing '$40K worth of data insights' with a 'Schedule
 * Enterprise Consultation' link; any other tier shows 'Book Free Consultation' and 'Get Started'. What
 * surrounds them follows the answers: a business in the enterprise tier for its revenue but with a
 * modest budget is told the work is built around that budget, not offered a bigger program.
 */

import { figures, intake } from '../site.ts';
import type { Industry, MarketingBudget } from './schema.ts';

export type NextStepAnswers = { packageTier: string; industry: string; marketingBudget: MarketingBudget };

export type NextStep = {
  heading: string;
  text: string;
  /** The primary button, to the booking page joined to this audit. */
  bookLabel: 'Schedule Enterprise Consultation' | 'Book Free Consultation';
  /** The Q4 intake, offered second; null where it does not fit an enterprise-tier business. */
  intake: { text: string; label: 'Get Started' | 'Apply for a Q4 slot' } | null;
  /** What happens whatever the visitor does next: true the moment the results show, and later on the results page. */
  followUp: string;
};

/** The audit industries the Q4 cohort takes (local service businesses: cleaners, medspas, contractors, coaches and the like). */
const Q4_INDUSTRIES: ReadonlySet<Industry> = new Set<Industry>([
  'healthcare',
  'legal',
  'real-estate',
  'fitness',
  'professional-services',
  'construction',
  'automotive',
  'other',
]);

/** Packages start from about $1,500 a month, so a budget under $1,000 does not fit the cohort yet. */
export const fitsQ4Cohort = (a: Pick<NextStepAnswers, 'industry' | 'marketingBudget'>): boolean =>
  Q4_INDUSTRIES.has(a.industry as Industry) && a.marketingBudget !== '0-1000';

const BUDGET_WORDS: Record<MarketingBudget, string> = {
  '0-1000': 'under $1,000',
  '1000-5000': '$1,000–$5,000',
  '5000-15000': '$5,000–$15,000',
  '15000+': '$15,000 or more',
};

const toolkit = `our full big data toolkit: ${figures.dataToolsPerYear} worth of data insights on search demand, competitors and customers in your area, and a senior strategist on your account`;

const Q4_FIT = `If you serve customers in Toronto, you fit our Q4 intake: ${intake.q4Slots} client slots this quarter for local service businesses, with packages from about ${intake.packagesFromMonthly} a month plus ad spend.`;

export const RESULTS_FOLLOW_UP = `A copy of these results goes to your email, with a private link to come back to them. A strategist also reaches out within ${intake.reviewBusinessDays} business days.`;
/** Where no email can go out (no mail server set up): the page's own address is the way back. */
export const RESULTS_FOLLOW_UP_NO_EMAIL = `This page’s address is your private link back to these results: bookmark it to come back. A strategist also reaches out within ${intake.reviewBusinessDays} business days.`;

/** `emailed`: whether the results go to the person by email (a mail server is set up). */
export function nextStepFor(a: NextStepAnswers, { emailed = true }: { emailed?: boolean } = {}): NextStep {
  const fits = fitsQ4Cohort(a);
  const followUp = emailed ? RESULTS_FOLLOW_UP : RESULTS_FOLLOW_UP_NO_EMAIL;
  if (a.packageTier === 'enterprise') {
    const bigBudget = a.marketingBudget === '15000+';
    return {
      heading: bigBudget ? 'Your business qualifies for our enterprise program.' : 'Your business qualifies for enterprise-level data and strategy.',
      text: bigBudget
        ? `With ${BUDGET_WORDS['15000+']} a month for marketing, you get ${toolkit}.`
        : `At your size you get ${toolkit}. Enterprise here describes the size of your business, not a bigger plan: the consultation builds the work around your marketing budget of ${BUDGET_WORDS[a.marketingBudget]} a month.`,
      bookLabel: 'Schedule Enterprise Consultation',
      intake: fits ? { text: Q4_FIT, label: 'Apply for a Q4 slot' } : null,
      followUp,
    };
  }
  return {
    heading: 'Your next step: a free strategy session',
    text: 'A specialist goes through these results with you by video call or phone, and you leave with the first three moves for your business. No cost, and no obligation.',
    bookLabel: 'Book Free Consultation',
    intake: { text: fits ? Q4_FIT : notYetQ4(a.marketingBudget), label: 'Get Started' },
    followUp,
  };
}

/** The spec's Get Started for a business outside the Q4 cohort: what applying means for it, plainly. */
function notYetQ4(budget: MarketingBudget): string {
  return budget === '0-1000'
    ? `Ready to apply as a client instead? Packages typically start from about ${intake.packagesFromMonthly} a month plus ad spend.`
    : `Ready to apply as a client instead? This quarter’s slots go to Toronto local service businesses, and we reply to every application within ${intake.reviewBusinessDays} business days.`;
}
