import { describe, expect, test } from 'bun:test';
import { type FetchedSite, runChecks } from './checks.ts';
import { SITE_CHECK_KEYS } from './types.ts';

const site = (overrides: Partial<FetchedSite> = {}): FetchedSite => ({
  finalUrl: 'https://shop.example/',
  status: 200,
  headers: {},
  ttfbMs: 120,
  bytes: 20_000,
  truncated: false,
  html: '<html><head><title>Shop</title></head><body></body></html>',
  plainHttp: { status: 301, redirectsToHttps: true },
  robots: { status: 200, text: 'User-agent: *\nAllow: /\n' },
  sitemap: { status: 404, text: null },
  ...overrides,
});
const verdict = (s: FetchedSite, key: string) => runChecks(s, 2026).find((c) => c.key === key);

describe('runChecks', () => {
  test('a page cut at 2 MB: what was not found may lie past the cut (unknown); what was found still counts', () => {
    const cut = site({ truncated: true, bytes: 2 * 1024 * 1024, html: '<html><head><title>Shop</title></head><body><p>lots' });
    expect(verdict(cut, 'page-weight')?.status).toBe('fail');
    expect(verdict(cut, 'tel-link')).toMatchObject({
      status: 'unknown',
      evidence: 'No tap-to-call link in the first 2 MB (the page is longer; we stopped reading there)',
    });
    expect(verdict(cut, 'title')?.status).toBe('fail');
    expect(verdict(site({ html: cut.html }), 'tel-link')?.status).toBe('fail');
  });

  test('one finding per key, in the keys order, whatever the page', () => {
    for (const html of ['', '<', '<html>', null]) expect(runChecks(site({ html }), 2026).map((c) => c.key)).toEqual([...SITE_CHECK_KEYS]);
  });
  test('a page that could not be read: its checks are unknown, never failures', () => {
    const checks = runChecks(site({ html: null, status: 500 }), 2026);
    expect(checks.find((c) => c.key === 'title')).toMatchObject({ status: 'unknown', evidence: 'The home page could not be read as HTML (500)' });
    expect(checks.filter((c) => c.status === 'unknown')).toHaveLength(13);
  });
  test('HTTPS, its redirect and HSTS', () => {
    expect(verdict(site({ headers: { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } }), 'hsts')).toMatchObject({
      status: 'pass',
      evidence: 'Strict-Transport-Security: max-age 63,072,000 s',
    });
    expect(verdict(site({ headers: { 'strict-transport-security': 'max-age=0' } }), 'hsts')?.status).toBe('fail');
    expect(verdict(site(), 'https-redirect')?.status).toBe('pass');
    expect(verdict(site({ plainHttp: null }), 'https-redirect')?.status).toBe('unknown');
    expect(verdict(site({ ttfbMs: 1840 }), 'ttfb')?.evidence).toBe('First byte after 1.8 s: visitors stare at a blank screen');
  });
  test('robots.txt: only a Disallow: / for every crawler shuts the site; other groups and paths do not', () => {
    const robots = (text: string) => verdict(site({ robots: { status: 200, text } }), 'robots')?.status;
    expect(robots('User-agent: *\nDisallow: /')).toBe('fail');
    expect(robots('User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart')).toBe('pass');
    expect(robots('User-agent: *\nDisallow: /private # comment\n')).toBe('pass');
    expect(verdict(site({ robots: null }), 'robots')?.status).toBe('unknown');
    expect(verdict(site({ robots: { status: 404, text: null } }), 'robots')?.status).toBe('fail');
    // A "page not found" answered 200 where robots.txt should be: no rules at all, not rules that let everyone in.
    expect(verdict(site({ robots: { status: 200, text: '\n<!doctype html><title>Not found</title>' } }), 'robots')).toMatchObject({
      status: 'fail',
      evidence: 'No robots.txt (the address shows a web page): search engines get no directions, and no sitemap address',
    });
  });
  test('a sitemap named in robots.txt counts without fetching it', () => {
    expect(verdict(site({ robots: { status: 200, text: 'Sitemap: https://shop.example/sitemap_index.xml' } }), 'sitemap')).toMatchObject({
      status: 'pass',
      evidence: 'Sitemap named in robots.txt: https://shop.example/sitemap_index.xml',
    });
  });
  test('structured data inside an @graph, a broken block beside it ignored', () => {
    const html = `<script type="application/ld+json">{broken</script><script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":["Organization","HomeAndConstructionBusiness"],"telephone":"416","address":"1 Main St"}]}</script>`;
    expect(verdict(site({ html }), 'local-business-schema')).toMatchObject({
      status: 'pass',
      evidence: 'Organization, HomeAndConstructionBusiness with address and phone',
    });
    const partial = '<script type="application/ld+json">{"@type":"LocalBusiness","telephone":"416"}</script>';
    expect(verdict(site({ html: partial }), 'local-business-schema')).toMatchObject({ status: 'fail', evidence: 'LocalBusiness without address' });
  });
  test('copyright: the latest year of a range, in any of its spellings', () => {
    const year = (text: string) => verdict(site({ html: `<footer>${text}</footer>` }), 'copyright-year');
    expect(year('© 2012 – 2026 Shop Inc.')?.status).toBe('pass');
    expect(year('Copyright 2024')).toMatchObject({ status: 'fail', evidence: '© 2024: the site looks unattended' });
    expect(year('&copy; 2025')?.status).toBe('fail');
    expect(year('Since 1998')?.status).toBe('unknown');
  });
  test('a title is quoted as it reads, its length counted, too long or too short said plainly', () => {
    expect(verdict(site({ html: '<title>Home</title>' }), 'title')).toMatchObject({
      status: 'fail',
      evidence: "Title: 'Home' — 4 characters (too short to say what you do and where)",
    });
    expect(verdict(site({ html: '<title>  Joe&amp;Sons   Renovations,   Etobicoke </title>' }), 'title')?.evidence).toBe(
      "Title: 'Joe&Sons Renovations, Etobicoke' — 31 characters",
    );
  });
});
