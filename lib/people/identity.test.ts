import { describe, expect, test } from 'bun:test';
import { emailKey, phoneDigits, samePhone, telHref } from './identity.ts';

describe('emailKey', () => {
  test('trims and lower-cases, so one person is one record', () => {
    expect(emailKey('  Jane.Doe@Example.CA ')).toBe('jane.doe@example.ca');
    expect(emailKey('jane.doe@example.ca')).toBe(emailKey('JANE.DOE@EXAMPLE.CA'));
  });
});

describe('phones', () => {
  test('a North American number is dialled in E.164 however it was written', () => {
    expect(telHref('416-555-0123')).toBe('tel:+14165550123');
    expect(telHref('(416) 555 0123')).toBe('tel:+14165550123');
    expect(telHref('+1 416.555.0123')).toBe('tel:+14165550123');
    expect(telHref('1-416-555-0123')).toBe('tel:+14165550123');
  });
  test('an international number keeps its plus; too few or too many digits is no link', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('12345')).toBeNull();
    expect(telHref('')).toBeNull();
    expect(telHref(null)).toBeNull();
    expect(telHref('1'.repeat(16))).toBeNull();
  });
  test('the same line in two spellings is a match; short or empty numbers never are', () => {
    expect(phoneDigits('+1 (416) 555-0123')).toBe('4165550123');
    expect(samePhone('416-555-0123', '+1 416 555 0123')).toBe(true);
    expect(samePhone('416-555-0123', '416-555-0124')).toBe(false);
    expect(samePhone('', '')).toBe(false);
    expect(samePhone('123', '123')).toBe(false);
  });
});
