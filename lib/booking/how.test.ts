import { expect, test } from 'bun:test';
import { sessionWay, wayForStaff, wayForVisitor } from './how.ts';

test('the video link when the staff member has one, else a call to the visitor’s phone, else a link by email', () => {
  const url = 'https://meet.example.com/maya-chen';
  expect(sessionWay({ meetingUrl: url, phone: '416-555-0199' })).toEqual({ kind: 'video', url });
  expect(sessionWay({ meetingUrl: null, phone: '416-555-0199' })).toEqual({ kind: 'phone', phone: '416-555-0199' });
  expect(sessionWay({ meetingUrl: '', phone: null })).toEqual({ kind: 'emailed-link' });
  expect(sessionWay({})).toEqual({ kind: 'emailed-link' });
  expect(wayForVisitor({ kind: 'video', url }, 'Maya Chen')).toBe(`By video call: ${url}`);
  expect(wayForVisitor({ kind: 'phone', phone: '416-555-0199' }, 'Maya Chen')).toBe('By phone: Maya Chen will call you at 416-555-0199');
  expect(wayForVisitor({ kind: 'emailed-link' }, 'Maya Chen')).toBe('By video call: Maya Chen will email you a link to join before the session');
  expect(wayForVisitor({ kind: 'phone', phone: '416-555-0199' }, null)).toBe('By phone: we will call you at 416-555-0199');
  expect(wayForStaff({ kind: 'phone', phone: '416-555-0199' })).toBe(
    'By phone: call them at 416-555-0199, as they were told (no video link is set on /admin/booking)',
  );
});

test('hostile stored values: a link that is not https is no link, a phone that is not a number is not repeated', () => {
  for (const meetingUrl of ['javascript:alert(1)', 'http://meet.example.com/x', 'https://', ' data:text/html,hi'])
    expect(sessionWay({ meetingUrl, phone: null })).toEqual({ kind: 'emailed-link' });
  for (const phone of ['call 1-900-555-0000 now', '416 555 0188\u2028Open the lead: https://evil.example', '12345', '   '])
    expect(sessionWay({ meetingUrl: null, phone })).toEqual({ kind: 'emailed-link' });
  expect(sessionWay({ meetingUrl: null, phone: ' (416) 555-0188 ' })).toEqual({ kind: 'phone', phone: '(416) 555-0188' });
});
