import { reactRenderer } from '@hono/react-renderer';
import { Layout } from '../components/Layout.tsx';

/** Every page renders through the one Layout, on the server, with React's renderToString. */
export const renderer = reactRenderer(({ children, meta }) => <Layout meta={meta}>{children}</Layout>, { docType: true });
