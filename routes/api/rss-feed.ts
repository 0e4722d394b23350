import { Hono } from 'hono';
import type { BlogPost } from '../../lib/feed.ts';
import type { AppContext, AppEnv } from '../app-env.ts';
import { answerFromCache } from '../page.tsx';

/** GET /api/rss-feed → {posts} from the cached feed; 502 JSON when there is no copy to serve. */
const api = new Hono<AppEnv>();

const CACHE_CONTROL = 'public, max-age=60';
/** How long one copy's JSON is answered from memory before the feed cache is asked again. */
const SHARED_MS = 60_000;

api.get('/', async (c) => {
  const { feed, log } = c.get('deps');
  try {
    const { posts, stale } = await feed!.getPosts();
    if (!stale && c.get('deps').responseCache) return sharedAnswer(c, posts);
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json(stale ? { posts, stale: true } : { posts });
  } catch (err) {
    (log ?? ((e) => console.error(JSON.stringify(e))))({
      level: 'warn',
      time: new Date().toISOString(),
      requestId: c.get('requestId'),
      msg: 'blog feed unavailable',
      reason: err instanceof Error ? err.message.slice(0, 300) : 'unknown',
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ error: 'The blog feed is unavailable right now. Please try again later.' }, 502);
  }
});

// Every reader gets the same JSON while the feed copy lasts, so it is serialised and compressed once
// per copy and answered like a cached page (ETag, 304, and from the fast lane until it expires).
const copyIds = new WeakMap<BlogPost[], number>();
let lastCopyId = 0;

function sharedAnswer(c: AppContext, posts: BlogPost[]): Promise<Response> {
  let id = copyIds.get(posts);
  if (id === undefined) copyIds.set(posts, (id = ++lastCopyId));
  return answerFromCache(c, {
    key: `/api/rss-feed|${id}`,
    ttlMs: SHARED_MS,
    make: () => JSON.stringify({ posts }),
    shareAs: c.req.routePath,
    bodyType: { contentType: 'application/json', cacheControl: CACHE_CONTROL },
  });
}

export default api;
