import { describe, expect, test } from 'bun:test';
import { fitsQ4Cohort, type NextStepAnswers, nextStepFor, RESULTS_FOLLOW_UP, RESULTS_FOLLOW_UP_NO_EMAIL } from './next-step.ts';
import { industryOptions, marketingBudgetOptions } from './schema.ts';
import { packageTier } from './scoring.ts';

const medspa: NextStepAnswers = { packageTier: 'enterprise', industry: 'healthcare', marketingBudget: '1000-5000' };

const Q4_FIT =
  'If you serve customers in Toronto, you fit our Q4 intake: 6 client slots this quarter for local service businesses, with packages from about $1,500 a month plus ad spend.';

describe('who fits the Q4 cohort', () => {
  test('local service industries with a budget from $1,000 a month', () => {
    const fits = industryOptions.filter((o) => fitsQ4Cohort({ industry: o.value, marketingBudget: '1000-5000' })).map((o) => o.value);
    expect(fits).toEqual(['healthcare', 'legal', 'real-estate', 'fitness', 'professional-services', 'construction', 'automotive', 'other']);
    for (const { value } of marketingBudgetOptions) expect(fitsQ4Cohort({ industry: 'construction', marketingBudget: value })).toBe(value !== '0-1000');
  });
});

describe('the enterprise tier, in words that fit the business', () => {
  test('a medspa in the top revenue band spending $1–5K a month: enterprise-level data, built around its budget, and the Q4 intake beside it', () => {
    expect(packageTier({ monthlyRevenue: '50000+', marketingBudget: '1000-5000' })).toBe('enterprise');
    expect(nextStepFor(medspa)).toEqual({
      heading: 'Your business qualifies for enterprise-level data and strategy.',
      text: 'At your size you get our full big data toolkit: $40K worth of data insights on search demand, competitors and customers in your area, and a senior strategist on your account. Enterprise here describes the size of your business, not a bigger plan: the consultation builds the work around your marketing budget of $1,000–$5,000 a month.',
      bookLabel: 'Schedule Enterprise Consultation',
      intake: { text: Q4_FIT, label: 'Apply for a Q4 slot' },
      followUp: RESULTS_FOLLOW_UP,
    });
    expect(JSON.stringify(nextStepFor(medspa))).not.toContain('enterprise program');
  });

  test('each budget below the top band is named as the budget the work is built around', () => {
    const budgets = { '0-1000': 'under $1,000', '1000-5000': '$1,000–$5,000', '5000-15000': '$5,000–$15,000' } as const;
    for (const [marketingBudget, words] of Object.entries(budgets) as [keyof typeof budgets, string][])
      expect(nextStepFor({ ...medspa, marketingBudget }).text).toEndWith(`builds the work around your marketing budget of ${words} a month.`);
  });

  test('a budget of $15,000 or more: the enterprise program, as the spec words it', () => {
    const step = nextStepFor({ ...medspa, marketingBudget: '15000+' });
    expect(step.heading).toBe('Your business qualifies for our enterprise program.');
    expect(step.text).toBe(
      'With $15,000 or more a month for marketing, you get our full big data toolkit: $40K worth of data insights on search demand, competitors and customers in your area, and a senior strategist on your account.',
    );
    expect(step.bookLabel).toBe('Schedule Enterprise Consultation');
  });

  test('the spec’s citation and link in every enterprise case; the intake only where it fits', () => {
    for (const { value: industry } of industryOptions)
      for (const { value: marketingBudget } of marketingBudgetOptions) {
        const step = nextStepFor({ packageTier: 'enterprise', industry, marketingBudget });
        expect(step.text).toContain('$40K worth of data insights');
        expect(step.bookLabel).toBe('Schedule Enterprise Consultation');
        expect(step.intake?.label ?? null).toBe(fitsQ4Cohort({ industry, marketingBudget }) ? 'Apply for a Q4 slot' : null);
      }
  });
});

describe('the growth and starter tiers', () => {
  const consultation = {
    heading: 'Your next step: a free strategy session',
    text: 'A specialist goes through these results with you by video call or phone, and you leave with the first three moves for your business. No cost, and no obligation.',
    bookLabel: 'Book Free Consultation',
  } as const;

  test('a business in the Q4 cohort: the consultation, then Get Started for the Q4 intake', () => {
    for (const packageTier of ['growth', 'starter'])
      expect(nextStepFor({ packageTier, industry: 'other', marketingBudget: '1000-5000' })).toEqual({
        ...consultation,
        intake: { text: Q4_FIT, label: 'Get Started' },
        followUp: RESULTS_FOLLOW_UP,
      });
  });

  test('a budget under $1,000: Get Started says where packages start', () => {
    expect(nextStepFor({ packageTier: 'starter', industry: 'other', marketingBudget: '0-1000' }).intake).toEqual({
      text: 'Ready to apply as a client instead? Packages typically start from about $1,500 a month plus ad spend.',
      label: 'Get Started',
    });
  });

  test('an industry outside the cohort: Get Started says who this quarter’s slots are for', () => {
    for (const industry of ['retail', 'restaurants', 'technology'])
      expect(nextStepFor({ packageTier: 'growth', industry, marketingBudget: '5000-15000' }).intake).toEqual({
        text: 'Ready to apply as a client instead? This quarter’s slots go to Toronto local service businesses, and we reply to every application within 2 business days.',
        label: 'Get Started',
      });
  });

  test('every lower tier keeps the spec’s two links', () => {
    for (const { value: industry } of industryOptions)
      for (const { value: marketingBudget } of marketingBudgetOptions) {
        const step = nextStepFor({ packageTier: 'starter', industry, marketingBudget });
        expect([step.bookLabel, step.intake?.label]).toEqual(['Book Free Consultation', 'Get Started']);
      }
  });
});

test('what happens anyway: the emailed copy and the strategist’s reply, as the results email says', () => {
  expect(RESULTS_FOLLOW_UP).toBe(
    'A copy of these results goes to your email, with a private link to come back to them. A strategist also reaches out within 2 business days.',
  );
});

test('where no email can go out, the results do not promise one: the page’s own address is the way back', () => {
  const answers: NextStepAnswers = { packageTier: 'growth', industry: 'healthcare', marketingBudget: '1000-5000' };
  expect(nextStepFor(answers).followUp).toBe(RESULTS_FOLLOW_UP);
  expect(nextStepFor(answers, { emailed: false }).followUp).toBe(RESULTS_FOLLOW_UP_NO_EMAIL);
  expect(RESULTS_FOLLOW_UP_NO_EMAIL).not.toContain('email');
  expect(RESULTS_FOLLOW_UP_NO_EMAIL).toEndWith('A strategist also reaches out within 2 business days.');
});
