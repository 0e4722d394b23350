import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../client/api-client.ts';
import { LazyStoryGeneratorPanel, loadGenerator } from '../components/story/lazy-generator.ts';
import { LineIcon } from '../components/ui/LineIcon.tsx';
import { Skeleton, SkeletonCardText } from '../components/ui/Skeleton.tsx';
import { buttonClass, pageContainer } from '../components/ui/styles.ts';
import { filledSpans } from '../lib/feed/filled-grid.ts';
import { blogAddress, GENERATE_PARAM, type GeneratorView, generatorView, requestedGenerator } from '../lib/feed/generator-address.ts';
import { type BlogCard, type BlogFeedState, type BlogPost, toCard } from '../lib/feed/posts.ts';
import { links } from '../lib/site.ts';

export const SKELETON_CARDS = 6;

/**
 * What this island writes into history (the address says which view and post an entry shows): the
 * generator's entry says the grid is the entry before it; the grid's entry remembers where the visitor
 * was, for Back.
 */
type GeneratorEntry = { blogGeneratorFromGrid: true };
type GridEntry = { blogGrid: { scrollY: number; guid: string } };

const isGeneratorEntry = (state: unknown): state is GeneratorEntry =>
  typeof state === 'object' && state !== null && (state as GeneratorEntry).blogGeneratorFromGrid === true;
const gridPosition = (state: unknown) => (typeof state === 'object' && state !== null ? ((state as Partial<GridEntry>).blogGrid ?? null) : null);

/**
 * The blog: hero, the grid of posts (server-rendered from the cached feed), and the closing call to
 * action. Generate Stories swaps the whole view to the story generator with that post preloaded; the
 * generator has its own address (/blog?generate=<guid>, lib/feed/generator-address.ts) and history entry, so
 * Back (or Close) returns to the grid at the same scroll position, Forward reopens it, and a reload or
 * a shared link shows it (the server renders it). `generate` is what the page's address asked for.
 */
