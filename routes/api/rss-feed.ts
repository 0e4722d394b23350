import { Hono } from 'hono';
import { routePath } from 'hono/route';
import type { BlogPost } from '../../lib/feed/posts.ts';
import type { AppEnv } from '../../server/deps.ts';
import { answerError } from '../../server/middleware/errors.ts';
import { type CacheRule, untilDataExpires } from '../../server/page-cache.ts';

/** What the feed JSON's cache rule reads: which copy, and until when it is fresh. */
type FeedJsonData = { copy: number; expiresAt: number };

/** The feed's JSON is kept by the page cache: one copy per copy of the feed, as long as that copy is fresh. */
export const cache: CacheRule<FeedJsonData> = {
  audience: 'everyone',
  lifetime: untilDataExpires,
  variant: ({ copy }) => String(copy),
  contentType: 'application/json',
  cacheControl: 'public, max-age=60, s-maxage=60, stale-while-revalidate=600',
};

/** GET /api/rss-feed → {posts} from the cached feed; 502 JSON when there is no copy to serve. */
const api = new Hono<AppEnv>();

api.get('/', async (c) => {
  const { feed, log, pageCache } = c.get('deps');
  try {
    const { posts, stale, expiresAt } = await feed.getPosts();
    // Every reader gets the same JSON while a feed copy lasts, so it is serialised and compressed once
    // per copy and kept by the page cache (ETag, 304, the fast lane) for as long as the copy is fresh.
    // A stale copy is answered as it is. The copy is filed under the address this file is routed at.
    const route = routePath(c);
    const keeping = stale ? null : pageCache.keepingFor(c.req.raw, route, { copy: copyId(posts), expiresAt } satisfies FeedJsonData);
    if (keeping) return pageCache.answer(c.req.raw, route, keeping, () => JSON.stringify({ posts }));
    c.header('Cache-Control', stale ? 'no-cache' : 'public, max-age=60');
    return c.json(stale ? { posts, stale: true } : { posts });
  } catch (err) {
    log.warn('blog feed unavailable', { requestId: c.get('requestId'), reason: err instanceof Error ? err.message.slice(0, 300) : 'unknown' });
    return answerError(c, 502, 'The blog feed is unavailable right now. Please try again later.', { headers: { 'Cache-Control': 'no-store' } });
  }
});

/** Each copy of the feed (a new array whenever it is re-read) gets the next number. */
const copyIds = new WeakMap<BlogPost[], number>();
let lastCopyId = 0;
function copyId(posts: BlogPost[]): number {
  let id = copyIds.get(posts);
  if (id === undefined) copyIds.set(posts, (id = ++lastCopyId));
  return id;
}

export default api;
