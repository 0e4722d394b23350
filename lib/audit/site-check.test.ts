import { describe, expect, test } from 'bun:test';
import type { SiteCheck, SiteCheckFinding } from '../site-check/types.ts';
import { reasonWords, siteCheckJson, siteKeyOf, tally, usableFindings } from './site-check.ts';

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
      url: 'https://a.ca',
      checkedAt: null,
      checks: [],
    });
  });
});
