import { expect, test } from 'bun:test';
import { RESULTS_FOLLOW_UP } from '../audit/next-step.ts';
import { auditResultsEmail, emailText, type LeadNotice } from '../leads/emails.ts';
import { intake } from '../site.ts';
import { auditPoints, contactIntro } from './home.ts';

// The points beside the audit form stay true before and after the results show (they are server-rendered
// and do not change with the island), and agree with the results' follow-up line and the results email.

const within = `within ${intake.reviewBusinessDays} business days`;

test('beside the form: results on screen and by email, a strategist within the promised business days, no "only if you want"', () => {
  expect(contactIntro.points).toEqual(auditPoints);
  expect(auditPoints).toContain('Results on screen right away, and a copy by email');
  expect(auditPoints as readonly string[]).toContain(`A strategist reaches out ${within}`);
  expect(auditPoints.join(' ')).not.toMatch(/only if you want/i);
});

test('the results say the same as the points, and so does the email the person receives', () => {
  expect(RESULTS_FOLLOW_UP).toContain('A copy of these results goes to your email');
  expect(RESULTS_FOLLOW_UP).toContain(`reaches out ${within}`);
  const notice = {
    kind: 'audit',
    id: 'aaaaaaaa-1111-4111-8111-aaaaaaaaaaaa',
    createdAt: new Date('2026-11-24T15:00:00Z'),
    replyBy: new Date('2026-11-26T23:00:00Z'),
    firstName: 'Priya',
    lastName: 'Raman',
    business: 'Danforth Strength Club',
    email: 'priya@danforthstrength.ca',
    phone: null,
    industry: 'fitness',
    marketingConsent: false,
    firstTouch: null,
    page: '/',
    audit: {
      score: 58,
      tier: 'growth',
      estimatedValue: '4800',
      breakdown: [],
      recommended: [],
      resultsToken: null,
      answers: { monthlyRevenue: '10000-25000', marketingBudget: '1000-5000', primaryGoals: ['lead-generation'] },
    },
    application: null,
  } satisfies LeadNotice;
  expect(emailText(auditResultsEmail(notice, 'https://example.ca'))).toContain(`A strategist will also reach out ${within}`);
});
