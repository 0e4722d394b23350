import { describe, expect, test } from 'bun:test';
import ICAL from 'ical.js';
import { calendarObjectIcs, type InviteEvent, inviteIcs } from './invite.ts';

const stamp = new Date('2026-03-02T14:05:09Z');
const event: InviteEvent = {
  uid: 'session-7f3a9c2e-1b4d',
  sequence: 0,
  start: new Date('2026-03-10T14:30:00Z'),
  end: new Date('2026-03-10T15:15:00Z'),
  title: 'Strategy session: Café Olé, Leslieville',
  description:
    'Agenda, in order:\n1. Your goals; your budget\n2. Local search, ads, reviews\n\nBring last year’s numbers (a back\\slash too). 🎯 Ça va être très intéressant, n’est-ce pas? Éàüß 日本語のテキスト',
  url: 'https://toronto.northlinedigital.ca/booking/session-7f3a9c2e-1b4d?view=1,2',
  location: 'Café Olé; 2nd floor, 312 Adelaide St W',
  organizer: { name: 'Maya Chen, Northline', email: 'maya@northlinedigital.ca' },
  attendees: [
    { name: 'Zoë "Zee" O’Brien; Café Olé', email: 'zoe@cafeole.example' },
    { name: 'Sam ^ Lee', email: 'sam@cafeole.example' },
  ],
};

const parsed = (text: string) => new ICAL.Component(ICAL.parse(text));
const vevent = (text: string) => parsed(text).getFirstSubcomponent('vevent') as ICAL.Component;
const utc = (component: ICAL.Component, name: string) => {
  const time = component.getFirstPropertyValue(name) as ICAL.Time;
  expect(time.zone?.tzid).toBe('UTC');
  return time.toJSDate();
};

describe('the invite (METHOD:REQUEST)', () => {
  const text = inviteIcs(event, 'REQUEST', stamp);
  const calendar = parsed(text);
  const item = vevent(text);

  test('is one VCALENDAR 2.0 with METHOD:REQUEST and one VEVENT', () => {
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Northline Digital');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
  });

  test('carries the stable UID, the SEQUENCE, STATUS:CONFIRMED and UTC times with DTSTAMP', () => {
    expect(item.getFirstPropertyValue('uid')).toBe(event.uid);
    expect(Number(item.getFirstPropertyValue('sequence'))).toBe(0);
    expect(item.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(utc(item, 'dtstart')).toEqual(event.start);
    expect(utc(item, 'dtend')).toEqual(event.end);
    expect(utc(item, 'dtstamp')).toEqual(stamp);
    expect(text).toContain('\r\nDTSTART:20260310T143000Z\r\n');
  });

  test('text with commas, semicolons, line breaks, a backslash and non-ASCII survives', () => {
    expect(item.getFirstPropertyValue('summary')).toBe(event.title);
    expect(item.getFirstPropertyValue('description')).toBe(event.description);
    expect(item.getFirstPropertyValue('location')).toBe('Café Olé; 2nd floor, 312 Adelaide St W');
    expect(item.getFirstPropertyValue('url')).toBe(event.url as string);
  });

  test('the organizer and each attendee, with RSVP, PARTSTAT and ROLE, their names intact', () => {
    const organizer = item.getFirstProperty('organizer') as ICAL.Property;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:maya@northlinedigital.ca');
    expect(organizer.getParameter('cn')).toBe('Maya Chen, Northline');
    const attendees = item.getAllProperties('attendee');
    expect(attendees).toHaveLength(2);
    expect(attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual(['mailto:zoe@cafeole.example', 'mailto:sam@cafeole.example']);
    expect(attendees.map((a) => a.getParameter('cn'))).toEqual(event.attendees.map((a) => a.name));
    for (const attendee of attendees) {
      expect(attendee.getParameter('rsvp')).toBe('TRUE');
      expect(attendee.getParameter('partstat')).toBe('NEEDS-ACTION');
      expect(attendee.getParameter('role')).toBe('REQ-PARTICIPANT');
    }
    // Bare tokens, as mail clients write them.
    expect(text.replace(/\r\n /g, '')).toContain('ATTENDEE;RSVP=TRUE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=');
  });

  test('CRLF line endings only, every line at most 75 octets, folded between characters', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // The long description is folded, and no fold cut a UTF-8 sequence: each line is valid UTF-8 on its own.
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(2);
    for (const line of lines) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(line))).toBe(line);
  });
});

describe('the cancellation (METHOD:CANCEL)', () => {
  const text = inviteIcs({ ...event, sequence: 1 }, 'CANCEL', new Date('2026-03-03T09:00:00Z'));
  const item = vevent(text);

  test('the same UID with a higher SEQUENCE, STATUS:CANCELLED, and no answer asked for', () => {
    expect(parsed(text).getFirstPropertyValue('method')).toBe('CANCEL');
    expect(item.getFirstPropertyValue('uid')).toBe(event.uid);
    expect(Number(item.getFirstPropertyValue('sequence'))).toBe(1);
    expect(item.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(utc(item, 'dtstamp')).toEqual(new Date('2026-03-03T09:00:00Z'));
    expect(item.getAllProperties('attendee').map((a) => a.getParameter('rsvp'))).toEqual(['FALSE', 'FALSE']);
  });
});

describe('the calendar object for CalDAV', () => {
  test('has no METHOD (RFC 4791 4.1), and the same event with its status', () => {
    for (const status of ['CONFIRMED', 'CANCELLED'] as const) {
      const text = calendarObjectIcs({ ...event, sequence: 3 }, status, stamp);
      expect(text).not.toMatch(/^METHOD/m);
      expect(parsed(text).getFirstPropertyValue('method')).toBeNull();
      const item = vevent(text);
      expect(item.getFirstPropertyValue('uid')).toBe(event.uid);
      expect(Number(item.getFirstPropertyValue('sequence'))).toBe(3);
      expect(item.getFirstPropertyValue('status')).toBe(status);
      expect(utc(item, 'dtstart')).toEqual(event.start);
      expect(item.getFirstPropertyValue('location')).toBe(event.location as string);
    }
  });

  test('an event without url or location leaves both out; a stray carriage return or control character does not break a line', () => {
    const text = calendarObjectIcs(
      { ...event, url: undefined, location: undefined, title: 'Call\r\nback\u0007 later', description: 'Say ;ROLE="CHAIR" here' },
      'CONFIRMED',
      stamp,
    );
    const item = vevent(text);
    expect(item.getFirstProperty('url')).toBeNull();
    expect(item.getFirstProperty('location')).toBeNull();
    expect(item.getFirstPropertyValue('summary')).toBe('Call\nback later');
    expect(item.getFirstPropertyValue('description')).toBe('Say ;ROLE="CHAIR" here');
  });
});
