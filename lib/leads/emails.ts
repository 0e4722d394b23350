import { nextStepFor } from '../audit/next-step.ts';
import { bookingPathFor, resultsLinkExpiresAt, resultsPath } from '../audit/results-link.ts';
import { type AuditAnswers, industryOptions as auditIndustries } from '../audit/schema.ts';
import { type CategoryScore, estimateWorking, formatDollars, scoreMessage } from '../audit/scoring.ts';
import { reasonWords } from '../audit/site-check.ts';
import { thankYou } from '../content/intake.ts';
import { industryOptions as intakeIndustries } from '../intake/schema.ts';
import { agency, intake, links, mailingAddressLine, type ServiceSlug, servicePath, serviceTitle } from '../site.ts';
import { SITE_CHECK_FIXED_BY } from '../site-check/labels.ts';
import type { FindingStatus, SiteCheck } from '../site-check/types.ts';
import { formatClockTime, formatWeekdayDate } from '../time/display.ts';
import { describeTouch, type Touch } from './attribution.ts';
import { budgetLabel, type LeadKind, leadPath, tierLabel } from './pipeline.ts';

// The three emails a lead sets off, as content: the team's new-lead notice, the audit results the
// prospect asked for, and the Q4 applicant's receipt. Each is a subject, a heading and blocks, which
// features/leads/delivery renders twice, as plain text (emailText, here) and as HTML (React). Pure.
// No subject carries personal data beyond the business name (subjects show in lock screens and logs).

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: { label: string; value: string; href?: string }[] }
  | { kind: 'score'; score: number; message: string }
  | { kind: 'breakdown'; title: string; rows: { label: string; points: number; max: number; why: string }[] }
  | { kind: 'links'; title: string; items: { label: string; href: string }[] }
  | { kind: 'steps'; title: string; items: string[] }
  /** The email's one call to action; `secondary` for any other button, which must not compete with it. */
  | { kind: 'button'; label: string; href: string; secondary?: boolean }
  | { kind: 'tip'; label: string; text: string }
  /** One figure that matters, on its own: its label above, the value large, a note on how it was reached. */
  | { kind: 'figure'; label: string; value: string; note?: string }
  /** A list of things to do, each a link with a line or two under it and, when it is late, its lateness marked. */
  | { kind: 'tasks'; title: string; items: { label: string; href: string; lines: string[]; late?: boolean }[] };

export type EmailMessage = {
  subject: string;
  /** The line mail apps show after the subject. */
  preheader: string;
  heading: string;
  blocks: EmailBlock[];
  /** Who sent it and why the person gets it (CASL: the sender's name, mailing address and a contact method). */
  footer: string[];
};

/** A stored lead with what its emails need (db/queries/lead-notice.ts reads it). */
export type LeadNotice = {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  replyBy: Date;
  firstName: string;
  lastName: string;
  business: string;
  email: string;
  phone: string | null;
  industry: string;
  marketingConsent: boolean;
  firstTouch: Touch | null;
  page: string | null;
  audit: {
    score: number;
    tier: string;
    estimatedValue: string;
    breakdown: CategoryScore[];
    recommended: ServiceSlug[];
    resultsToken: string | null;
    /** The answers the estimate and the next step are worked out from, as on the results page. */
    answers: Pick<AuditAnswers, 'monthlyRevenue' | 'marketingBudget' | 'primaryGoals'>;
    /** The website's check (issue 32), as it stands when the email goes; null when no website was given. */
    siteCheck?: SiteCheck | null;
  } | null;
  application: { budget: string; city: string; website: string | null; biggestGoal: string } | null;
};

const industryLabel = (notice: LeadNotice) =>
  (notice.kind === 'audit' ? auditIndustries : intakeIndustries).find((o) => o.value === notice.industry)?.label ?? notice.industry;

/** "Thursday, November 26, 2026 at 6:00 p.m." */
const when = (at: Date) => `${formatWeekdayDate(at)} at ${formatClockTime(at)}`;

/** Every email says who sent it, from where, and how to reach a person. */
export const senderLines = [`${agency.legalName} (${agency.name}), ${mailingAddressLine}`, `${agency.phoneDisplay} · ${agency.email} · ${links.mainSite}`];

