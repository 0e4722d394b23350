import { describe, expect, test } from 'bun:test';
import * as z from 'zod/mini';
import { asOneLine, isOneLine, isPlainParagraphs, ONE_LINE_MESSAGE, oneLine } from './plain-text.ts';

describe('one-line text', () => {
  test('names, businesses and phone numbers in any language pass', () => {
    for (const text of ['Zoë Tremblay-Ng', 'Café Olé & Sons, Ltd.', '+1 (416) 555-0199', '王小明', 'مطعم الشام', 'Glow 💆‍♀️ Spa', "O'Brien"])
      expect(isOneLine(text)).toBe(true);
  });

  test('line breaks, tabs, other controls, line separators and bidirectional overrides are refused', () => {
    for (const text of [
      'Acme\nReply to: x@evil.example',
      'Acme\r\nBcc',
      'Acme\rX',
      'Acme\tX',
      'A\u0000',
      'A\u0007',
      'A\u001b[31m',
      'A\u007f',
      'A\u0085B',
      'A\u2028B',
      'A\u2029B',
      'A\u202eB',
      'A\u2067B',
    ])
      expect(isOneLine(text)).toBe(false);
  });

  test('a multi-line answer keeps its line breaks and tabs, and refuses the rest', () => {
    expect(isPlainParagraphs('Grow bookings.\r\n\tMostly weekdays.\nThanks')).toBe(true);
    for (const text of ['A\u0000', 'A\u000bB', 'A\u001bB', 'A\u2028B', 'A\u202eB']) expect(isPlainParagraphs(text)).toBe(false);
  });

  test('as a schema check, after trimming: a pasted trailing line break is dropped, an inner one named', () => {
    const schema = z.string().check(z.trim(), oneLine());
    expect(schema.parse('  Acme Cleaning\n')).toBe('Acme Cleaning');
    const result = schema.safeParse('Acme\nReply to');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(ONE_LINE_MESSAGE);
  });
});

describe('text made one line for a message', () => {
  test('every line break, tab, control, separator and override becomes one space; letters and emoji stay', () => {
    expect(asOneLine('Acme\r\nReply to: x@evil.example')).toBe('Acme Reply to: x@evil.example');
    expect(asOneLine(' A\u2028B\u2029C\u0085D\tE\u202eF\u2067G\u0000H\u001b[31m ')).toBe('A B C D E F G H [31m');
    expect(asOneLine('Glow 💆‍♀️ Spa')).toBe('Glow 💆‍♀️ Spa');
    expect(asOneLine('Zoë   Tremblay-Ng')).toBe('Zoë Tremblay-Ng');
    for (const text of ['a\nb', 'x\u2028y', '\u202e']) expect(isOneLine(asOneLine(text))).toBe(true);
  });
});
