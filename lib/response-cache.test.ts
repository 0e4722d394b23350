import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cachedResponse, chooseEncoding, etagFor, ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  test('stores a page with byte-identical compressed twins until it expires', async () => {
    const cache = new ResponseCache();
    const html = '<!DOCTYPE html><p>Bonjour, Toronto — ünïcode ✓</p>'.repeat(20);
    const page = cache.put('/', html, 200, 1000, 0);
    expect(await page.bodies.identity.text()).toBe(html);
    expect(new TextDecoder().decode(gunzipSync(await page.bodies.gzip.bytes()))).toBe(html);
    expect(new TextDecoder().decode(brotliDecompressSync(await page.bodies.br.bytes()))).toBe(html);
    expect(cache.get('/', 999)).toBe(page);
    expect(cache.get('/', 1000)).toBeUndefined();
  });

  test('the same html gives the same ETag; different html a different one', () => {
    const cache = new ResponseCache();
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

describe('shared pages and cached responses', () => {
  test('a shared address answers its page until the page expires', () => {
    const cache = new ResponseCache();
    const page = cache.put('/blog|ready', '<p>blog</p>', 200, 60_000, 1_000);
    cache.share('/blog', { page, route: '/blog' }, 1_000);
    expect(cache.sharedAt('/blog', 60_999)?.page).toBe(page);
    expect(cache.sharedAt('/blog', 61_000)).toBeUndefined();
    expect(cache.sharedAt('/blog?x=1', 2_000)).toBeUndefined();
  });

  test('a cached response carries the base headers, the encoding, a 304 on a matching ETag, and a cookie when given', async () => {
    const cache = new ResponseCache([['Content-Security-Policy', "default-src 'self'"]]);
    const page = cache.put('/', '<p>home</p>'.repeat(50), 200, 1000, 0);
    const br = cachedResponse(page, { acceptEncoding: 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(br.headers.get('etag')).toBe(etagFor(page, 'br'));
    expect(new Uint8Array(await br.arrayBuffer())).toEqual(await page.bodies.br.bytes());
    const notModified = cachedResponse(page, { acceptEncoding: 'gzip, br', ifNoneMatch: `"x", ${etagFor(page, 'br')}` });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await notModified.text()).toBe('');
    const withCookie = cachedResponse(page, { cookie: 'vid=abc; Path=/' });
    expect(withCookie.headers.get('content-encoding')).toBeNull();
    expect(withCookie.headers.get('set-cookie')).toBe('vid=abc; Path=/');
    // The stored headers are not changed by one response's cookie.
    expect(cachedResponse(page, {}).headers.get('set-cookie')).toBeNull();
  });
});
