import { type EmailMessage, senderLines } from '../leads/emails.ts';
import type { LeadKind } from '../leads/pipeline.ts';
import { agency } from '../site.ts';

// The emails staff send from a person's page: a first reply to an audit, to a Q4 application, a
// follow-up, and a "we missed you" after a missed call or session. Each is a starting point the staff
// member reads and edits before sending; plain Canadian English for a Toronto business owner, the lead's
// facts filled in, signed by the staff member. Pure: no I/O.

export const TEMPLATE_IDS = ['audit-reply', 'intake-reply', 'follow-up', 'missed-you'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export const templateLabel: Record<TemplateId, string> = {
  'audit-reply': 'First reply to their audit',
  'intake-reply': 'First reply to their Q4 application',
  'follow-up': 'Follow-up',
  'missed-you': 'We missed you (no-show or missed call)',
};

/** What a template is filled in with: the lead it is about and who signs it. */
export type TemplateFacts = {
  kind: LeadKind;
  /** The person's full name as they gave it (the first word is used). */
  name: string | null;
  business: string | null;
  /** The audit's score out of 100. */
  score: number | null;
  /** The staff member's name as they sign (booking_settings.display_name, or their email's local part). */
  staffName: string;
  /** How long a strategy session is (BOOKING_SESSION_MINUTES). */
  sessionMinutes: number;
  /** Where they can pick a time themselves (/book, when someone takes bookings), else null: they reply with one. */
  bookUrl: string | null;
};

export type TemplateEmail = { subject: string; body: string };

/** The first word of a name, or a greeting that needs none. */
export const firstNameOf = (name: string | null): string | null => name?.trim().split(/\s+/)[0] || null;

/** The staff member's name as they sign: their display name, else their email's local part ("maya.chen" → "Maya Chen"). */
export function signatureName(displayName: string | null | undefined, email: string): string {
  if (displayName?.trim()) return displayName.trim();
  const local = email.slice(0, Math.max(email.indexOf('@'), 0)) || email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const scoreLine = (score: number | null) =>
  score === null
    ? 'I went through your audit answers'
    : score >= 70
      ? `Your audit scored ${score} out of 100, which is a strong start`
      : score >= 40
        ? `Your audit scored ${score} out of 100: there is a good foundation, and a few gaps that are costing you customers`
        : `Your audit scored ${score} out of 100, which tells me there is a lot of room to grow`;

/** The template `id`, filled in. */
export function templateEmail(id: TemplateId, facts: TemplateFacts): TemplateEmail {
  const first = firstNameOf(facts.name);
  const hello = first ? `Hi ${first},` : 'Hello,';
  const business = facts.business?.trim() || 'your business';
  const signOff = ['Talk soon,', facts.staffName, agency.name, agency.phoneDisplay].join('\n');
  const para = (...parts: string[]) => [hello, ...parts, signOff].join('\n\n');
  const session = `${facts.sessionMinutes} minutes`;
  const pickATime = facts.bookUrl ? `You can pick a time that suits you here: ${facts.bookUrl}. If none of them works, just reply with one that does.` : null;
  switch (id) {
    case 'audit-reply':
      return {
        subject: `Your growth audit for ${business}`,
        body: para(
          `Thanks for taking our free growth audit. ${scoreLine(facts.score)}.`,
          `I'd like to walk you through what we found and the two or three changes that would bring ${business} the most new customers in the next few months. It takes about ${session} by phone or video, and there is no cost or obligation.`,
          pickATime ?? 'Would one of these work: tomorrow morning, or later this week in the afternoon? If another time suits you better, just reply with it.',
        ),
      };
    case 'intake-reply':
      return {
        subject: `Your Q4 application for ${business}`,
        body: para(
          `Thanks for applying to our Q4 intake. I've read your application for ${business}, and I think we can help.`,
          `The next step is a ${facts.sessionMinutes}-minute strategy session so I can understand your goals for the season and tell you honestly what we'd do and what it would cost. There is no obligation.`,
          pickATime ?? 'What day and time works best for you this week? Reply here, or call me at the number below.',
        ),
      };
    case 'follow-up':
      return {
        subject: `Following up: ${business}`,
        body: para(
          'I wanted to follow up on my last note. I know running a business leaves little time for email.',
          facts.bookUrl
            ? `If you'd still like to talk about more customers for ${business}, pick a time that suits you here: ${facts.bookUrl}, or reply with one and I'll call you then. If now isn't the right time, just let me know and I won't keep writing.`
            : `If you'd still like to talk about more customers for ${business}, reply with a time that suits you and I'll call you then. If now isn't the right time, just let me know and I won't keep writing.`,
        ),
      };
    case 'missed-you':
      return {
        subject: 'Sorry we missed you',
        body: para(
          "I'm sorry we missed each other. I tried to reach you and couldn't get through.",
          facts.bookUrl
            ? `I'd still like to talk about ${business} and what we found. You can pick a new time here: ${facts.bookUrl}, or reply with a day and time that's easier for you and I'll make it work.`
            : `I'd still like to talk about ${business} and what we found. Could you reply with a day and time that's easier for you? I'll make it work.`,
        ),
      };
  }
}

/** The template that fits a lead nobody has reached yet: the first reply to what they sent. */
export const firstTemplateFor = (kind: LeadKind): TemplateId => (kind === 'intake' ? 'intake-reply' : 'audit-reply');

const WHY: Record<LeadKind, string> = {
  audit: 'took our free growth audit',
  intake: 'applied for our Q4 client intake',
  booking: 'booked a strategy session with us',
};

/**
 * The email as sent (features/leads/delivery/): the staff member's subject and text, paragraph by
 * paragraph (a blank line ends one), and the footer CASL asks for, saying why the person gets it.
 */
export function staffMessageEmail(email: { subject: string; body: string; kind: LeadKind }): EmailMessage {
  const paragraphs = email.body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    subject: email.subject,
    preheader: (paragraphs[1] ?? paragraphs[0] ?? '').slice(0, 120),
    heading: email.subject,
    blocks: paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
    footer: [`You are getting this email because you ${WHY[email.kind]}. Reply to it to reach the person who wrote it.`, ...senderLines],
  };
}
