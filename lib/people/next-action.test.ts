import { describe, expect, test } from 'bun:test';
import { actionFlag, afterCall, afterStatusChange, dueAfterBusinessDays, dueText, leadCountsText, replyBadge, spanText } from './next-action.ts';

const toronto = (iso: string) => new Date(iso); // instants written with their offset

describe('dueAfterBusinessDays', () => {
  test('a weekday call followed up in 2 business days keeps its time of day', () => {
    // Tue Nov 24 2026, 11:15 Toronto (EST, -05:00) → Thu Nov 26, 11:15
    expect(dueAfterBusinessDays(toronto('2026-11-24T11:15:00-05:00'), 2).toISOString()).toBe('2026-11-26T16:15:00.000Z');
  });
  test('over a weekend, and moved into the working day', () => {
    // Fri Nov 27, 19:30 → Mon Nov 30 at 18:00 (after hours is moved to the office's close)
    expect(dueAfterBusinessDays(toronto('2026-11-27T19:30:00-05:00'), 1).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // Sat Nov 28, 07:00 → Mon Nov 30 at 09:00
    expect(dueAfterBusinessDays(toronto('2026-11-28T07:00:00-05:00'), 1).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });
  test('over Christmas and Boxing Day 2026 (Friday and Saturday: Boxing Day observed Monday the 28th)', () => {
    // Thu Dec 24, 10:00 → 1 business day: Tue Dec 29
    expect(dueAfterBusinessDays(toronto('2026-12-24T10:00:00-05:00'), 1).toISOString()).toBe('2026-12-29T15:00:00.000Z');
  });
  test('over a summer holiday in daylight time (Canada Day, Wed Jul 1 2026)', () => {
    // Tue Jun 30, 16:00 EDT → Thu Jul 2, 16:00 EDT
    expect(dueAfterBusinessDays(toronto('2026-06-30T16:00:00-04:00'), 1).toISOString()).toBe('2026-07-02T20:00:00.000Z');
  });
  test('0 days: now in working hours, else the next business morning', () => {
    const now = toronto('2026-11-24T11:15:00-05:00');
    expect(dueAfterBusinessDays(now, 0)).toEqual(now);
    expect(dueAfterBusinessDays(toronto('2026-11-24T08:00:00-05:00'), 0).toISOString()).toBe('2026-11-24T14:00:00.000Z');
    expect(dueAfterBusinessDays(toronto('2026-11-27T18:00:00-05:00'), 0).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });
});

describe('proposals after a call', () => {
  const now = toronto('2026-11-24T11:15:00-05:00');
  test('answered: follow up in 2 business days; voicemail or no answer: try again tomorrow', () => {
    expect(afterCall('answered', now)).toMatchObject({ what: 'Follow up on our call', businessDays: 2 });
    expect(afterCall('voicemail', now).businessDays).toBe(1);
    expect(afterCall('no-answer', now).due.toISOString()).toBe('2026-11-25T16:15:00.000Z');
  });
});

describe('flags, badges and texts', () => {
  const now = new Date('2026-11-24T16:00:00Z');
  test('an open lead with no next action, or one past due, is flagged; a closed one never', () => {
    expect(actionFlag({ hasOpenLead: true, nextActionDue: null, replyOverdue: false }, now)).toBe('no-action');
    expect(actionFlag({ hasOpenLead: true, nextActionDue: new Date('2026-11-24T15:00:00Z'), replyOverdue: false }, now)).toBe('overdue');
    expect(actionFlag({ hasOpenLead: true, nextActionDue: new Date('2026-11-25T15:00:00Z'), replyOverdue: true }, now)).toBe('overdue');
    expect(actionFlag({ hasOpenLead: true, nextActionDue: new Date('2026-11-25T15:00:00Z'), replyOverdue: false }, now)).toBeNull();
    expect(actionFlag({ hasOpenLead: false, nextActionDue: null, replyOverdue: false }, now)).toBeNull();
  });
  test('the reply badge says how the promise went, never "was due by"', () => {
    const lead = {
      createdAt: new Date('2026-11-23T14:00:00Z'),
      replyBy: new Date('2026-11-25T23:00:00Z'),
      isSpam: false,
      erasedAt: null,
      status: 'new' as const,
    };
    expect(replyBadge({ ...lead, firstReachedAt: new Date('2026-11-23T17:00:00Z') }, now)).toEqual({ text: 'Replied in 3 h', tone: 'kept' });
    expect(replyBadge({ ...lead, firstReachedAt: new Date('2026-11-27T00:00:00Z') }, now)).toEqual({ text: 'Replied in 3 days, 25 h late', tone: 'late' });
    expect(replyBadge({ ...lead, firstReachedAt: null }, new Date('2026-11-27T00:00:00Z'))).toEqual({ text: 'Overdue by 25 h', tone: 'overdue' });
    expect(replyBadge({ ...lead, firstReachedAt: null }, new Date('2026-11-28T00:00:00Z'))).toEqual({ text: 'Overdue by 2 days', tone: 'overdue' });
    expect(replyBadge({ ...lead, firstReachedAt: null }, now)?.text).toBe('Reply by Wed Nov 25, 18:00');
    expect(replyBadge({ ...lead, isSpam: true, firstReachedAt: null }, now)).toBeNull();
    // Moved on from New with no first reply recorded (they booked a session themselves, a status set by
    // hand): no promise is waiting, as the inbox's Overdue filter says; a reply that was recorded still shows.
    for (const status of ['contacted', 'session booked', 'won', 'lost', 'not a fit'] as const)
      expect(replyBadge({ ...lead, status, firstReachedAt: null }, new Date('2026-11-28T00:00:00Z')), status).toBeNull();
    expect(replyBadge({ ...lead, status: 'won', firstReachedAt: new Date('2026-11-23T17:00:00Z') }, now)).toEqual({ text: 'Replied in 3 h', tone: 'kept' });
  });
  test('spans, due texts and counts', () => {
    expect(spanText(59 * 60_000)).toBe('59 min');
    expect(spanText(3 * 86_400_000)).toBe('3 days');
    expect(spanText(86_400_000 * 2)).toBe('2 days');
    expect(dueText(new Date('2026-11-24T19:00:00Z'), now)).toBe('Due today, 14:00');
    expect(dueText(new Date('2026-12-01T15:00:00Z'), now)).toBe('Due Tue Dec 1, 10:00');
    expect(dueText(new Date('2026-11-22T16:00:00Z'), now)).toBe('Overdue by 2 days');
    expect(dueText(new Date('2031-03-04T15:30:00Z'), now)).toBe('Due Mar 4, 2031, 10:30');
    expect(leadCountsText(['audit', 'intake', 'audit'])).toBe('2 audits, 1 application');
    expect(leadCountsText(['booking'])).toBe('1 booking');
  });
});

describe('a status change and the next action', () => {
  const now = new Date('2026-11-24T16:15:00Z'); // Tue 11:15 Toronto
  test('moved on from new while the first reply is the next action: follow up in 2 business days', () => {
    expect(afterStatusChange({ from: 'new', to: 'contacted', openLeadsLeft: 1, nextActionWhat: 'Reply to their audit' }, now)).toMatchObject({
      what: 'Follow up',
      businessDays: 2,
    });
    expect(afterStatusChange({ from: 'new', to: 'session booked', openLeadsLeft: 1, nextActionWhat: 'Reply to their Q4 application' }, now)).toMatchObject({
      what: 'Prepare for their strategy session',
    });
  });
  test('another lead closed from new (lost, not a fit) leaves the first reply still to do', () => {
    expect(afterStatusChange({ from: 'new', to: 'lost', openLeadsLeft: 1, nextActionWhat: 'Reply to their audit' }, now)).toBeNull();
    expect(afterStatusChange({ from: 'new', to: 'not a fit', openLeadsLeft: 2, nextActionWhat: 'Reply to their Q4 application' }, now)).toBeNull();
    expect(afterStatusChange({ from: 'new', to: 'won', openLeadsLeft: 1, nextActionWhat: 'Reply to their audit' }, now)).toMatchObject({ what: 'Follow up' });
  });
  test('a next action staff wrote themselves is theirs to change', () => {
    expect(afterStatusChange({ from: 'new', to: 'contacted', openLeadsLeft: 1, nextActionWhat: 'Send the proposal' }, now)).toBeNull();
    expect(afterStatusChange({ from: 'contacted', to: 'session booked', openLeadsLeft: 1, nextActionWhat: 'Reply to their audit' }, now)).toBeNull();
  });
  test('every lead closed: nothing left to do', () => {
    expect(afterStatusChange({ from: 'contacted', to: 'won', openLeadsLeft: 0, nextActionWhat: 'Follow up' }, now)).toBe('clear');
    expect(afterStatusChange({ from: 'contacted', to: 'lost', openLeadsLeft: 0, nextActionWhat: null }, now)).toBeNull();
  });
});
