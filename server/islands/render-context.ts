import { createContext, useContext } from 'react';
import type { Assets } from '../../lib/pages/assets.ts';

// What the server's render of a page tells the components that need it (the layout, the server half of
// an island): the site's address, the build manifest, and the islands this page has used so far. A
// React context, so components know nothing of the server that provides it.

export type IslandBookkeeping = { count: number; used: Set<string>; files: Set<string> };

export type PageRender = { siteUrl: string; assets: Assets; islands: IslandBookkeeping };

export const PageRenderContext = createContext<PageRender | null>(null);

export function usePageRender(): PageRender {
  const render = useContext(PageRenderContext);
  if (!render) throw new Error('A page component rendered outside the page renderer');
  return render;
}
