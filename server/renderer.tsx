import { reactRenderer, useRequestContext } from '@hono/react-renderer';
import type { ReactNode } from 'react';
import { Layout } from '../components/Layout.tsx';
import type { PageMeta } from '../lib/pages/meta.ts';
import type { AppEnv } from './deps.ts';
import { PageRenderContext } from './islands/render-context.ts';

/** Every page renders through the one Layout, on the server, with React's renderToString. */
export const renderer = reactRenderer(({ children, meta }) => <Page meta={meta}>{children}</Page>, { docType: true });

/** The page in its Layout, with what components need from this request and fresh island bookkeeping. */
function Page({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { config, assets } = useRequestContext<AppEnv>().get('deps');
  const render = { siteUrl: config.PUBLIC_SITE_URL, assets, islands: { count: 0, used: new Set<string>(), files: new Set<string>() } };
  return (
    <PageRenderContext.Provider value={render}>
      <Layout meta={meta}>{children}</Layout>
    </PageRenderContext.Provider>
  );
}
