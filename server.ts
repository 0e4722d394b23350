import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { openDatabase } from './db/client.ts';
import { MANIFEST_PATH, type Assets } from './lib/assets.ts';
import { ConfigError, loadConfig } from './lib/config.ts';
import { createRateLimiters } from './lib/rate-limit.ts';
import { agency, services } from './lib/site.ts';
import { createFeedReader } from './lib/rss.server.ts';
import { storyWriterFromConfig } from './lib/openai-writer.server.ts';
import type { AppDeps, AppEnv } from './routes/app-env.ts';
import { healthz } from './routes/healthz.ts';
import { accessLog } from './routes/middleware/access-log.ts';
import { notFound, onError } from './routes/middleware/errors.ts';
import { securityHeaders } from './routes/middleware/security-headers.ts';
import { pageHandler } from './routes/page.tsx';
import { renderer } from './routes/renderer.tsx';
import { staticFiles } from './routes/static.ts';
import abTestApi from './routes/api/ab-test.ts';
import businessAuditApi from './routes/api/business-audit.ts';
import q4IntakeApi from './routes/api/q4-intake.ts';
import rssFeedApi from './routes/api/rss-feed.ts';
import socialStoriesApi from './routes/api/social-stories.ts';
import home from './routes/index.tsx';
import blog from './routes/blog.tsx';
import abTestsDashboard from './routes/admin/ab-tests.tsx';
import socialGenerator from './routes/social-generator.tsx';
import servicesOverview from './routes/services/index.tsx';
import { servicePage } from './routes/services/service-page.tsx';
import guide from './routes/what-is-digital-marketing.tsx';
import q4Intake from './routes/q4-intake/index.tsx';
import q4ThankYou from './routes/q4-intake/thank-you.tsx';

/** Every page of the site, by path. */
const pages = [
  ['/', home],
  ['/blog', blog],
  ['/admin/ab-tests', abTestsDashboard],
  ['/social-generator', socialGenerator],
  ['/services', servicesOverview],
  ...services.map((s) => [`/services/${s.slug}`, servicePage(s.slug)] as const),
  ['/what-is-digital-marketing', guide],
  ['/q4-intake', q4Intake],
  ['/q4-intake/thank-you', q4ThankYou],
] as const;

/** Every JSON API, by mount point. */
const apis = [
  ['/api/ab-test', abTestApi],
  ['/api/business-audit', businessAuditApi],
  ['/api/social-stories', socialStoriesApi],
  ['/api/rss-feed', rssFeedApi],
  ['/api/q4-intake', q4IntakeApi],
] as const;

export const pagePaths = pages.map(([path]) => path);

export function createApp(appDeps: AppDeps, { staticRoot = 'static' } = {}) {
  const deps: AppDeps = { rateLimiters: createRateLimiters(), ...appDeps };
  const { config, now } = deps;
  deps.feed ??= createFeedReader({ source: config.RSS_FEED_URL, siteUrl: config.PUBLIC_SITE_URL, timeZone: agency.timeZone, now: now ? () => now().getTime() : Date.now });
  deps.storyWriter ??= storyWriterFromConfig(config, deps.log);
  const app = new Hono<AppEnv>({ strict: false });
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('islands', { count: 0, used: new Set() });
    await next();
  });
  app.use(requestId());
  app.use(accessLog);
  app.use(securityHeaders(deps.config.isProduction));
  app.use(compress());
  app.use(renderer);

  app.get('/healthz', healthz);
  app.get('/static/*', staticFiles(staticRoot));
  for (const [path, api] of apis) app.route(path, api);
  for (const [path, page] of pages) app.get(path, pageHandler(page as Parameters<typeof pageHandler>[0]));

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

export async function loadAssets(path = MANIFEST_PATH): Promise<Assets> {
  return Bun.file(path).json();
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { ensureBuild } = await import('./build.ts');
  await ensureBuild();
  const assets = await loadAssets();
  const db = await openDatabase(config);
  const app = createApp({ sql: db.sql, config, assets });
  const server = Bun.serve({ port: config.PORT, fetch: (req, srv) => app.fetch(req, { server: srv }), development: false });
  console.log(JSON.stringify({ msg: 'listening', url: `http://localhost:${server.port}`, database: db.kind }));
  if (!config.RSS_FEED_URL) console.log(JSON.stringify({ msg: 'RSS_FEED_URL is not set; the blog shows the sample feed (static/feed/sample.xml)' }));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ msg: 'shutting down', signal }));
    // Stop accepting; give in-flight requests up to 10 s, then close what remains.
    const drained = server.stop(false);
    await Promise.race([drained, Bun.sleep(10_000)]);
    await server.stop(true);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

if (import.meta.main) await main();
