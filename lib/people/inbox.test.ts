import { expect, test } from 'bun:test';
import { bulkNotice, personPath } from './inbox.ts';

const owners = [{ id: '3f1c2d9e-0000-4000-8000-000000000001', email: 'priya@northlinedigital.ca' }];

test('the confirmation of each bulk action, in words', () => {
  expect(bulkNotice({ action: 'assign', count: 3, to: owners[0].id }, owners)).toBe('Assigned 3 people to priya@northlinedigital.ca.');
  expect(bulkNotice({ action: 'assign', count: 1, to: 'none' }, owners)).toBe('Unassigned 1 person.');
  expect(bulkNotice({ action: 'status', count: 2, to: 'session booked' }, owners)).toBe('Moved 2 people to Session booked.');
  expect(bulkNotice({ action: 'spam', count: 2, skipped: 1 }, owners)).toBe('Marked 2 people as spam. 1 person had no open lead and was left as they were.');
  expect(personPath('a b')).toBe('/admin/people/a%20b');
});
