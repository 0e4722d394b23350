import { fileURLToPath } from 'node:url';
import type Parser from 'rss-parser';
import { decodeFeed } from '../../lib/feed/encoding.ts';
import { type BlogPost, type FeedItem, mapItems } from '../../lib/feed/posts.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { formatLongDate } from '../../lib/time/display.ts';
import { systemClock } from '../../server/clock.ts';
import { withDeadline } from '../../server/deadline.ts';
import { readCapped } from '../../server/read-capped.ts';
import samplePath from '../../static/feed/sample.xml' with { type: 'file' };
import { createFeedCache } from './feed-cache.ts';

// Reads the agency's RSS feed: from an http(s) URL (5 s timeout that aborts the connection, 2 MB
// cap enforced while streaming, at most 3 redirects) or a local file; decodes its bytes in the
// encoding they are in (lib/feed/encoding.ts: UTF-8, or ISO-8859-1 / windows-1252 declared or not);
// refuses documents that declare a DOCTYPE or entities (XXE, entity expansion) before any parser
// sees them; then rss-parser.

export const FEED_TIMEOUT_MS = 5000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;

/** The sample feed shipped with the site, used when RSS_FEED_URL is unset (embedded in a compiled binary). */
// With `type: 'file'` the import is the file's path (Bun's bundled types describe *.xml imports otherwise).
export const SAMPLE_FEED_PATH = samplePath as unknown as string;

export class FeedError extends Error {}

export type FetchOptions = { timeoutMs?: number; maxBytes?: number; maxRedirects?: number };

const isHttp = (source: string) => /^https?:\/\//i.test(source);

/** The feed document as text. Throws FeedError on timeout, size, redirects, status or I/O failure. */
export async function readFeedSource(source: string, options: FetchOptions = {}): Promise<string> {
  const { timeoutMs = FEED_TIMEOUT_MS, maxBytes = FEED_MAX_BYTES, maxRedirects = FEED_MAX_REDIRECTS } = options;
  if (!isHttp(source)) return readLocalFile(source.startsWith('file:') ? fileURLToPath(source) : source, maxBytes);
  try {
    return await withDeadline(timeoutMs, (signal) => fetchFeed(new URL(source), { signal, maxBytes, maxRedirects }), {
      onExpiry: () => {
        throw new FeedError(`Feed took longer than ${timeoutMs} ms`);
      },
    });
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(`Feed could not be fetched: ${(err as Error)?.message ?? String(err)}`);
  }
}

/** Fetches the feed, following redirects; `signal` (its deadline) aborts the connection, headers or body. */
async function fetchFeed(first: URL, { signal, maxBytes, maxRedirects }: { signal: AbortSignal; maxBytes: number; maxRedirects: number }): Promise<string> {
  let url = first;
  for (let redirects = 0; ; redirects++) {
    const res = await fetch(url, {
      redirect: 'manual',
      signal,
      headers: { accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8', 'user-agent': 'NorthlineDigitalSite/1.0 (+feed reader)' },
    });
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel().catch(() => {});
      if (redirects >= maxRedirects) throw new FeedError(`Feed redirected more than ${maxRedirects} times`);
      const next = new URL(res.headers.get('location') as string, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FeedError('Feed redirected to a non-http address');
      url = next;
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new FeedError(`Feed answered ${res.status}`);
    }
    const body = await readCapped(res, maxBytes, () => new FeedError(`Feed is larger than ${maxBytes} bytes`));
    return decodeFeed(body, res.headers.get('content-type')).text;
  }
}

async function readLocalFile(path: string, maxBytes: number): Promise<string> {
  // Bun.file also reads files embedded in a compiled binary, which node:fs cannot open.
  const file = Bun.file(path);
  try {
    if (file.size > maxBytes) throw new FeedError(`Feed is larger than ${maxBytes} bytes`);
    return decodeFeed(await file.bytes()).text;
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(`Feed file could not be read: ${(err as NodeJS.ErrnoException)?.code ?? 'error'}`);
  }
}

/** Refuses DOCTYPE and ENTITY declarations: RSS needs neither, and they carry XXE and entity-expansion attacks. */
export function assertNoDoctype(xml: string): void {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new FeedError('Feed declares a DOCTYPE or entities; refused');
}

// Loaded on the first parse, not at start-up (it costs ~40 ms to import, and the feed is cached).
let parser: Promise<Parser> | undefined;
const feedParser = () =>
  (parser ??= import('rss-parser').then(
    ({ default: RssParser }) =>
      new RssParser({
        // A real feed's root may be a bare <rss> with no version attribute: read it as RSS 2.0.
        defaultRSS: 2,
        customFields: {
          item: [
            ['content:encoded', 'content:encoded'],
            ['dc:creator', 'dc:creator'],
          ],
        },
      }),
  ));

/** Parses a feed document (after the DOCTYPE check) into raw items. */
export async function parseFeed(xml: string): Promise<FeedItem[]> {
  assertNoDoctype(xml);
  try {
    const feed = await (await feedParser()).parseString(xml);
    return Array.isArray(feed.items) ? (feed.items as unknown as FeedItem[]) : [];
  } catch (err) {
    throw new FeedError(`Feed is not valid RSS: ${(err as Error)?.message?.split('\n')[0] ?? 'parse error'}`);
  }
}

/**
 * The posts, whether they are a stale copy (the feed is failing), and until when this same answer is
 * given (ms since the epoch: the copy's end of freshness, or the next attempt at a failing feed), so
 * that what is made from it can be kept exactly as long.
 */
export type FeedAnswer = { posts: BlogPost[]; stale?: boolean; expiresAt: number };

export type FeedReader = { getPosts(): Promise<FeedAnswer> };

export type FeedReaderOptions = {
  /** RSS_FEED_URL: an http(s) URL or a file path; unset means the sample feed. */
  source?: string;
  /** PUBLIC_SITE_URL: relative URLs in a local feed resolve against it and come out site-relative. */
  siteUrl: string;
  now?: Clock;
  fetchOptions?: FetchOptions;
};

/** The feed the app serves: fetched, checked, parsed, mapped and cached (15 min fresh, 24 h on failure). */
export function createFeedReader({ source, siteUrl, now = systemClock, fetchOptions }: FeedReaderOptions): FeedReader {
  const location = source ?? SAMPLE_FEED_PATH;
  const siteOrigin = new URL(siteUrl).origin;
  const baseUrl = isHttp(location) ? location : siteUrl;
  const cache = createFeedCache({
    now,
    load: async () => {
      const items = await parseFeed(await readFeedSource(location, fetchOptions));
      return mapItems(items, { baseUrl, localOrigin: siteOrigin, dateLabel: formatLongDate });
    },
  });
  return {
    async getPosts() {
      const { value, stale, expiresAt } = await cache.get();
      return stale ? { posts: value, stale, expiresAt } : { posts: value, expiresAt };
    },
  };
}
