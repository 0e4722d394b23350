import { asOneLine } from '../forms/plain-text.ts';
import { type EmailBlock, type EmailMessage, senderLines } from '../leads/emails.ts';
import { agency } from '../site.ts';
import { wallClock } from '../time/zoned.ts';
import { dayHeading, visitorShortWhen, visitorTime, visitorWhen } from './display.ts';
import { type SessionWay, sessionWay, wayForStaff, wayForVisitor } from './how.ts';

// The emails a booked strategy session sets off, as content in the house's email model (subject,
// heading, blocks; lib/leads/emails.ts renders the text part, features/leads/delivery the HTML): the
// visitor's confirmation, reminders, move, cancellation and no-show notes, and the staff member's
// notices. Pure.
//
// Subjects and preheaders show in lock screens and logs: they name a time and at most the business,
// never a person. What the visitor typed is made one line before it goes in (the forms' schemas refuse
// line breaks on the way in, lib/forms/plain-text.ts; this is the guard where stored text meets a
// reader), so a name or a note can never come out as a line of its own, such as a forged link. Visitor
// emails go to an address nobody has confirmed yet, so they repeat only a short greeting name, never the
// note or the business: the form cannot send someone else a message of the sender's choosing.
// How the session happens is said one way everywhere (lib/booking/how.ts): by the staff member's video link
// when they have set one (it is in the calendar invite too), else by phone at the number the visitor gave,
// else the staff member emails them a link before it.

export type BookingNotice = {
  bookingId: string;
  start: Date;
  end: Date;
  /** The zone the times are shown in: America/Toronto. */
  timeZone: string;
  visitor: { name: string; email: string; phone: string | null; note: string | null; business: string | null };
  /** `meetingUrl`: the staff member's video room (their Meet, Zoom or Teams link, set on /admin/booking), or null. */
  staff: { name: string; email: string; meetingUrl?: string | null };
  /** The visitor's private page to move or cancel the session. */
  manageUrl: string;
  /** The page to book a session again. */
  bookUrl: string;
  /** The lead in the back office (absolute). */
  leadUrl: string;
  /** Where the session was before it moved. */
  previousStart?: Date;
};

export type BookingAudience = 'visitor' | 'staff';

/** The longest greeting name: a name is the one thing a visitor email repeats from the form. */
const GREETING_MAX = 40;

const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** "Toronto time", or the city of another zone ("America/Vancouver" → "Vancouver time"). */
const zoneName = (timeZone: string) => (timeZone === agency.timeZone ? 'Toronto time' : `${(timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')} time`);

// Times are written as the booking page offers them (lib/booking/display.ts: "1:00 p.m." under "Tuesday,
// December 1"), so the email reads back what the visitor picked; the staff member's emails alike.

/** "Tuesday, December 1": the session's day on the zone's clocks. */
const day = (at: Date, timeZone: string) => dayHeading(wallClock(at, timeZone));

/** "1:00 p.m." */
const clock = (at: Date, timeZone: string) => visitorTime(at, timeZone);

/** "Tuesday, December 1 at 1:00 p.m. (Toronto time)" */
const longWhen = (at: Date, timeZone: string) => `${headingWhen(at, timeZone)} (${zoneName(timeZone)})`;

/** "Tuesday, December 1 at 1:00 p.m.", for a heading. */
const headingWhen = (at: Date, timeZone: string) => visitorWhen(at, timeZone);

/** "Tue Dec 1, 1:00 p.m.", for a subject. */
const shortWhen = (at: Date, timeZone: string) => visitorShortWhen(at, timeZone);

const minutesOf = (n: BookingNotice) => Math.round((n.end.getTime() - n.start.getTime()) / 60_000);

/** "45 minutes, until 1:45 p.m." */
const length = (n: BookingNotice) => `${minutesOf(n)} minutes, until ${clock(n.end, n.timeZone)}`;

/** The visitor's fields, each made one line (an empty one reads as absent). */
function visitorOf(n: BookingNotice) {
  const optional = (text: string | null) => (text === null ? null : asOneLine(text) || null);
  return {
    name: asOneLine(n.visitor.name) || 'The visitor',
    email: asOneLine(n.visitor.email),
    phone: optional(n.visitor.phone),
    note: optional(n.visitor.note),
    business: optional(n.visitor.business),
  };
}

/** What no name holds, but an address or a link does: a colon, a slash, an @, a dot inside a word. */
const NOT_A_NAME = /[:/@]|\.\p{L}{2}/u;

