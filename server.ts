import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDatabase } from './db/client.ts';
import { DatabaseUnavailable } from './db/deadline.ts';
import { type Assets, MANIFEST_PATH } from './lib/assets.ts';
import { ConfigError, loadConfig } from './lib/config.ts';
import { storyWriterFromConfig } from './lib/openai-writer.server.ts';
import { createRateLimiters } from './lib/rate-limit.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { createFeedReader } from './lib/rss.server.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { agency, services } from './lib/site.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import abTestsDashboard from './routes/admin/ab-tests.tsx';
import abTestApi from './routes/api/ab-test.ts';
import businessAuditApi from './routes/api/business-audit.ts';
import q4IntakeApi from './routes/api/q4-intake.ts';
import rssFeedApi from './routes/api/rss-feed.ts';
import socialStoriesApi from './routes/api/social-stories.ts';
import type { AppDeps, AppEnv } from './routes/app-env.ts';
import blog from './routes/blog.tsx';
import { fastLane } from './routes/fast-lane.ts';
import { healthz } from './routes/healthz.ts';
import home from './routes/index.tsx';
import { defaultLog, flushLog } from './routes/middleware/access-log.ts';
import { notFound, onError } from './routes/middleware/errors.ts';
import { requestContext } from './routes/middleware/request-context.ts';
import { pageHandler } from './routes/page.tsx';
import q4Intake from './routes/q4-intake/index.tsx';
import q4ThankYou from './routes/q4-intake/thank-you.tsx';
import { robots, sitemap } from './routes/seo.ts';
import servicesOverview from './routes/services/index.tsx';
import { servicePage } from './routes/services/service-page.tsx';
import socialGenerator from './routes/social-generator.tsx';
import { diskSource, embeddedSource, type StaticSource, staticFiles } from './routes/static.ts';
import guide from './routes/what-is-digital-marketing.tsx';

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

/** Returning visitors' home-page variants kept in memory (about 150 bytes each). */
const REMEMBERED_VISITORS = 100_000;
const RUNNING_TEST_ENTRIES = 100;

/** Pages that search engines should list: all but those whose meta says noindex. */
export const indexablePaths = pages.filter(([, page]) => typeof page.meta === 'function' || !page.meta.noindex).map(([path]) => path);

export function createApp(appDeps: AppDeps, { staticSource = diskSource('static') }: { staticSource?: StaticSource } = {}) {
  const deps: AppDeps = {
    rateLimiters: createRateLimiters(),
    responseCache: new ResponseCache(securityHeaders(appDeps.config.isProduction)),
    homeVisitors: new TtlCache(REMEMBERED_VISITORS),
    runningTests: new TtlCache(RUNNING_TEST_ENTRIES),
    ...appDeps,
  };
  const { config, now } = deps;
  deps.feed ??= createFeedReader({
    source: config.RSS_FEED_URL,
    siteUrl: config.PUBLIC_SITE_URL,
    timeZone: agency.timeZone,
    now: now ? () => now().getTime() : Date.now,
  });
  deps.storyWriter ??= storyWriterFromConfig(config, deps.log);
  const app = new Hono<AppEnv>({ strict: false });
  app.use(requestContext(deps));
  app.use(compress());

  app.get('/healthz', healthz);
  // While the database is still coming up at boot, APIs answer 503 through the error handler.
  app.use('/api/*', async (_c, next) => {
    if (deps.dbReady && !deps.dbReady()) throw new DatabaseUnavailable('The database is not ready yet');
    return next();
  });
  app.get('/static/*', staticFiles(staticSource));
  app.get('/sitemap.xml', sitemap(indexablePaths));
  app.get('/robots.txt', robots);
  for (const [path, api] of apis) app.route(path, api);
  for (const [path, page] of pages) app.get(path, pageHandler(page as Parameters<typeof pageHandler>[0], { path }));

  app.notFound(notFound);
  app.onError(onError);

  // Hono has no hook before routing: pages that are the same for everyone are answered here from
  // memory, at the cost of serving a static file, and everything else goes through the app.
  const lane = fastLane(deps, pages as unknown as Parameters<typeof fastLane>[1]);
  const dispatch = app.fetch;
  app.fetch = (request, ...rest) => lane(request) ?? dispatch(request, ...rest);
  return app;
}

/** The build manifest plus the stylesheet's text (inlined into pages). */
export async function loadAssets(source: StaticSource = diskSource('static')): Promise<Assets> {
  const manifest = await source(MANIFEST_PATH.slice('static/'.length));
  if (!manifest) throw new Error('No build found: run bun run build');
  const assets: Assets = JSON.parse(await manifest.text());
  const css = await source(assets.css.slice('/static/'.length));
  return { ...assets, cssText: await css?.text() };
}

/**
 * Starts the site. From source it first builds assets when they are missing or stale; a compiled
 * binary passes the static files embedded in it.
 */
export async function main({ embeddedFiles }: { embeddedFiles?: Record<string, string> } = {}) {
  let config;
  try {
    config = loadConfig(process.env, () => {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!embeddedFiles) {
    // A computed specifier keeps the build tooling (esbuild, Tailwind) out of a compiled binary.
    const buildModule = './build.ts';
    const { ensureBuild } = (await import(buildModule)) as typeof import('./build.ts');
    await ensureBuild();
  }
  const staticSource = embeddedFiles ? embeddedSource(embeddedFiles) : diskSource('static');
  const assets = await loadAssets(staticSource);
  // The database comes up in the background: pages that need no data are served meanwhile, and what
  // needs it answers 503 until it is ready.
  const db = await openDatabase(config, {
    background: true,
    log: defaultLog,
    onFatal: (error) => {
      console.error(JSON.stringify({ level: 'error', msg: 'the embedded database could not be opened', error: String(error) }));
      flushLog();
      process.exit(1);
    },
  });
  // The app is created right after binding (no await in between), once the real port is known.
  let app: ReturnType<typeof createApp>;
  const server = Bun.serve({ port: config.PORT, fetch: (req, srv) => app.fetch(req, { server: srv }), development: false });
  if (!process.env.PUBLIC_SITE_URL?.trim()) {
    // The fallback names the port actually bound (PORT=0 picks one).
    config = { ...config, PUBLIC_SITE_URL: `http://localhost:${server.port}` };
    if (config.isProduction) console.warn(`PUBLIC_SITE_URL is not set; canonical links will use ${config.PUBLIC_SITE_URL}`);
  }
  app = createApp({ sql: db.sql, config, assets, dbReady: db.isReady }, { staticSource });
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
    flushLog();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

if (import.meta.main) await main();
