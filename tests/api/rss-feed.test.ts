import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FRESH_MS, RETRY_MS } from '../../features/feed/feed-cache.ts';
import { createFeedReader, FEED_TIMEOUT_MS } from '../../features/feed/feed-reader.ts';
import type { BlogPost } from '../../lib/feed/posts.ts';
import { BLOG_RENDER_WAIT_MS } from '../../routes/blog.tsx';
import { closedPortUrl, type FakeFeedServer, goodItems, rssDocument, startFakeFeedServer } from '../fixtures/fake-feed-server.ts';
import { encodeSingleByte, portugueseNewspaperFeed } from '../fixtures/wild-feeds.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

let upstream: FakeFeedServer;
beforeAll(() => {
  upstream = startFakeFeedServer();
});
/** The folders the local-file tests write their feeds in, removed when the file's tests are done. */
const feedFolders: string[] = [];
const feedFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'feed-'));
  feedFolders.push(dir);
  return dir;
};
afterAll(() => {
  upstream.stop();
  for (const dir of feedFolders) rmSync(dir, { recursive: true, force: true });
});

const feedUrl = (path: string) => (path.startsWith('/') && !path.startsWith('/tmp') ? `${upstream.url}${path}` : path);
const feedApp = (path: string, overrides: Parameters<typeof testApp>[0] = {}) => testApp(overrides, { RSS_FEED_URL: feedUrl(path) });
/** The app with a feed reader whose fetch gives up after `timeoutMs` (FEED_TIMEOUT_MS, 5 s, in production). */
const impatientFeedApp = (path: string, timeoutMs: number) =>
  testApp({ feed: createFeedReader({ source: feedUrl(path), siteUrl: TEST_SITE_URL, fetchOptions: { timeoutMs } }) });

async function getFeed(app: Awaited<ReturnType<typeof testApp>>) {
  const res = await app.request('/api/rss-feed');
  return { res, body: (await res.json()) as { posts?: BlogPost[]; stale?: boolean; error?: string; requestId?: string } };
}