/**
 * How a visitor email greets them: their first name ("Priya"), or two words when the first is a title or
 * an initial ("Dr. Priya", "J Marc"); short, and never something that reads as an address or a link.
 */
function greeting(name: string): string {
  const words = asOneLine(name).split(' ');
  const first = words[0];
  const use = [...first].length >= 2 && !first.endsWith('.') ? first : words.slice(0, 2).join(' ');
  return use && !NOT_A_NAME.test(use) ? `Hi ${clip(use, GREETING_MAX)},` : 'Hi there,';
}

const staffName = (n: BookingNotice) => asOneLine(n.staff.name) || `the ${agency.name} team`;

/** "Priya Raman from Danforth Strength Club", or just the name. */
const whoFrom = (v: ReturnType<typeof visitorOf>) => (v.business ? `${v.name} from ${v.business}` : v.name);

/** The longest business name in a subject: the time after it must still show. */
const SUBJECT_BUSINESS_MAX = 50;

/** "Danforth Strength Club, " at the start of a staff subject's tail, or nothing. */
const subjectBusiness = (v: ReturnType<typeof visitorOf>) => (v.business ? `${clip(v.business, SUBJECT_BUSINESS_MAX)}, ` : '');

const questions = (before: string): EmailBlock => ({
  kind: 'paragraph',
  text: `${before} Reply to this email or call us at ${agency.phoneDisplay}.`,
});

const manageButton = (n: BookingNotice, label = 'Move or cancel your session'): EmailBlock => ({ kind: 'button', label, href: n.manageUrl });

/** What to bring: the same three points in the confirmation and the day-before reminder. */
const preparation = (title: string): EmailBlock => ({
  kind: 'steps',
  title,
  items: [
    'Your rough numbers: monthly sales, what you spend on marketing now, and where most new customers find you.',
    'Two or three competitors you keep an eye on, down the street or online.',
    'The one thing you most want from the next six months: more calls, a fuller slow season, a second location.',
  ],
});

const visitorFooter = [
  `You are getting this email because you booked a free strategy session with ${agency.name} on our website. It is about that booking only, not marketing.`,
  ...senderLines,
];

const staffFooter = (n: BookingNotice) => [`Sent to you by the website because you host this strategy session (booking ${n.bookingId}).`, ...senderLines];

/** The visitor's contact details, for the staff member. */
function contactRows(v: ReturnType<typeof visitorOf>): { label: string; value: string; href?: string }[] {
  return [
    { label: 'Name', value: v.name },
    { label: 'Business', value: v.business ?? 'Not given' },
    { label: 'Email', value: v.email, href: `mailto:${v.email}` },
    { label: 'Phone', value: v.phone ?? 'Not given', href: v.phone ? `tel:${v.phone.replace(/[^\d+]/g, '')}` : undefined },
  ];
}

const leadButton = (n: BookingNotice): EmailBlock => ({ kind: 'button', label: 'Open the lead', href: n.leadUrl });

/** How the session happens (lib/booking/how.ts), and its sentence in `audience`'s words: one choice for the emails and the invites. */
function howFor(n: BookingNotice, audience: BookingAudience): { way: SessionWay; text: string } {
  const way = sessionWay({ meetingUrl: n.staff.meetingUrl, phone: n.visitor.phone });
  return { way, text: audience === 'visitor' ? wayForVisitor(way, staffName(n)) : wayForStaff(way) };
}

/** How the session happens, as a row of the facts: the same words as the visitor's page (lib/booking/how.ts). */
function howRow(n: BookingNotice, audience: BookingAudience, label = 'How'): { label: string; value: string; href?: string } {
  const { way, text } = howFor(n, audience);
  if (way.kind === 'video') return { label, value: `${text} (the link is in the calendar invite too)`, href: way.url };
  return { label, value: text };
}

/**
 * The calendar invite's description, for whoever's calendar it goes in: the session, how it happens (in
 * the reader's words, as on their email), and where to move or cancel it; the staff member's also links
 * the lead.
 */
export function inviteDescription(n: BookingNotice, audience: BookingAudience): string {
  const { way, text } = howFor(n, audience);
  // No full stop after a link: calendar apps would take it into the link.
  const lines = [`Free strategy session with ${n.staff.name} of ${agency.name}.`, way.kind === 'video' ? text : `${text}.`, `Move or cancel: ${n.manageUrl}`];
  if (audience === 'staff') lines.push(`The lead: ${n.leadUrl}`);
  return lines.join('\n');
}

