import { Hono, type MiddlewareHandler } from 'hono';
import { DatabaseUnavailable } from '../db/errors.ts';
import { createHomeVariants } from '../features/ab/home-variants.ts';
import { createFeedReader } from '../features/feed/feed-reader.ts';
import { storyWriterFromConfig } from '../features/stories/openai-writer.ts';
import { RESULTS_PATH_PREFIX } from '../lib/audit/results-link.ts';
import { routingPath } from '../lib/http/request-address.ts';
import { securityHeaders } from '../lib/http/security-headers.ts';
import { channelsFor } from '../lib/leads/notifications.ts';
import { services } from '../lib/site.ts';
import { millisecondsOf, systemClock } from '../lib/time/clock.ts';
import abTestsDashboard from '../routes/admin/ab-tests.tsx';
import admin, { dashboardAccess } from '../routes/admin/index.ts';
import abTestApi from '../routes/api/ab-test.ts';
import businessAuditApi from '../routes/api/business-audit.ts';
import q4IntakeApi from '../routes/api/q4-intake.ts';
import rssFeedApi from '../routes/api/rss-feed.ts';
import socialStoriesApi from '../routes/api/social-stories.ts';
import auditResults from '../routes/audit-results.tsx';
import blog from '../routes/blog.tsx';
import { healthz } from '../routes/healthz.ts';
import home from '../routes/index.tsx';
import { metrics } from '../routes/metrics.ts';
import q4Intake from '../routes/q4-intake/index.tsx';
import q4ThankYou from '../routes/q4-intake/thank-you.tsx';
import { robots, sitemap } from '../routes/seo.ts';
import servicesOverview from '../routes/services/index.tsx';
import { servicePage } from '../routes/services/service-page.tsx';
import socialGenerator from '../routes/social-generator.tsx';
import guide from '../routes/what-is-digital-marketing.tsx';
import { withAttribution } from './attribution.ts';
import { watchDatabaseHealth } from './database-health.ts';
import type { AppDeps, AppDepsInput, AppEnv } from './deps.ts';
import { stdoutLog } from './log.ts';
import { compressLive } from './middleware/compress.ts';
import { getsNotFoundPage, notFound, onError, routeTableOf } from './middleware/errors.ts';
import { requestContext } from './middleware/request-context.ts';
import { pageHandler } from './page.tsx';
import { PageCache } from './page-cache.ts';
import { rateCountsFor } from './rate-counts.ts';
import { createRateLimiters } from './rate-limiter.ts';
import { createSiteMetrics } from './site-metrics.ts';
import { diskSource, type StaticSource, staticFiles } from './static-files.ts';

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

/** Every JSON API, by mount point, and whether it needs the database (the rest work while it is down). */
const apis = [
  ['/api/ab-test', abTestApi, { needsDatabase: true }],
  ['/api/business-audit', businessAuditApi, { needsDatabase: true }],
  ['/api/social-stories', socialStoriesApi, { needsDatabase: false }],
  ['/api/rss-feed', rssFeedApi, { needsDatabase: false }],
  ['/api/q4-intake', q4IntakeApi, { needsDatabase: true }],
] as const;

export const pagePaths = pages.map(([path]) => path);

/** The public pages a visitor can land on: each records where its visitor came from. */
const landingPaths: ReadonlySet<string> = new Set(pagePaths.filter((path) => !path.startsWith('/admin')));

/** Pages that search engines should list: all but those whose meta says noindex. */
export const indexablePaths = pages.filter(([, page]) => typeof page.meta === 'function' || !page.meta.noindex).map(([path]) => path);

