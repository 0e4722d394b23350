import { reactRenderer } from '@hono/react-renderer';
import type { MiddlewareHandler } from 'hono';
import { Layout } from '../components/Layout.tsx';
import type { AppEnv } from './app-env.ts';

/** Every page renders through the one Layout, on the server, with React's renderToString. */
const layoutRenderer = reactRenderer(({ children, meta }) => <Layout meta={meta}>{children}</Layout>, { docType: true });

/** The renderer, with fresh island bookkeeping (ids, islands used) for each render. */
export const renderer: MiddlewareHandler<AppEnv> = (c, next) => {
  c.set('islands', { count: 0, used: new Set(), files: new Set() });
  return layoutRenderer(c, next);
};
