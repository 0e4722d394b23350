import { Island } from '../client/islands/Island.tsx';
import { type BlogFeedState, toCard } from '../lib/feed.ts';
import { deadline } from '../server/deadline.ts';
import type { AppContext } from '../server/deps.ts';
import { definePage } from '../server/page.tsx';

/** How long the page waits for the feed before rendering skeletons and letting the browser fetch it. */
export const BLOG_RENDER_WAIT_MS = 1500;

async function loadFeedState(c: AppContext): Promise<BlogFeedState> {
  const loaded = c
    .get('deps')
    .feed.getPosts()
    .then(
      ({ posts }): BlogFeedState => ({ status: 'ready', posts: posts.map(toCard) }),
      (): BlogFeedState => ({ status: 'error' }),
    );
  return deadline(loaded, BLOG_RENDER_WAIT_MS, (): BlogFeedState => ({ status: 'loading' }));
}

export default definePage({
  meta: {
    title: 'Marketing Blog for Toronto Businesses | Northline Digital',
    description:
      'Practical marketing advice for Toronto cleaning companies, medspas, contractors and coaches: local SEO, Google Ads, reviews, social media and more.',
    path: '/blog',
  },
  load: async (c) => ({ initial: await loadFeedState(c) }),
  // Still loading, the island must fetch the feed itself, so it hydrates with the page; otherwise the
  // grid is complete as HTML and the island waits until a visitor touches it.
  Component: ({ initial }: { initial: BlogFeedState }) => (
    <Island name="BlogExplorer" props={{ initial }} hydrate={initial.status === 'loading' ? 'load' : undefined} />
  ),
});
