import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { chooseEncoding, ENCODINGS, type Encoding, ifNoneMatchMatches, strongEtag } from '../lib/http/negotiation.ts';
import { hasOnlyTrackingParameters, hasValidHost, routingPath } from '../lib/http/request-address.ts';
import type { Logger } from './log.ts';
import { type PageViewHook, serverOf } from './page-views.ts';
import { requestIdFrom } from './request-id.ts';
import { newVisitorCookie } from './visitor-cookie.ts';

// The page cache: every answer the site keeps in memory and serves again, in one place. Its table says
// what is cached, under which key, for whom and for how long: one rule per route, which each page (and
// each API that is kept) states itself (`cache` in definePage, server/page.tsx; `export const cache` in an
// API module) and the app hands over when it is built (server/app.ts). The rules that keep it sound:
// - only GET and HEAD requests are answered from it or stored in it, and only routes in the table;
// - a route's answers are stored under its route path (the very string Hono routes by) and what the
//   answer varies by, never under the URL a client sent, so no request can file one route's answer
//   (or a 404) under another's address, and junk addresses add nothing to it;
// - a request whose URL has no valid host, or whose query holds anything but tracking parameters, is
//   rendered for itself and neither served from nor stored in the cache;
// - error pages are kept once per status, never under an address; only 200 answers are kept for routes;
// - it is an LRU of bounded size whose keys come only from the table, and N concurrent misses of one key
//   render once (lru-cache's fetch).

export const MINUTE = 60_000;
/** The HTML depends only on the code and the configuration, and a deploy is a new process. */
const UNTIL_RESTART = Number.POSITIVE_INFINITY;

/**
 * Same for everyone: browsers revalidate on every visit (a 304 costs a few hundred bytes), so a deploy
 * shows at once; a CDN may serve its copy for 60 s, and for 10 minutes more while it refetches in the
 * background (or while the site is down).
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** One visitor's answer (an A/B variant, a new visitor's cookie): only their browser may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * How one route's answers are kept. `Deps` is what the app hands the fast lane (its dependencies), for
 * `variantFromMemory` to ask what memory alone knows.
 */
export type CacheRule<Data, Deps = unknown> = {
  /**
   * 'everyone': one copy serves every request (public; once made, the fast lane answers it before
   * routing). 'visitor': the copy depends on who asks (private; the lane answers it only when memory
   * alone knows which copy this visitor gets).
   */
  audience: 'everyone' | 'visitor';
  /**
   * How long a copy is served before it is made again: a fixed time (`ttlMs`), or until the moment the
   * data it is made from stops being true (`expiresAt`, ms since the epoch, read when the copy is made).
   * A copy whose moment has already passed is not kept.
   */
  lifetime: { ttlMs: number } | { expiresAt(data: Data): number };
  /** What the answer varies by, from the route's data; null: this answer is not kept (made for its request). */
  variant(data: Data): string | null;
  /**
   * For 'visitor' routes: this request's variant when memory alone knows it, with nothing to read or
   * write (it runs on the fast lane, before routing), and for a new visitor the id they are given with it
   * (their cookie goes on the answer).
   */
  variantFromMemory?(request: Request, deps: Deps): { variant: string; newVisitorId?: string } | undefined;
  contentType?: string;
  cacheControl?: string;
};

/** A rule of any route, as the table holds it. */
type AnyRule = CacheRule<never, never>;

/** The same for everyone until the process restarts: a page whose HTML depends only on the code and the configuration. */
export const sameForEveryone = { audience: 'everyone', lifetime: { ttlMs: UNTIL_RESTART }, variant: () => '' } as const satisfies CacheRule<unknown>;

/** Kept while the data it was made from stays true: until the data's own `expiresAt` (ms since the epoch). */
export const untilDataExpires = { expiresAt: ({ expiresAt }: { expiresAt: number }) => expiresAt };

/** How a request's answer is kept: under which variant of its route, and for how long. */
export type Keeping = { variant: string; ttlMs: number };

const statusKey = (status: number) => `(status ${status})`;
const NOT_FOUND_KEY = statusKey(404);

