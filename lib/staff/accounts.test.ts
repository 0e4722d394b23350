import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { loadCommonPasswords, PASSWORD_MESSAGES, passwordProblem, staffEmailSchema, staffPasswordSchema } from './accounts.ts';

describe('staff accounts', () => {
  test('an email is trimmed and lower-cased; anything else is refused with a message', () => {
    expect(z.parse(staffEmailSchema, '  Maya.Chen@NorthlineDigital.ca ')).toBe('maya.chen@northlinedigital.ca');
    for (const bad of ['maya', 'maya@', '@northlinedigital.ca', `${'a'.repeat(250)}@x.ca`, '']) {
      const result = z.safeParse(staffEmailSchema, bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].message).toMatch(/email/);
    }
  });

  const email = 'maya.chen@northlinedigital.ca';

  test('a password has at least 12 and at most 256 characters', async () => {
    const common = await loadCommonPasswords();
    expect(passwordProblem('abcdefghijk', { email, common })).toBe('A staff password has at least 12 characters');
    expect(passwordProblem('correct horse battery', { email, common })).toBeNull();
    expect(passwordProblem(`ab${'x'.repeat(255)}`, { email, common })).toBe('A staff password has at most 256 characters');
  });

  test('the list holds at least the 10,000 most common passwords, lower-case', async () => {
    const common = await loadCommonPasswords();
    expect(common.size).toBeGreaterThanOrEqual(10_000);
    for (const p of ['123456', 'password', 'qwerty', 'letmein', 'password1234', 'qwerty123456', '1q2w3e4r5t6y']) expect(common.has(p), p).toBe(true);
    expect([...common].every((p) => p === p.toLowerCase())).toBe(true);
  });

  test('common passwords, whatever their capitals and surrounding spaces, only spaces, one character, and the own email are refused', async () => {
    const common = await loadCommonPasswords();
    const refused: [string, string][] = [
      ['password1234', PASSWORD_MESSAGES.common],
      ['Password1234', PASSWORD_MESSAGES.common],
      ['  PASSWORD1234  ', PASSWORD_MESSAGES.common],
      ['qwerty123456', PASSWORD_MESSAGES.common],
      ['123456789012', PASSWORD_MESSAGES.common],
      ['    password    ', PASSWORD_MESSAGES.common],
      ['administrator', PASSWORD_MESSAGES.common],
      [' '.repeat(12), PASSWORD_MESSAGES.onlySpaces],
      ['\t \n '.repeat(4), PASSWORD_MESSAGES.onlySpaces],
      ['a'.repeat(12), PASSWORD_MESSAGES.oneCharacter],
      ['111111111111111', PASSWORD_MESSAGES.oneCharacter],
      [email, PASSWORD_MESSAGES.email],
      [` ${email.toUpperCase()} `, PASSWORD_MESSAGES.email],
    ];
    for (const [password, message] of refused) expect(passwordProblem(password, { email, common }), JSON.stringify(password)).toBe(message);
    // Someone else's email is not this account's.
    expect(passwordProblem(email, { email: 'omar@northlinedigital.ca', common })).toBeNull();
    for (const good of ['correct horse battery', 'Maple syrup on Tuesdays', 'zq8#Lp!02mxR']) expect(passwordProblem(good, { email, common }), good).toBeNull();
  });

  test('the schema is the same rule as a zod schema, for the forms', async () => {
    const schema = staffPasswordSchema({ email, common: await loadCommonPasswords() });
    expect(z.safeParse(schema, 'correct horse battery').success).toBe(true);
    expect(z.safeParse(schema, 'password1234').error?.issues[0].message).toBe(PASSWORD_MESSAGES.common);
  });
});
