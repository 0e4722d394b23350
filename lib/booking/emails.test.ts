import { describe, expect, test } from 'bun:test';
import { isOneLine } from '../forms/plain-text.ts';
import { type EmailMessage, emailText } from '../leads/emails.ts';
import { agency, mailingAddressLine } from '../site.ts';
import {
  type BookingNotice,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingMovedEmail,
  bookingReminderEmail,
  bookingStaffEmail,
  inviteDescription,
  noShowEmail,
} from './emails.ts';

const SITE = 'https://toronto.northlinedigital.ca';

/** Tuesday, December 1, 2026, 10:00 to 10:45 in Toronto (EST, UTC-5). */
const notice: BookingNotice = {
  bookingId: 'bk_7f3a9c2e',
  start: new Date('2026-12-01T15:00:00Z'),
  end: new Date('2026-12-01T15:45:00Z'),
  timeZone: 'America/Toronto',
  visitor: {
    name: 'Priya Raman',
    email: 'priya@danforthstrength.ca',
    phone: '(416) 555-0188',
    note: 'We opened a second location in September.',
    business: 'Danforth Strength Club',
  },
  staff: { name: 'Alex Chen', email: 'alex@northlinedigital.ca' },
  manageUrl: `${SITE}/booking/manage/Zk3xQ9v2LmRt8WpA4yHs6NcB1eJd7UoF`,
  bookUrl: `${SITE}/book`,
  leadUrl: `${SITE}/admin/leads/booking/aaaaaaaa-1111-4111-8111-aaaaaaaaaaaa`,
  previousStart: new Date('2026-11-30T19:30:00Z'),
};

/** Moved across the end of daylight saving (Sunday, November 1, 2026): 10:00 EDT to 10:00 EST. */
const acrossDst: BookingNotice = {
  ...notice,
  previousStart: new Date('2026-10-30T14:00:00Z'),
  start: new Date('2026-11-03T15:00:00Z'),
  end: new Date('2026-11-03T15:45:00Z'),
};

const visitorEmails = (n: BookingNotice): [string, EmailMessage][] => [
  ['confirmed', bookingConfirmedEmail(n)],
  ['moved', bookingMovedEmail(n, 'visitor')],
  ['cancelled', bookingCancelledEmail(n, 'visitor')],
  ['reminder 24h', bookingReminderEmail(n, '24h')],
  ['reminder 1h', bookingReminderEmail(n, '1h')],
  ['no-show', noShowEmail(n)],
];
const staffEmails = (n: BookingNotice): [string, EmailMessage][] => [
  ['booked', bookingStaffEmail(n)],
  ['moved', bookingMovedEmail(n, 'staff')],
  ['cancelled', bookingCancelledEmail(n, 'staff')],
];

const allText = (m: EmailMessage) => `${m.subject}\n${m.preheader}\n${emailText(m)}`;
const linesOf = (m: EmailMessage) => emailText(m).split('\n');

/** Every string a message shows: subject, preheader, heading, each block's text, and the footer. */
function everyString(m: EmailMessage): string[] {
  const out = [m.subject, m.preheader, m.heading, ...m.footer];
  for (const block of m.blocks) {
    if (block.kind === 'paragraph') out.push(block.text);
    if (block.kind === 'facts') for (const row of block.rows) out.push(row.label, row.value, row.href ?? '');
    if (block.kind === 'steps') out.push(block.title, ...block.items);
    if (block.kind === 'button') out.push(block.label, block.href);
    if (block.kind === 'tip') out.push(block.label, block.text);
  }
  return out;
}

