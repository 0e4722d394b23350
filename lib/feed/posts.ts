import { decodeAttribute, stripTags } from '../text/html-text.ts';

// Pure mapping from parsed RSS items to the blog posts the site shows. Everything from a feed is
// treated as untrusted text: tags are stripped, entities decoded once (lib/text/html-text.ts), and a URL is
// kept only when it parses with http: or https:. Nothing here produces HTML for the page.

/** An item as rss-parser gives it (loosely typed: feeds are untrusted). */
export type FeedItem = Record<string, unknown>;

/** The spec's blog post, plus what the card needs, all decided on the server. */
export type BlogPost = {
  guid: string;
  title: string;
  /** The article's address, only when it is an http(s) URL. */
  link: string | null;
  /** ISO 8601, or null when the feed gave no readable date. */
  pubDate: string | null;
  creator: string;
  categories: string[];
  /** The item's HTML as the feed sent it: data for API clients, never rendered as HTML by this site. */
  content: string;
  /** Text without tags, cut at 200 characters with an ellipsis. */
  contentSnippet: string;
  /** The first http(s) <img> in the content, or null. */
  image: string | null;
  /** The date in long US format ('January 5, 2025') in the site's time zone, or ''. */
  dateLabel: string;
  /** The whole text without tags (capped), used as story input. */
  text: string;
};

/** What a card (and the story generator) needs; the island gets this, not the feed's HTML. */
export type BlogCard = Omit<BlogPost, 'content' | 'creator' | 'pubDate'> & { pubDate: string | null };

const SNIPPET_LENGTH = 200;
const CARD_CATEGORIES = 2;
const MAX_POSTS = 50;
const MAX_TEXT_LENGTH = 6000;
/** A post's guid is cut to this many characters (it names the post in /blog?generate=…). */
export const MAX_GUID_LENGTH = 500;
const MAX_TITLE_LENGTH = 300;

export type MapOptions = {
  /** Relative URLs in the feed resolve against this (the feed's own address, or the site for local files). */
  baseUrl?: string;
  /** URLs on this origin come out site-relative ('/static/...'), so they work on any host the site runs on. */
  localOrigin?: string;
  /**
   * A post's date as its card shows it (lib/time/display.ts `formatLongDate`, passed in by the feed
   * reader so that the islands importing this module do not download the site's facts with it).
   */
  dateLabel: (iso: string) => string;
};

/** Cuts text at `max` characters (code points), at a word break when one is near, and adds an ellipsis. */
export function truncate(text: string, max = SNIPPET_LENGTH): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max).join('');
  const lastSpace = cut.lastIndexOf(' ');
  if (lastSpace > max * 0.75) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}

/**
 * The URL as an absolute http(s) address, or null. Relative references resolve against `baseUrl`;
 * `javascript:`, `data:`, `vbscript:`, `file:` and anything unparsable are refused.
 */
export function safeHttpUrl(raw: unknown, baseUrl?: string, localOrigin?: string): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (!trimmed || trimmed.length > 2048) return null;
  let url: URL;
  try {
    url = baseUrl ? new URL(trimmed, baseUrl) : new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (localOrigin && url.origin === localOrigin) return `${url.pathname}${url.search}${url.hash}`;
  return url.href;
}

/** The first <img> in the HTML whose src is an http(s) URL (after resolving relative ones). */
export function firstImage(html: string, baseUrl?: string, localOrigin?: string): string | null {
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(match[0]);
    if (!src) continue;
    const url = safeHttpUrl(decodeAttribute(src[1] ?? src[2] ?? src[3] ?? ''), baseUrl, localOrigin);
    if (url) return url;
  }
  return null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function categoriesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const entry of value) {
    // xml2js gives either a string or { _: text, $: attributes }.
    const raw = typeof entry === 'string' ? entry : entry && typeof entry === 'object' ? text((entry as Record<string, unknown>)._) : '';
    const name = truncate(stripTags(raw), 40);
    if (name && !out.includes(name)) out.push(name);
  }
  return out.slice(0, 10);
}

function guidOf(item: FeedItem): string {
  const guid = item.guid;
  if (typeof guid === 'string') return guid;
  if (guid && typeof guid === 'object') return text((guid as Record<string, unknown>)._);
  return text(item.id);
}

/** One parsed item as a blog post, or null when it has no title and no text. */
export function mapItem(item: FeedItem, options: MapOptions): BlogPost | null {
  const html = text(item['content:encoded']) || text(item.content) || text(item.description) || text(item.summary);
  const plain = stripTags(html) || stripTags(text(item.contentSnippet));
  const title = truncate(stripTags(text(item.title)), MAX_TITLE_LENGTH);
  if (!title && !plain) return null;
  const isoSource = text(item.isoDate) || text(item.pubDate);
  const parsed = isoSource ? new Date(isoSource) : null;
  const pubDate = parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : null;
  const link = safeHttpUrl(text(item.link), options.baseUrl);
  const enclosure = item.enclosure as { url?: unknown; type?: unknown } | undefined;
  const enclosureImage = enclosure && /^image\//.test(text(enclosure.type)) ? safeHttpUrl(enclosure.url, options.baseUrl, options.localOrigin) : null;
  return {
    guid: stripTags(guidOf(item)).slice(0, MAX_GUID_LENGTH) || link || `${title}|${pubDate ?? ''}`,
    title: title || truncate(plain, 80),
    link,
    pubDate,
    creator: truncate(stripTags(text(item.creator) || text(item['dc:creator']) || text(item.author)), 100),
    categories: categoriesOf(item.categories),
    content: html,
    contentSnippet: truncate(plain, SNIPPET_LENGTH),
    image: firstImage(html, options.baseUrl, options.localOrigin) ?? enclosureImage,
    dateLabel: pubDate ? options.dateLabel(pubDate) : '',
    text: truncate(plain, MAX_TEXT_LENGTH),
  };
}

/** Every usable item, in feed order, without repeated guids, at most MAX_POSTS. */
export function mapItems(items: readonly FeedItem[], options: MapOptions): BlogPost[] {
  const seen = new Set<string>();
  const posts: BlogPost[] = [];
  for (const item of items) {
    const post = item && typeof item === 'object' ? mapItem(item, options) : null;
    if (!post || seen.has(post.guid)) continue;
    seen.add(post.guid);
    posts.push(post);
    if (posts.length >= MAX_POSTS) break;
  }
  return posts;
}

/** The card view of a post: no feed HTML, at most two categories. */
export function toCard(post: BlogPost): BlogCard {
  const { content: _content, creator: _creator, ...rest } = post;
  return { ...rest, categories: post.categories.slice(0, CARD_CATEGORIES) };
}

/** What the blog page knows when it renders: the posts, a failure, or nothing yet (the client then fetches). */
export type BlogFeedState = { status: 'ready'; posts: BlogCard[] } | { status: 'error' } | { status: 'loading' };