/** Error pages: one copy per status, never filed under an address, never a 304. */
const STATUS_PAGE_CACHE_CONTROL: Record<number, string> = { 404: 'public, max-age=0, s-maxage=60' };
const STATUS_PAGE_DEFAULT_CACHE_CONTROL = 'no-store';

/** Bounds memory; the keys come from the table (routes × variants, a few dozen), never from clients. */
const MAX_ENTRIES = 500;
/** Bounds the interned keys of one route (one per A/B variant combination in practice). */
const MAX_KEYS_PER_ROUTE = 1000;

/** One kept answer: its bytes in every encoding, and the complete headers of each, built once. */
export type CachedAnswer = {
  status: number;
  /** Blobs, not byte arrays: a Response shares an immutable Blob, where it copies an array's bytes. */
  bodies: Record<Encoding, Blob>;
  /**
   * A GET's headers, without Content-Length: Bun states a Blob's length itself, and a length stated by
   * hand costs it about 6% of a kept page's throughput.
   */
  headers: Record<Encoding, Headers>;
  /** A HEAD's: the same, with the length a GET gets (a HEAD has no body to take it from). */
  headHeaders: Record<Encoding, Headers>;
  /** A GET's headers made private, for a page that carries one visitor's landing cookies. */
  privateHeaders: Record<Encoding, Headers>;
  notModifiedHeaders: Record<Encoding, Headers>;
  etags: Record<Encoding, string>;
  /** A 200 HTML page: the answer a landing's cookies may go on. */
  isPage: boolean;
};

/** A landing that earns no cookie. */
const NO_COOKIES: readonly string[] = [];

export type PageCacheOptions = {
  /** Headers every kept answer carries (the security headers). */
  baseHeaders?: [string, string][];
  /** The clock (ms since the epoch). */
  now?: () => number;
  /** The table: the rule of each route that is kept (the app adds its routes' rules with `setRule`). */
  rules?: Iterable<readonly [string, AnyRule]>;
};

export class PageCache {
  private readonly entries: LRUCache<string, CachedAnswer, () => Promise<CachedAnswer>>;
  /**
   * For each 'everyone' route, the copy its handler last answered: what the lane serves, by its key, or
   * itself when it is kept until restart (the lane then asks lru-cache nothing).
   */
  private readonly laneCopies = new Map<string, { key: string; untilRestart?: CachedAnswer }>();
  /** The 404 page's copy, kept until restart: the lane's answer to every unrouted path. */
  private notFoundCopy: CachedAnswer | undefined;
  /** Keys built once per (route, variant): the same string every time hashes once. */
  private readonly keys = new Map<string, LRUCache<string, string>>();
  private readonly baseHeaders: [string, string][];
  /** The rule of each route that is kept, by route path (the path Hono routes by). */
  private readonly rules: Map<string, AnyRule>;
  readonly now: () => number;
  /** Answers from kept copies (by the lane, or by `answer`/`answerStatus`) and copies made: read by /metrics. */
  readonly stats = { laneHits: 0, hits: 0, misses: 0 };

