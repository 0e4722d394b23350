import { describe, expect, test } from 'bun:test';
import { NOTE_MAX } from './pipeline.ts';
import { eraseSchema, filtersQuery, inboxFiltersSchema, leadParamsSchema, noteSchema, ownerChangeSchema, statusChangeSchema } from './schema.ts';

describe('a lead in a path', () => {
  test('names a kind and an id of at most 36 word characters', () => {
    expect(leadParamsSchema.safeParse({ kind: 'audit', id: '3f1c2d9e-0000-4000-8000-000000000001' }).success).toBe(true);
    expect(leadParamsSchema.safeParse({ kind: 'contact', id: 'x' }).success).toBe(false);
    expect(leadParamsSchema.safeParse({ kind: 'intake', id: 'x'.repeat(37) }).success).toBe(false);
    expect(leadParamsSchema.safeParse({ kind: 'intake', id: 'a b' }).success).toBe(false);
  });
});

describe('inbox filters', () => {
  test('blank fields mean any; flags, dates, pages and search are read from the query string', () => {
    expect(inboxFiltersSchema.parse({ type: '', status: '', q: '  ' })).toEqual({});
    expect(
      inboxFiltersSchema.parse({
        type: 'intake',
        status: 'session booked',
        owner: 'me',
        overdue: '1',
        spam: 'on',
        from: '2026-11-01',
        to: '2026-11-30',
        q: ' Chen ',
        page: '3',
      }),
    ).toEqual({ type: 'intake', status: 'session booked', owner: 'me', overdue: true, spam: true, from: '2026-11-01', to: '2026-11-30', q: 'Chen', page: 3 });
  });

  test('bad values are refused, each naming its field', () => {
    for (const [field, value] of [
      ['type', 'contact'],
      ['status', 'closed'],
      ['owner', "' or 1=1 --"],
      ['overdue', 'yes please'],
      ['from', '23/11/2026'],
      ['page', '0'],
      ['page', '-1'],
      ['page', '1.5'],
      ['page', '99999999'],
      ['q', 'x'.repeat(101)],
    ]) {
      const parsed = inboxFiltersSchema.safeParse({ [field]: value });
      expect(parsed.success, `${field}=${value}`).toBe(false);
      expect(parsed.error?.issues[0].path).toEqual([field]);
    }
  });

  test('back into a query string: only what is set, page 1 left out, in a stable order', () => {
    const filters = inboxFiltersSchema.parse({ q: 'chen & co', status: 'new', overdue: '1', page: '1' });
    expect(filtersQuery(filters)).toBe('?status=new&overdue=1&q=chen+%26+co');
    expect(filtersQuery(filters, { page: 4 })).toBe('?status=new&overdue=1&q=chen+%26+co&page=4');
    expect(filtersQuery({})).toBe('');
  });
});

describe('staff changes', () => {
  test('a note may break lines but takes no invisible characters that reorder what the next reader sees', () => {
    expect(noteSchema.parse({ note: 'Called.\nCall again Monday.' })).toEqual({ note: 'Called.\nCall again Monday.' });
    for (const note of ['Called \u202eyadnoM', 'Ring \u0007', '\u001b[31mred'])
      expect(
        noteSchema.safeParse({ note }).error?.issues.map((i) => i.path.join('.')),
        JSON.stringify(note),
      ).toEqual(['note']);
  });

  test('a status from the pipeline, with an optional trimmed note', () => {
    expect(statusChangeSchema.parse({ status: 'not a fit', note: '  budget too small  ' })).toEqual({ status: 'not a fit', note: 'budget too small' });
    expect(statusChangeSchema.parse({ status: 'won', note: '', wonValue: '2500' })).toEqual({ status: 'won', wonValue: 2500 });
    expect(statusChangeSchema.safeParse({ status: 'archived' }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ status: ['new'] }).success).toBe(false);
  });

  test('won takes the monthly retainer in CAD: typed as staff write it, or a JSON number', () => {
    const won = (wonValue: unknown) => statusChangeSchema.safeParse({ status: 'won', wonValue });
    expect(won('$2,500.50').data?.wonValue).toBe(2500.5);
    expect(won(' 1800 ').data?.wonValue).toBe(1800);
    expect(won(0).data?.wonValue).toBe(0);
    expect(won(1_000_000).data?.wonValue).toBe(1_000_000);
    expect(won(99.99).data?.wonValue).toBe(99.99);
    for (const bad of [
      undefined,
      '',
      '  ',
      -1,
      '-5',
      1_000_000.01,
      '1e6',
      'NaN',
      'Infinity',
      Number.NaN,
      12.345,
      '2.500,00',
      '25 00',
      [2500],
      { v: 1 },
      true,
    ]) {
      const outcome = won(bad);
      expect(outcome.success, String(bad)).toBe(false);
      expect(outcome.error?.issues.map((i) => i.path.join('.'))).toEqual(['wonValue']);
    }
    // Another status ignores the retainer (the lead page's form always carries the field, hidden).
    expect(statusChangeSchema.parse({ status: 'lost', wonValue: '' })).toEqual({ status: 'lost' });
    expect(statusChangeSchema.parse({ status: 'contacted', wonValue: 'typed, then Won unchosen' })).toEqual({ status: 'contacted' });
  });

  test('notes: not empty, not too long, nothing a database cannot store', () => {
    expect(noteSchema.safeParse({ note: '   ' }).success).toBe(false);
    expect(noteSchema.safeParse({ note: 'x'.repeat(NOTE_MAX + 1) }).success).toBe(false);
    expect(noteSchema.safeParse({ note: 'bad\u0000byte' }).success).toBe(false);
    expect(noteSchema.safeParse({ note: '\ud800' }).success).toBe(false);
    expect(noteSchema.parse({ note: 'Called, voicemail. Rappeler jeudi — très intéressée.' }).note).toContain('très');
  });

  test('an owner is a staff id or none; erasing needs the confirmation', () => {
    expect(ownerChangeSchema.safeParse({ owner: 'none' }).success).toBe(true);
    expect(ownerChangeSchema.safeParse({ owner: '3f1c2d9e-0000-4000-8000-000000000001' }).success).toBe(true);
    expect(ownerChangeSchema.safeParse({ owner: 'maya' }).success).toBe(false);
    expect(eraseSchema.safeParse({}).success).toBe(false);
    expect(eraseSchema.safeParse({ confirm: 'erase' }).success).toBe(true);
  });
});
