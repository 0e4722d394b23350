import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { STAFF_PASSWORD_MIN, staffEmailSchema, staffPasswordSchema } from './staff.ts';

describe('staff accounts', () => {
  test('an email is trimmed and lower-cased; anything else is refused with a message', () => {
    expect(z.parse(staffEmailSchema, '  Maya.Chen@NorthlineDigital.ca ')).toBe('maya.chen@northlinedigital.ca');
    for (const bad of ['maya', 'maya@', '@northlinedigital.ca', `${'a'.repeat(250)}@x.ca`, '']) {
      const result = z.safeParse(staffEmailSchema, bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].message).toMatch(/email/);
    }
  });

  test('a password has at least 12 characters', () => {
    expect(z.safeParse(staffPasswordSchema, 'x'.repeat(STAFF_PASSWORD_MIN - 1)).error?.issues[0].message).toBe('A staff password has at least 12 characters');
    expect(z.safeParse(staffPasswordSchema, 'correct horse battery').success).toBe(true);
    expect(z.safeParse(staffPasswordSchema, 'x'.repeat(257)).success).toBe(false);
  });
});