/** The visitor's confirmation: what is booked, how it happens, what to bring, how to move or cancel it. */
export function bookingConfirmedEmail(n: BookingNotice): EmailMessage {
  const tz = n.timeZone;
  return {
    subject: `Your strategy session: ${shortWhen(n.start, tz)}`,
    preheader: `${minutesOf(n)} minutes, ${longWhen(n.start, tz)}. Your calendar invite is attached.`,
    heading: `You’re booked: ${headingWhen(n.start, tz)}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${greeting(n.visitor.name)} thanks for booking a free strategy session with ${agency.name}. Here are the details.`,
      },
      {
        kind: 'facts',
        rows: [
          { label: 'When', value: longWhen(n.start, tz) },
          { label: 'How long', value: length(n) },
          { label: 'With', value: `${staffName(n)}, ${agency.name}` },
          howRow(n, 'visitor'),
          { label: 'Cost', value: 'Free' },
        ],
      },
      preparation('What to have at hand'),
      { kind: 'paragraph', text: 'No need to prepare slides: we look at your business together, and you leave with a few clear next steps.' },
      { kind: 'paragraph', text: 'If plans change, you can move or cancel the session yourself, any time before it starts.' },
      manageButton(n),
      questions('Questions before then?'),
    ],
    footer: visitorFooter,
  };
}

/** The staff member's notice of a new booking: who, when, their details and note, and the lead. */
export function bookingStaffEmail(n: BookingNotice): EmailMessage {
  const tz = n.timeZone;
  const v = visitorOf(n);
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `${whoFrom(v)} booked a ${minutesOf(n)}-minute strategy session with you.` },
    {
      kind: 'facts',
      rows: [{ label: 'When', value: longWhen(n.start, tz) }, { label: 'How long', value: length(n) }, howRow(n, 'staff'), ...contactRows(v)],
    },
    v.note ? { kind: 'paragraph', text: `Their note: “${v.note}”` } : { kind: 'paragraph', text: 'They left no note.' },
    leadButton(n),
    { kind: 'paragraph', text: 'The lead’s page has their history with us, if any: worth a look before the call.' },
  ];
  return {
    subject: `Strategy session booked: ${subjectBusiness(v)}${shortWhen(n.start, tz)}`,
    preheader: `${minutesOf(n)} minutes, ${longWhen(n.start, tz)}.`,
    heading: `New strategy session: ${headingWhen(n.start, tz)}`,
    blocks,
    footer: staffFooter(n),
  };
}

/** The session's new time, from previousStart to start, for the visitor or the staff member. */
export function bookingMovedEmail(n: BookingNotice, audience: BookingAudience): EmailMessage {
  if (!n.previousStart) throw new Error('a moved booking email needs the previous start');
  const tz = n.timeZone;
  const was = longWhen(n.previousStart, tz);
  const now = longWhen(n.start, tz);
  if (audience === 'visitor') {
    return {
      subject: `New time for your strategy session: ${shortWhen(n.start, tz)}`,
      preheader: `Now ${now}. The updated invite is attached.`,
      heading: `New time: ${headingWhen(n.start, tz)}`,
      blocks: [
        { kind: 'paragraph', text: `${greeting(n.visitor.name)} your strategy session with ${staffName(n)} has a new time.` },
        {
          kind: 'facts',
          rows: [{ label: 'New time', value: now }, { label: 'Was', value: was }, { label: 'How long', value: length(n) }, howRow(n, audience)],
        },
        { kind: 'paragraph', text: 'The updated invite replaces the earlier one; open it and your calendar moves the session.' },
        manageButton(n, 'Move or cancel again'),
        questions('Questions?'),
      ],
      footer: visitorFooter,
    };
  }
  const v = visitorOf(n);
  return {
    subject: `Session moved: ${subjectBusiness(v)}now ${shortWhen(n.start, tz)}`,
    preheader: `Now ${now}, was ${was}.`,
    heading: `Session moved to ${headingWhen(n.start, tz)}`,
    blocks: [
      { kind: 'paragraph', text: `Your strategy session with ${whoFrom(v)} has a new time.` },
      { kind: 'facts', rows: [{ label: 'New time', value: now }, { label: 'Was', value: was }, { label: 'How long', value: length(n) }, ...contactRows(v)] },
      leadButton(n),
    ],
    footer: staffFooter(n),
  };
}