describe('the visitor’s confirmation', () => {
  const m = bookingConfirmedEmail(notice);
  const text = emailText(m);

  test('the day and Toronto time in the subject, heading and details; 45 minutes; with whom; how', () => {
    expect(m.subject).toBe('Your strategy session: Tue Dec 1, 10:00 a.m.');
    expect(m.heading).toBe('You’re booked: Tuesday, December 1 at 10:00 a.m.');
    expect(m.preheader).toContain('Tuesday, December 1 at 10:00 a.m. (Toronto time)');
    for (const line of [
      'Hi Priya, thanks for booking a free strategy session with Northline Digital. Here are the details.',
      'When: Tuesday, December 1 at 10:00 a.m. (Toronto time)',
      'How long: 45 minutes, until 10:45 a.m.',
      'With: Alex Chen, Northline Digital',
      'How: By phone: Alex Chen will call you at (416) 555-0188',
    ])
      expect(linesOf(m)).toContain(line);
  });

  test('the 12-hour clock Toronto reads (a.m. and p.m. with periods), as the booking page offers the times', () => {
    const afternoon = bookingConfirmedEmail({ ...notice, start: new Date('2026-12-01T19:30:00Z'), end: new Date('2026-12-01T20:15:00Z') });
    expect(afternoon.subject).toBe('Your strategy session: Tue Dec 1, 2:30 p.m.');
    expect(afternoon.heading).toBe('You’re booked: Tuesday, December 1 at 2:30 p.m.');
    expect(linesOf(afternoon)).toContain('When: Tuesday, December 1 at 2:30 p.m. (Toronto time)');
    expect(linesOf(afternoon)).toContain('How long: 45 minutes, until 3:15 p.m.');
    // Noon and midnight: 12 p.m. and 12 a.m.
    const noon = bookingConfirmedEmail({ ...notice, start: new Date('2026-12-01T17:00:00Z'), end: new Date('2026-12-01T17:45:00Z') });
    expect(linesOf(noon)).toContain('When: Tuesday, December 1 at 12:00 p.m. (Toronto time)');
    const midnight = bookingReminderEmail({ ...notice, start: new Date('2026-12-02T05:00:00Z'), end: new Date('2026-12-02T05:45:00Z') }, '1h');
    expect(midnight.heading).toBe('Starting soon: 12:00 a.m. (Toronto time)');
    // No 24-hour time anywhere in any email, the host's included.
    const at = { ...notice, start: new Date('2026-12-01T18:00:00Z'), end: new Date('2026-12-01T18:45:00Z'), previousStart: new Date('2026-11-30T21:00:00Z') };
    for (const [name, m] of [...visitorEmails(at), ...staffEmails(at)])
      expect([name, allText(m)]).toEqual([name, expect.not.stringMatching(/\b(1[3-9]|2[0-3]):\d\d\b|\b0\d:\d\d\b/)]);
    expect(allText(bookingConfirmedEmail(at))).toContain('1:00 p.m.');
  });

  test('three things to have at hand, numbered, then the button to move or cancel', () => {
    expect(text).toContain('What to have at hand\n\n1. Your rough numbers');
    expect(text).toMatch(/\n2\. Two or three competitors[^\n]+\n3\. The one thing you most want[^\n]+\n\n/);
    expect(text).not.toContain('\n4. ');
    expect(linesOf(m)).toContain(`Move or cancel your session: ${notice.manageUrl}`);
  });

  test('says why the person gets it, and who sent it with a mailing address and a contact (CASL)', () => {
    expect(text).toContain('--\nYou are getting this email because you booked a free strategy session with Northline Digital on our website.');
    expect(text).toContain('about that booking only, not marketing');
    for (const part of [agency.legalName, mailingAddressLine, agency.phoneDisplay, agency.email]) expect(text).toContain(part);
  });
});

describe('the staff member’s notice', () => {
  test('who, when, their business, email, phone and note, and the lead’s link', () => {
    const m = bookingStaffEmail(notice);
    expect(m.subject).toBe('Strategy session booked: Danforth Strength Club, Tue Dec 1, 10:00 a.m.');
    expect(m.heading).toBe('New strategy session: Tuesday, December 1 at 10:00 a.m.');
    for (const line of [
      'Priya Raman from Danforth Strength Club booked a 45-minute strategy session with you.',
      'When: Tuesday, December 1 at 10:00 a.m. (Toronto time)',
      'How long: 45 minutes, until 10:45 a.m.',
      'Name: Priya Raman',
      'Business: Danforth Strength Club',
      'Email: priya@danforthstrength.ca',
      'Phone: (416) 555-0188',
      'Their note: “We opened a second location in September.”',
      `Open the lead: ${notice.leadUrl}`,
    ])
      expect(linesOf(m)).toContain(line);
    const phone = m.blocks.flatMap((b) => (b.kind === 'facts' ? b.rows : [])).find((r) => r.label === 'Phone');
    expect(phone?.href).toBe('tel:4165550188');
    expect(emailText(m)).toContain('because you host this strategy session (booking bk_7f3a9c2e)');
  });

  test('without a business, phone or note it says so, and the subject is only the time', () => {
    const m = bookingStaffEmail({ ...notice, visitor: { ...notice.visitor, business: null, phone: null, note: '   ' } });
    expect(m.subject).toBe('Strategy session booked: Tue Dec 1, 10:00 a.m.');
    for (const line of ['Priya Raman booked a 45-minute strategy session with you.', 'Business: Not given', 'Phone: Not given', 'They left no note.'])
      expect(linesOf(m)).toContain(line);
  });

  test('no tracking data: where the visitor came from is not the host’s business', () => {
    for (const [, m] of staffEmails(notice)) expect(allText(m)).not.toMatch(/utm|came from|landed on|campaign|referr/i);
  });
});

