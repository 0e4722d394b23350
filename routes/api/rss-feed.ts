import { Hono } from 'hono';
import type { BlogPost } from '../../lib/feed/posts.ts';
import type { AppEnv } from '../../server/deps.ts';
import { answerError } from '../../server/middleware/errors.ts';
import type { FeedJsonData } from '../../server/page-cache.ts';

/** GET /api/rss-feed → {posts} from the cached feed; 502 JSON when there is no copy to serve. */
const api = new Hono<AppEnv>();

const ROUTE = '/api/rss-feed';

api.get('/', async (c) => {
  const { feed, log, pageCache } = c.get('deps');
  try {
    const { posts, stale, expiresAt } = await feed.getPosts();
    // Every reader gets the same JSON while a feed copy lasts, so it is serialised and compressed once
    // per copy and kept by the page cache (ETag, 304, the fast lane) for as long as the copy is fresh.
    // A stale copy is answered as it is.
    const keeping = stale ? null : pageCache.keepingFor(c.req.raw, ROUTE, { copy: copyId(posts), expiresAt } satisfies FeedJsonData);
    if (keeping) return pageCache.answer(c.req.raw, ROUTE, keeping, () => JSON.stringify({ posts }));
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
