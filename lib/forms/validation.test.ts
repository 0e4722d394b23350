import { expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { fieldLines, findUnstorableText, formValues, validationErrorBody } from './validation.ts';

test('names every invalid field once, with its first message', () => {
  const schema = z.object({
    firstName: z.string().check(z.minLength(1, 'First name is required')),
    email: z.email('Invalid email address'),
    nested: z.object({ a: z.number() }),
  });
  const result = z.safeParse(schema, { firstName: '', email: 'nope', nested: { a: 'x' } });
  expect(result.success).toBe(false);
  const body = validationErrorBody(result.error!);
  expect(body.fields).toEqual({ firstName: 'First name is required', email: 'Invalid email address', 'nested.a': expect.any(String) });
  expect(body.error).toBe('Invalid fields: firstName, email, nested.a');
});

test('finds text PostgreSQL cannot store: NUL characters and lone surrogates, in values and keys', () => {
  expect(findUnstorableText({ a: 'fine 🍁 مرحبا', b: ['ok', { c: 1 }] })).toBeNull();
  expect(findUnstorableText({ userId: '\u0000' })).toBe('userId');
  expect(findUnstorableText({ list: ['ok', 'x\uD800'] })).toBe('list.1');
  expect(findUnstorableText({ nested: { 'k\u0000': 'v' } })).toBe('nested.(key)');
  expect(findUnstorableText('\uDC00')).toBe('(body)');
  expect(findUnstorableText(42)).toBeNull();
});

test('problem lines: each refused field once, with its first message', () => {
  const error = {
    issues: [
      { path: ['status'], message: 'Choose one' },
      { path: ['page'], message: 'Pages start at 1' },
      { path: ['page'], message: 'A second message' },
    ],
  };
  expect(fieldLines(validationErrorBody(error).fields)).toEqual(['status: Choose one', 'page: Pages start at 1']);
  expect(fieldLines({ wonValue: 'Enter the monthly retainer', 'v1.ctaText': 'Too long' })).toEqual([
    'won value: Enter the monthly retainer',
    'v1.cta text: Too long',
  ]);
});

test('a plain form as the JSON its island would send: lists, flags and single values', () => {
  expect(
    formValues({ goal: 'leads', goals: 'a', box: 'on', name: ['first', 'second'], file: new Blob(['x']) }, ['goals', 'none'], ['box', 'unticked']),
  ).toEqual({
    goal: 'leads',
    goals: ['a'],
    none: [],
    box: true,
    unticked: false,
    name: 'first',
  });
  expect(formValues({ box: 'true' }, [], ['box']).box).toBe(true);
  // Anything else stays text, for the schema to refuse by name.
  expect(formValues({ box: 'yes please' }, [], ['box']).box).toBe('yes please');
});