describe('a move, across the end of daylight saving', () => {
  test('the visitor sees both times on Toronto clocks (10:00 EDT, then 10:00 EST) and can move again', () => {
    const m = bookingMovedEmail(acrossDst, 'visitor');
    expect(m.subject).toBe('New time for your strategy session: Tue Nov 3, 10:00 a.m.');
    expect(m.heading).toBe('New time: Tuesday, November 3 at 10:00 a.m.');
    for (const line of [
      'New time: Tuesday, November 3 at 10:00 a.m. (Toronto time)',
      'Was: Friday, October 30 at 10:00 a.m. (Toronto time)',
      'How long: 45 minutes, until 10:45 a.m.',
      `Move or cancel again: ${notice.manageUrl}`,
    ])
      expect(linesOf(m)).toContain(line);
  });

  test('the host sees both times, the visitor’s details and the lead', () => {
    const m = bookingMovedEmail(acrossDst, 'staff');
    expect(m.subject).toBe('Session moved: Danforth Strength Club, now Tue Nov 3, 10:00 a.m.');
    expect(m.heading).toBe('Session moved to Tuesday, November 3 at 10:00 a.m.');
    expect(m.preheader).toBe('Now Tuesday, November 3 at 10:00 a.m. (Toronto time), was Friday, October 30 at 10:00 a.m. (Toronto time).');
    for (const line of ['Was: Friday, October 30 at 10:00 a.m. (Toronto time)', 'Email: priya@danforthstrength.ca', `Open the lead: ${notice.leadUrl}`])
      expect(linesOf(m)).toContain(line);
  });

  test('a move needs the time it moved from', () => {
    expect(() => bookingMovedEmail({ ...notice, previousStart: undefined }, 'visitor')).toThrow('previous start');
  });
});

describe('a cancellation', () => {
  test('the visitor gets the time that is off and a way to book again, not the dead manage link', () => {
    const m = bookingCancelledEmail(notice, 'visitor');
    expect(m.subject).toBe('Cancelled: your strategy session, Tue Dec 1, 10:00 a.m.');
    expect(m.heading).toBe('Cancelled: Tuesday, December 1 at 10:00 a.m.');
    expect(emailText(m)).toContain('your strategy session with Alex Chen on Tuesday, December 1 at 10:00 a.m. (Toronto time) is cancelled.');
    expect(linesOf(m)).toContain(`Book another time: ${notice.bookUrl}`);
    expect(allText(m)).not.toContain(notice.manageUrl);
  });

  test('the host gets the time, the visitor’s details and the lead', () => {
    const m = bookingCancelledEmail(notice, 'staff');
    expect(m.subject).toBe('Session cancelled: Danforth Strength Club, Tue Dec 1, 10:00 a.m.');
    expect(emailText(m)).toContain('with Priya Raman from Danforth Strength Club on Tuesday, December 1 at 10:00 a.m. (Toronto time) is cancelled.');
    expect(linesOf(m)).toContain(`Open the lead: ${notice.leadUrl}`);
  });
});

