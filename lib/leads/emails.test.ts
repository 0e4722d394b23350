import { describe, expect, test } from 'bun:test';
import { nextStepFor } from '../audit/next-step.ts';
import { estimateWorking, scoreBreakdown } from '../audit/scoring.ts';
import { thankYou } from '../content/intake.ts';
import { agency, mailingAddressLine } from '../site.ts';
import {
  applicationReceivedEmail,
  auditResultsEmail,
  type EmailBlock,
  type EmailMessage,
  emailText,
  type LeadNotice,
  newLeadEmail,
  textParts,
} from './emails.ts';
import { leadErasedWebhookBody, leadErasedWebhookId, leadWebhookBody, leadWebhookId } from './webhook.ts';

const SITE = 'https://toronto.northlinedigital.ca';
const TOKEN = 'T'.repeat(43);

const answers = {
  website: null,
  currentMarketing: ['social-media' as const],
  primaryGoals: ['lead-generation' as const],
  currentChallenges: ['time' as const],
  onlinePresence: 'fair' as const,
  competitorAnalysis: 'some-idea' as const,
  previousAgency: 'no' as const,
  monthlyRevenue: '10000-25000' as const,
  marketingBudget: '1000-5000' as const,
  industry: 'fitness' as const,
  timeframe: '3-6-months' as const,
};

const auditNotice: LeadNotice = {
  kind: 'audit',
  id: 'aaaaaaaa-1111-4111-8111-aaaaaaaaaaaa',
  createdAt: new Date('2026-11-24T15:00:00Z'),
  replyBy: new Date('2026-11-26T23:00:00Z'),
  firstName: 'Priya',
  lastName: 'Raman',
  business: 'Danforth Strength Club',
  email: 'priya@danforthstrength.ca',
  phone: '(416) 555-0188',
  industry: 'fitness',
  marketingConsent: false,
  firstTouch: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'gyms-fall', landing: '/services/lead-generation', at: '2026-11-20T14:00:00.000Z' },
  page: '/',
  audit: {
    score: 58,
    tier: 'growth',
    estimatedValue: '4800',
    breakdown: scoreBreakdown(answers),
    recommended: ['lead-generation', 'social-media-management'],
    resultsToken: TOKEN,
    answers: { monthlyRevenue: answers.monthlyRevenue, marketingBudget: answers.marketingBudget, primaryGoals: answers.primaryGoals },
  },
  application: null,
};

const intakeNotice: LeadNotice = {
  ...auditNotice,
  kind: 'intake',
  id: 'bbbbbbbb-2222-4222-8222-bbbbbbbbbbbb',
  firstName: 'Marc',
  lastName: 'Tremblay',
  business: 'Leslieville Home Renovations',
  email: 'marc@leslievillereno.ca',
  phone: '416-555-0111',
  industry: 'contractors',
  marketingConsent: true,
  firstTouch: null,
  audit: null,
  application: { budget: '2500-5000', city: 'Toronto', website: 'https://leslievillereno.ca', biggestGoal: 'Book more kitchen jobs in the spring.' },
};

const allText = (m: EmailMessage) => `${m.subject}\n${m.preheader}\n${emailText(m)}`;

describe('the new-lead email to the team', () => {
  test('an audit: who, business, score, reply-by, where they came from and the link to the lead', () => {
    const m = newLeadEmail(auditNotice, SITE);
    expect(m.subject).toBe('New audit lead: Danforth Strength Club');
    const text = emailText(m);
    for (const part of [
      'Priya Raman',
      'priya@danforthstrength.ca',
      '(416) 555-0188',
      'Fitness',
      'Audit score: 58/100: Good potential for growth',
      'Package tier: Growth',
      '$4,800/month',
      'Thursday, November 26, 2026 at 6:00 p.m., Toronto time',
      'google / cpc · gyms-fall',
      'Landed on: /services/lead-generation',
      'Marketing emails: No',
      `${SITE}/admin/leads/audit/${auditNotice.id}`,
    ])
      expect(text).toContain(part);
  });

  test('an application: the budget instead of a score, and the biggest goal', () => {
    const text = emailText(newLeadEmail(intakeNotice, SITE));
    expect(newLeadEmail(intakeNotice, SITE).subject).toBe('New Q4 application: Leslieville Home Renovations');
    expect(text).toContain('Monthly budget: $2,500 – $5,000 a month');
    expect(text).toContain('Book more kitchen jobs in the spring.');
    expect(text).toContain('Came from: direct / none');
    expect(text).not.toContain('Audit score');
  });
});

