import { describe, expect, test } from 'bun:test';
import { emailText } from '../leads/emails.ts';
import { type DigestItem, digestCounts, digestDay, digestEmail, endOfDay } from './digest.ts';

const at = (iso: string) => new Date(iso); // instants written with their Toronto offset
const MONDAY = { year: 2026, month: 11, day: 30 };
const SITE = 'https://northline.example.ca';

const item = (personId: string, name: string, business: string, what: string, due: string): DigestItem => ({
  personId,
  name,
  business,
  what,
  due: at(due),
});

describe('digestDay', () => {
  test('from 08:00 to 18:00 Toronto time on a business day', () => {
    expect(digestDay(at('2026-11-30T07:59:59-05:00'))).toBeNull();
    expect(digestDay(at('2026-11-30T08:00:00-05:00'))).toEqual(MONDAY);
    expect(digestDay(at('2026-11-30T17:59:00-05:00'))).toEqual(MONDAY);
    expect(digestDay(at('2026-11-30T18:00:00-05:00'))).toBeNull();
  });
  test('not on a weekend nor an Ontario holiday (Christmas 2026 is a Friday; Boxing Day is observed Monday the 28th)', () => {
    expect(digestDay(at('2026-11-28T09:00:00-05:00'))).toBeNull();
    expect(digestDay(at('2026-11-29T09:00:00-05:00'))).toBeNull();
    expect(digestDay(at('2026-12-25T09:00:00-05:00'))).toBeNull();
    expect(digestDay(at('2026-12-28T09:00:00-05:00'))).toBeNull();
    expect(digestDay(at('2026-12-29T09:00:00-05:00'))).toEqual({ year: 2026, month: 12, day: 29 });
  });
  test('08:00 on the wall clock in summer time too (EDT, -04:00)', () => {
    expect(digestDay(at('2026-07-02T07:59:00-04:00'))).toBeNull();
    expect(digestDay(at('2026-07-02T08:00:00-04:00'))).toEqual({ year: 2026, month: 7, day: 2 });
  });
  test('the end of the day is the next Toronto midnight', () => {
    expect(endOfDay(MONDAY).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});

describe('digestEmail', () => {
  const now = at('2026-11-30T08:00:00-05:00');
  const mine = [
    item('p-today-late', 'Ana Silva', 'Silva Bakery', 'Call again: we left a voicemail', '2026-11-30T16:00:00-05:00'),
    item('p-overdue-1', 'Raj Patel', 'Patel Plumbing', 'Reply to their audit', '2026-11-26T18:00:00-05:00'),
    item('p-today-early', 'Lee Chen', 'Chen Dental', 'Follow up on our call', '2026-11-30T10:00:00-05:00'),
    item('p-overdue-2', 'Mo Haddad', 'Haddad Auto', 'Try calling again', '2026-11-30T07:00:00-05:00'),
    item('p-today-mid', 'Jo Park', 'Park Yoga', 'Reply to their Q4 application', '2026-11-30T12:00:00-05:00'),
  ];
  const unassigned = [item('p-nobody', 'Sam Roy', 'Roy Roofing', 'Reply to their audit', '2026-11-27T18:00:00-05:00')];

  test('the subject gives the day and counts only; overdue first, longest waiting at the top, then today by time, then not yet assigned', () => {
    const message = digestEmail({ day: MONDAY, now, mine, unassigned, assigns: false, siteUrl: SITE });
    if (!message) throw new Error('expected an email');
    expect(message.subject).toBe('Your follow-ups for Monday, November 30: 3 due, 2 overdue, 1 not yet assigned');
    for (const name of ['Silva', 'Patel', 'Chen', 'Haddad', 'Park', 'Roy']) expect(message.subject).not.toContain(name);
    const text = emailText(message);
    const order = ['Overdue', 'Raj Patel, Patel Plumbing', 'Mo Haddad', 'Due today', 'Lee Chen', 'Jo Park', 'Ana Silva', 'Not yet assigned', 'Sam Roy'].map(
      (s) => text.indexOf(s),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Overdue by 3 days');
    expect(text).toContain('Due today, 10:00');
    expect(text).toContain('Reply to their audit');
    expect(text).toContain(`${SITE}/admin/people/p-overdue-1`);
    expect(text).toContain(`${SITE}/admin/people/p-nobody`);
  });

  test('nothing due and nothing overdue: no email', () => {
    expect(digestEmail({ day: MONDAY, now, mine: [], unassigned: [], assigns: true, siteUrl: SITE })).toBeNull();
    expect(digestCounts({ mine: [], unassigned: [], now })).toEqual({ due: 0, overdue: 0, unassigned: 0 });
  });

  test('only people nobody owns: no email to staff (they ride along in the emails of those who get one), an email to each owner', () => {
    expect(digestEmail({ day: MONDAY, now, mine: [], unassigned, assigns: false, siteUrl: SITE })).toBeNull();
    const toOwner = digestEmail({ day: MONDAY, now, mine: [], unassigned, assigns: true, siteUrl: SITE });
    expect(toOwner?.subject).toBe(`Your follow-ups for Monday, November 30: ${unassigned.length} not yet assigned`);
    const text = JSON.stringify(toOwner?.blocks);
    expect(text).toContain('Nothing of yours is due today, but');
    expect(text).toContain('Not yet assigned');
    expect(text).toContain(`${SITE}/admin/people/p-nobody`);
  });

  test('only today: no zero counts in the subject', () => {
    const message = digestEmail({
      day: MONDAY,
      now,
      mine: mine.filter((m) => m.personId.startsWith('p-today')),
      unassigned: [],
      assigns: false,
      siteUrl: SITE,
    });
    expect(message?.subject).toBe('Your follow-ups for Monday, November 30: 3 due');
  });
});