describe('the reminders', () => {
  test('the day before: the time, how long, how, what to have at hand, move or cancel', () => {
    const m = bookingReminderEmail(notice, '24h');
    expect(m.subject).toBe('Reminder: your strategy session, Tue Dec 1, 10:00 a.m.');
    expect(m.heading).toBe('Coming up: Tuesday, December 1 at 10:00 a.m.');
    for (const line of [
      'When: Tuesday, December 1 at 10:00 a.m. (Toronto time)',
      'How long: 45 minutes, until 10:45 a.m.',
      'How: By phone: Alex Chen will call you at (416) 555-0188',
      `Move or cancel your session: ${notice.manageUrl}`,
    ])
      expect(linesOf(m)).toContain(line);
    expect(emailText(m)).toContain('Worth having at hand\n\n1. ');
  });

  test('an hour before: short and practical (when, how to join, a number to call, move or cancel)', () => {
    const m = bookingReminderEmail(notice, '1h');
    expect(m.subject).toBe('Starting soon: your strategy session, Tue Dec 1, 10:00 a.m.');
    expect(m.heading).toBe('Starting soon: 10:00 a.m. (Toronto time)');
    expect(m.preheader).toBe('Your strategy session starts at 10:00 a.m..');
    for (const line of [
      'When: Tuesday, December 1 at 10:00 a.m. (Toronto time)',
      'Join: By phone: Alex Chen will call you at (416) 555-0188',
      `Can’t make it? Move or cancel: ${notice.manageUrl}`,
    ])
      expect(linesOf(m)).toContain(line);
    expect(emailText(m)).toContain(`Call us at ${agency.phoneDisplay}`);
    expect(emailText(m).length).toBeLessThan(emailText(bookingReminderEmail(notice, '24h')).length * 0.75);
  });
});

describe('after a missed session', () => {
  const m = noShowEmail(notice);

  test('the missed time, warmly, and a button to book another time', () => {
    expect(m.subject).toBe('We missed each other: Tue Dec 1, 10:00 a.m.');
    expect(m.heading).toBe('We missed each other on Tuesday, December 1');
    expect(emailText(m)).toContain('Alex Chen was ready for your strategy session on Tuesday, December 1 at 10:00 a.m. (Toronto time)');
    expect(linesOf(m)).toContain(`Book another time: ${notice.bookUrl}`);
    expect(allText(m)).not.toContain(notice.manageUrl);
  });

  test('no blame', () => {
    expect(allText(m)).not.toMatch(/you missed|you failed|didn’t show|did not show|no-show|unfortunately|fee/i);
  });
});

describe('every booking email', () => {
  const everyEmail = [...visitorEmails(notice), ...staffEmails(notice), ...visitorEmails(acrossDst), ...staffEmails(acrossDst)];

  test('the subject names the session’s day and time; nothing reads undefined or null', () => {
    for (const [name, m] of visitorEmails(notice).concat(staffEmails(notice))) {
      expect([name, m.subject]).toEqual([name, expect.stringContaining('Tue Dec 1, 10:00 a.m.')]);
      expect([name, m.heading]).toEqual([name, expect.stringMatching(/Tuesday, December 1|10:00/)]);
    }
    for (const [name, m] of everyEmail) expect([name, allText(m)]).toEqual([name, expect.not.stringMatching(/undefined|null|NaN|Invalid/)]);
  });

  test('no subject or preheader names a person: only a time and, for the host, the business', () => {
    const personal = [notice.visitor.name, 'Priya', 'Raman', notice.visitor.email, notice.visitor.phone, notice.staff.name, 'Alex', notice.staff.email];
    for (const [name, m] of everyEmail)
      for (const line of [m.subject, m.preheader]) for (const p of personal) expect([name, line.includes(p ?? '')]).toEqual([name, false]);
    for (const [, m] of visitorEmails(notice)) expect(m.subject).not.toContain(notice.visitor.business ?? '-');
  });

  test('no other person’s data: the visitor never sees the host’s address, the lead or their own note; the host never gets the visitor’s manage link', () => {
    for (const [name, m] of visitorEmails(notice)) {
      const text = allText(m);
      for (const other of [notice.staff.email, notice.leadUrl, notice.visitor.note ?? '-', '/admin/', notice.bookingId])
        expect([name, text.includes(other)]).toEqual([name, false]);
    }
    for (const [name, m] of staffEmails(notice)) expect([name, allText(m).includes(notice.manageUrl)]).toEqual([name, false]);
  });

  test('the text part: a heading underlined, blocks a blank line apart, the footer after "--", one newline at the end', () => {
    for (const [name, m] of everyEmail) {
      const text = emailText(m);
      const [heading, rule, blank] = text.split('\n');
      expect([name, heading, rule.length, blank]).toEqual([name, m.heading, Math.min(m.heading.length, 60), '']);
      expect([name, /\n\n\n/.test(text), text.endsWith('\n'), text.endsWith('\n\n')]).toEqual([name, false, true, false]);
      expect([name, text.split('\n--\n')[1]]).toEqual([name, `${m.footer.join('\n')}\n`]);
    }
  });
});