/** The session is off, for the visitor (with a way to book again) or the staff member. */
export function bookingCancelledEmail(n: BookingNotice, audience: BookingAudience): EmailMessage {
  const tz = n.timeZone;
  const when = longWhen(n.start, tz);
  if (audience === 'visitor') {
    return {
      subject: `Cancelled: your strategy session, ${shortWhen(n.start, tz)}`,
      preheader: `Your session on ${when} is cancelled. You can book another time whenever it suits you.`,
      heading: `Cancelled: ${headingWhen(n.start, tz)}`,
      blocks: [
        {
          kind: 'paragraph',
          text: `${greeting(n.visitor.name)} your strategy session with ${staffName(n)} on ${when} is cancelled. If it’s in your calendar, you can delete it.`,
        },
        { kind: 'paragraph', text: 'If you’d still like to talk, pick another time that works for you. It’s still free.' },
        { kind: 'button', label: 'Book another time', href: n.bookUrl },
        questions('Questions about this?'),
      ],
      footer: visitorFooter,
    };
  }
  const v = visitorOf(n);
  return {
    subject: `Session cancelled: ${subjectBusiness(v)}${shortWhen(n.start, tz)}`,
    preheader: `The session on ${when} is off.`,
    heading: `Session cancelled: ${headingWhen(n.start, tz)}`,
    blocks: [
      { kind: 'paragraph', text: `Your strategy session with ${whoFrom(v)} on ${when} is cancelled.` },
      { kind: 'facts', rows: contactRows(v) },
      leadButton(n),
      { kind: 'paragraph', text: 'If they cancelled, a short, friendly note offering another time often brings them back.' },
    ],
    footer: staffFooter(n),
  };
}

/** The visitor's reminder: the day before, with what to bring; an hour before, short and practical. */
export function bookingReminderEmail(n: BookingNotice, which: '24h' | '1h'): EmailMessage {
  const tz = n.timeZone;
  const when = longWhen(n.start, tz);
  if (which === '1h') {
    return {
      subject: `Starting soon: your strategy session, ${shortWhen(n.start, tz)}`,
      preheader: `Your strategy session starts at ${clock(n.start, tz)}.`,
      heading: `Starting soon: ${clock(n.start, tz)} (${zoneName(tz)})`,
      blocks: [
        { kind: 'paragraph', text: `${greeting(n.visitor.name)} ${staffName(n)} is looking forward to your strategy session.` },
        {
          kind: 'facts',
          rows: [{ label: 'When', value: when }, howRow(n, 'visitor', 'Join')],
        },
        { kind: 'paragraph', text: `Running late, or can’t find how to join? Call us at ${agency.phoneDisplay} and we’ll sort it out.` },
        manageButton(n, 'Can’t make it? Move or cancel'),
      ],
      footer: visitorFooter,
    };
  }
  return {
    subject: `Reminder: your strategy session, ${shortWhen(n.start, tz)}`,
    preheader: `${minutesOf(n)} minutes, ${when}.`,
    heading: `Coming up: ${headingWhen(n.start, tz)}`,
    blocks: [
      { kind: 'paragraph', text: `${greeting(n.visitor.name)} a quick reminder of your free strategy session with ${staffName(n)}.` },
      {
        kind: 'facts',
        rows: [{ label: 'When', value: when }, { label: 'How long', value: length(n) }, howRow(n, 'visitor')],
      },
      preparation('Worth having at hand'),
      { kind: 'paragraph', text: 'Something came up? Move the session to a time that suits you better, or cancel it.' },
      manageButton(n),
    ],
    footer: visitorFooter,
  };
}

/** After a missed session: no blame, an easy way to pick another time. */
export function noShowEmail(n: BookingNotice): EmailMessage {
  const tz = n.timeZone;
  return {
    subject: `We missed each other: ${shortWhen(n.start, tz)}`,
    preheader: 'Busy days happen. Your free strategy session is still here when you want it.',
    heading: `We missed each other on ${day(n.start, tz)}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${greeting(n.visitor.name)} ${staffName(n)} was ready for your strategy session on ${longWhen(n.start, tz)}, but we didn’t manage to connect.`,
      },
      { kind: 'paragraph', text: 'No harm done: when you run a business, the day rarely goes to plan. Your free session is still on offer.' },
      { kind: 'button', label: 'Book another time', href: n.bookUrl },
      { kind: 'paragraph', text: 'Prefer to set it up by email? Reply with two or three times that suit you and we’ll make one work.' },
      { kind: 'paragraph', text: 'And if now isn’t the right moment, that’s fine too.' },
    ],
    footer: visitorFooter,
  };
}
