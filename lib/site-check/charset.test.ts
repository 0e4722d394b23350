import { describe, expect, test } from 'bun:test';
import { charsetOfContentType, charsetOfMeta, decodePage } from './charset.ts';

/** windows-1252 bytes for "Café “Niçoise” — ©": what an old Toronto site's editor saved. */
const cp1252 = (ascii: string) =>
  Uint8Array.from([
    ...new TextEncoder().encode(ascii),
    0x43,
    0x61,
    0x66,
    0xe9,
    0x20,
    0x93,
    0x4e,
    0x69,
    0xe7,
    0x6f,
    0x69,
    0x73,
    0x65,
    0x94,
    0x20,
    0x97,
    0x20,
    0xa9,
  ]);
const CAFE = 'Café “Niçoise” — ©';

describe('decodePage', () => {
  test('windows-1252 from the Content-Type header, from a meta tag, or by its bytes when nothing says', () => {
    expect(decodePage(cp1252('<p>'), 'text/html; charset=windows-1252')).toEqual({ text: `<p>${CAFE}`, encoding: 'windows-1252' });
    expect(decodePage(cp1252('<p>'), 'text/html; charset="ISO-8859-1"').text).toBe(`<p>${CAFE}`);
    expect(decodePage(cp1252('<head><meta charset="windows-1252"></head><p>'), 'text/html').text).toEndWith(CAFE);
    expect(decodePage(cp1252('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>'), null).text).toEndWith(CAFE);
    // Not valid UTF-8 and nothing declared: windows-1252, as a browser in Canada reads it.
    expect(decodePage(cp1252('<p>'), 'text/html')).toEqual({ text: `<p>${CAFE}`, encoding: 'windows-1252' });
  });

  test('UTF-8 by default, by its byte order mark, and over a wrong meta tag when the header says so', () => {
    const utf8 = new TextEncoder().encode(`<meta charset="windows-1252"><p>${CAFE}`);
    expect(decodePage(utf8, 'text/html; charset=utf-8').text).toEndWith(CAFE);
    expect(decodePage(new TextEncoder().encode(`<p>${CAFE}`), 'text/html')).toEqual({ text: `<p>${CAFE}`, encoding: 'utf-8' });
    expect(decodePage(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<p>é')]), 'text/html; charset=windows-1252').text).toBe('<p>é');
  });

  test('an unknown label is skipped; a meta tag claiming UTF-16 means UTF-8', () => {
    expect(decodePage(new TextEncoder().encode('<p>é'), 'text/html; charset=klingon').text).toBe('<p>é');
    expect(decodePage(new TextEncoder().encode('<meta charset="utf-16"><p>é'), 'text/html').encoding).toBe('utf-8');
  });

  test('header and meta charsets are read by the parser, not by pattern over the HTML', () => {
    expect(charsetOfContentType('text/html;Charset=Shift_JIS ')).toBe('Shift_JIS');
    expect(charsetOfContentType('text/html')).toBeNull();
    expect(charsetOfMeta(new TextEncoder().encode('<!-- <meta charset="koi8-r"> --><META CHARSET=\'windows-1252\'>'))).toBe('windows-1252');
    // Only the first 1,024 bytes count.
    expect(charsetOfMeta(new TextEncoder().encode(`${' '.repeat(1100)}<meta charset="windows-1252">`))).toBeNull();
  });
});