describe('what the visitor typed cannot forge a line', () => {
  const forged: BookingNotice = {
    ...notice,
    visitor: {
      name: 'Priya\r\nMove or cancel your session: https://evil.example/a',
      email: 'priya@danforthstrength.ca\nBcc: x@evil.example',
      phone: '416 555 0188\u2028Open the lead: https://evil.example/b',
      note: 'See you then.\n\nOpen the lead: https://evil.example/c\u2029Book another time: https://evil.example/d\u202e',
      business: 'Danforth\u0085Strength\tClub\u2067\nBcc: y@evil.example',
    },
  };
  const forgedEmails = [...visitorEmails(forged), ...staffEmails(forged)];

  test('no line of any email starts with what a field smuggled in', () => {
    for (const [name, m] of forgedEmails)
      for (const line of linesOf(m)) {
        expect([name, line]).toEqual([name, expect.not.stringMatching(/^(Move or cancel|Open the lead|Book another time)[^\n]*evil/)]);
        expect([name, line]).toEqual([name, expect.not.stringMatching(/^Bcc/)]);
      }
  });

  test('every string in every email is one line: no line breaks, separators, controls or direction overrides', () => {
    for (const [name, m] of forgedEmails) for (const s of everyString(m)) expect([name, s, isOneLine(s)]).toEqual([name, s, true]);
  });

  test('the host sees the typed text on one line, where it belongs', () => {
    const lines = linesOf(bookingStaffEmail(forged));
    expect(lines).toContain('Name: Priya Move or cancel your session: https://evil.example/a');
    expect(lines).toContain('Business: Danforth Strength Club Bcc: y@evil.example');
    expect(lines).toContain('Their note: “See you then. Open the lead: https://evil.example/c Book another time: https://evil.example/d”');
    expect(lines.filter((l) => l.startsWith('Open the lead:'))).toEqual([`Open the lead: ${notice.leadUrl}`]);
  });

  test('the visitor, at an address nobody has confirmed, is greeted by the first word of the name only', () => {
    for (const [name, m] of visitorEmails(forged)) {
      expect([name, allText(m).includes('evil.example')]).toEqual([name, false]);
      expect([name, emailText(m)]).toEqual([name, expect.stringMatching(/(^|\n)Hi Priya, /)]);
    }
  });
});

describe('the greeting and the zone', () => {
  const greetingOf = (name: string) =>
    emailText(bookingConfirmedEmail({ ...notice, visitor: { ...notice.visitor, name } }))
      .split('\n')[3]
      .split(',')[0];

  test('a first name; two words after a title or an initial; a long one clipped; none, or an address, is “there”', () => {
    expect(greetingOf('Priya Raman')).toBe('Hi Priya');
    expect(greetingOf('Dr. Priya Raman')).toBe('Hi Dr. Priya');
    expect(greetingOf('J Marc Tremblay')).toBe('Hi J Marc');
    expect(greetingOf('王小明')).toBe('Hi 王小明');
    expect(greetingOf(`Dr. ${'Wolfeschlegelsteinhausen'.repeat(3)}`)).toBe(`Hi Dr. ${'Wolfeschlegelsteinhausen'.repeat(3)}`.slice(0, 42).concat('…'));
    expect(greetingOf(' \n ')).toBe('Hi there');
    for (const name of ['evil.example Smith', 'Dr. https://evil.example', 'win@prizes.example', 'Go: now']) expect(greetingOf(name)).toBe('Hi there');
    expect(greetingOf('Zoë Tremblay-Ng')).toBe('Hi Zoë');
  });

  test('another zone’s clocks, named by their city', () => {
    const m = bookingConfirmedEmail({ ...notice, timeZone: 'America/Vancouver' });
    expect(m.subject).toBe('Your strategy session: Tue Dec 1, 7:00 a.m.');
    expect(linesOf(m)).toContain('When: Tuesday, December 1 at 7:00 a.m. (Vancouver time)');
  });
});

