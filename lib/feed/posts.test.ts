import { describe, expect, test } from 'bun:test';
import { formatLongDate } from '../time/display.ts';
import { firstImage, mapItem, mapItems, safeHttpUrl, toCard, truncate } from './posts.ts';

const options = { baseUrl: 'https://northlinedigital.ca/blog/', localOrigin: 'http://localhost:3000', dateLabel: formatLongDate };

describe('truncate', () => {
  test('leaves short text alone', () => {
    expect(truncate('Short text.')).toBe('Short text.');
  });

  test('cuts at 200 characters with an ellipsis, at a word break', () => {
    const text = 'word '.repeat(100).trim();
    const cut = truncate(text);
    expect(cut.endsWith('…')).toBe(true);
    expect([...cut].length).toBeLessThanOrEqual(201);
    expect(cut).not.toContain('wor…');
  });

  test('a text of exactly 200 characters is not cut', () => {
    const text = 'x'.repeat(200);
    expect(truncate(text)).toBe(text);
    expect(truncate('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
  });

  test('counts characters, not UTF-16 units', () => {
    const text = '😀'.repeat(250);
    expect([...truncate(text)].length).toBe(201);
  });
});

describe('safeHttpUrl and firstImage', () => {
  test('keeps http and https only', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl('http://example.com/a')).toBe('http://example.com/a');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:x',
      'file:///etc/passwd',
      'not a url',
      '',
      'https://user:pw@example.com/',
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
    expect(safeHttpUrl('javascript:alert(1)', 'https://example.com/')).toBeNull();
  });

  test('relative references resolve against the base; the site origin comes out site-relative', () => {
    expect(safeHttpUrl('/static/images/blog/a.svg', 'https://example.com/feed.xml')).toBe('https://example.com/static/images/blog/a.svg');
    expect(safeHttpUrl('/static/images/blog/a.svg', 'http://localhost:3000', 'http://localhost:3000')).toBe('/static/images/blog/a.svg');
  });

  test('the first image with an http(s) source wins; javascript: and data: sources are skipped', () => {
    const html = `<p>Intro</p><img src="javascript:alert(1)"><img alt="x" src='data:image/png;base64,AAAA'><img src=https://cdn.example.com/b.png?x=1&amp;y=2><img src="https://cdn.example.com/c.png">`;
    expect(firstImage(html)).toBe('https://cdn.example.com/b.png?x=1&y=2');
    expect(firstImage('<p>No pictures</p>')).toBeNull();
    expect(firstImage('<img alt="no source">')).toBeNull();
    expect(firstImage('<IMG SRC="https://example.com/upper.jpg">')).toBe('https://example.com/upper.jpg');
  });
});

describe('mapItem', () => {
  const item = {
    guid: 'post-1',
    title: 'Ten <em>Local</em> SEO Wins</script><script>alert(1)</script>',
    link: 'https://northlinedigital.ca/blog/ten-local-seo-wins',
    pubDate: 'Sun, 05 Jan 2025 15:00:00 GMT',
    isoDate: '2025-01-05T15:00:00.000Z',
    creator: 'Priya <b>Raman</b>',
    categories: ['Local SEO', { _: 'Cleaning', $: { domain: 'x' } }, 'Third', 'Local SEO'],
    'content:encoded': `<p><img src="/static/images/blog/a.svg"></p><p>${'Useful advice for owners. '.repeat(20)}</p><script>steal()</script>`,
  };

  test('maps to the blog post fields with text stripped and a card-ready snippet and date', () => {
    const post = mapItem(item, options)!;
    expect(post.guid).toBe('post-1');
    expect(post.title).toBe('Ten Local SEO Wins');
    expect(post.link).toBe('https://northlinedigital.ca/blog/ten-local-seo-wins');
    expect(post.pubDate).toBe('2025-01-05T15:00:00.000Z');
    expect(post.dateLabel).toBe('January 5, 2025');
    expect(post.creator).toBe('Priya Raman');
    expect(post.categories).toEqual(['Local SEO', 'Cleaning', 'Third']);
    expect(post.contentSnippet.endsWith('…')).toBe(true);
    expect([...post.contentSnippet].length).toBeLessThanOrEqual(201);
    expect(post.contentSnippet).not.toContain('<');
    expect(post.text).not.toContain('steal');
    expect(post.image).toBe('https://northlinedigital.ca/static/images/blog/a.svg');
  });

  test('a javascript: link is dropped, not rendered', () => {
    const post = mapItem({ ...item, link: 'javascript:alert(document.cookie)' }, options)!;
    expect(post.link).toBeNull();
  });

  test('items with no title and no text are skipped; a missing guid falls back to the link', () => {
    expect(mapItem({ title: '  ', content: '<p> </p>' }, options)).toBeNull();
    expect(mapItem({ title: 'T', content: 'Body', link: 'https://e.com/x' }, options)!.guid).toBe('https://e.com/x');
  });

  test('the date label is the post’s Toronto day, and empty without a readable date', () => {
    expect(mapItem({ ...item, isoDate: undefined, pubDate: '2025-01-06T03:00:00Z' }, options)!.dateLabel).toBe('January 5, 2025');
    expect(mapItem({ ...item, isoDate: undefined, pubDate: undefined }, options)!.dateLabel).toBe('');
    expect(mapItem({ ...item, isoDate: undefined, pubDate: 'yesterday-ish' }, options)!.dateLabel).toBe('');
  });

  test('mapItems keeps feed order, drops repeated guids and junk entries', () => {
    const posts = mapItems([item, { ...item }, { ...item, guid: 'post-2' }, null as never, 'junk' as never], options);
    expect(posts.map((p) => p.guid)).toEqual(['post-1', 'post-2']);
  });

  test('the card view carries no feed HTML and at most two categories', () => {
    const card = toCard(mapItem(item, options)!);
    expect(card).not.toHaveProperty('content');
    expect(card.categories).toEqual(['Local SEO', 'Cleaning']);
  });
});
