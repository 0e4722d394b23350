import { createHomeVariants, type HomeVariantsService } from '../features/ab/home-variants.ts';
import { type BookingService, createBookingService } from '../features/booking/service.ts';
import { createFeedReader, type FeedReader } from '../features/feed/feed-reader.ts';
import { createPasswordResets, type PasswordResets } from '../features/staff/password-reset.ts';
import { storyWriterFromConfig } from '../features/stories/openai-writer.ts';
import { bookingRulesOf } from '../lib/booking/rules.ts';
import type { StoryWriter } from '../lib/stories/templates.ts';
import { createApp, type SiteDefinition } from '../server/app.ts';
import type { AppDepsInput } from '../server/deps.ts';
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
  booking: input.booking ?? createBookingService({ sql, rules: bookingRulesOf(config), now, log, appSecret: config.APP_SECRET }),
  passwordResets: input.passwordResets ?? createPasswordResets({ sql, config, now, log }),
});

/** The site (server/app.ts createApp): its routes, or others (a test's), and its features. */
export function createSite(input: AppDepsInput, { staticSource, routes = siteRoutes }: { staticSource?: StaticSource; routes?: SiteRoutes } = {}) {
  return createApp(input, { routes, features }, { staticSource });
}
