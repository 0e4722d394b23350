import { describe, expect, test } from 'bun:test';
import { editDistance, emailTypoHint } from './email-typo.ts';

describe('emailTypoHint', () => {
  test.each([
    // A comma, semicolon or space for a dot.
    ['dana@sparkleclean,ca', 'dana@sparkleclean.ca'],
    ['dana@sparkleclean;ca', 'dana@sparkleclean.ca'],
    ['dana@sparkleclean ca', 'dana@sparkleclean.ca'],
    [' dana@sparkleclean , ca ', 'dana@sparkleclean.ca'],
    // Doubled dots and @, a stray dot at the end.
    ['dana@@sparkleclean.ca', 'dana@sparkleclean.ca'],
    ['dana..m@sparkleclean.ca', 'dana.m@sparkleclean.ca'],
    ['dana@sparkleclean..ca', 'dana@sparkleclean.ca'],
    ['dana@sparkleclean.ca.', 'dana@sparkleclean.ca'],
    // A slipped ending.
    ['dana@sparkleclean.con', 'dana@sparkleclean.com'],
    ['dana@sparkleclean.cmo', 'dana@sparkleclean.com'],
    ['dana@sparkleclean.nte', 'dana@sparkleclean.net'],
    // A near miss of a common provider; the name part is kept as typed.
    ['Dana.Wu@gmial.com', 'Dana.Wu@gmail.com'],
    ['dana@gmai.com', 'dana@gmail.com'],
    ['dana@gnail.com', 'dana@gmail.com'],
    ['dana@gmail.con', 'dana@gmail.com'],
    ['dana@hotmial.ca', 'dana@hotmail.ca'],
    ['dana@yaho.com', 'dana@yahoo.com'],
    ['dana@outlok.com', 'dana@outlook.com'],
    ['dana@iclod.com', 'dana@icloud.com'],
    ['dana@rogers.cm', 'dana@rogers.com'],
    ['dana@sympatico,ca', 'dana@sympatico.ca'],
    ['dana@GMIAL.COM', 'dana@gmail.com'],
  ])('%p → %p', (typed, meant) => expect(emailTypoHint(typed)).toBe(meant));

  test.each([
    // Right as typed, whatever the case.
    'dana@sparkleclean.ca',
    'dana@gmail.com',
    'Dana@Gmail.com',
    'dana@mail.com',
    'dana@me.com',
    'dana@live.ca',
    'dana@ymail.com',
    // Domains it does not know are left alone, near misses of each other or not.
    'dana@sparklecleen.ca',
    'dana@bellnet.ca',
    'dana@clinic.co',
    // Nothing to go on: the form's own check speaks.
    '',
    '   ',
    'dana',
    '@gmail.com',
    'dana@',
    'dana@localhost',
  ])('%p: no hint', (typed) => expect(emailTypoHint(typed)).toBeNull());
});

describe('editDistance', () => {
  test.each([
    ['', '', 0],
    ['gmail.com', 'gmail.com', 0],
    ['gmial.com', 'gmail.com', 1],
    ['gmai.com', 'gmail.com', 1],
    ['gmaill.com', 'gmail.com', 1],
    ['hotmial.ca', 'hotmail.ca', 1],
    ['yahoo.com', 'gmail.com', 5],
  ])('%p ↔ %p: %p', (a, b, n) => {
    expect(editDistance(a, b)).toBe(n);
    expect(editDistance(b, a)).toBe(n);
  });
});
