import { type BlogCard, MAX_GUID_LENGTH } from './posts.ts';

// Where the blog's story generator lives in the address bar, read the same way by the server (which
// renders that state) and the browser (which pushes it, and follows Back and Forward):
// /blog?generate=<guid> opens it with that post selected, /blog?generate= with manual input, and /blog
// (or a guid the feed does not have) is the grid.

/** The query parameter that opens the generator. */
export const GENERATE_PARAM = 'generate';

/** What the blog shows: the grid, or the generator with a post (or none: manual input). */
export type GeneratorView = { open: false } | { open: true; post: BlogCard | null };

/** The address of a view: the generator with the post of this guid (null: manual input), or the grid. */
export function blogAddress(view: { open: false } | { open: true; guid: string | null }): string {
  if (!view.open) return '/blog';
  return `/blog?${GENERATE_PARAM}=${view.guid === null ? '' : encodeURIComponent(view.guid)}`;
}

/**
 * The generator the query asks for: a guid, '' for manual input, or null when it asks for none (or for
 * a guid no post can have). `search` is the query string, with or without its '?'.
 */
export function requestedGenerator(search: string): string | null {
  const value = new URLSearchParams(search).get(GENERATE_PARAM);
  return value === null || value.length > MAX_GUID_LENGTH ? null : value;
}

/**
 * What the blog shows for a requested generator and the posts it has (null while they are not known):
 * the generator with that post, the generator with manual input (''), or the grid (nothing requested,
 * or a guid the feed does not have).
 */
export function generatorView(requested: string | null, posts: readonly BlogCard[] | null): GeneratorView {
  if (requested === null) return { open: false };
  if (requested === '') return { open: true, post: null };
  const post = posts?.find((p) => p.guid === requested);
  return post ? { open: true, post } : { open: false };
}
