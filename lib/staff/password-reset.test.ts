import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import {
  againProblem,
  newPasswordSchema,
  RESET_AGAIN_DIFFERS,
  RESET_EMAIL_INVALID,
  RESET_EMAIL_MISSING,
  RESET_EMAIL_TOO_LONG,
  RESET_LIFETIME_MS,
  resetLinkPath,
  resetRequestSchema,
} from './password-reset.ts';

const emailError = (input: unknown) => {
  const result = z.safeParse(resetRequestSchema, input);
  return result.success ? null : result.error.issues[0].message;
};

describe('the reset request form', () => {
  test('keeps a work email as accounts are stored: trimmed and lower-cased', () => {
    expect(z.parse(resetRequestSchema, { email: '  Maya@NorthlineDigital.ca ' })).toEqual({ email: 'maya@northlinedigital.ca' });
  });

  test('refuses a missing, empty, malformed, over-long or non-text email, each in words', () => {
    expect(emailError({})).toBe(RESET_EMAIL_MISSING);
    expect(emailError({ email: '   ' })).toBe(RESET_EMAIL_MISSING);
    expect(emailError({ email: ['a@b.ca', 'c@d.ca'] })).toBe(RESET_EMAIL_MISSING);
    expect(emailError({ email: 42 })).toBe(RESET_EMAIL_MISSING);
    expect(emailError({ email: 'maya at northline' })).toBe(RESET_EMAIL_INVALID);
    expect(emailError({ email: `${'a'.repeat(250)}@b.ca` })).toBe(RESET_EMAIL_TOO_LONG);
  });
});

describe('the new password form', () => {
  test('takes what was sent, empty for a field left out', () => {
    expect(z.parse(newPasswordSchema, {})).toEqual({ password: '', again: '' });
    expect(z.parse(newPasswordSchema, { password: 'a', again: 'b' })).toEqual({ password: 'a', again: 'b' });
  });

  test('asks for the same password twice', () => {
    expect(againProblem('correct horse battery', 'correct horse battery')).toBeNull();
    expect(againProblem('correct horse battery', 'correct horse batery')).toBe(RESET_AGAIN_DIFFERS);
  });
});

test('a link works for 30 minutes and carries its token in the path', () => {
  expect(RESET_LIFETIME_MS).toBe(30 * 60 * 1000);
  expect(resetLinkPath('abc')).toBe('/admin/password-reset/abc');
});
