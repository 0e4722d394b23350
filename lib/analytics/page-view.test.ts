import { describe, expect, test } from 'bun:test';
import { answerIsPageView, type PurposeHeaders, whoAsks } from './page-view.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const page = { method: 'GET', status: 200, contentType: 'text/html; charset=UTF-8', route: '/services' };
const asking = (headers: Partial<PurposeHeaders>): PurposeHeaders => ({
  userAgent: CHROME,
  secPurpose: null,
  purpose: null,
  xMoz: null,
  xPurpose: null,
  ...headers,
});

describe('answerIsPageView', () => {
  test('a GET answered 200 with an HTML page is one', () => {
    expect(answerIsPageView(page)).toBe(true);
    expect(answerIsPageView({ ...page, route: '/audit/results/:token' })).toBe(true);
  });

  test.each([
    ['a HEAD', { method: 'HEAD' }],
    ['a POST', { method: 'POST' }],
    ['a 304 (the browser shows its own copy)', { status: 304 }],
    ['a redirect', { status: 303 }],
    ['a 404 page', { status: 404 }],
    ['a 500 page', { status: 500 }],
    ['JSON', { contentType: 'application/json' }],
    ['no content type', { contentType: null }],
    ['a staff page', { route: '/admin/leads' }],
    ['the staff home', { route: '/admin' }],
  ])('%s is not', (_, change) => {
    expect(answerIsPageView({ ...page, ...change })).toBe(false);
  });
});

describe('whoAsks', () => {
  test('a browser is a person', () => {
    expect(whoAsks(asking({}))).toBe('person');
    // Headers that say nothing of a prefetch change nothing.
    expect(whoAsks(asking({ secPurpose: '', purpose: 'navigate' }))).toBe('person');
  });

  test.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['a Slack link preview', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['a WhatsApp link preview', 'WhatsApp/2.23.20.0 A'],
    ['a Facebook link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['curl', 'curl/8.5.0'],
    ['no user agent', ''],
  ])('%s is a program', (_, userAgent) => {
    expect(whoAsks(asking({ userAgent }))).toBe('program');
    expect(whoAsks(asking({ userAgent: null }))).toBe('program');
  });

  test.each([
    ['Sec-Purpose: prefetch', { secPurpose: 'prefetch' }],
    ['Sec-Purpose: prefetch;prerender', { secPurpose: 'prefetch;prerender' }],
    ['Sec-Purpose: prefetch;anonymous-client-ip', { secPurpose: 'prefetch;anonymous-client-ip' }],
    ['Purpose: prefetch', { purpose: 'prefetch' }],
    ['Purpose: Prefetch', { purpose: 'Prefetch' }],
    ['X-Moz: prefetch', { xMoz: 'prefetch' }],
    ['X-Purpose: preview', { xPurpose: 'preview' }],
  ])('%s is a prefetch', (_, headers) => {
    expect(whoAsks(asking(headers))).toBe('prefetch');
  });
});