describe('the audit results email to the prospect', () => {
  const m = auditResultsEmail(auditNotice, SITE);

  test('score, message, every category with its explanation, value, services with links, the private link', () => {
    const text = emailText(m);
    expect(text).toContain('Your score: 58/100. Good potential for growth');
    for (const c of auditNotice.audit?.breakdown ?? []) expect(text).toContain(`- ${c.label}: ${c.points}/${c.max}. ${c.why}`);
    expect(text).toContain('$4,800/month');
    expect(text).toContain(`- Lead Generation: ${SITE}/services/lead-generation`);
    expect(text).toContain(`- Social Media Management: ${SITE}/services/social-media-management`);
    expect(text).toContain(`See your results online: ${SITE}/audit/results/${TOKEN}`);
    expect(text).toContain('works until Monday, February 22, 2027');
    expect(text).toContain(`Book Free Consultation: ${SITE}/book?results=${TOKEN}`);
  });

  test('one primary button, the booking; the results link is the secondary one; the estimate a figure of its own, with its basis', () => {
    const buttons = m.blocks.filter((b): b is Extract<EmailBlock, { kind: 'button' }> => b.kind === 'button');
    expect(buttons.map((b) => [b.label, b.secondary ?? false])).toEqual([
      ['See your results online', true],
      ['Book Free Consultation', false],
    ]);
    expect(m.blocks.find((b) => b.kind === 'figure')).toEqual({
      kind: 'figure',
      label: 'Estimated value of the growth within reach',
      value: '$4,800/month',
      note: estimateWorking(answers),
    });
    expect(emailText(m)).toContain(`Estimated value of the growth within reach: $4,800/month\n${estimateWorking(answers)}\n`);
  });

  test('an enterprise audit offers the enterprise consultation and cites the $40K of data insights', () => {
    const text = emailText(
      auditResultsEmail({ ...auditNotice, audit: { ...(auditNotice.audit as NonNullable<LeadNotice['audit']>), tier: 'enterprise' } }, SITE),
    );
    expect(text).toContain('Schedule Enterprise Consultation');
    expect(text).toContain('$40K worth of data insights');
    // The same words as the results page for a business of this size and budget, not a pricier program.
    const next = nextStepFor({ packageTier: 'enterprise', industry: 'fitness', marketingBudget: '1000-5000' });
    expect(text).toContain(`${next.heading} ${next.text}`);
    expect(text).not.toContain('our enterprise program');
  });

  test('the estimate carries its working, as the results page shows it', () => {
    expect(emailText(m)).toContain(estimateWorking(answers));
  });

  test('says why the person gets it, and who sent it with a mailing address and a contact (CASL)', () => {
    const text = emailText(m);
    expect(text).toContain('because you asked for your audit results');
    expect(text).toContain('You did not sign up for our marketing emails');
    expect(text).toContain(mailingAddressLine);
    expect(text).toContain(agency.legalName);
    expect(text).toContain(agency.phoneDisplay);
    expect(text).toContain(agency.email);
  });
});

describe('the application receipt', () => {
  test('what happens next, the concrete reply-by date and the Rush tip', () => {
    const m = applicationReceivedEmail(intakeNotice, SITE);
    expect(m.subject).toBe('We got your Q4 application');
    expect(m.heading).toBe("You're on the Q4 list.");
    const text = emailText(m);
    expect(text).toContain('by Thursday, November 26, 2026 at 6:00 p.m., Toronto time');
    expect(text).toContain('45–60 minute strategy session');
    expect(text).toContain("Tip: Need to start sooner? Reply 'Rush' with your ideal start date");
    expect(text).toContain('You also asked for our marketing emails');
    expect(text).toContain(mailingAddressLine);
  });

  test("its promise of three rapid growth plays is kept: the thank-you page's three, in the email", () => {
    const m = applicationReceivedEmail(intakeNotice, SITE);
    expect(emailText(m)).toContain('plus the three rapid growth plays below');
    const plays = m.blocks.find((b) => b.kind === 'steps' && b.title === 'Three rapid growth plays you can start this week');
    expect(plays).toEqual({
      kind: 'steps',
      title: 'Three rapid growth plays you can start this week',
      items: thankYou.plays.map((p) => `${p.title}. ${p.text}`),
    });
    expect(thankYou.plays).toHaveLength(3);
  });

  test('it mentions marketing emails as asked for only when the optional box was ticked', () => {
    const without = emailText(applicationReceivedEmail({ ...intakeNotice, marketingConsent: false }, SITE));
    expect(without).not.toContain('You also asked for our marketing emails');
    expect(without).toContain('You did not sign up for our marketing emails, so we will not send you any.');
    expect(emailText(applicationReceivedEmail(intakeNotice, SITE))).toContain('You also asked for our marketing emails');
  });
});

test('no subject or preheader carries personal data beyond the business name', () => {
  for (const [m, notice] of [
    [newLeadEmail(auditNotice, SITE), auditNotice],
    [newLeadEmail(intakeNotice, SITE), intakeNotice],
    [auditResultsEmail(auditNotice, SITE), auditNotice],
    [applicationReceivedEmail(intakeNotice, SITE), intakeNotice],
  ] as const) {
    for (const line of [m.subject, m.preheader]) {
      for (const personal of [notice.firstName, notice.lastName, notice.email, notice.phone ?? '-'])
        expect(line.toLowerCase()).not.toContain(personal.toLowerCase());
    }
    expect(allText(m)).not.toContain('undefined');
    expect(allText(m)).not.toContain('null');
  }
});

