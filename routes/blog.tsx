import { Island } from '../client/islands/Island.tsx';
import { toCard } from '../lib/feed.ts';
import { deadline } from '../server/deadline.ts';
import type { AppContext } from '../server/deps.ts';
import { definePage } from '../server/page.tsx';
import type { BlogPageData } from '../server/page-cache.ts';

/** How long the page waits for the feed before rendering skeletons and letting the browser fetch it. */
export const BLOG_RENDER_WAIT_MS = 1500;

/** The grid's state, and until when it stays true (the feed copy's expiry; the page cache keeps it that long). */
async function loadFeedState(c: AppContext): Promise<BlogPageData> {
  const loaded = c
    .get('deps')
    .feed.getPosts()
    .then(
      ({ posts, expiresAt }): BlogPageData => ({ initial: { status: 'ready', posts: posts.map(toCard) }, expiresAt }),
      (): BlogPageData => ({ initial: { status: 'error' }, expiresAt: 0 }),
    );
  return deadline(loaded, BLOG_RENDER_WAIT_MS, (): BlogPageData => ({ initial: { status: 'loading' }, expiresAt: 0 }));
}

export default definePage({
  meta: {
    title: 'Marketing Blog for Toronto Businesses | Northline Digital',
    description:
      'Practical marketing advice for Toronto cleaning companies, medspas, contractors and coaches: local SEO, Google Ads, reviews, social media and more.',
    path: '/blog',
  },
  load: loadFeedState,
  // Still loading, the island must fetch the feed itself, so it hydrates with the page; otherwise the
  // grid is complete as HTML and the island waits until a visitor touches it.
  Component: ({ initial }: BlogPageData) => <Island name="BlogExplorer" props={{ initial }} hydrate={initial.status === 'loading' ? 'load' : undefined} />,
});
