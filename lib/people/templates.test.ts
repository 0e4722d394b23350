import { describe, expect, test } from 'bun:test';
import { agency } from '../site.ts';
import { firstNameOf, firstTemplateFor, signatureName, staffMessageEmail, TEMPLATE_IDS, templateEmail } from './templates.ts';

const facts = {
  kind: 'audit' as const,
  name: 'Daniel Okafor',
  business: 'Riverside Cleaning',
  score: 31,
  staffName: 'Maya Chen',
  sessionMinutes: 45,
  bookUrl: null,
};

describe('templates', () => {
  test('the first reply to an audit names the person, the business and the score, signed by the staff member', () => {
    const email = templateEmail('audit-reply', facts);
    expect(email.subject).toBe('Your growth audit for Riverside Cleaning');
    expect(email.body.startsWith('Hi Daniel,\n\n')).toBe(true);
    expect(email.body).toContain('Your audit scored 31 out of 100');
    expect(email.body.endsWith(`Talk soon,\nMaya Chen\n${agency.name}\n${agency.phoneDisplay}`)).toBe(true);
  });

  test('every template fills in without a name, business or score, and never says undefined', () => {
    for (const id of TEMPLATE_IDS) {
      const email = templateEmail(id, { kind: 'intake', name: null, business: null, score: null, staffName: 'Sam', sessionMinutes: 45, bookUrl: null });
      expect(email.body.startsWith('Hello,')).toBe(true);
      expect(`${email.subject} ${email.body}`).not.toMatch(/undefined|null|NaN/);
      expect(email.body).toContain('Sam');
    }
  });

  test('the application reply and the others name the business', () => {
    expect(templateEmail('intake-reply', { ...facts, kind: 'intake' }).body).toContain('your application for Riverside Cleaning');
    expect(templateEmail('follow-up', facts).subject).toBe('Following up: Riverside Cleaning');
    expect(templateEmail('missed-you', facts).body).toContain('Riverside Cleaning');
  });

  test('the session is as long as the booking page says, and where someone takes bookings every template links to them', () => {
    expect(templateEmail('audit-reply', { ...facts, sessionMinutes: 30 }).body).toContain('about 30 minutes by phone or video');
    expect(templateEmail('intake-reply', { ...facts, kind: 'intake', sessionMinutes: 60 }).body).toContain('a 60-minute strategy session');
    for (const id of TEMPLATE_IDS) {
      const body = templateEmail(id, facts).body;
      expect(body).not.toMatch(/\b20[- ]minute/);
      expect(body).not.toContain('/book');
      expect(templateEmail(id, { ...facts, bookUrl: 'https://northlinedigital.ca/book' }).body).toContain('here: https://northlinedigital.ca/book');
    }
    // Without a booking page they reply with a time, as before.
    expect(templateEmail('audit-reply', facts).body).toContain('tomorrow morning, or later this week');
  });

  test('names', () => {
    expect(firstNameOf('  Priya   Raman ')).toBe('Priya');
    expect(firstNameOf('')).toBe(null);
    expect(signatureName('Maya Chen', 'maya@northlinedigital.ca')).toBe('Maya Chen');
    expect(signatureName(null, 'maya.chen@northlinedigital.ca')).toBe('Maya Chen');
    expect(signatureName('  ', 'sam@northlinedigital.ca')).toBe('Sam');
    expect(firstTemplateFor('intake')).toBe('intake-reply');
    expect(firstTemplateFor('audit')).toBe('audit-reply');
  });
});

describe('staffMessageEmail', () => {
  test('the text becomes paragraphs, the subject stays, the footer says why they get it', () => {
    const email = staffMessageEmail({ subject: 'Your growth audit', body: 'Hi Daniel,\r\n\r\nThanks for the audit.\n\n\nTalk soon,\nMaya', kind: 'audit' });
    expect(email.subject).toBe('Your growth audit');
    expect(email.blocks).toEqual([
      { kind: 'paragraph', text: 'Hi Daniel,' },
      { kind: 'paragraph', text: 'Thanks for the audit.' },
      { kind: 'paragraph', text: 'Talk soon,\nMaya' },
    ]);
    expect(email.footer[0]).toContain('took our free growth audit');
  });
});