describe('GET /api/rss-feed with a good feed', () => {
  test('maps every item to the blog post fields', async () => {
    const app = await feedApp('/good.xml');
    const { res, body } = await getFeed(app);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const [first, second] = body.posts!;
    expect(body.posts).toHaveLength(2);
    expect(first).toMatchObject({
      guid: 'fake-good-1',
      title: 'Winter Cleaning Leads in Riverdale',
      link: 'https://example.test/blog/winter-cleaning-leads',
      pubDate: '2025-01-05T15:00:00.000Z',
      creator: 'Test Author',
      categories: ['Local SEO', 'Cleaning', 'Winter'],
      dateLabel: 'January 5, 2025',
      // Relative image URLs resolve against the feed's own address.
      image: `${upstream.url}/images/winter.png`,
    });
    expect(first.content).toContain('<img');
    expect(first.contentSnippet.endsWith('…')).toBe(true);
    expect([...first.contentSnippet].length).toBeLessThanOrEqual(201);
    // 03:00 UTC on January 6 is still January 5 in Toronto.
    expect(second).toMatchObject({
      guid: 'fake-good-2',
      dateLabel: 'January 5, 2025',
      image: null,
      contentSnippet: 'Fill Tuesday appointments with scheduled ads.',
    });
  });

  test('/blog renders the posts on the server, for crawlers', async () => {
    const app = await feedApp('/good.xml');
    const html = await (await app.request('/blog')).text();
    expect(html).toContain('Winter Cleaning Leads in Riverdale');
    expect(html).toContain('January 5, 2025');
    expect(html).toContain('href="https://example.test/blog/winter-cleaning-leads" target="_blank" rel="noopener"');
    expect(html).toContain(`src="${upstream.url}/images/winter.png"`);
    expect(html.match(/Generate Stories/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('href="/#contact"');
    expect(html).toContain('href="https://northlinedigital.ca/book-a-call"');
    expect(html).toContain('data-island="Toaster"');
  });

  test('concurrent requests share one fetch, and the copy is reused while fresh', async () => {
    const before = upstream.hits.get('/slow-good.xml') ?? 0;
    const app = await feedApp('/slow-good.xml');
    const results = await Promise.all(Array.from({ length: 10 }, () => getFeed(app)));
    expect(results.every((r) => r.res.status === 200 && r.body.posts?.length === 2)).toBe(true);
    await getFeed(app);
    expect((upstream.hits.get('/slow-good.xml') ?? 0) - before).toBe(1);
  });

  test('one copy is serialised and compressed once: every reader gets the same bytes, an ETag and a 304 when unchanged', async () => {
    const start = Date.parse('2025-03-01T12:00:00Z');
    let clock = start;
    const postsOf = (n: number) => [{ guid: `copy-${n}`, title: `Copy ${n}` }] as unknown as BlogPost[];
    // A feed whose first copy is fresh for 15 minutes, and whose next copy arrives after that.
    const copyAt = (time: number) => (time < start + FRESH_MS ? 1 : 2);
    const feed = { getPosts: async () => ({ posts: postsOf(copyAt(clock)), expiresAt: start + copyAt(clock) * FRESH_MS }) };
    const app = await testApp({ now: () => new Date(clock), feed });
    const posts = postsOf(1);
    const get = async (headers: Record<string, string> = {}) => app.request('/api/rss-feed', { headers: { 'accept-encoding': 'br, gzip', ...headers } });

    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=600');
    expect(first.headers.get('content-security-policy')).toContain("object-src 'none'");
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await (await get({ 'accept-encoding': 'gzip' })).arrayBuffer()))))).toEqual({
      posts,
    });
    expect(await (await get({ 'accept-encoding': 'identity' })).json()).toEqual({ posts });
    expect((await get({ 'if-none-match': etag })).status).toBe(304);

    // The answer is kept as long as its copy is fresh (not made again every minute), and the next copy
    // is served as soon as the feed has it.
    clock = start + FRESH_MS - 1;
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    clock = start + FRESH_MS;
    const fresh = await get({ 'if-none-match': etag });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    expect(await (await get({ 'accept-encoding': 'identity' })).json()).toEqual({ posts: postsOf(2) });
  });

  test('follows up to 3 redirects, refuses a 4th, a loop and a non-http target', async () => {
    expect((await getFeed(await feedApp('/redirect-2'))).res.status).toBe(200);
    for (const path of ['/redirect-4', '/redirect-loop', '/redirect-file']) {
      const { res, body } = await getFeed(await feedApp(path));
      expect(res.status).toBe(502);
      expect(body.error).toBeString();
    }
  });

  test('reads a local file path', async () => {
    const file = join(feedFolder(), 'feed.xml');
    writeFileSync(file, rssDocument(goodItems));
    const { res, body } = await getFeed(await feedApp(file));
    expect(res.status).toBe(200);
    expect(body.posts?.[0].guid).toBe('fake-good-1');
  });

  test('the default is the sample feed: six or more posts with site-relative SVG pictures and categories', async () => {
    const { body } = await getFeed(await testApp());
    expect(body.posts!.length).toBeGreaterThanOrEqual(6);
    for (const post of body.posts!) {
      expect(post.image).toMatch(/^\/static\/images\/blog\/[a-z-]+\.svg$/);
      expect(post.categories.length).toBeGreaterThan(0);
      expect(post.link).toStartWith('https://northlinedigital.ca/blog/');
      expect(post.dateLabel).toMatch(/^[A-Z][a-z]+ \d{1,2}, 20\d\d$/);
      expect(post.content).toContain('<p>');
    }
    const app = await testApp();
    for (const post of body.posts!) expect((await app.request(post.image!)).status).toBe(200);
  });
});

describe('the blog page is kept exactly as long as the feed copy it shows', () => {
  test('not made again while the copy is fresh; the next copy shows as soon as the feed has it; a failing feed is retried after RETRY_MS', async () => {
    const start = Date.parse('2025-03-01T12:00:00Z');
    let clock = start;
    upstream.setEdition('first');
    const app = await feedApp('/edition.xml', { now: () => new Date(clock) });
    const blog = async () => {
      const res = await app.request('/blog', { headers: { 'accept-encoding': 'identity' } });
      return { etag: res.headers.get('etag'), html: await res.text() };
    };
    const first = await blog();
    expect(first.html).toContain('The first edition');
    expect(first.etag).not.toBeNull();

    // Late in the copy's 15 minutes (when a fixed minute would have made the page again, to be kept
    // past the copy's end) the upstream changes: the kept page still shows the copy the feed serves.
    clock = start + FRESH_MS - 30_000;
    expect((await blog()).etag).toBe(first.etag);
    upstream.setEdition('second');
    clock = start + FRESH_MS - 1;
    expect((await blog()).html).toContain('The first edition');
    // The copy's freshness ends: the feed is read again and the page shows it at once.
    clock = start + FRESH_MS;
    const second = await blog();
    expect(second.html).toContain('The second edition');
    expect(second.etag).not.toBe(first.etag);

    // The feed goes down: its last good copy is shown until the next attempt, then the recovered feed.
    upstream.setEdition('down');
    clock = start + 2 * FRESH_MS;
    expect((await blog()).html).toContain('The second edition');
    upstream.setEdition('third');
    clock = start + 2 * FRESH_MS + RETRY_MS - 1;
    expect((await blog()).html).toContain('The second edition');
    clock = start + 2 * FRESH_MS + RETRY_MS;
    expect((await blog()).html).toContain('The third edition');
  });
});