export default function BlogExplorer({ initial, generate = null }: { initial: BlogFeedState; generate?: string | null }) {
  const [state, setState] = useState<BlogFeedState>(initial);
  const [view, setView] = useState<GeneratorView>(() => generatorView(generate, initial.status === 'ready' ? initial.posts : null));
  // Where the grid was when the generator opened: restored when the visitor comes back to it.
  const returnTo = useRef<{ scrollY: number; guid: string } | null>(null);
  const generatorHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (initial.status !== 'loading') return;
    let cancelled = false;
    apiRequest<{ posts: BlogPost[] }>('GET', '/api/rss-feed')
      .then(({ posts }) => {
        if (cancelled) return;
        const cards = posts.map(toCard);
        setState({ status: 'ready', posts: cards });
        // The address may ask for a post that only now is known.
        setView(generatorView(requestedGenerator(window.location.search), cards));
      })
      .catch(() => !cancelled && setState({ status: 'error' }));
    return () => {
      cancelled = true;
    };
  }, [initial.status]);

  // Back and Forward between the grid and the generator: the address says which to show.
  const posts = state.status === 'ready' ? state.posts : null;
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const next = generatorView(requestedGenerator(window.location.search), posts);
      if (!next.open) returnTo.current = gridPosition(event.state);
      setView(next);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [posts]);

  // Opening moves to the top and puts focus on the generator's heading; closing returns to the grid where
  // the visitor was, focus on the post's Generate Stories. A page that starts on either stays as it is.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (view.open) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      generatorHeading.current?.focus({ preventScroll: true });
    } else if (returnTo.current) {
      const { scrollY, guid } = returnTo.current;
      returnTo.current = null;
      window.scrollTo({ top: scrollY, behavior: 'instant' });
      document.querySelector<HTMLButtonElement>(`[data-generate="${CSS.escape(guid)}"]`)?.focus({ preventScroll: true });
    }
  }, [view.open]);

  const openGenerator = (post: BlogCard) => {
    const here = window.history.state;
    const grid: GridEntry = { blogGrid: { scrollY: window.scrollY, guid: post.guid } };
    window.history.replaceState(typeof here === 'object' && here !== null ? { ...here, ...grid } : grid, '');
    const entry: GeneratorEntry = { blogGeneratorFromGrid: true };
    window.history.pushState(entry, '', blogAddress({ open: true, guid: post.guid }));
    returnTo.current = grid.blogGrid;
    setView({ open: true, post });
  };

  const closeGenerator = () => {
    // The grid is the entry before this one: Close is going back to it, so Back and Forward stay true.
    if (isGeneratorEntry(window.history.state)) {
      window.history.back();
      return;
    }
    // Opened from its address (a shared link, a new tab): the grid takes its place.
    window.history.replaceState(null, '', blogAddress({ open: false }));
    setView({ open: false });
  };

  // The spec's Use Manual Input Instead clears the selected post only; the address follows.
  const chooseManualInput = () => {
    window.history.replaceState(window.history.state, '', blogAddress({ open: true, guid: null }));
    setView({ open: true, post: null });
  };

  if (view.open) {
    const post = view.post ? { title: view.post.title, text: view.post.text, link: view.post.link } : null;
    return (
      <div>
        <section className={`${pageContainer} pb-20 pt-10`}>
          <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 ref={generatorHeading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none sm:text-4xl">
                Social Story Generator
              </h1>
              <p className="mt-2 max-w-2xl text-slate-600">Turn this article into ready-to-post stories for Instagram, LinkedIn, Facebook and Twitter.</p>
            </div>
            <button type="button" className={buttonClass.secondary} onClick={closeGenerator}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
              Close
            </button>
          </div>
          <Suspense fallback={<SkeletonCardText />}>
            {/* Not keyed by the post: clearing the selection keeps the stories already written (the spec's
                Use Manual Input Instead clears the selected post only). */}
            <LazyStoryGeneratorPanel post={post} onClearPost={chooseManualInput} />
          </Suspense>
        </section>
      </div>
    );
  }

  const spans = state.status === 'ready' ? postSpans(state.posts.length) : [];
  return (
    <div>
      <section className="bg-gradient-to-b from-blue-50 to-white pb-12 pt-16 text-center sm:pt-20">
        <div className={pageContainer}>
          <p className="text-sm font-semibold uppercase tracking-wider text-blue-700">The Northline Digital Blog</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Marketing that fills calendars, explained plainly
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            Field notes for Toronto cleaning companies, medspas, contractors and coaches: what we test with clients, what works, and what to skip.
          </p>
        </div>
      </section>

      <section aria-labelledby="latest-posts" className={`${pageContainer} pb-16`}>
        <h2 id="latest-posts" className="sr-only">
          Latest posts
        </h2>
        {state.status === 'loading' ? (
          <ul className={POST_GRID} aria-busy="true" aria-label="Loading posts">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, a fixed count
              <li key={i} className={`${SKELETON_SPANS[i]} overflow-hidden rounded-2xl border border-slate-200 bg-white`} data-testid="post-skeleton">
                <Skeleton className="aspect-[1200/630] w-full rounded-none" />
                <SkeletonCardText className="p-5" />
              </li>
            ))}
          </ul>
        ) : state.status === 'error' ? (
          <Panel title="Unable to Load Blog Posts">
            <p>We could not reach our article feed just now. Every post is also on our main blog site.</p>
            <p className="mt-5">
              <a className={buttonClass.primary} href={links.mainBlog} target="_blank" rel="noopener">
                Visit the Main Blog
              </a>
            </p>
          </Panel>
        ) : state.posts.length === 0 ? (
          <Panel title="No Blog Posts Available">
            <p>New articles are on the way. In the meantime, our free business audit shows where your marketing can grow.</p>
          </Panel>
        ) : (
          <ul className={POST_GRID}>
            {state.posts.map((post, i) => (
              <li key={post.guid} className={`${spans[i]} flex`}>
                <PostCard post={post} onGenerate={() => openGenerator(post)} position={i} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={`${pageContainer} pb-20`}>
        <div className="rounded-3xl bg-blue-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-2xl font-bold sm:text-3xl">Want these ideas working for your business?</h2>
          <p className="mx-auto mt-3 max-w-2xl text-blue-100">
            Tell us about your business and we will show you the three changes likely to bring in the most calls this quarter.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a className={buttonClass.light} href="/#contact">
              Get Your Free Audit
            </a>
            <a
              className="inline-flex items-center justify-center gap-2 rounded-lg border border-white/60 px-5 py-3 text-base font-semibold text-white transition hover:bg-white/10"
              href={links.booking}
              target="_blank"
              rel="noopener"
            >
              Book a Strategy Call
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}

/**
 * The posts' grid: one column on a phone, two from sm, three from lg, every row full (lib/feed/filled-grid.ts:
 * seven posts read 3 + 2 + 2, not 3 + 3 and one alone). Two columns are two tracks; three are six, so a
 * row of two or three cards fills them. The classes are written out whole for Tailwind to find.
 */
const POST_GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-6';
const SM_SPAN: Record<number, string> = { 1: 'sm:col-span-1', 2: 'sm:col-span-2' };
const LG_SPAN: Record<number, string> = { 2: 'lg:col-span-2', 3: 'lg:col-span-3', 6: 'lg:col-span-6' };

/** Each of `count` cards' span classes, in order. */
function postSpans(count: number): string[] {
  const sm = filledSpans(count, 2);
  const lg = filledSpans(count, 3);
  return sm.map((span, i) => `${SM_SPAN[span]} ${LG_SPAN[lg[i]]}`);
}

const SKELETON_SPANS = postSpans(SKELETON_CARDS);

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-slate-50 px-6 py-12 text-center text-slate-600">
      <h3 className="mb-3 text-xl font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** `position` in the grid: the first row's images are fetched at once, the first (the page's largest paint) ahead of all. */
function PostCard({ post, onGenerate, position }: { post: BlogCard; onGenerate: () => void; position: number }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {post.image ? (
        <img
          src={post.image}
          alt=""
          loading={position < 3 ? 'eager' : 'lazy'}
          fetchPriority={position === 0 ? 'high' : 'auto'}
          decoding="async"
          width={1200}
          height={630}
          className="aspect-[1200/630] w-full bg-slate-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-[1200/630] w-full items-center justify-center bg-gradient-to-br from-blue-700 to-sky-500">
          <LineIcon size={64} strokeWidth={1.5} stroke="white" strokeOpacity="0.85">
            <path d="M4 5h16v14H4z" />
            <path d="M8 9h8M8 13h8M8 17h5" />
          </LineIcon>
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {post.categories.map((category) => (
            <span key={category} className="rounded-full bg-blue-50 px-2.5 py-1 font-medium text-blue-800">
              {category}
            </span>
          ))}
          {post.dateLabel ? (
            <time dateTime={post.pubDate ?? undefined} className="text-slate-500">
              {post.dateLabel}
            </time>
          ) : null}
        </div>
        <h3 className="mt-3 line-clamp-2 text-lg font-semibold leading-snug text-slate-900" title={post.title}>
          {post.title}
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{post.contentSnippet}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          {post.link ? (
            <a className={`${buttonClass.secondary} px-4 py-2 text-sm`} href={post.link} target="_blank" rel="noopener">
              Read Article
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          {/* A plain form as well: a tap that lands before any script has run opens the generator's own
              address, which the server renders, so it is never lost; once hydrated, the view swaps in place. */}
          <form method="get" action="/blog" className="contents">
            <input type="hidden" name={GENERATE_PARAM} value={post.guid} />
            <button
              type="submit"
              className={`${buttonClass.primary} px-4 py-2 text-sm`}
              onClick={(event) => {
                event.preventDefault();
                onGenerate();
              }}
              onPointerEnter={() => void loadGenerator()}
              onFocus={() => void loadGenerator()}
              data-generate={post.guid}
            >
              Generate Stories
            </button>
          </form>
        </div>
      </div>
    </article>
  );
}
