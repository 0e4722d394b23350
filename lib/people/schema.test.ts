import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { callSchema, emailFormSchema, nextActionFormSchema, nextActionSchema, torontoLocalInstant, torontoLocalValue } from './schema.ts';

describe('people schemas', () => {
  test('a next action’s due time needs its offset', () => {
    const ok = z.safeParse(nextActionSchema, { due: '2026-12-01T10:00:00-05:00', what: 'Call back' });
    expect(ok.success && ok.data.due.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(z.safeParse(nextActionSchema, { due: '2026-12-01T15:00:00Z', what: 'Call back' }).success).toBe(true);
    for (const due of ['2026-12-01T10:00:00', '2026-12-01', 'tomorrow', 1764601200000, '2026-13-01T10:00:00-05:00', '1900-01-01T00:00:00Z']) {
      const bad = z.safeParse(nextActionSchema, { due, what: 'Call back' });
      expect(bad.success, String(due)).toBe(false);
      expect(bad.error?.issues[0].path, String(due)).toEqual(['due']);
    }
    expect(z.safeParse(nextActionSchema, { due: '2026-12-01T10:00:00-05:00', what: ' ' }).error?.issues[0].path).toEqual(['what']);
  });

  test('a datetime-local field is Toronto time, winter and summer', () => {
    expect(torontoLocalInstant('2026-12-01T10:00')?.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(torontoLocalInstant('2026-07-01T10:00')?.toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(torontoLocalInstant('2026-02-30T10:00')).toBe(null);
    expect(torontoLocalInstant('nope')).toBe(null);
    expect(torontoLocalValue(new Date('2026-12-01T15:00:00Z'))).toBe('2026-12-01T10:00');
    const form = z.safeParse(nextActionFormSchema, { due: '2026-12-01T10:00', what: 'Send the proposal' });
    expect(form.success && form.data.due?.toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });

  test('a call’s outcome is one of three; an email names its lead', () => {
    expect(z.safeParse(callSchema, { outcome: 'answered' }).success).toBe(true);
    expect(z.safeParse(callSchema, { outcome: 'busy' }).error?.issues[0].path).toEqual(['outcome']);
    expect(z.safeParse(callSchema, { outcome: 'voicemail', note: 7 }).error?.issues[0].path).toEqual(['note']);
    const email = z.safeParse(emailFormSchema, { template: 'follow-up', lead: 'audit/abc-123', subject: 'Hi', body: 'Text' });
    expect(email.success && email.data.lead).toEqual({ kind: 'audit', id: 'abc-123' });
    expect(z.safeParse(emailFormSchema, { template: 'follow-up', lead: 'spam/x', subject: 'Hi', body: 'Text' }).error?.issues[0].path).toEqual(['lead']);
  });
});
