import { describe, expect, test } from 'bun:test';
import type { SiteCheck, SiteCheckFinding } from '../site-check/types.ts';
import { reasonWords, siteCheckJson, siteHomeOf, siteKeyOf, tally, usableFindings } from './site-check.ts';

describe('the audit’s site check', () => {
  test('a site is its scheme, host and port, whatever the path, case or default port', () => {
    expect(siteKeyOf('https://BrightSmile.ca/book?x=1')).toBe('https://brightsmile.ca:443');
    expect(siteKeyOf('https://brightsmile.ca:443/')).toBe('https://brightsmile.ca:443');
    expect(siteKeyOf('http://brightsmile.ca')).toBe('http://brightsmile.ca:80');
    expect(siteKeyOf('http://127.0.0.1:8080/a')).toBe('http://127.0.0.1:8080');
    expect(siteKeyOf('http://brightsmile.ca')).not.toBe(siteKeyOf('https://brightsmile.ca'));
    expect(siteKeyOf('ftp://brightsmile.ca')).toBeNull();
    expect(siteKeyOf('not a url')).toBeNull();
  });

  test('what is fetched is the home page of the very site the key names: no path, query, fragment or credentials survive', () => {
    const named = [
      'https://BrightSmile.ca/book?x=1#top',
      'https://brightsmile.ca:443/missing',
      'https://brightsmile.ca/%2e%2e/admin?redirect=http://10.0.0.1/',
      'https://user:secret@brightsmile.ca/private',
      'https://brightsmile.ca',
    ];
    for (const url of named) {
      expect(siteHomeOf(url), url).toBe('https://brightsmile.ca/');
      expect(siteKeyOf(url), url).toBe('https://brightsmile.ca:443');
    }
    expect(siteHomeOf('http://127.0.0.1:8080/a?b=c')).toBe('http://127.0.0.1:8080/');
    expect(siteHomeOf('http://[::1]:8080/a')).toBe('http://[::1]:8080/');
    expect(siteHomeOf('http://xn--caf-dma.ca/menu')).toBe('http://xn--caf-dma.ca/');
    // Schemes and ports stay apart, as in the key: http and https of one name are two sites.
    expect(siteHomeOf('http://brightsmile.ca/x')).toBe('http://brightsmile.ca/');
    expect(siteHomeOf('https://brightsmile.ca:8443/x')).toBe('https://brightsmile.ca:8443/');
    // Every home page's key is its own site's key.
    for (const url of [...named, 'http://127.0.0.1:8080/a', 'http://brightsmile.ca:80/x'])
      expect(siteKeyOf(siteHomeOf(url) as string), url).toBe(siteKeyOf(url) as string);
    expect(siteHomeOf('ftp://brightsmile.ca/')).toBeNull();
    expect(siteHomeOf('javascript:alert(1)')).toBeNull();
    expect(siteHomeOf('not a url')).toBeNull();
  });

  test('the JSON names the address checked, the home page, even for a check stored naming a page', () => {
    const pending: SiteCheck = { status: 'pending', url: 'https://brightsmile.ca/missing?utm_source=x', checkedAt: null, checks: [] };
    expect(siteCheckJson(pending).url).toBe('https://brightsmile.ca/');
  });

  test('findings are tallied; only a finished check that told something is used', () => {
    const checks: SiteCheckFinding[] = [
      { key: 'https', label: 'x', status: 'pass', evidence: 'e' },
      { key: 'hsts', label: 'x', status: 'fail', evidence: 'e' },
      { key: 'ttfb', label: 'x', status: 'unknown', evidence: 'e' },
    ];
    expect(tally(checks)).toEqual({ pass: 1, fail: 1, unknown: 1 });
    const done: SiteCheck = { status: 'done', url: 'https://a.ca', checkedAt: '2026-11-28T00:00:00.000Z', checks };
    expect(usableFindings(done)).toHaveLength(3);
    expect(usableFindings({ ...done, checks: [checks[2]] })).toBeNull();
    expect(usableFindings({ status: 'pending', url: 'https://a.ca', checkedAt: null, checks: [] })).toBeNull();
    expect(usableFindings(null)).toBeNull();
  });

  test('a refusal says the rule, in words, and nothing about the network', () => {
    const refused: SiteCheck = { status: 'refused', url: 'http://10.0.0.1/', checkedAt: '2026-11-28T00:00:00.000Z', checks: [], reason: 'not-public' };
    expect(reasonWords(refused)).toBe('We only check public websites, and this address is not one.');
    expect(siteCheckJson(refused)).toEqual({
      status: 'refused',
      url: 'http://10.0.0.1/',
      checkedAt: '2026-11-28T00:00:00.000Z',
      checks: [],
      reason: 'not-public',
      reasonText: 'We only check public websites, and this address is not one.',
    });
    expect(siteCheckJson({ status: 'pending', url: 'https://a.ca', checkedAt: null, checks: [] })).toEqual({
      status: 'pending',
      url: 'https://a.ca/',
      checkedAt: null,
      checks: [],
    });
  });
});
