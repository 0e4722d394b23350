import { describe, expect, test } from 'bun:test';
import { sourceOf, touchOf } from '../leads/attribution.ts';
import { viewSource } from './source.ts';

const SITE = 'northlinedigital.ca';
const AT = new Date('2026-11-24T15:00:00Z');

describe('viewSource', () => {
  test('a campaign link: its utm values, its source and medium as a lead first touch names them', () => {
    expect(viewSource('https://northlinedigital.ca/services?utm_source=Newsletter&utm_medium=Email&utm_campaign=Fall-Audit&utm_term=x', null, SITE)).toEqual({
      referrerHost: null,
      utmSource: 'Newsletter',
      utmMedium: 'Email',
      utmCampaign: 'Fall-Audit',
      source: 'newsletter',
      medium: 'email',
      campaign: 'Fall-Audit',
    });
  });

  test('an ad click id without utm values: google or facebook / cpc', () => {
    expect(viewSource('https://northlinedigital.ca/?gclid=Cj0KCQiA', null, SITE)).toMatchObject({ source: 'google', medium: 'cpc', campaign: '' });
    expect(viewSource('https://northlinedigital.ca/?fbclid=IwAR0', 'https://l.facebook.com/', SITE)).toMatchObject({
      source: 'facebook',
      medium: 'cpc',
      referrerHost: 'l.facebook.com',
    });
  });

  test('another site: its host only, as a referral', () => {
    expect(viewSource('https://northlinedigital.ca/blog', 'https://www.Bing.com/search?q=marketing+toronto', SITE)).toEqual({
      referrerHost: 'www.bing.com',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      source: 'www.bing.com',
      medium: 'referral',
      campaign: '',
    });
  });

  test('nothing, or a page of this site (by its name or the host asked for): direct', () => {
    const direct = { referrerHost: null, source: 'direct', medium: 'none', campaign: '' };
    expect(viewSource('https://northlinedigital.ca/', null, SITE)).toMatchObject(direct);
    expect(viewSource('https://northlinedigital.ca/services', 'https://northlinedigital.ca/', SITE)).toMatchObject(direct);
    expect(viewSource('http://127.0.0.1:3000/services', 'http://127.0.0.1:3000/', SITE)).toMatchObject(direct);
    expect(viewSource('not a url', 'neither', SITE)).toMatchObject(direct);
  });

  test('names every landing as a lead first touch of it is named', () => {
    for (const [url, referer] of [
      ['https://northlinedigital.ca/?utm_source=google&utm_medium=cpc&utm_campaign=seo', null],
      ['https://northlinedigital.ca/?utm_source=linkedin', 'https://www.linkedin.com/'],
      ['https://northlinedigital.ca/services?gclid=abc', null],
      ['https://northlinedigital.ca/', 'https://duckduckgo.com/'],
    ] as const) {
      const touch = touchOf(url, referer, [SITE], AT);
      const { source, medium } = viewSource(url, referer, SITE);
      expect({ source, medium }).toEqual(sourceOf(touch));
    }
  });
});