/** The team's notice of a new lead: who, what they asked for, when to reply by, and where the lead is. */
export function newLeadEmail(notice: LeadNotice, siteUrl: string): EmailMessage {
  const audit = notice.kind === 'audit' ? notice.audit : null;
  const application = notice.kind === 'intake' ? notice.application : null;
  const name = `${notice.firstName} ${notice.lastName}`;
  const replyBy = when(notice.replyBy);
  const rows: { label: string; value: string; href?: string }[] = [
    { label: 'Name', value: name },
    { label: 'Business', value: notice.business },
    { label: 'Email', value: notice.email, href: `mailto:${notice.email}` },
    { label: 'Phone', value: notice.phone ?? 'Not given', href: notice.phone ? `tel:${notice.phone.replace(/[^\d+]/g, '')}` : undefined },
    { label: 'Industry', value: industryLabel(notice) },
  ];
  if (audit) {
    rows.push({ label: 'Audit score', value: `${audit.score}/100: ${scoreMessage(audit.score)}` });
    rows.push({ label: 'Package tier', value: tierLabel(audit.tier) });
    rows.push({ label: 'Estimated value', value: `${formatDollars(audit.estimatedValue)}/month` });
  }
  if (application) {
    rows.push({ label: 'Monthly budget', value: budgetLabel(application.budget) });
    rows.push({ label: 'City', value: application.city });
    if (application.website) rows.push({ label: 'Website', value: application.website, href: application.website });
  }
  rows.push({ label: 'Came from', value: describeTouch(notice.firstTouch) });
  if (notice.firstTouch) rows.push({ label: 'Landed on', value: notice.firstTouch.landing === '/' ? 'the home page (/)' : notice.firstTouch.landing });
  rows.push({ label: 'Marketing emails', value: notice.marketingConsent ? 'Yes, they agreed to receive them' : 'No: send only replies about this request' });
  const what = audit ? 'New audit lead' : 'New Q4 application';
  const blocks: EmailBlock[] = [
    {
      kind: 'paragraph',
      text: audit
        ? `${name} from ${notice.business} just took the free business growth audit on the website.`
        : `${name} from ${notice.business} just applied for a Q4 client slot.`,
    },
    { kind: 'tip', label: 'Reply by', text: `${replyBy}, Toronto time: our promise is a reply within ${intake.reviewBusinessDays} business days.` },
    { kind: 'facts', rows },
  ];
  if (application) blocks.push({ kind: 'paragraph', text: `Their biggest goal: “${application.biggestGoal}”` });
  blocks.push({ kind: 'button', label: 'Open the lead in the inbox', href: `${siteUrl}${leadPath(notice.kind, notice.id)}` });
  blocks.push({ kind: 'paragraph', text: `Reply to this email to write to ${notice.firstName} directly.` });
  return {
    subject: `${what}: ${notice.business}`,
    preheader: audit ? `Score ${audit.score}/100 · reply by ${replyBy}` : `Budget ${budgetLabel(application?.budget ?? null)} · reply by ${replyBy}`,
    heading: `${what}: ${notice.business}`,
    blocks,
    footer: [`Sent to the ${agency.name} team by the website, for each new lead (LEAD_NOTIFY_EMAIL).`, ...senderLines],
  };
}

const transactionalFooter = (notice: LeadNotice, asked: string) => [
  `You are getting this email because you ${asked} on our website. It is about your request only.`,
  notice.marketingConsent
    ? 'You also asked for our marketing emails; every one of them has an unsubscribe link.'
    : 'You did not sign up for our marketing emails, so we will not send you any.',
  ...senderLines,
];

