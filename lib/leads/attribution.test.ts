import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  decodeTouch,
  describeTouch,
  encodeLanding,
  encodeTouch,
  erasedTouch,
  hasOrigin,
  isInternalReferer,
  landingOf,
  parseErasedTouch,
  parseStoredTouch,
  sourceOf,
  TOUCH_VALUE_MAX,
  type Touch,
  touchOf,
  touchTimeField,
  touchUpdate,
} from './attribution.ts';

const OWN = ['northlinedigital.ca', 'localhost'];
const AT = new Date('2026-11-24T15:00:00Z');

describe('touchOf', () => {
  test('keeps the allow-listed campaign parameters, the other site’s host and the landing path', () => {
    const touch = touchOf(
      'https://northlinedigital.ca/services/seo-services?utm_source=Google&utm_medium=cpc&utm_campaign=fall&utm_term=seo+toronto&utm_content=ad2&gclid=abc&gbraid=0AAAAAoUYs8d&wbraid=Cj4KCQiA-Bw&fbclid=def&utm_id=9&ref=x&q=1',
      'https://www.bing.com/search?q=marketing+agency+toronto',
      OWN,
      AT,
    );
    expect(touch).toEqual({
      utm_source: 'Google',
      utm_medium: 'cpc',
      utm_campaign: 'fall',
      utm_term: 'seo toronto',
      utm_content: 'ad2',
      gclid: 'abc',
      gbraid: '0AAAAAoUYs8d',
      wbraid: 'Cj4KCQiA-Bw',
      fbclid: 'def',
      referrer: 'www.bing.com',
      landing: '/services/seo-services',
      at: '2026-11-24T15:00:00.000Z',
    });
  });

  test('a value is cut at 200 characters, control characters are dropped, blanks are left out', () => {
    const long = 'x'.repeat(5000);
    const touch = touchOf(`https://northlinedigital.ca/?utm_source=${long}&utm_medium=%0d%0aSet-Cookie:%20a=b&utm_campaign=%20%20`, null, OWN, AT);
    expect(touch.utm_source).toHaveLength(TOUCH_VALUE_MAX);
    expect(touch.utm_medium).toBe('Set-Cookie: a=b');
    expect(touch.utm_campaign).toBeUndefined();
    expect(touchOf(`https://northlinedigital.ca/${'p'.repeat(300)}`, null, OWN, AT).landing).toHaveLength(TOUCH_VALUE_MAX);
  });

  test('our own pages, other schemes and junk are not referrers', () => {
    expect(touchOf('https://northlinedigital.ca/blog', 'https://northlinedigital.ca/', OWN, AT).referrer).toBeUndefined();
    expect(touchOf('https://northlinedigital.ca/blog', 'https://NorthlineDigital.ca/x', OWN, AT).referrer).toBeUndefined();
    expect(touchOf('https://northlinedigital.ca/blog', 'android-app://com.google.android.gm/', OWN, AT).referrer).toBeUndefined();
    expect(touchOf('https://northlinedigital.ca/blog', 'not a url', OWN, AT).referrer).toBeUndefined();
    expect(touchOf('/blog', null, OWN, AT).landing).toBe('/');
  });
});

describe('touchUpdate', () => {
  const direct = touchOf('https://northlinedigital.ca/', null, OWN, AT);
  const campaign = touchOf('https://northlinedigital.ca/?utm_source=facebook&utm_medium=paid-social', null, OWN, AT);
  const referral = touchOf('https://northlinedigital.ca/blog', 'https://www.reddit.com/r/toronto', OWN, AT);

  test('the first landing from a campaign or another site sets the first touch', () => {
    expect(touchUpdate({ first: null, touch: campaign, internal: false })).toEqual({ first: campaign });
    expect(touchUpdate({ first: null, touch: referral, internal: false })).toEqual({ first: referral });
  });

  test('a landing with no origin (typed, bookmarked) sets nothing: the visitor is direct', () => {
    expect(touchUpdate({ first: null, touch: direct, internal: false })).toEqual({});
    expect(touchUpdate({ first: null, touch: campaign, internal: true })).toEqual({});
  });

  test('later landings from a campaign or another site set the last touch, never the first', () => {
    expect(touchUpdate({ first: direct, touch: campaign, internal: false })).toEqual({ last: campaign });
    expect(touchUpdate({ first: campaign, touch: referral, internal: false })).toEqual({ last: referral });
  });

  test('internal navigation and origin-less landings change nothing', () => {
    expect(touchUpdate({ first: campaign, touch: direct, internal: false })).toEqual({});
    expect(touchUpdate({ first: campaign, touch: campaign, internal: true })).toEqual({});
    expect(hasOrigin(direct)).toBe(false);
    expect(isInternalReferer('https://localhost/x', OWN)).toBe(true);
    expect(isInternalReferer(null, OWN)).toBe(false);
  });
});

