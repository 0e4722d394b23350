import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** GET /api/rss-feed → {posts} from the cached feed; 502 JSON when there is no copy to serve. */
const api = new Hono<AppEnv>();

api.get('/', async (c) => {
  const { feed, log } = c.get('deps');
  try {
    const { posts, stale } = await feed!.getPosts();
    c.header('Cache-Control', 'public, max-age=60');
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

export default api;