/** The audit results the prospect asked for by submitting, and their private results link. */
export function auditResultsEmail(notice: LeadNotice, siteUrl: string): EmailMessage {
  const audit = notice.audit;
  if (!audit) throw new Error('an audit results email needs the audit');
  const message = scoreMessage(audit.score);
  // The same next step as the results page says (lib/audit/next-step.ts), in the same words.
  const next = nextStepFor({ packageTier: audit.tier, industry: notice.industry, marketingBudget: audit.answers.marketingBudget });
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Hi ${notice.firstName}, thanks for taking our free business growth audit. Here are your results for ${notice.business}.` },
    { kind: 'score', score: audit.score, message },
    { kind: 'breakdown', title: 'How your score adds up', rows: audit.breakdown.map(({ label, points, max, why }) => ({ label, points, max, why })) },
    {
      kind: 'figure',
      label: 'Estimated value of the growth within reach',
      value: `${formatDollars(audit.estimatedValue)}/month`,
      note: estimateWorking(audit.answers),
    },
    {
      kind: 'links',
      title: 'Recommended services for you',
      items: audit.recommended.map((slug) => ({ label: serviceTitle(slug), href: `${siteUrl}${servicePath(slug)}` })),
    },
  ];
  if (audit.siteCheck) blocks.push(...siteCheckBlocks(audit.siteCheck, siteUrl));
  if (audit.resultsToken) {
    // The booking below is the email's one primary button; this one is there to come back to.
    blocks.push({ kind: 'button', label: 'See your results online', href: `${siteUrl}${resultsPath(audit.resultsToken)}`, secondary: true });
    blocks.push({
      kind: 'paragraph',
      text: `This private link works until ${formatWeekdayDate(resultsLinkExpiresAt(notice.createdAt))}. Anyone who has it can see your results, so please keep it to yourself.`,
    });
  }
  blocks.push(
    { kind: 'paragraph', text: `${next.heading} ${next.text}` },
    { kind: 'button', label: next.bookLabel, href: `${siteUrl}${bookingPathFor(audit.resultsToken)}` },
    {
      kind: 'paragraph',
      text: `A strategist will also reach out within ${intake.reviewBusinessDays} business days. Questions before then? Reply to this email or call us at ${agency.phoneDisplay}.`,
    },
  );
  return {
    subject: `Your growth audit results for ${notice.business}`,
    preheader: `Your score: ${audit.score}/100. ${message}`,
    heading: `Your business growth audit: ${notice.business}`,
    blocks,
    footer: transactionalFooter(notice, 'asked for your audit results'),
  };
}

/** How each finding reads, first line of its item (a failure marked as the tasks block marks what is late). */
export const FINDING_WORDS: Record<FindingStatus, string> = { fail: 'Needs work', pass: 'Looks good', unknown: 'Could not tell' };
const FINDING_ORDER: Record<FindingStatus, number> = { fail: 0, unknown: 1, pass: 2 };

/** What the check of the prospect's website found, failures first, each linked to the service that fixes it; or why there is nothing yet. */
export function siteCheckBlocks(check: SiteCheck, siteUrl: string): EmailBlock[] {
  if (check.status === 'pending')
    return [{ kind: 'paragraph', text: 'We are still checking your website. What we find will be on your results page in a minute or two.' }];
  if (check.status !== 'done') return [{ kind: 'paragraph', text: `We could not check your website: ${reasonWords(check)}` }];
  if (check.checks.length === 0) return [];
  const fails = check.checks.filter((c) => c.status === 'fail').length;
  const passes = check.checks.filter((c) => c.status === 'pass').length;
  return [
    {
      kind: 'tasks',
      title: `What we found on your website: ${passes} of ${check.checks.length} checks passed, ${fails} need${fails === 1 ? 's' : ''} work`,
      items: [...check.checks]
        .sort((a, b) => FINDING_ORDER[a.status] - FINDING_ORDER[b.status])
        .map((c) => ({
          label: c.label,
          href: `${siteUrl}${servicePath(SITE_CHECK_FIXED_BY[c.key])}`,
          lines: [FINDING_WORDS[c.status], c.evidence, ...(c.status === 'fail' ? [`How we fix it: ${serviceTitle(SITE_CHECK_FIXED_BY[c.key])}`] : [])],
          late: c.status === 'fail',
        })),
    },
  ];
}

/**
 * The Q4 applicant's receipt: what happens next, by when, the Rush tip and the three rapid growth plays
 * from the thank-you page (its promise is kept here too). Whether they asked for marketing emails is
 * the optional box's answer alone (the lead's marketing consent), said in the footer.
 */
export function applicationReceivedEmail(notice: LeadNotice, siteUrl: string): EmailMessage {
  const replyBy = when(notice.replyBy);
  return {
    subject: 'We got your Q4 application',
    preheader: `We will reply by ${replyBy}, Toronto time.`,
    heading: thankYou.headline,
    blocks: [
      {
        kind: 'paragraph',
        text: `Hi ${notice.firstName}, thanks for applying for one of our ${intake.q4Slots} Q4 client slots for ${notice.business}. A real person on our team reads every application.`,
      },
      {
        kind: 'steps',
        title: 'What happens next',
        items: [
          `We review your application and email you within ${intake.reviewBusinessDays} business days: by ${replyBy}, Toronto time.`,
          `If it looks like a fit, that email has a link to book your ${intake.strategySessionMinutes} minute strategy session.`,
          'If the timing or the match is not right this quarter, you get priority for our next intake, plus the three rapid growth plays below, which you can start this week.',
        ],
      },
      { kind: 'tip', label: thankYou.rush.label, text: thankYou.rush.text },
      {
        kind: 'paragraph',
        text: `Would you rather talk sooner? Pick a time for your free ${intake.strategySessionMinutes} minute strategy session now: we will have read your application before we meet.`,
      },
      { kind: 'button', label: 'Book your strategy session', href: `${siteUrl}/book` },
      { kind: 'steps', title: 'Three rapid growth plays you can start this week', items: thankYou.plays.map((play) => `${play.title}. ${play.text}`) },
      { kind: 'paragraph', text: `Questions in the meantime? Reply to this email or call us at ${agency.phoneDisplay}.` },
    ],
    footer: transactionalFooter(notice, 'applied for our Q4 client intake'),
  };
}

/** A run of an email's text as HTML shows it: a link where it names how to reach us, kept on one line where a break would split it. */
export type TextPart = { text: string; href?: string; nowrap?: boolean };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The agency's own contact details wherever an email's words name them (a whole address only: not the site inside a longer link). */
const CONTACT_PARTS: { pattern: RegExp; parts: TextPart[] }[] = [
  {
    pattern: new RegExp(escaped(mailingAddressLine)),
    parts: joinedWith(', ', [...agency.address.street.split(', '), agency.address.city, `${agency.address.region} ${agency.address.postalCode}`]),
  },
  { pattern: new RegExp(escaped(agency.phoneDisplay)), parts: [{ text: agency.phoneDisplay, href: `tel:${agency.phone}`, nowrap: true }] },
  { pattern: new RegExp(`(?<![\\w.@-])${escaped(agency.email)}(?![\\w-])`), parts: [{ text: agency.email, href: `mailto:${agency.email}` }] },
  { pattern: new RegExp(`${escaped(links.mainSite)}(?![\\w/.-])`), parts: [{ text: links.mainSite.replace(/^https:\/\//, ''), href: links.mainSite }] },
];

function joinedWith(separator: string, pieces: string[]): TextPart[] {
  return pieces.flatMap((text, i) => [...(i > 0 ? [{ text: separator }] : []), { text, nowrap: true }]);
}

/**
 * An email's text in runs for its HTML part: the agency's phone, email and site become links (mail apps
 * link some of them by guessing, and not others), and the mailing address breaks only between its parts,
 * never inside "Suite 400" or "M5V 1R2". The plain-text part keeps the words as they are.
 */
export function textParts(text: string): TextPart[] {
  let first: { index: number; length: number; parts: TextPart[] } | null = null;
  for (const { pattern, parts } of CONTACT_PARTS) {
    const found = pattern.exec(text);
    if (found && (first === null || found.index < first.index)) first = { index: found.index, length: found[0].length, parts };
  }
  if (!first) return text ? [{ text }] : [];
  const before = text.slice(0, first.index);
  return [...(before ? [{ text: before }] : []), ...first.parts, ...textParts(text.slice(first.index + first.length))];
}

/** The plain-text part of an email: the same content, readable in any mail app. */
export function emailText(message: EmailMessage): string {
  const out: string[] = [message.heading, '='.repeat(Math.min(message.heading.length, 60)), ''];
  for (const block of message.blocks) {
    switch (block.kind) {
      case 'paragraph':
        out.push(block.text, '');
        break;
      case 'facts':
        for (const row of block.rows) out.push(`${row.label}: ${row.value}`);
        out.push('');
        break;
      case 'score':
        out.push(`Your score: ${block.score}/100. ${block.message}`, '');
        break;
      case 'breakdown':
        out.push(block.title, '');
        for (const row of block.rows) out.push(`- ${row.label}: ${row.points}/${row.max}. ${row.why}`);
        out.push('');
        break;
      case 'links':
        out.push(block.title, '');
        for (const item of block.items) out.push(`- ${item.label}: ${item.href}`);
        out.push('');
        break;
      case 'steps':
        out.push(block.title, '');
        block.items.forEach((item, i) => {
          out.push(`${i + 1}. ${item}`);
        });
        out.push('');
        break;
      case 'button':
        out.push(`${block.label}: ${block.href}`, '');
        break;
      case 'tip':
        out.push(`${block.label}: ${block.text}`, '');
        break;
      case 'figure':
        out.push(`${block.label}: ${block.value}`, ...(block.note ? [block.note] : []), '');
        break;
      case 'tasks':
        out.push(block.title, '');
        for (const item of block.items) out.push(`- ${item.label}`, ...item.lines.map((line) => `  ${line}`), `  ${item.href}`);
        out.push('');
        break;
    }
  }
  out.push('--', ...message.footer);
  return `${out.join('\n')}\n`;
}
