import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { INVISIBLE } from '../../tests/fixtures/invisible-text.ts';
import { hasVisibleText, visibleText } from './visible-text.ts';

describe('hasVisibleText', () => {
  test('each invisible character, alone, repeated, mixed with the others and with spaces, is no visible text', () => {
    for (const c of INVISIBLE) {
      expect(hasVisibleText(c)).toBe(false);
      expect(hasVisibleText(c.repeat(5))).toBe(false);
      expect(hasVisibleText(` ${c} `)).toBe(false);
    }
    expect(hasVisibleText(INVISIBLE.join(''))).toBe(false);
    expect(hasVisibleText('')).toBe(false);
    expect(hasVisibleText(' \t ')).toBe(false);
  });

  test('names in any language, with emoji, accents and joiners inside them, are visible', () => {
    for (const text of ['Zoë', 'Ze\u0301', '王小明', '김민준', 'مطعم الشام', 'กิตติ', 'Glow 💆‍♀️ Spa', "O'Brien", '\u200bAna', 'Ana\u00ad', '.', '7'])
      expect(hasVisibleText(text)).toBe(true);
  });

  test('as a check: refused with the message it is given, and the checks after it do not run', () => {
    const name = z.string().check(
      z.trim(),
      visibleText('First name is required'),
      z.refine(() => false, 'never reached'),
    );
    const refused = name.safeParse('\u200b\u2060');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['First name is required']);
    expect(name.safeParse('Ana').error?.issues.map((i) => i.message)).toEqual(['never reached']);
  });
});
