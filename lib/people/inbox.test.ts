import { expect, test } from 'bun:test';
import { bulkNotice, nextActionLine, nextActionView, personPath } from './inbox.ts';

const owners = [{ id: '3f1c2d9e-0000-4000-8000-000000000001', email: 'priya@northlinedigital.ca' }];

test('the confirmation of each bulk action, in words', () => {
  expect(bulkNotice({ action: 'assign', count: 3, to: owners[0].id }, owners)).toBe('Assigned 3 people to priya@northlinedigital.ca.');
  expect(bulkNotice({ action: 'assign', count: 1, to: 'none' }, owners)).toBe('Unassigned 1 person.');
  expect(bulkNotice({ action: 'status', count: 2, to: 'session booked' }, owners)).toBe('Moved 2 people to Session booked.');
  expect(bulkNotice({ action: 'spam', count: 2, skipped: 1 }, owners)).toBe('Marked 2 people as spam. 1 person had no open lead and was left as they were.');
  expect(personPath('a b')).toBe('/admin/people/a%20b');
});

test('a row’s next-action cell in words: what, when, late or not, and the flag', () => {
  const now = new Date('2026-12-01T15:00:00Z'); // Tue Dec 1, 10:00 in Toronto
  const follow = { nextActionWhat: 'Follow up', nextActionDue: new Date('2026-12-03T15:00:00Z'), hasOpenLead: true, replyOverdue: false };
  expect(nextActionView(follow, now)).toEqual({ what: 'Follow up', due: 'Due Thu Dec 3, 10:00', late: false, flag: null });
  expect(nextActionLine(nextActionView(follow, now))).toBe('Follow up: Due Thu Dec 3, 10:00');
  // Past its time: late, and the person is flagged.
  const late = { ...follow, nextActionDue: new Date('2026-11-29T15:00:00Z') };
  expect(nextActionView(late, now)).toEqual({ what: 'Follow up', due: 'Overdue by 2 days', late: true, flag: 'overdue' });
  // A first reply past the promise flags the person whatever their next action says.
  expect(nextActionView({ ...follow, replyOverdue: true }, now).flag).toBe('overdue');
  // Open and nothing planned; closed and nothing planned (nothing to flag).
  const none = { nextActionWhat: null, nextActionDue: null, hasOpenLead: true, replyOverdue: false };
  expect(nextActionView(none, now)).toEqual({ what: null, due: null, late: false, flag: 'no-action' });
  expect(nextActionView({ ...none, hasOpenLead: false }, now)).toEqual({ what: null, due: null, late: false, flag: null });
  expect(nextActionLine(nextActionView(none, now))).toBe(null);
});