describe('the cookie value', () => {
  test('round-trips', () => {
    const touch = touchOf('https://northlinedigital.ca/q4-intake?utm_source=news letter&utm_campaign=été+2026', 'https://mail.example.com/', OWN, AT);
    expect(decodeTouch(encodeTouch(touch))).toEqual(touch);
  });

  test('the click ids of an iOS Google Ads click go into the cookie after the gclid and come back as they were (case and all)', () => {
    const touch = touchOf('https://northlinedigital.ca/?fbclid=IwAR2F&wbraid=Cj4KCQiA_Bw-Xy&gbraid=0AAAAAoUYs8d', null, OWN, AT);
    expect(encodeTouch(touch)).toBe('gbraid=0AAAAAoUYs8d&wbraid=Cj4KCQiA_Bw-Xy&fbclid=IwAR2F&landing=%2F&at=2026-11-24T15%3A00%3A00.000Z');
    expect(decodeTouch(encodeTouch(touch))).toEqual({ gbraid: '0AAAAAoUYs8d', wbraid: 'Cj4KCQiA_Bw-Xy', fbclid: 'IwAR2F', landing: '/', at: touch.at });
    // On its own, a click id says where the visitor came from: the landing sets the first touch.
    expect(hasOrigin(landingOf('https://northlinedigital.ca/?wbraid=x', null, OWN))).toBe(true);
    expect(touchUpdate({ first: null, touch: landingOf('https://northlinedigital.ca/?gbraid=x', null, OWN), internal: false }).first?.gbraid).toBe('x');
    // Checked again when read back: bounded and clean, like every other value.
    const odd = decodeTouch(`gbraid=${'g'.repeat(400)}&wbraid=%01w&landing=/&at=2026-11-24T15:00:00.000Z`) as Touch;
    expect(odd.gbraid).toHaveLength(TOUCH_VALUE_MAX);
    expect(odd.wbraid).toBe('w');
    expect(parseStoredTouch(JSON.stringify({ landing: '/', at: touch.at, wbraid: 'Cj4', gbraid: 7 }))).toEqual({ landing: '/', at: touch.at, wbraid: 'Cj4' });
  });

  test('is one query string: the campaign fields, the other site and the landing in a fixed order, the time last', () => {
    const url = 'https://northlinedigital.ca/q4-intake?gclid=g&utm_campaign=été+2026&utm_source=news letter';
    const touch = touchOf(url, 'https://mail.example.com/', OWN, AT);
    expect(encodeTouch(touch)).toBe(
      'utm_source=news+letter&utm_campaign=%C3%A9t%C3%A9+2026&gclid=g&referrer=mail.example.com&landing=%2Fq4-intake&at=2026-11-24T15%3A00%3A00.000Z',
    );
    // The server writes the landing's part once and the time's for each cookie.
    expect(`${encodeLanding(landingOf(url, 'https://mail.example.com/', OWN))}&${touchTimeField(touch.at)}`).toBe(encodeTouch(touch));
  });

  test('what we did not write is refused or cleaned', () => {
    expect(decodeTouch(undefined)).toBeNull();
    expect(decodeTouch('')).toBeNull();
    expect(decodeTouch('garbage')).toBeNull();
    expect(decodeTouch('landing=/&at=yesterday')).toBeNull();
    expect(decodeTouch('landing=https://evil.example/&at=2026-11-24T15:00:00.000Z')).toBeNull();
    expect(decodeTouch(`landing=/${'a'.repeat(300)}&at=2026-11-24T15:00:00.000Z`)).toBeNull();
    expect(decodeTouch('x'.repeat(5000))).toBeNull();
    const odd = decodeTouch(`landing=/&at=2026-11-24T15:00:00.000Z&evil=1&utm_source=${'s'.repeat(400)}&referrer=%00bad.example`) as Touch;
    expect(Object.keys(odd).sort()).toEqual(['at', 'landing', 'referrer', 'utm_source']);
    expect(odd.utm_source).toHaveLength(TOUCH_VALUE_MAX);
    expect(odd.referrer).toBe('bad.example');
  });

  test('any text decodes to a touch of allow-listed, bounded, clean values or to null', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const touch = decodeTouch(text);
        if (touch === null) return;
        for (const [key, value] of Object.entries(touch)) {
          expect([
            'utm_source',
            'utm_medium',
            'utm_campaign',
            'utm_term',
            'utm_content',
            'gclid',
            'gbraid',
            'wbraid',
            'fbclid',
            'referrer',
            'landing',
            'at',
          ]).toContain(key);
          expect(value.length).toBeLessThanOrEqual(TOUCH_VALUE_MAX);
          expect([...value].some((ch) => ch.charCodeAt(0) < 0x20)).toBe(false);
        }
      }),
    );
  });
});

