import { describe, expect, test } from 'bun:test';
import { isAllowedHref, limitedHtmlProblems, limitedHtmlToText, renderLimitedHtml } from './limited-html.ts';

describe('renderLimitedHtml', () => {
  test('keeps links to this site and https, emphasis and strong', () => {
    const src = 'See <a href="/services/seo-services">SEO</a>, <em>always</em> <strong>free</strong> and <a href="https://example.com/a?b=1">this</a>.';
    expect(renderLimitedHtml(src)).toBe(
      'See <a href="/services/seo-services">SEO</a>, <em>always</em> <strong>free</strong> and <a href="https://example.com/a?b=1" rel="noopener">this</a>.',
    );
    expect(limitedHtmlProblems(src)).toEqual([]);
  });

  test('escapes every other tag, attribute and character', () => {
    const out = renderLimitedHtml('<script>alert(1)</script><img src=x onerror=alert(1)> & "q" <em onclick="x">e</em>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('onclick="');
    expect(out).toContain('&amp;');
    expect(out).toContain('&quot;q&quot;');
    expect(limitedHtmlProblems('<b>bold</b>').length).toBeGreaterThan(0);
  });

  test('refuses javascript:, data:, http: and protocol-relative links', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'http://example.com', '//evil.example', 'JAVASCRIPT:alert(1)', '/a" onmouseover="x']) {
      expect(isAllowedHref(href)).toBe(false);
      const out = renderLimitedHtml(`<a href="${href}">x</a>`);
      expect(out).not.toContain('<a ');
      expect(limitedHtmlProblems(`<a href="${href}">x</a>`).length).toBeGreaterThan(0);
    }
    expect(isAllowedHref('/what-is-digital-marketing#faq')).toBe(true);
    expect(isAllowedHref('#glossary-s')).toBe(true);
  });

  test('always balances tags and rejects nested links', () => {
    expect(renderLimitedHtml('<em>open')).toBe('<em>open</em>');
    expect(renderLimitedHtml('close</strong>')).toBe('close/strong');
    expect(renderLimitedHtml('<em><strong>x</em></strong>')).toBe('<em><strong>x/em</strong></em>');
    expect(renderLimitedHtml('<a href="/a"><a href="/b">x</a></a>')).toBe('<a href="/a">a href=&quot;/b&quot;x</a>/a');
    expect(limitedHtmlProblems('<em>open')).toEqual(['unclosed <em>']);
  });

  test('plain text drops the tags', () => {
    expect(limitedHtmlToText('A <a href="/blog">blog</a> is <em>useful</em> &amp; fun')).toBe('A blog is useful &amp; fun');
  });
});
