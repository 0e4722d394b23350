import { describe, expect, test } from 'bun:test';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { HtmlCache, chooseEncoding, etagFor } from './html-cache.ts';

describe('HtmlCache', () => {
  test('stores a page with byte-identical compressed twins until it expires', () => {
    const cache = new HtmlCache();
    const html = '<!DOCTYPE html><p>Bonjour, Toronto — ünïcode ✓</p>'.repeat(20);
    const page = cache.put('/', html, 200, 1000, 0);
    expect(new TextDecoder().decode(gunzipSync(page.bodies.gzip))).toBe(html);
    expect(new TextDecoder().decode(brotliDecompressSync(page.bodies.br))).toBe(html);
    expect(cache.get('/', 999)).toBe(page);
    expect(cache.get('/', 1000)).toBeUndefined();
  });

  test('the same html gives the same ETag; different html a different one', () => {
    const cache = new HtmlCache();
    const a = cache.put('a', '<p>one</p>', 200, 1000, 0);
    const b = cache.put('b', '<p>one</p>', 200, 1000, 0);
    const c = cache.put('c', '<p>two</p>', 200, 1000, 0);
    expect(etagFor(a, 'br')).toBe(etagFor(b, 'br'));
    expect(etagFor(a, 'br')).not.toBe(etagFor(c, 'br'));
    expect(etagFor(a, 'br')).not.toBe(etagFor(a, 'gzip'));
    expect(etagFor(a, 'identity')).toMatch(/^"[^"]+"$/);
  });
});

describe('chooseEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['identity', 'identity'],
  ])('%p → %p', (header, expected) => {
    expect(chooseEncoding(header as string | undefined)).toBe(expected as ReturnType<typeof chooseEncoding>);
  });
});
