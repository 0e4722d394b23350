import { pageContainer } from '../components/ui/styles.ts';
import { Island } from '../server/islands/Island.tsx';
import { definePage } from '../server/page.tsx';
import { sameForEveryone } from '../server/page-cache.ts';

export default definePage({
  cache: sameForEveryone,
  meta: {
    title: 'Social Story Generator | Northline Digital',
    description: 'Turn a blog post into Instagram, LinkedIn, Facebook and Twitter posts.',
    path: '/social-generator',
    noindex: true,
  },
  Component: () => (
    <section className={`${pageContainer} pb-20 pt-10`}>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Social Story Generator</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Paste a blog post and get ready-to-post stories for Instagram, LinkedIn, Facebook and Twitter, each fitted to its platform's limits.
        </p>
      </div>
      <Island name="StoryGenerator" props={{}} />
    </section>
  ),
});
