import { Island } from '../components/Island.tsx';
import { type BlogFeedState, toCard } from '../lib/feed.ts';
import type { AppContext } from './app-env.ts';
import { definePage } from './page.tsx';

/** How long the page waits for the feed before rendering skeletons and letting the browser fetch it. */
export const BLOG_RENDER_WAIT_MS = 1500;

async function loadFeedState(c: AppContext): Promise<BlogFeedState> {
  const feed = c.get('deps').feed!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<BlogFeedState>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'loading' }), BLOG_RENDER_WAIT_MS);
  });
  const loaded = feed.getPosts().then(
    ({ posts }): BlogFeedState => ({ status: 'ready', posts: posts.map(toCard) }),
    (): BlogFeedState => ({ status: 'error' }),
  );
  try {
    return await Promise.race([loaded, waited]);
  } finally {
    clearTimeout(timer);
  }
}

export default definePage({
  meta: {
    title: 'Marketing Blog for Toronto Businesses | Northline Digital',
    description:
      'Practical marketing advice for Toronto cleaning companies, medspas, contractors and coaches: local SEO, Google Ads, reviews, social media and more.',
    path: '/blog',
  },
  load: async (c) => ({ initial: await loadFeedState(c) }),
  // A rendered grid is reused for a minute (the feed copy itself stays fresh for 15); the loading and
  // error states are never cached, so the next request tries again.
  cache: ({ initial }) => (initial.status === 'ready' ? { key: 'ready', ttlMs: 60_000, sameForEveryone: true } : null),
  // Still loading, the island must fetch the feed itself, so it hydrates with the page; otherwise the
  // grid is complete as HTML and the island waits until a visitor touches it.
  Component: ({ initial }: { initial: BlogFeedState }) => (
    <Island name="BlogExplorer" props={{ initial }} hydrate={initial.status === 'loading' ? 'load' : undefined} />
  ),
});
