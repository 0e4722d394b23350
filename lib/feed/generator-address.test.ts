import { describe, expect, test } from 'bun:test';
import { blogAddress, generatorView, requestedGenerator } from './generator-address.ts';
import type { BlogCard } from './posts.ts';

const card = (guid: string) =>
  ({ guid, title: `Post ${guid}`, link: null, pubDate: null, categories: [], contentSnippet: '', image: null, dateLabel: '', text: '' }) as BlogCard;
const posts = [card('northline-blog-1'), card('a guid/with?odd&chars=é')];

describe('the generator in the address bar', () => {
  test('each view has one address, and reading it back gives the same request', () => {
    expect(blogAddress({ open: false })).toBe('/blog');
    expect(blogAddress({ open: true, guid: null })).toBe('/blog?generate=');
    for (const { guid } of posts) {
      const address = blogAddress({ open: true, guid });
      expect(requestedGenerator(new URL(address, 'https://x.test').search)).toBe(guid);
    }
    expect(blogAddress({ open: true, guid: 'a guid/with?odd&chars=é' })).toBe('/blog?generate=a%20guid%2Fwith%3Fodd%26chars%3D%C3%A9');
  });

  test('a query without the parameter asks for nothing; an empty one for manual input; an over-long one for nothing', () => {
    expect(requestedGenerator('')).toBeNull();
    expect(requestedGenerator('?utm_source=x')).toBeNull();
    expect(requestedGenerator('?generate=')).toBe('');
    expect(requestedGenerator('generate=abc&utm_source=x')).toBe('abc');
    expect(requestedGenerator(`?generate=${'x'.repeat(501)}`)).toBeNull();
  });

  test('the view: the post asked for, manual input, or the grid for a guid the feed does not have (or posts not yet known)', () => {
    expect(generatorView(null, posts)).toEqual({ open: false });
    expect(generatorView('', posts)).toEqual({ open: true, post: null });
    expect(generatorView('', null)).toEqual({ open: true, post: null });
    expect(generatorView('northline-blog-1', posts)).toEqual({ open: true, post: posts[0] });
    expect(generatorView('no-such-post', posts)).toEqual({ open: false });
    expect(generatorView('northline-blog-1', null)).toEqual({ open: false });
  });
});
