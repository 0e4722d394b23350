import { describe, expect, test } from 'bun:test';
import type { Touch } from '../leads/attribution.ts';
import { type Conversion, GOOGLE_ADS_COLUMNS, googleAdsCsv, googleAdsRow, googleAdsValue, googleClickIdOf } from './google-ads.ts';

const touch = (fields: Partial<Touch>): string => JSON.stringify({ landing: '/services/seo-services', at: '2026-11-02T15:00:00.000Z', ...fields });
const lines = (csv: string) => csv.split('\r\n');

describe('the Google Ads offline conversion file', () => {
  test('the time zone line, the header in Google’s spelling, then one row per conversion, oldest first, with CRLF line ends', () => {
    const first = touch({ gclid: 'Cj0KCQiA-first' });
    const csv = googleAdsCsv([
      { step: 'won', at: new Date('2026-11-20T19:30:05Z'), firstTouch: first, lastTouch: null, value: '2500.00' },
      { step: 'lead', at: new Date('2026-11-02T15:04:09Z'), firstTouch: first, lastTouch: null, value: 3750 },
      { step: 'booked', at: new Date('2026-11-03T14:00:00Z'), firstTouch: first, lastTouch: null, value: null },
    ]);
    expect(lines(csv)).toEqual([
      'Parameters:TimeZone=America/Toronto',
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      'Cj0KCQiA-first,Lead,2026-11-02 10:04:09,3750.00,CAD',
      'Cj0KCQiA-first,Booked session,2026-11-03 09:00:00,,CAD',
      'Cj0KCQiA-first,Won client,2026-11-20 14:30:05,2500.00,CAD',
      '',
    ]);
    expect(GOOGLE_ADS_COLUMNS.join(',')).toBe(lines(csv)[1]);
    // No byte order mark: Google reads the first line as the parameters.
    expect(csv.charCodeAt(0)).toBe('P'.charCodeAt(0));
  });

  test('with nothing to report, the file is the two header lines', () => {
    expect(googleAdsCsv([])).toBe(
      'Parameters:TimeZone=America/Toronto\r\nGoogle Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\n',
    );
  });

  test('times are Toronto wall-clock times on either side of both daylight-saving changes', () => {
    const gclid = touch({ gclid: 'g' });
    const at = (iso: string) => googleAdsRow({ step: 'lead', at: new Date(iso), firstTouch: gclid, lastTouch: null, value: null })?.[2];
    // 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(at('2026-03-08T06:59:59Z')).toBe('2026-03-08 01:59:59');
    expect(at('2026-03-08T07:00:00Z')).toBe('2026-03-08 03:00:00');
    // 1 November 2026: 02:00 EDT becomes 01:00 EST.
    expect(at('2026-11-01T05:59:59Z')).toBe('2026-11-01 01:59:59');
    expect(at('2026-11-01T06:00:00Z')).toBe('2026-11-01 01:00:00');
    // New Year's Eve in Toronto is already the new year in UTC.
    expect(at('2027-01-01T04:59:59Z')).toBe('2026-12-31 23:59:59');
  });

  test('the click id is the last touch’s gclid, else the first touch’s; an iOS click id alone, or none, leaves the conversion out', () => {
    const at = '2026-11-02T15:00:00.000Z';
    expect(googleClickIdOf({ landing: '/', at, gclid: 'first' }, { landing: '/', at, gclid: 'last' })).toBe('last');
    expect(googleClickIdOf({ landing: '/', at, gclid: 'first' }, { landing: '/', at, utm_source: 'newsletter' })).toBe('first');
    expect(googleClickIdOf({ landing: '/', at, gbraid: 'g' }, { landing: '/', at, wbraid: 'w' })).toBeNull();
    expect(googleClickIdOf(null, null)).toBeNull();
    const base = { step: 'lead', at: new Date(at), value: 100 } as const;
    expect(googleAdsRow({ ...base, firstTouch: touch({ wbraid: 'Cj4' }), lastTouch: null })).toBeNull();
    expect(googleAdsRow({ ...base, firstTouch: touch({ fbclid: 'IwAR' }), lastTouch: null })).toBeNull();
    expect(googleAdsRow({ ...base, firstTouch: null, lastTouch: null })).toBeNull();
    // An erased lead's touch (source and medium only) or stored junk is no touch at all.
    expect(googleAdsRow({ ...base, firstTouch: JSON.stringify({ source: 'google', medium: 'cpc' }), lastTouch: '{not json' })).toBeNull();
    expect(googleAdsRow({ ...base, firstTouch: touch({ gclid: 'first' }), lastTouch: touch({ gclid: 'last', wbraid: 'w' }) })?.[0]).toBe('last');
  });

  test('values are dollars and cents; unknown, zero, negative or junk values are left blank for Google to use the action’s own', () => {
    expect(googleAdsValue(1750)).toBe('1750.00');
    expect(googleAdsValue('2500.5')).toBe('2500.50');
    expect(googleAdsValue('12345678.99')).toBe('12345678.99');
    expect(googleAdsValue(0.005)).toBe('0.01');
    for (const nothing of [null, 0, '0.00', -5, 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(googleAdsValue(nothing)).toBe('');
  });

  test('a click id that looks like a formula, or holds a comma or a quote, stays one text cell', () => {
    const row = (gclid: string) =>
      lines(googleAdsCsv([{ step: 'lead', at: new Date('2026-11-02T15:00:00Z'), firstTouch: touch({ gclid }), lastTouch: null, value: null }]))[2];
    expect(row('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",Lead,2026-11-02 10:00:00,,CAD`);
    expect(row('+1-2')).toBe("'+1-2,Lead,2026-11-02 10:00:00,,CAD");
    expect(row('@SUM(A1)')).toBe("'@SUM(A1),Lead,2026-11-02 10:00:00,,CAD");
    expect(row('a,b')).toBe('"a,b",Lead,2026-11-02 10:00:00,,CAD');
  });

  test('conversions at the same moment keep the funnel’s order, then the click id’s', () => {
    const at = new Date('2026-11-02T15:00:00Z');
    const conversions: Conversion[] = [
      { step: 'won', at, firstTouch: touch({ gclid: 'b' }), lastTouch: null, value: null },
      { step: 'lead', at, firstTouch: touch({ gclid: 'b' }), lastTouch: null, value: null },
      { step: 'lead', at, firstTouch: touch({ gclid: 'a' }), lastTouch: null, value: null },
    ];
    expect(
      lines(googleAdsCsv(conversions))
        .slice(2, 5)
        .map((l) => l.split(',').slice(0, 2).join(' ')),
    ).toEqual(['a Lead', 'b Lead', 'b Won client']);
  });
});
