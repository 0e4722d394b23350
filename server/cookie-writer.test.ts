import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { serialize } from 'hono/utils/cookie';
import { cookieWriter } from './cookie-writer.ts';

describe('cookieWriter', () => {
  const optionSets = [
    { path: '/', httpOnly: true, sameSite: 'Lax', secure: true, maxAge: 15_552_000 },
    { path: '/', httpOnly: true, sameSite: 'Lax', secure: false, maxAge: 31_536_000 },
    {},
  ] as const;

  test('writes what serialize writes, for any value and the options the site sets', () => {
    for (const options of optionSets) {
      const cookie = cookieWriter('first_touch', options);
      fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (value) => expect(cookie.write(value)).toBe(serialize('first_touch', value, options))));
      expect(cookie.write('utm_source=a%26b&at=2026')).toBe(serialize('first_touch', 'utm_source=a%26b&at=2026', options));
    }
  });

  test('a value encoded part by part is the value encoded whole', () => {
    for (const options of optionSets) {
      const cookie = cookieWriter('last_touch', options);
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (start, end) =>
          expect(cookie.writeEncoded(encodeURIComponent(start) + encodeURIComponent(end))).toBe(serialize('last_touch', start + end, options)),
        ),
      );
    }
  });
});
