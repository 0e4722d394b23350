import { lazy } from 'react';
import { GENERATE_PARAM } from '../../lib/feed/generator-address.ts';

// The story generator as the blog loads it: its own chunk in the browser, fetched when a visitor first
// asks for it, so the blog's grid ships without it.

type GeneratorModule = typeof import('./StoryGeneratorPanel.tsx');

let loaded: GeneratorModule | undefined;

/** Loads the generator's code (once; later calls answer at once). */
export function loadGenerator(): Promise<GeneratorModule> {
  return import('./StoryGeneratorPanel.tsx').then((module) => (loaded = module));
}

/**
 * A promise-like whose callback runs at once: React's lazy calls `then` on what its loader returns and,
 * when the callback has already run, renders the component in the same pass instead of suspending.
 */
function settled<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is exactly what React's lazy expects here
    then(onFulfilled: (value: T) => unknown) {
      onFulfilled(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}

/**
 * The generator, rendered at once when its code is already loaded and loaded on first render otherwise.
 * The server loads it before rendering /blog?generate=… (routes/blog.tsx), so that page's HTML holds the
 * generator itself rather than the Suspense fallback.
 */
export const LazyStoryGeneratorPanel = lazy(() =>
  loaded ? settled({ default: loaded.StoryGeneratorPanel }) : loadGenerator().then((module) => ({ default: module.StoryGeneratorPanel })),
);

// In the browser, a page addressed to the generator holds it in its HTML: its code loads before the
// island hydrates (this module is part of the island's own bundle), so React hydrates the generator with
// the rest of the island and no click on it is lost while a chunk is still on its way.
if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has(GENERATE_PARAM)) await loadGenerator();
