import { describe, expect, test } from 'bun:test';
import { containsPattern, isOverdue, overdueHeadline } from './pipeline.ts';

describe('overdue', () => {
  const replyBy = new Date('2026-11-25T23:00:00Z');
  const lead = { status: 'new', replyBy, firstReachedAt: null, isSpam: false, erasedAt: null };
  test('only a lead nobody reached, still new after its reply-by time', () => {
    expect(isOverdue({ ...lead, firstReachedAt: new Date(replyBy.getTime() - 5) }, new Date(replyBy.getTime() + 1))).toBe(false);
    expect(isOverdue(lead, new Date(replyBy.getTime() - 1))).toBe(false);
    expect(isOverdue(lead, new Date(replyBy.getTime() + 1))).toBe(true);
    expect(isOverdue({ ...lead, status: 'contacted' }, new Date(replyBy.getTime() + 1))).toBe(false);
    expect(isOverdue({ ...lead, isSpam: true }, new Date(replyBy.getTime() + 1))).toBe(false);
    expect(isOverdue({ ...lead, erasedAt: new Date() }, new Date(replyBy.getTime() + 1))).toBe(false);
  });

  test('the headline counts them', () => {
    expect(overdueHeadline(3)).toBe('3 leads past the 2-business-day promise');
    expect(overdueHeadline(1)).toBe('1 lead past the 2-business-day promise');
    expect(overdueHeadline(1200)).toBe('1,200 leads past the 2-business-day promise');
  });
});

describe('search', () => {
  test("search takes LIKE's wildcards literally", () => {
    expect(containsPattern('100%_Off\\')).toBe('%100\\%\\_off\\\\%');
  });
});