describe('feeds from the wild', () => {
  const REPLACEMENT = '\uFFFD';

  test('a forum feed whose item is a table of links with no whitespace between them reads as separate words', async () => {
    const { res, body } = await getFeed(await feedApp('/forum.xml'));
    expect(res.status).toBe(200);
    const [post] = body.posts!;
    expect(post.contentSnippet).toBe(
      'Cleaning company in the east end, calls dropped by half since November. Is it just the season? submitted by /u/maple_mop [link] [comments]',
    );
    expect(post.image).toBe('https://thumbs.forum.example/abc123.jpg');
  });

  test('a feed whose root is <rss> with no version attribute is read as RSS 2.0', async () => {
    const { res, body } = await getFeed(await feedApp('/versionless.xml'));
    expect(res.status).toBe(200);
    const [post] = body.posts!;
    expect(post.title).toBe('Snow shovels are back in stock');
    expect(post.guid).toBe('hardware-shovels-2025');
    expect(post.contentSnippet).toBe('Forty steel-edge shovels arrived this morning.');
  });

  test('a Portuguese newspaper in ISO-8859-1, declared in its prolog only, shows its accents', async () => {
    const app = await feedApp('/jornal-iso-8859-1.xml');
    const { res, body } = await getFeed(app);
    expect(res.status).toBe(200);
    const [post] = body.posts!;
    expect(post.title).toBe('Padarias de Lisboa apostam na encomenda online');
    expect(post.contentSnippet).toBe(
      'Três padarias da Baixa já recebem metade das encomendas pela internet. «Não há volta atrás», diz a dona da Padaria São João. A promoção de Natal custa 4,50 euros por caixa.',
    );
    expect(JSON.stringify(body)).not.toContain(REPLACEMENT);
    const html = await (await app.request('/blog')).text();
    expect(html).toContain('Três padarias da Baixa já recebem metade das encomendas');
  });

  test('a local feed file in ISO-8859-1 is decoded the same way', async () => {
    const file = join(feedFolder(), 'jornal.xml');
    writeFileSync(file, encodeSingleByte(portugueseNewspaperFeed, 'iso-8859-1'));
    const { body } = await getFeed(await feedApp(file));
    expect(body.posts?.[0].contentSnippet).toStartWith('Três padarias da Baixa já recebem');
  });

  for (const [path, how] of [
    ['/podcast-windows-1252.xml', 'declared nowhere'],
    ['/podcast-http-charset.xml', 'declared only by the HTTP Content-Type'],
  ]) {
    test(`a French podcast in windows-1252, ${how}, shows its accents, curly quotes, € and its named entities`, async () => {
      const app = await feedApp(path);
      const { res, body } = await getFeed(app);
      expect(res.status).toBe(200);
      const [post] = body.posts!;
      expect(post.title).toBe('Épisode 12 : l’été, on garde le cœur à l’ouvrage');
      expect(post.contentSnippet).toBe(
        'Au menu : la vitrine d’été, les avis Google… et un café à 2 € pour fidéliser. Invitée : Françoise, fleuriste à Montréal « depuis toujours ».',
      );
      expect(JSON.stringify(body)).not.toContain(REPLACEMENT);
      const html = await (await app.request('/blog')).text();
      expect(html).toContain('l’été, on garde le cœur à l’ouvrage');
      expect(html).not.toContain('&amp;laquo;');
    });
  }
});