describe('how the session happens, said plainly', () => {
  const howEmails = (n: BookingNotice) => [
    bookingConfirmedEmail(n),
    bookingReminderEmail(n, '24h'),
    bookingReminderEmail(n, '1h'),
    bookingMovedEmail({ ...n, previousStart: new Date(n.start.getTime() - 86_400_000) }, 'visitor'),
  ];

  test('with the staff member’s video link set, every email says how to join by it', () => {
    const linked = { ...notice, staff: { ...notice.staff, meetingUrl: 'https://meet.example.com/alex-chen' } };
    for (const m of howEmails(linked)) {
      expect(emailText(m)).toContain('By video call: https://meet.example.com/alex-chen (the link is in the calendar invite too)');
      expect(emailText(m)).not.toContain('will call you');
    }
    expect(emailText(bookingStaffEmail(linked))).toContain('How: By video call: https://meet.example.com/alex-chen');
  });

  test('without a link, the staff member calls the number the visitor gave; the host is told they said so', () => {
    for (const m of howEmails(notice)) {
      expect(emailText(m)).toContain('By phone: Alex Chen will call you at (416) 555-0188');
      expect(emailText(m)).not.toMatch(/in touch before the session|By video call or phone/);
    }
    expect(linesOf(bookingStaffEmail(notice))).toContain(
      'How: By phone: call them at (416) 555-0188, as they were told (no video link is set on /admin/booking)',
    );
  });

  test('without a link or a phone, the staff member emails them a link before the session', () => {
    const noPhone = { ...notice, visitor: { ...notice.visitor, phone: null } };
    for (const m of howEmails(noPhone)) expect(emailText(m)).toContain('By video call: Alex Chen will email you a link to join before the session');
    expect(emailText(bookingStaffEmail(noPhone))).toContain('Email them a link to join before the session, as they were told');
    // A link that is not https (never stored: lib/booking/schema.ts) is not offered as one.
    const odd = { ...noPhone, staff: { ...notice.staff, meetingUrl: 'javascript:alert(1)' } };
    expect(allText(bookingConfirmedEmail(odd))).not.toContain('javascript:');
  });
});

describe("the calendar invite says how the session happens, in its reader's words", () => {
  test('by phone: the visitor is told who calls which number; the staff member, to call it, and where the lead is', () => {
    expect(inviteDescription(notice, 'visitor').split('\n')).toEqual([
      `Free strategy session with Alex Chen of ${agency.name}.`,
      'By phone: Alex Chen will call you at (416) 555-0188.',
      `Move or cancel: ${notice.manageUrl}`,
    ]);
    expect(inviteDescription(notice, 'staff').split('\n')).toEqual([
      `Free strategy session with Alex Chen of ${agency.name}.`,
      'By phone: call them at (416) 555-0188, as they were told (no video link is set on /admin/booking).',
      `Move or cancel: ${notice.manageUrl}`,
      `The lead: ${notice.leadUrl}`,
    ]);
  });

  test("by video: both get the staff member's link; with neither a link nor a phone, the visitor is promised a link by email", () => {
    const video = { ...notice, staff: { ...notice.staff, meetingUrl: 'https://meet.example.ca/alex' } };
    expect(inviteDescription(video, 'visitor')).toContain('\nBy video call: https://meet.example.ca/alex\n');
    expect(inviteDescription(video, 'staff')).toContain('\nBy video call: https://meet.example.ca/alex\n');
    const neither = { ...notice, visitor: { ...notice.visitor, phone: null } };
    expect(inviteDescription(neither, 'visitor')).toContain('\nBy video call: Alex Chen will email you a link to join before the session.\n');
    expect(inviteDescription(neither, 'staff')).toContain('\nEmail them a link to join before the session, as they were told');
  });
});
