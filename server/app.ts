import { Hono } from 'hono';
import { routingPath } from '../lib/http/request-address.ts';
import { securityHeaders } from '../lib/http/security-headers.ts';
import { channelsFor } from '../lib/leads/notifications.ts';
import { createAttribution } from './attribution.ts';
import { millisecondsOf, systemClock } from './clock.ts';
import { watchDatabaseHealth } from './database-health.ts';
import type { AppDeps, AppDepsInput, AppEnv, FeatureDeps, FrameworkDeps } from './deps.ts';
import { stdoutLog } from './log.ts';
import { compressLive } from './middleware/compress.ts';
import { getsNotFoundPage, notFound, onError, routeTableOf } from './middleware/errors.ts';
import { requestContext } from './middleware/request-context.ts';
import { pageHandler } from './page.tsx';
import { PageCache } from './page-cache.ts';
import { NO_PAGE_VIEWS, type PageViews } from './page-views.ts';
import { rateCountsFor } from './rate-counts.ts';
import { createRateLimiters } from './rate-limiter.ts';
import type { SiteRoutes } from './routing.ts';
import { robots, sitemap } from './seo.ts';
import { createSiteMetrics } from './site-metrics.ts';
import { currentStaff } from './staff-auth.ts';
import { diskSource, type StaticSource, staticFiles } from './static-files.ts';

/**
 * What the framework is given to make a site: its routes (read from the list generated from routes/,
 * server/routing.ts) and its features (the dependencies the framework does not know, made from its own).
 */
export type SiteDefinition = {
  routes: SiteRoutes;
  /** The features' dependencies, each the one `input` gives or made here. */
  features: (deps: FrameworkDeps, input: AppDepsInput) => FeatureDeps;
  /** What counts page views (server/page-views.ts), made from the framework's parts; none without it (or when it makes none). */
  pageViews?: (deps: Pick<FrameworkDeps, 'sql' | 'config' | 'now' | 'log'>) => PageViews | undefined;
};

/** The dependencies with every default filled in, each made once. */
export function resolveDeps(input: AppDepsInput, { features, pageViews }: Pick<SiteDefinition, 'features' | 'pageViews'>): AppDeps {
  const { sql, config } = input;
  const now = input.now ?? systemClock;
  const log = input.log ?? stdoutLog;
  const rateLimiters = input.rateLimiters ?? createRateLimiters(now);
  const dbReady = input.dbReady ?? (() => true);
  const databaseHealth = input.databaseHealth ?? watchDatabaseHealth({ sql, dbReady });
  const pageCache = input.pageCache ?? new PageCache({ baseHeaders: securityHeaders(config.isProduction), now: millisecondsOf(now) });
  const framework: FrameworkDeps = {
    ...input,
    now,
    log,
    dbReady,
    databaseHealth,
    rateLimiters,
    landingPages: input.landingPages ?? new Set(),
    rateCounts: input.rateCounts ?? rateCountsFor(config.RATE_LIMIT_STORE, { sql, limiters: rateLimiters, now, log }),
    pageCache,
    pageViews: input.pageViews ?? pageViews?.({ sql, config, now, log }) ?? NO_PAGE_VIEWS,
    metrics: input.metrics ?? createSiteMetrics({ sql, config, pageCache, databaseHealth, now }),
    notifications: input.notifications ?? { channels: channelsFor({ webhookConfigured: config.LEAD_WEBHOOK_URL !== undefined }), queued: () => {} },
  };
  return { ...framework, ...features(framework, input) };
}

/**
 * The site: the Hono app (the routes of `site`, static files, the sitemap) and `fetch`, the handler to
 * serve, which answers what the page cache already holds before Hono routes anything (Hono has no hook
 * before routing) and hands everything else to the app.
 */
export function createApp(input: AppDepsInput, site: SiteDefinition, { staticSource = diskSource('static') }: { staticSource?: StaticSource } = {}) {
  const { routes, middleware, pagePaths, indexablePaths, cacheRules } = site.routes;
  /** The public pages a visitor can land on: each records where its visitor came from. */
  const landingPaths: ReadonlySet<string> = new Set(pagePaths.filter((path) => !path.startsWith('/admin')));
  const deps = resolveDeps({ ...input, landingPages: landingPaths }, site);
  for (const [path, rule] of cacheRules) deps.pageCache.setRule(path, rule);
  // Routed by the same path the page cache files answers under (a request without a valid Host included).
  const app = new Hono<AppEnv>({ getPath: routingPath });
  app.use(requestContext(deps));
  app.use(compressLive);

  // APIs answer for one caller at one moment: no cache keeps them unless a route says otherwise.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.get('/static/*', staticFiles(staticSource));
  app.get('/sitemap.xml', sitemap(indexablePaths));
  app.get('/robots.txt', robots);
  // Each folder's _middleware.ts, before every route at its address and below (outer folders first).
  for (const { path, handlers } of middleware) app.use(path === '/' ? '*' : `${path}/*`, ...handlers);
  for (const route of routes) {
    if ('app' in route) app.route(route.path, route.app);
    else {
      // A page's own middleware (who may see it) runs for every method, as a folder's does.
      if (route.page.middleware?.length) app.use(route.path, ...route.page.middleware);
      app.get(route.path, pageHandler(route.page, route));
    }
  }

  const routeTable = routeTableOf(app.routes);
  app.notFound(notFound(routeTable, currentStaff));
  app.onError(onError);

  const attribution = createAttribution({ siteHost: new URL(deps.config.PUBLIC_SITE_URL).hostname, secure: deps.config.isProduction, now: deps.now });
  const lane = deps.pageCache.lane({
    log: deps.log,
    deps,
    isUnrouted: getsNotFoundPage(routeTable),
    count: deps.metrics.request,
    secureCookies: deps.config.isProduction,
    landing: (request, url, route) => (landingPaths.has(route) ? attribution.cookiesFor(request, url) : []),
    view: deps.pageViews.view,
  });
  const handler = (request: Request, env?: unknown): Response | Promise<Response> => {
    // Read once: Bun makes a new string each time request.url is read.
    const url = request.url;
    const kept = lane(request, url, env);
    if (kept) return kept;
    const response = app.fetch(request, env);
    // A landing on a public page records where the visitor came from (server/attribution.ts).
    if (request.method !== 'GET' || !landingPaths.has(routingPath({ url }))) return response;
    return response instanceof Response
      ? attribution.withAttribution(request, url, response)
      : response.then((r) => attribution.withAttribution(request, url, r));
  };
  return { app, deps, fetch: handler };
}

export type Site = ReturnType<typeof createApp>;
