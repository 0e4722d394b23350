import { createHomeVariants, type HomeVariantsService } from '../features/ab/home-variants.ts';
import { createPageViewCollector, type PageViewCollector } from '../features/analytics/collector.ts';
import { calendarReachOf } from '../features/booking/calendar/index.ts';
import { type BookingService, createBookingService } from '../features/booking/service.ts';
import { createFeedReader, type FeedReader } from '../features/feed/feed-reader.ts';
import { createPasswordResets, type PasswordResets } from '../features/staff/password-reset.ts';
import { storyWriterFromConfig } from '../features/stories/openai-writer.ts';
import { bookingRulesOf } from '../lib/booking/rules.ts';
import type { StoryWriter } from '../lib/stories/templates.ts';
import { createApp, type SiteDefinition } from '../server/app.ts';
import type { AppDepsInput } from '../server/deps.ts';
import { counter, gauge } from '../server/metrics.ts';
import { readRoutes, type SiteRoutes } from '../server/routing.ts';
import type { StaticSource } from '../server/static-files.ts';
import { routeFiles } from './routes.generated.ts';

// The composition root: this site is the framework (server/) with its routes (routes/, listed in
// routes.generated.ts) and its features (features/), wired together here and nowhere else.

declare module '../server/deps.ts' {
  interface FeatureDeps {
    /** The home page's A/B variants, with the visitors and tests it remembers. */
    homeVariants: HomeVariantsService;
    /** The blog feed (fetched, parsed, cached). */
    feed: FeedReader;
    /** Writes social stories: OpenAI when OPENAI_API_KEY is set, else the template writer. */
    storyWriter: StoryWriter;
    /** Strategy sessions: the open times from the staff's hours and calendars, booking, moving, cancelling. */
    booking: BookingService;
    /** Staff password reset emails, sent after the request is answered. */
    passwordResets: PasswordResets;
  }
}

/** Every route of the site, from the files in routes/. */
export const siteRoutes = readRoutes(routeFiles);
/** Every page's address. */
export const pagePaths = siteRoutes.pagePaths;
/** The pages search engines should list (the sitemap). */
export const indexablePaths = siteRoutes.indexablePaths;

/** The features' dependencies, each the one given (tests pass their own) or made once. */
const features: SiteDefinition['features'] = ({ sql, config, now, log }, input) => ({
  homeVariants: input.homeVariants ?? createHomeVariants({ sql, now, log }),
  feed: input.feed ?? createFeedReader({ source: config.RSS_FEED_URL, siteUrl: config.PUBLIC_SITE_URL, now }),
  storyWriter: input.storyWriter ?? storyWriterFromConfig(config, log),
  booking:
    input.booking ??
    createBookingService({
      sql,
      rules: bookingRulesOf(config),
      now,
      log,
      appSecret: config.APP_SECRET,
      calendarReach: calendarReachOf(config),
    }),
  passwordResets: input.passwordResets ?? createPasswordResets({ sql, config, now, log }),
});

/** The site (server/app.ts createApp): its routes, or others (a test's), and its features. */
export function createSite(input: AppDepsInput, { staticSource, routes = siteRoutes }: { staticSource?: StaticSource; routes?: SiteRoutes } = {}) {
  // Page views are counted unless ANALYTICS=off (features/analytics/collector.ts); their figures go to /metrics.
  let collector: PageViewCollector | undefined;
  const pageViews: SiteDefinition['pageViews'] = ({ sql, config, now, log }) => {
    if (config.ANALYTICS === 'off') return undefined;
    collector = createPageViewCollector({ sql, now, log, siteHost: new URL(config.PUBLIC_SITE_URL).hostname, trustProxy: config.TRUST_PROXY });
    return collector;
  };
  const site = createApp(input, { routes, features, pageViews }, { staticSource });
  const counts = collector?.counts;
  if (counts) site.deps.metrics.registry.register(() => pageViewMetrics(counts));
  return site;
}

/** What this process's page-view counter did (features/analytics/collector.ts), for /metrics. */
function pageViewMetrics(counts: PageViewCollector['counts']) {
  return [
    counter('analytics_page_views_total', 'Page views this process saw, by what became of them (counted, or why not).', [
      { labels: { outcome: 'counted' }, value: counts.counted },
      { labels: { outcome: 'program' }, value: counts.programs },
      { labels: { outcome: 'prefetch' }, value: counts.prefetches },
      { labels: { outcome: 'dropped' }, value: counts.dropped },
      { labels: { outcome: 'late' }, value: counts.late },
    ]),
    counter('analytics_batches_total', 'Batches of page views this process wrote, and those the database refused.', [
      { labels: { outcome: 'written' }, value: counts.batches },
      { labels: { outcome: 'failed' }, value: counts.failedBatches },
    ]),
    gauge('analytics_largest_batch', 'The most page views one batch of this process held.', [{ value: counts.largestBatch }]),
  ];
}
