import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { callSchema, emailFormSchema, nextActionFormSchema, nextActionSchema, torontoLocalInstant, torontoLocalValue } from './schema.ts';

describe('people schemas', () => {
  test('a next action’s due time needs its offset', () => {
    const ok = z.safeParse(nextActionSchema, { due: '2026-12-01T10:00:00-05:00', what: 'Call back' });
    expect(ok.success && ok.data.due.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(z.safeParse(nextActionSchema, { due: '2026-12-01T15:00:00Z', what: 'Call back' }).success).toBe(true);
    for (const due of ['2000-01-01T00:00:00Z', '2099-12-31T23:59:59Z'])
      expect(z.safeParse(nextActionSchema, { due, what: 'Call back' }).success, due).toBe(true);
    for (const due of [
      '2026-12-01T10:00:00',
      '2026-12-01',
      'tomorrow',
      1764601200000,
      '2026-13-01T10:00:00-05:00',
      '1900-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z',
      // The last day asked, in Toronto, is already 2100 in UTC: the instant is outside the range.
      '2099-12-31T23:00:00-05:00',
      '2026-02-30T10:00:00-05:00',
      '2026-11-31T10:00:00-05:00',
      '2026-12-01T25:00:00-05:00',
    ]) {
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
    // The same days as every staff filter (DAYS_ASKED): 2000 to 2099.
    expect(torontoLocalInstant('2000-01-01T10:00')?.toISOString()).toBe('2000-01-01T15:00:00.000Z');
    expect(torontoLocalInstant('2099-12-31T10:00')?.toISOString()).toBe('2099-12-31T15:00:00.000Z');
    expect(torontoLocalInstant('1999-12-31T10:00')).toBe(null);
    expect(torontoLocalInstant('2100-01-01T10:00')).toBe(null);
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

  test('a one-line field (next action, subject) keeps to one line; a note or message may break lines; neither takes invisible characters', () => {
    const due = '2026-12-01T10:00:00-05:00';
    const issues = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    // A right-to-left override would show "due Dec 3" reversed after it, and BEL, ESC, NEL and U+2028 as boxes or breaks.
    for (const what of [
      'RTL \u202egnp.exe',
      'Call\nthen email',
      'Call\tback',
      'Ring \u0007',
      '\u001b[31mred',
      'Call\u0085back',
      'Call\u2028back',
      '\u2066isolated\u2069',
    ])
      expect(issues(nextActionSchema, { due, what }), JSON.stringify(what)).toEqual([
        'what: Please keep this on one line, without line breaks, tabs or invisible characters',
      ]);
    expect(issues(emailFormSchema, { template: 'follow-up', lead: 'audit/a', subject: 'Hi\r\nBcc: x@example.com', body: 'Text' })?.[0]).toStartWith('subject:');
    expect(z.safeParse(callSchema, { outcome: 'answered', note: 'Spoke to Priya.\nCall back Monday.\n\tBring the proposal.' }).success).toBe(true);
    expect(issues(callSchema, { outcome: 'answered', note: 'Spoke to \u202eayirP' })).toEqual([
      'note: Please remove the invisible control characters from this answer',
    ]);
    expect(z.safeParse(emailFormSchema, { template: 'follow-up', lead: 'audit/a', subject: 'Hi Priya', body: 'Line one\n\nLine two' }).success).toBe(true);
    // Nothing visible is nothing written.
    for (const blank of ['\u200b', '\u3164', '\u00ad\u200b', '\u115f'])
      expect(issues(nextActionSchema, { due, what: blank }), JSON.stringify(blank)).toEqual(['what: Write the next action first']);
    expect(issues(emailFormSchema, { template: 'follow-up', lead: 'audit/a', subject: '\u200b', body: 'Text' })).toEqual(['subject: Write the subject first']);
    // Letters of any language and emoji with their joiners are text, not controls.
    expect(z.safeParse(nextActionSchema, { due, what: 'Appeler Zoë 👩‍💼 — مرحبا' }).success).toBe(true);
  });
});