describe('source and medium', () => {
  const at = '2026-11-24T15:00:00.000Z';
  test('by the conventions analytics tools use', () => {
    expect(sourceOf({ landing: '/', at, utm_source: 'Google', utm_medium: 'CPC' })).toEqual({ source: 'google', medium: 'cpc' });
    expect(sourceOf({ landing: '/', at, gclid: 'x' })).toEqual({ source: 'google', medium: 'cpc' });
    expect(sourceOf({ landing: '/', at, fbclid: 'x' })).toEqual({ source: 'facebook', medium: 'cpc' });
    // An iOS click brings a gbraid or wbraid instead of the gclid: still a Google Ads click.
    expect(sourceOf({ landing: '/', at, gbraid: 'x' })).toEqual({ source: 'google', medium: 'cpc' });
    expect(sourceOf({ landing: '/', at, wbraid: 'x' })).toEqual({ source: 'google', medium: 'cpc' });
    expect(sourceOf({ landing: '/', at, wbraid: 'x', utm_source: 'Newsletter', utm_medium: 'email' })).toEqual({ source: 'newsletter', medium: 'email' });
    expect(sourceOf({ landing: '/', at, referrer: 'www.reddit.com' })).toEqual({ source: 'www.reddit.com', medium: 'referral' });
    expect(sourceOf({ landing: '/', at, utm_source: 'newsletter' })).toEqual({ source: 'newsletter', medium: '(not set)' });
    expect(sourceOf({ landing: '/', at })).toEqual({ source: 'direct', medium: 'none' });
    expect(sourceOf(null)).toEqual({ source: 'direct', medium: 'none' });
  });

  test('as a line for staff', () => {
    expect(describeTouch({ landing: '/', at, utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'fall-seo' })).toBe('google / cpc · fall-seo');
    expect(describeTouch(null)).toBe('direct / none');
  });
});

describe('what erasure keeps of a touch', () => {
  const at = '2026-11-20T14:00:00.000Z';
  test('source and medium alone, read back as such and never as a touch', () => {
    const touch = {
      landing: '/services/seo',
      at,
      utm_source: 'Newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'jane@example.ca',
      utm_content: 'subscriber-8842',
      gclid: 'Cj0KCQ',
      referrer: 'mail.example.ca',
    };
    const kept = erasedTouch(touch);
    expect(kept).toEqual({ source: 'newsletter', medium: 'email' });
    const stored = JSON.stringify(kept);
    expect(parseErasedTouch(stored)).toEqual({ source: 'newsletter', medium: 'email' });
    expect(parseStoredTouch(stored)).toBeNull();
    expect(erasedTouch(null)).toBeNull();
    expect(erasedTouch({ landing: '/', at, gclid: 'x' })).toEqual({ source: 'google', medium: 'cpc' });
    // An iOS click's ids point back to one ad click as a gclid does: gone, the source and medium kept.
    expect(erasedTouch({ landing: '/', at, gbraid: 'g', wbraid: 'w' })).toEqual({ source: 'google', medium: 'cpc' });
  });

  test('a whole touch, junk and nothing are not erased touches', () => {
    expect(parseErasedTouch(JSON.stringify({ landing: '/', at, utm_source: 'x', source: 'x', medium: 'y' }))).toBeNull();
    expect(parseErasedTouch(JSON.stringify({ source: 1, medium: 'y' }))).toBeNull();
    expect(parseErasedTouch('{not json')).toBeNull();
    expect(parseErasedTouch(null)).toBeNull();
  });
});
