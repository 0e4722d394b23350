import { describe, expect, test } from 'bun:test';
import { encodeSingleByte, frenchPodcastFeed, portugueseNewspaperFeed } from '../../tests/fixtures/wild-feeds.ts';
import { charsetOf, decodeFeed, prologEncoding } from './encoding.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => encodeSingleByte(text, 'iso-8859-1');
const cp1252 = (text: string) => encodeSingleByte(text, 'windows-1252');

describe('charsetOf', () => {
  test('reads the charset parameter, quoted or not, in any case', () => {
    expect(charsetOf('application/rss+xml; charset=ISO-8859-1')).toBe('ISO-8859-1');
    expect(charsetOf('text/xml;charset="windows-1252"; foo=bar')).toBe('windows-1252');
    expect(charsetOf('text/xml; CHARSET = utf-8')).toBe('utf-8');
    expect(charsetOf('application/rss+xml')).toBeUndefined();
    expect(charsetOf('text/xml; charset=')).toBeUndefined();
    expect(charsetOf(null)).toBeUndefined();
  });
});

describe('prologEncoding', () => {
  test('reads the XML declaration, after a BOM or whitespace, with either quote', () => {
    expect(prologEncoding(utf8('<?xml version="1.0" encoding="ISO-8859-1"?><rss/>'))).toBe('ISO-8859-1');
    expect(prologEncoding(utf8("\ufeff  <?xml version='1.0' encoding='windows-1252' standalone='yes'?>"))).toBe('windows-1252');
    expect(prologEncoding(utf8('<?xml version="1.0"?><rss encoding="ISO-8859-1"/>'))).toBeUndefined();
    expect(prologEncoding(utf8('<rss/>'))).toBeUndefined();
  });

  test('a prolog readable as ASCII that claims UTF-16 is not believed', () => {
    expect(prologEncoding(utf8('<?xml version="1.0" encoding="UTF-16"?>'))).toBeUndefined();
  });
});

describe('decodeFeed', () => {
  test('UTF-8 as it is, with or without a declaration or BOM', () => {
    expect(decodeFeed(utf8('<?xml version="1.0"?><t>Café « été »</t>'))).toEqual({ text: '<?xml version="1.0"?><t>Café « été »</t>', encoding: 'utf-8' });
    expect(decodeFeed(Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8('<t>ç</t>'))).text).toBe('<t>ç</t>');
  });

  test('ISO-8859-1 declared in the prolog: the Portuguese newspaper', () => {
    const { text, encoding } = decodeFeed(latin1(portugueseNewspaperFeed), 'application/rss+xml');
    expect(encoding).toBe('windows-1252');
    expect(text).toBe(portugueseNewspaperFeed);
    expect(text).toContain('Três padarias da Baixa já recebem metade das encomendas');
  });

  test('windows-1252 declared nowhere, bytes that are not UTF-8: the French podcast, curly quotes, € and œ included', () => {
    const { text, encoding } = decodeFeed(cp1252(frenchPodcastFeed), 'application/rss+xml');
    expect(encoding).toBe('windows-1252');
    expect(text).toBe(frenchPodcastFeed);
    expect(text).toContain('l’été, on garde le cœur à l’ouvrage');
    expect(text).toContain('un café à 2 € pour fidéliser');
  });

  test('the HTTP charset wins over the prolog, and a declared UTF-8 the bytes do not follow is passed over', () => {
    const both = cp1252('<?xml version="1.0" encoding="ISO-8859-15"?><t>2 €</t>');
    expect(decodeFeed(both, 'text/xml; charset=windows-1252').text).toBe('<?xml version="1.0" encoding="ISO-8859-15"?><t>2 €</t>');
    const declaredInHttp = cp1252('<?xml version="1.0"?><t>Françoise’s</t>');
    expect(decodeFeed(declaredInHttp, 'text/xml; charset=windows-1252').text).toBe('<?xml version="1.0"?><t>Françoise’s</t>');
    const mislabelled = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><t>Não</t>');
    expect(decodeFeed(mislabelled, 'application/rss+xml; charset=utf-8').text).toBe('<?xml version="1.0" encoding="ISO-8859-1"?><t>Não</t>');
    const wrongProlog = latin1('<?xml version="1.0" encoding="UTF-8"?><t>Été</t>');
    expect(decodeFeed(wrongProlog).text).toBe('<?xml version="1.0" encoding="UTF-8"?><t>Été</t>');
  });

  test('bytes that are valid UTF-8 are UTF-8, whatever a misconfigured server or prolog says', () => {
    const text = '<?xml version="1.0" encoding="ISO-8859-1"?><t>Café à Montréal</t>';
    expect(decodeFeed(utf8(text), 'text/xml; charset=ISO-8859-1')).toEqual({ text, encoding: 'utf-8' });
  });

  test('an unknown label is passed over; a UTF-16 feed with its BOM is read', () => {
    expect(decodeFeed(utf8('<t>ça</t>'), 'text/xml; charset=x-made-up').text).toBe('<t>ça</t>');
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<t>ç</t>'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeFeed(utf16)).toEqual({ text: '<t>ç</t>', encoding: 'utf-16le' });
  });

  test('other single-byte encodings a server declares are honoured', () => {
    const cyrillic = encodeSingleByte('<t>Торонто</t>', 'windows-1251');
    expect(decodeFeed(cyrillic, 'text/xml; charset=windows-1251').text).toBe('<t>Торонто</t>');
  });
});
