import { expect, test } from 'bun:test';
import { AUDIT_FIELDS } from '../audit/schema.ts';
import { INTAKE_ANSWER_FIELDS } from '../intake/schema.ts';
import { auditAnswerRows, bookingAnswerRows, intakeAnswerRows, NO_ANSWER } from './answers.ts';

test("an audit's 16 answers with the form's questions and the options' labels", () => {
  const rows = auditAnswerRows({
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya@example.com',
    phone: null,
    businessName: 'Leslieville Bakery',
    industry: 'restaurants',
    website: null,
    monthlyRevenue: '10000-25000',
    currentMarketing: ['seo', 'referrals'],
    marketingBudget: '1000-5000',
    primaryGoals: [],
    timeframe: '1-3-months',
    currentChallenges: ['tracking'],
    onlinePresence: 'fair',
    competitorAnalysis: 'some-idea',
    previousAgency: 'no',
  });
  expect(rows.map((r) => r.field)).toEqual([...AUDIT_FIELDS]);
  const answer = (field: string) => rows.find((r) => r.field === field)?.answer;
  expect(answer('industry')).toBe('Restaurants & food');
  expect(answer('currentMarketing')).toBe('SEO; Word of mouth & referrals');
  expect(answer('monthlyRevenue')).toBe('$10,000 – $25,000');
  expect(answer('primaryGoals')).toBe(NO_ANSWER);
  expect(answer('phone')).toBe(NO_ANSWER);
  expect(rows.find((r) => r.field === 'timeframe')?.question).toBe('When do you want to see results?');
});

test("an application's answers, and the consent wording by its version", () => {
  const rows = intakeAnswerRows({
    firstName: 'Priya',
    lastName: 'Raman',
    workEmail: 'priya@glow.example',
    mobile: '416-555-0188',
    company: 'Glow Medspa',
    website: null,
    industry: 'medspas',
    city: 'Toronto',
    monthlyMarketingBudget: '2500-5000',
    biggestGoal: 'Fill weekday afternoons.',
    howDidYouHear: null,
    caslConsent: 'true',
    marketingConsent: false,
  });
  expect(rows.map((r) => r.field)).toEqual([...INTAKE_ANSWER_FIELDS]);
  expect(rows.find((r) => r.field === 'monthlyMarketingBudget')?.answer).toBe('$2,500 – $5,000 a month');
  expect(rows.find((r) => r.field === 'caslConsent')?.answer).toBe('Yes, ticked');
  // The marketing box is its own answer: applying is not agreeing to marketing.
  expect(rows.find((r) => r.field === 'marketingConsent')).toEqual({
    field: 'marketingConsent',
    question: 'Marketing emails (optional box)',
    answer: 'No, left unticked',
  });
  expect(intakeAnswerRows({ caslConsent: 'true', marketingConsent: true }).find((r) => r.field === 'marketingConsent')?.answer).toBe('Yes, ticked');
});

test("a booking's lead: name and email from the lead, phone and note from its session, missing ones said", () => {
  expect(bookingAnswerRows({ name: 'Amira Haddad', email: 'amira@haddad-dental.ca' }, { phone: '416-555-0199', note: 'Two clinics.' })).toEqual([
    { field: 'name', question: 'Name', answer: 'Amira Haddad' },
    { field: 'email', question: 'Email', answer: 'amira@haddad-dental.ca' },
    { field: 'phone', question: 'Phone', answer: '416-555-0199' },
    { field: 'note', question: 'Anything we should know?', answer: 'Two clinics.' },
  ]);
  expect(bookingAnswerRows({ name: 'Amira', email: 'a@b.ca' }, null).map((r) => r.answer)).toEqual(['Amira', 'a@b.ca', NO_ANSWER, NO_ANSWER]);
});