describe('a hostile feed', () => {
  test('script tags, javascript: links and </script> in titles stay inert text', async () => {
    const app = await feedApp('/hostile.xml');
    const { res, body } = await getFeed(app);
    expect(res.status).toBe(200);
    const [evil, escaped] = body.posts!;
    expect(evil.link).toBeNull();
    expect(evil.image).toBeNull();
    expect(evil.title).not.toContain('alert');
    expect(evil.contentSnippet).toBe('Real text here.');
    expect(evil.categories).toEqual(['Hacks']);
    expect(escaped.title).toBe('Closing </script> tag in a title');
    expect(escaped.contentSnippet).toBe('Escaped <b> markup');

    const html = await (await app.request('/blog')).text();
    expect(html).not.toContain('alert(');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('evil.test');
    // The title is shown as text: the closing tag arrives escaped, in the markup and in the island's props.
    expect(html).toContain('Closing &lt;/script&gt; tag in a title');
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    expect(html).not.toContain('dangerouslySetInnerHTML');
  });

  test('a 50 MB body is cut off at 2 MB: 502, quickly', async () => {
    const started = performance.now();
    const { res } = await getFeed(await feedApp('/huge.xml'));
    expect(res.status).toBe(502);
    expect(performance.now() - started).toBeLessThan(4000);
  });

  test('a declared length over 2 MB is refused', async () => {
    expect((await getFeed(await feedApp('/declared-huge.xml'))).res.status).toBe(502);
  });

  test('a 10 s drip is aborted at the timeout (5 s by default; 0.5 s here)', async () => {
    expect(FEED_TIMEOUT_MS).toBe(5000);
    const started = performance.now();
    const { res } = await getFeed(await impatientFeedApp('/drip.xml', 500));
    const elapsed = performance.now() - started;
    expect(res.status).toBe(502);
    expect(elapsed).toBeGreaterThan(450);
    expect(elapsed).toBeLessThan(2500);
  });

  test('a server that never answers is abandoned at the timeout; /blog renders skeletons meanwhile and never hangs', async () => {
    const app = await impatientFeedApp('/hang.xml', BLOG_RENDER_WAIT_MS + 1000);
    const started = performance.now();
    const html = await (await app.request('/blog')).text();
    expect(performance.now() - started).toBeLessThan(BLOG_RENDER_WAIT_MS + 900);
    expect(html.match(/data-testid="post-skeleton"/g)).toHaveLength(6);
    const { res } = await getFeed(app);
    expect(res.status).toBe(502);
    expect(performance.now() - started).toBeLessThan(BLOG_RENDER_WAIT_MS + 3000);
  });

  test('invalid XML, JSON instead of RSS, DOCTYPE/ENTITY documents (XXE, billion laughs) are refused with 502', async () => {
    for (const path of ['/invalid.xml', '/not-xml', '/xxe.xml', '/billion-laughs.xml']) {
      const { res, body } = await getFeed(await feedApp(path));
      expect(res.status).toBe(502);
      expect(body).toEqual({ error: 'The blog feed is unavailable right now. Please try again later.', requestId: res.headers.get('x-request-id') ?? '' });
    }
  });
});

describe('upstream down', () => {
  test('with no copy: 502 JSON, and /blog shows the error panel pointing to the main blog', async () => {
    const app = await feedApp(`${await closedPortUrl()}/feed.xml`);
    const { res, body } = await getFeed(app);
    expect(res.status).toBe(502);
    expect(body.error).toBeString();
    const html = await (await app.request('/blog')).text();
    expect(html).toContain('Unable to Load Blog Posts');
    expect(html).toContain('href="https://northlinedigital.ca/blog"');
    expect(app.logs.some((l) => l.msg === 'blog feed unavailable')).toBe(true);
  });

  test('with a copy: the last good copy is served for up to 24 hours, then 502', async () => {
    let clock = Date.parse('2025-03-01T12:00:00Z');
    const app = await feedApp('/good.xml', { now: () => new Date(clock) });
    upstream.setGoodFeed('ok');
    try {
      expect((await getFeed(app)).body.posts).toHaveLength(2);
      upstream.setGoodFeed('fail');
      clock += 16 * 60_000;
      const stale = await getFeed(app);
      expect(stale.res.status).toBe(200);
      expect(stale.body).toMatchObject({ stale: true });
      expect(stale.body.posts).toHaveLength(2);
      expect(await (await app.request('/blog')).text()).toContain('Winter Cleaning Leads in Riverdale');
      clock += 24 * 60 * 60_000;
      expect((await getFeed(app)).res.status).toBe(502);
      upstream.setGoodFeed('ok');
      clock += 2 * 60_000;
      const recovered = await getFeed(app);
      expect(recovered.res.status).toBe(200);
      expect(recovered.body.stale).toBeUndefined();
    } finally {
      upstream.setGoodFeed('ok');
    }
  });
});

describe('/blog states with an injected feed', () => {
  test('an empty feed shows No Blog Posts Available', async () => {
    const app = await testApp({ feed: { getPosts: async () => ({ posts: [], expiresAt: Date.now() + FRESH_MS }) } });
    expect(await (await app.request('/blog')).text()).toContain('No Blog Posts Available');
    expect(await (await app.request('/api/rss-feed')).json()).toEqual({ posts: [] });
  });

  test('a feed that throws anything is a 502, never a 500', async () => {
    const app = await testApp({ feed: { getPosts: async () => Promise.reject(new TypeError('weird')) } });
    expect((await app.request('/api/rss-feed')).status).toBe(502);
    expect((await app.request('/blog')).status).toBe(200);
  });
});