  constructor({ baseHeaders = [], now = Date.now, rules = [] }: PageCacheOptions = {}) {
    this.baseHeaders = baseHeaders;
    this.rules = new Map(rules);
    this.now = now;
    this.entries = new LRUCache({
      max: MAX_ENTRIES,
      perf: { now },
      // Reading the wall clock once per millisecond at most is plenty for expiries of a minute or more;
      // a clock passed in (tests move it) is read every time.
      ttlResolution: now === Date.now ? 1 : 0,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Keeps the answers of `route` by `rule`: the app calls it for each route that states a rule, when it is built. */
  setRule(route: string, rule: AnyRule): void {
    this.rules.set(route, rule);
  }

  /**
   * How this request's answer for `route` is kept (the variant and the time, from the route's data);
   * null when the answer is made for this request alone: a route outside the table, a request the cache
   * does not accept, data the rule does not keep, or data whose time is already up.
   */
  keepingFor(request: Request, route: string, data: unknown): Keeping | null {
    const rule = this.rules.get(route);
    if (!rule || !PageCache.accepts(request.method, request.url)) return null;
    const variant = rule.variant(data as never);
    if (variant === null) return null;
    const { lifetime } = rule;
    // lru-cache serves an entry through the last millisecond of its ttl; data expiring at `expiresAt` is
    // no longer true at that millisecond.
    const ttlMs = 'ttlMs' in lifetime ? lifetime.ttlMs : lifetime.expiresAt(data as never) - this.now() - 1;
    return ttlMs > 0 ? { variant, ttlMs } : null;
  }

  /**
   * Whether a request may be answered from the cache or fill it: GET or HEAD, a URL with a valid host,
   * and no query beyond tracking parameters. Takes the URL read once: Bun makes a new string each time
   * `request.url` is read, which the fast lane pays on every request.
   */
  static accepts(method: string, url: string): boolean {
    return (method === 'GET' || method === 'HEAD') && hasValidHost(url) && hasOnlyTrackingParameters(url);
  }

  /**
   * Answers `request` for `route` with the copy kept for `keeping.variant`, made once by `make` when
   * missing or expired and then kept for `keeping.ttlMs` (concurrent misses wait for the same making; a
   * making that fails keeps nothing). `cookie` is added to this response only.
   */
  async answer(request: Request, route: string, keeping: Keeping, make: () => Promise<string> | string, cookie?: string): Promise<Response> {
    const rule = this.rules.get(route);
    if (!rule) throw new Error(`${route} is not in the page cache's table`);
    const cacheControl = rule.cacheControl ?? (rule.audience === 'everyone' ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
    const key = this.keyOf(route, keeping.variant);
    const kept = await this.fetch(key, keeping.ttlMs, async () => this.build(await make(), 200, rule.contentType, cacheControl));
    if (rule.audience === 'everyone') this.laneCopies.set(route, { key, untilRestart: keeping.ttlMs === UNTIL_RESTART ? kept : undefined });
    return respond(kept, request, cookie);
  }

  /** An error page (404, 405, 503 …): one copy per status, never filed under an address. */
  async answerStatus(request: Request, status: number, make: () => Promise<string> | string, headers?: Record<string, string>): Promise<Response> {
    const key = statusKey(status);
    const kept = await this.fetch(key, UNTIL_RESTART, async () =>
      this.build(await make(), status, undefined, STATUS_PAGE_CACHE_CONTROL[status] ?? STATUS_PAGE_DEFAULT_CACHE_CONTROL),
    );
    if (key === NOT_FOUND_KEY) this.notFoundCopy = kept;
    return respond(kept, request, undefined, headers);
  }

  /**
   * The fast lane: answers a request from memory before Hono routes anything, when the cache already
   * holds the copy it gets (an 'everyone' route once its handler has answered, or a returning visitor of
   * a 'visitor' route whose variant memory knows), or, for a path `isUnrouted` says no route matches
   * (the app's own route table decides), the one 404 copy. Undefined sends the request through the app.
   */
  lane({
    log,
    deps,
    isUnrouted,
    count,
    secureCookies,
    landing,
    view,
  }: {
    log: Logger;
    /** What a 'visitor' rule's `variantFromMemory` is given: the app's dependencies. */
    deps: unknown;
    /** A new visitor's cookie is Secure (production). */
    secureCookies: boolean;
    isUnrouted: (path: string) => boolean;
    /** Counts an answered request for /metrics, as the access line records it. */
    count: (route: string, status: number, started: number) => void;
    /** The cookies a GET of the page at `route` earns as a landing (server/attribution.ts); none by default. */
    landing?: (request: Request, url: string, route: string) => readonly string[];
    /** Counts a page view (server/page-views.ts): handed what it keeps, it does its work later. */
    view?: PageViewHook;
  }): (request: Request, url: string, env?: unknown) => Response | undefined {
    // `url` is request.url, read once by the caller: Bun makes a new string each time it is read. `env`
    // is what Bun hands fetch (its server, which knows the socket address).
    return (request, url, env) => {
      const method = request.method;
      if (!PageCache.accepts(method, url)) return undefined;
      const started = performance.now();
      const route = routingPath({ url });
      const rule = this.rules.get(route);
      let kept: CachedAnswer | undefined;
      let newVisitorId: string | undefined;
      if (!rule) {
        if (isUnrouted(route)) kept = this.notFoundCopy;
      } else if (rule.audience === 'everyone') {
        const copy = this.laneCopies.get(route);
        kept = copy && (copy.untilRestart ?? this.entries.get(copy.key));
      } else {
        const known = rule.variantFromMemory?.(request, deps as never);
        kept = known && this.entries.get(this.keyOf(route, known.variant));
        newVisitorId = known?.newVisitorId;
      }
      if (!kept) return undefined;
      // The request's headers are made (copied from the connection) when first read: read once here.
      const headers = request.headers;
      const encoding = chooseEncoding(headers.get('accept-encoding'));
      // A client that accepts no coding gets its 406 from the app, with the security headers.
      if (encoding === null) return undefined;
      const notModified = isNotModified(kept, headers.get('if-none-match'), encoding);
      // A landing's cookies go on the page itself only: a 200 to a GET.
      const landingCookies = landing && kept.isPage && method === 'GET' && !notModified ? landing(request, url, route) : NO_COOKIES;
      const cookie = newVisitorId && newVisitorCookie(newVisitorId, secureCookies);
      const response = keptResponse(kept, encoding, method, notModified, cookie, landingCookies);
      const answered = rule ? route : '(not found)';
      log.access(requestIdFrom(headers.get('x-request-id')), method, answered, response.status, started);
      this.stats.laneHits++;
      count(answered, response.status, started);
      // A page view: a GET of a page answered 200 (the 404 copy is no page, and a 304 shows what the
      // browser already has). Who asks (a crawler, a prefetch) is looked at later, off this path.
      if (view !== undefined && kept.isPage && method === 'GET' && !notModified) view(request, headers, url, route, started, serverOf(env));
      return response;
    };
  }

  /** The entry under `key`, made by `make` (once, however many ask meanwhile) when missing or expired. */
  private async fetch(key: string, ttl: number, make: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    let made = false;
    const kept = await this.entries.fetch(key, {
      ttl,
      context: () => {
        made = true;
        return make();
      },
    });
    if (made) this.stats.misses++;
    else this.stats.hits++;
    // lru-cache answers undefined only when the making does; ours always returns an answer or throws.
    if (!kept) throw new Error(`the page cache made nothing for ${key}`);
    return kept;
  }

  private keyOf(route: string, variant: string): string {
    let byVariant = this.keys.get(route);
    if (!byVariant) this.keys.set(route, (byVariant = new LRUCache({ max: MAX_KEYS_PER_ROUTE })));
    let key = byVariant.get(variant);
    if (key === undefined) byVariant.set(variant, (key = `${route}|${variant}`));
    return key;
  }

  /** Compresses once, hashes once, and builds each encoding's headers once. */
  private build(text: string, status: number, contentType = 'text/html; charset=UTF-8', cacheControl: string): CachedAnswer {
    const identity = new TextEncoder().encode(text);
    const hash = new Bun.CryptoHasher('sha1').update(identity).digest('base64url').slice(0, 22);
    const bytes: Record<Encoding, Uint8Array<ArrayBuffer>> = {
      identity,
      gzip: new Uint8Array(gzipSync(identity, { level: 9 })),
      br: new Uint8Array(brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } })),
    };
    const isPage = status === 200 && contentType.startsWith('text/html');
    const answer = { status, bodies: {}, headers: {}, headHeaders: {}, privateHeaders: {}, notModifiedHeaders: {}, etags: {}, isPage } as CachedAnswer;
    for (const encoding of ENCODINGS) {
      const etag = strongEtag(`${hash}-${encoding}`);
      const common = new Headers(this.baseHeaders);
      common.set('Cache-Control', cacheControl);
      common.set('Vary', 'Accept-Encoding');
      if (status === 200) common.set('ETag', etag);
      const full = new Headers(common);
      full.set('Content-Type', contentType);
      if (encoding !== 'identity') full.set('Content-Encoding', encoding);
      const head = new Headers(full);
      head.set('Content-Length', String(bytes[encoding].byteLength));
      const personal = new Headers(full);
      if (!cacheControl.startsWith('private')) personal.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      answer.bodies[encoding] = new Blob([bytes[encoding]]);
      answer.headers[encoding] = full;
      answer.headHeaders[encoding] = head;
      answer.privateHeaders[encoding] = personal;
      answer.notModifiedHeaders[encoding] = common;
      answer.etags[encoding] = etag;
    }
    return answer;
  }
}

/** The text of 406 Not Acceptable, for a client that refuses every coding, identity included. */
const NOT_ACCEPTABLE = 'Not Acceptable: this answer is available as br, gzip or identity';

/**
 * A kept answer for one request: the bytes in the coding the client accepts, or a 304 when a 200's ETag
 * matches If-None-Match (weak comparison, `*`); `cookie` and `headers` are added to this response only.
 */
export function respond(kept: CachedAnswer, request: Request, cookie?: string, headers?: Record<string, string>): Response {
  const encoding = chooseEncoding(request.headers.get('accept-encoding'));
  if (!encoding)
    return new Response(NOT_ACCEPTABLE, {
      status: 406,
      headers: { 'Content-Type': 'text/plain; charset=UTF-8', Vary: 'Accept-Encoding', 'Cache-Control': 'no-store' },
    });
  const notModified = isNotModified(kept, request.headers.get('if-none-match'), encoding);
  const response = keptResponse(kept, encoding, request.method, notModified, cookie, NO_COOKIES);
  if (headers) for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** Whether the client holds this answer already: a 200 whose ETag matches If-None-Match. */
const isNotModified = (kept: CachedAnswer, ifNoneMatch: string | null, encoding: Encoding) =>
  kept.status === 200 && ifNoneMatchMatches(ifNoneMatch, kept.etags[encoding]);

/**
 * The response of a kept answer: a 304, a HEAD's headers, or the bytes (private when it carries a
 * landing's cookies); with a new visitor's cookie and the landing's.
 */
function keptResponse(
  kept: CachedAnswer,
  encoding: Encoding,
  method: string,
  notModified: boolean,
  cookie: string | undefined,
  landingCookies: readonly string[],
): Response {
  const status = notModified ? 304 : kept.status;
  const body = notModified || method === 'HEAD' ? null : kept.bodies[encoding];
  const stored = notModified
    ? kept.notModifiedHeaders[encoding]
    : method === 'HEAD'
      ? kept.headHeaders[encoding]
      : landingCookies.length > 0
        ? kept.privateHeaders[encoding]
        : kept.headers[encoding];
  // The stored Headers are copied into each Response (cheaply, natively); Response.clone() of a stored
  // response would be cheaper still but stalls the server every so often (p99 3 ms → 6 ms at 50 connections).
  if (!cookie && landingCookies.length === 0) return new Response(body, { status, headers: stored });
  const headers = cookieHeaders(stored);
  // The first replaces the cookies of the answer before (set costs less than delete and append).
  headers.set('Set-Cookie', cookie ?? landingCookies[0]);
  for (let i = cookie ? 0 : 1; i < landingCookies.length; i++) headers.append('Set-Cookie', landingCookies[i]);
  return new Response(body, { status, headers });
}

/**
 * A copy of stored headers for the answers that add Set-Cookie, their cookies replaced each time: a
 * Response copies the Headers it is made with, so one copy serves every such answer, and setting the
 * cookies on it costs half of appending them to each response's own headers.
 */
const cookieHeadersOf = new WeakMap<Headers, Headers>();
function cookieHeaders(stored: Headers): Headers {
  let headers = cookieHeadersOf.get(stored);
  if (!headers) cookieHeadersOf.set(stored, (headers = new Headers(stored)));
  return headers;
}
