import { loadGenerator } from '../components/story/lazy-generator.ts';
import { requestedGenerator } from '../lib/feed/generator-address.ts';
import { type BlogFeedState, toCard } from '../lib/feed/posts.ts';
import { querySuffix } from '../lib/http/request-address.ts';
import { withDeadline } from '../server/deadline.ts';
import type { AppContext } from '../server/deps.ts';
import { Island } from '../server/islands/Island.tsx';
import { definePage, type PageCacheRule } from '../server/page.tsx';
import { untilDataExpires } from '../server/page-cache.ts';

/** How long the page waits for the feed before rendering skeletons and letting the browser fetch it. */
export const BLOG_RENDER_WAIT_MS = 1500;

/** The blog's data: the grid, until when it stays true, and the generator the address asked for. */
type BlogPageData = { initial: BlogFeedState; expiresAt: number; generate: string | null };

/**
 * The grid is kept for as long as the feed copy it shows is the feed's answer (up to 15 minutes; while
 * the feed fails, its last good copy until the next attempt); the loading and error states, and the page
 * opened on the story generator (/blog?generate=…, never the grid's copy), are made for each request.
 */
const cache: PageCacheRule<BlogPageData> = {
  audience: 'everyone',
  lifetime: untilDataExpires,
  variant: ({ initial, generate }) => (initial.status === 'ready' && generate === null ? 'ready' : null),
};

/** The grid's state, and until when it stays true (the feed copy's expiry; the page cache keeps it that long). */
async function loadFeedState(c: AppContext): Promise<Omit<BlogPageData, 'generate'>> {
  const loaded = c
    .get('deps')
    .feed.getPosts()
    .then(
      ({ posts, expiresAt }) => ({ initial: { status: 'ready', posts: posts.map(toCard) }, expiresAt }) as const,
      () => ({ initial: { status: 'error' }, expiresAt: 0 }) as const,
    );
  return withDeadline(BLOG_RENDER_WAIT_MS, loaded, { onExpiry: () => ({ initial: { status: 'loading' }, expiresAt: 0 }) as const });
}

/**
 * The blog's data: the feed's state and, when the address asks for the story generator
 * (/blog?generate=<guid>), which one. Such a page is rendered for its request only: its query keeps it
 * out of the page cache, and the cache rule keeps no page with the generator open.
 */
async function load(c: AppContext): Promise<BlogPageData> {
  const generate = requestedGenerator(querySuffix(c.req.url));
  // The generator's code, so that the server renders the generator itself (components/story/lazy-generator.ts).
  const [feedState] = await Promise.all([loadFeedState(c), generate === null ? null : loadGenerator()]);
  return { ...feedState, generate };
}

export default definePage({
  meta: {
    title: 'Marketing Blog for Toronto Businesses | Northline Digital',
    description:
      'Practical marketing advice for Toronto cleaning companies, medspas, contractors and coaches: local SEO, Google Ads, reviews, social media and more.',
    path: '/blog',
  },
  load,
  cache,
  // Still loading, the island must fetch the feed itself; opened on the generator, the visitor came to
  // use it: either way it hydrates with the page. Otherwise the grid is complete as HTML and the island
  // waits until a visitor touches it.
  Component: ({ initial, generate }: BlogPageData) => (
    <Island name="BlogExplorer" props={{ initial, generate }} hydrate={initial.status === 'loading' || generate !== null ? 'load' : undefined} />
  ),
});