/** The dependencies with every default filled in, each made once. */
export function resolveDeps(input: AppDepsInput): AppDeps {
  const { sql, config } = input;
  const now = input.now ?? systemClock;
  const log = input.log ?? stdoutLog;
  const rateLimiters = input.rateLimiters ?? createRateLimiters(now);
  const dbReady = input.dbReady ?? (() => true);
  const databaseHealth = input.databaseHealth ?? watchDatabaseHealth({ sql, dbReady });
  const pageCache = input.pageCache ?? new PageCache({ baseHeaders: securityHeaders(config.isProduction), now: millisecondsOf(now) });
  return {
    ...input,
    now,
    log,
    dbReady,
    databaseHealth,
    rateLimiters,
    rateCounts: input.rateCounts ?? rateCountsFor(config.RATE_LIMIT_STORE, { sql, limiters: rateLimiters, now, log }),
    pageCache,
    metrics: input.metrics ?? createSiteMetrics({ sql, config, pageCache, databaseHealth, now }),
    homeVariants: input.homeVariants ?? createHomeVariants({ sql, now, log }),
    feed: input.feed ?? createFeedReader({ source: config.RSS_FEED_URL, siteUrl: config.PUBLIC_SITE_URL, now }),
    storyWriter: input.storyWriter ?? storyWriterFromConfig(config, log),
    notifications: input.notifications ?? { channels: channelsFor({ webhookConfigured: config.LEAD_WEBHOOK_URL !== undefined }), queued: () => {} },
  };
}

/**
 * The site: the Hono app (pages, APIs, static files, in the explicit lists above) and `fetch`, the
 * handler to serve, which answers what the page cache already holds before Hono routes anything
 * (Hono has no hook before routing) and hands everything else to the app.
 */
export function createApp(input: AppDepsInput, { staticSource = diskSource('static') }: { staticSource?: StaticSource } = {}) {
  const deps = resolveDeps(input);
  // Routed by the same path the page cache files answers under (a request without a valid Host included).
  const app = new Hono<AppEnv>({ getPath: routingPath });
  app.use(requestContext(deps));
  app.use(compressLive);

  // APIs answer for one caller at one moment: no cache keeps them unless a route says otherwise.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.get('/healthz', healthz);
  app.get('/metrics', metrics);
  app.get('/static/*', staticFiles(staticSource));
  app.get('/sitemap.xml', sitemap(indexablePaths));
  app.get('/robots.txt', robots);
  for (const [path, api, { needsDatabase }] of apis) {
    // While the database is still coming up at boot, these answer 503 through the error handler.
    if (needsDatabase) app.use(`${path}/*`, databaseReady(deps));
    app.route(path, api);
  }
  // The back office and the A/B dashboard: every answer private, never kept by the page cache.
  app.use('/admin/*', databaseReady(deps));
  app.use('/admin/ab-tests', dashboardAccess);
  for (const [path, page] of pages) app.get(path, pageHandler(page as Parameters<typeof pageHandler>[0], { path }));
  // An audit's private results link: rendered for its one reader, never kept.
  app.use(`${RESULTS_PATH_PREFIX}*`, databaseReady(deps));
  app.route(RESULTS_PATH_PREFIX.slice(0, -1), auditResults);
  app.route('/admin', admin);

  const routeTable = routeTableOf(app.routes);
  app.notFound(notFound(routeTable));
  app.onError(onError);

  const lane = deps.pageCache.lane({
    log: deps.log,
    memory: deps.homeVariants,
    isUnrouted: getsNotFoundPage(routeTable),
    count: deps.metrics.request,
    secureCookies: deps.config.isProduction,
  });
  const attribution = { siteHost: new URL(deps.config.PUBLIC_SITE_URL).hostname, secure: deps.config.isProduction, now: deps.now };
  const handler = (request: Request, env?: unknown): Response | Promise<Response> => {
    const response = lane(request) ?? app.fetch(request, env);
    // A landing on a public page records where the visitor came from (server/attribution.ts).
    if (request.method !== 'GET' || !landingPaths.has(routingPath(request))) return response;
    return response instanceof Response ? withAttribution(request, response, attribution) : response.then((r) => withAttribution(request, r, attribution));
  };
  return { app, deps, fetch: handler };
}

export type Site = ReturnType<typeof createApp>;

function databaseReady(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    if (!deps.dbReady()) throw new DatabaseUnavailable('The database is not ready yet');
    return next();
  };
}