describe('the webhook body', () => {
  test('the lead with its score or budget, its first-touch source and the inbox link', () => {
    expect(leadWebhookBody(auditNotice, SITE)).toEqual({
      type: 'lead.created',
      timestamp: '2026-11-24T15:00:00.000Z',
      data: {
        type: 'audit',
        id: auditNotice.id,
        createdAt: '2026-11-24T15:00:00.000Z',
        name: 'Priya Raman',
        business: 'Danforth Strength Club',
        email: 'priya@danforthstrength.ca',
        phone: '(416) 555-0188',
        score: 58,
        tier: 'growth',
        budget: null,
        source: {
          source: 'google',
          medium: 'cpc',
          campaign: 'gyms-fall',
          referrer: null,
          landing: '/services/lead-generation',
          touchedAt: '2026-11-20T14:00:00.000Z',
        },
        url: `${SITE}/admin/leads/audit/${auditNotice.id}`,
      },
    });
    const intake = leadWebhookBody(intakeNotice, SITE).data;
    expect([intake.score, intake.tier, intake.budget, intake.source.source]).toEqual([null, null, '2500-5000', 'direct']);
  });

  test('the same lead gives the same id and bytes every time (a receiver drops retried copies)', () => {
    expect(leadWebhookId(auditNotice)).toBe(`msg_lead_audit_${auditNotice.id}`);
    expect(JSON.stringify(leadWebhookBody(auditNotice, SITE))).toBe(JSON.stringify(leadWebhookBody(auditNotice, SITE)));
  });

  test('an erasure: which lead and when, nothing personal, its own id, the same bytes every time', () => {
    const erased = { kind: 'audit' as const, id: auditNotice.id, erasedAt: new Date('2026-11-30T20:15:00Z') };
    expect(leadErasedWebhookBody(erased)).toEqual({
      type: 'lead.erased',
      timestamp: '2026-11-30T20:15:00.000Z',
      data: { type: 'audit', id: auditNotice.id, erasedAt: '2026-11-30T20:15:00.000Z' },
    });
    expect(leadErasedWebhookId(erased)).toBe(`msg_lead_erased_audit_${auditNotice.id}`);
    expect(leadErasedWebhookId(erased)).not.toBe(leadWebhookId(auditNotice));
    expect(JSON.stringify(leadErasedWebhookBody(erased))).toBe(JSON.stringify(leadErasedWebhookBody({ ...erased })));
  });
});

describe('textParts: the runs of an email’s text as its HTML shows them', () => {
  test('the agency’s phone, email and site are links; the rest is as written', () => {
    expect(textParts('Reply to this email or call us at (416) 555-0142.')).toEqual([
      { text: 'Reply to this email or call us at ' },
      { text: '(416) 555-0142', href: 'tel:+1-416-555-0142', nowrap: true },
      { text: '.' },
    ]);
    expect(textParts('(416) 555-0142 · hello@northlinedigital.ca · https://northlinedigital.ca')).toEqual([
      { text: '(416) 555-0142', href: 'tel:+1-416-555-0142', nowrap: true },
      { text: ' · ' },
      { text: 'hello@northlinedigital.ca', href: 'mailto:hello@northlinedigital.ca' },
      { text: ' · ' },
      { text: 'northlinedigital.ca', href: 'https://northlinedigital.ca' },
    ]);
  });

  test('the mailing address breaks only between its parts', () => {
    const parts = textParts(`${agency.legalName} (${agency.name}), ${mailingAddressLine}`);
    expect(parts.map((p) => p.text).join('')).toBe(`${agency.legalName} (${agency.name}), ${mailingAddressLine}`);
    expect(parts.filter((p) => p.nowrap).map((p) => p.text)).toEqual(['312 Adelaide Street West', 'Suite 400', 'Toronto', 'ON M5V 1R2']);
  });

  test('a longer address that starts like ours is not cut; text with none of them is one run; empty is none', () => {
    expect(textParts('See https://northlinedigital.ca/privacy-policy or write to team.hello@northlinedigital.ca')).toEqual([
      { text: 'See https://northlinedigital.ca/privacy-policy or write to team.hello@northlinedigital.ca' },
    ]);
    expect(textParts('Hi Dana, thanks.')).toEqual([{ text: 'Hi Dana, thanks.' }]);
    expect(textParts('')).toEqual([]);
  });

  test('every sentence of every email survives it word for word', () => {
    for (const message of [newLeadEmail(auditNotice, SITE), auditResultsEmail(auditNotice, SITE), applicationReceivedEmail(intakeNotice, SITE)])
      for (const line of [...message.footer, ...message.blocks.flatMap((b) => (b.kind === 'paragraph' || b.kind === 'tip' ? [b.text] : []))])
        expect(
          textParts(line)
            .map((p) => p.text)
            .join(''),
        ).toBe(line.replace('https://northlinedigital.ca', 'northlinedigital.ca'));
  });
});
