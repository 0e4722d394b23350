import { withDeadline } from '../db/deadline.ts';
import { assignVariant } from '../db/queries/ab-tests.ts';
import type { AbTracking } from '../lib/ab-events.ts';
import { AB_TEST_NAMES, contactFormConfigSchema, heroConfigSchema, type Assignment } from '../lib/ab-tests.ts';
import { defaultContactFormConfig, type ContactFormConfig } from '../lib/contact-form-variants.ts';
import { CONTROL_HERO, type HeroVariantName } from '../lib/hero-variants.ts';
import type { AppContext } from './app-env.ts';
import { defaultLog } from './middleware/access-log.ts';
import { visitorId } from './visitor.ts';

/**
 * How long the home page waits for its two assignments before showing the controls. Shorter than the
 * APIs' deadline: the page still answers 200 quickly when the database is slow or down.
 */
export const HOME_ASSIGNMENT_DEADLINE_MS = 2000;

/**
 * A stored assignment never changes, so a returning visitor's is served from memory; the expiry only
 * lets a test that was stopped or removed stop showing.
 */
const ASSIGNMENT_CACHE_TTL_MS = 10 * 60_000;

export type HomeVariants = {
  hero: HeroVariantName;
  contactForm: ContactFormConfig;
  /** The assignments' ids, for the islands' view and click events; null when nothing is tracked. */
  heroTracking: AbTracking | null;
  contactFormTracking: AbTracking | null;
};

/**
 * The home page's variants for this visitor, decided on the server during the request so the HTML
 * already holds them: the sticky stored assignments of `hero-variant` and `contact-form-optimization`
 * for the visitor cookie. A crawler (no visitor id) gets the controls and is not tracked; so does
 * every visitor when a test is not running, its configuration is unusable, or the database fails or is
 * slow. Never throws. The result holds no visitor data, so the HTML can be cached per combination.
 */
export async function resolveHomeVariants(c: AppContext): Promise<HomeVariants> {
  const visitor = visitorId(c);
  const fallback: HomeVariants = { hero: CONTROL_HERO, contactForm: defaultContactFormConfig, heroTracking: null, contactFormTracking: null };
  if (visitor === null) return fallback;
  const { sql, log = defaultLog, assignmentCache, now = () => new Date() } = c.var.deps;
  const assign = async (testName: string): Promise<Assignment | null> => {
    const key = `${testName}|${visitor}`;
    const known = assignmentCache?.get(key, now().getTime());
    if (known) return known;
    try {
      const assignment = await withDeadline(assignVariant(sql, testName, visitor), HOME_ASSIGNMENT_DEADLINE_MS);
      if (assignment) assignmentCache?.set(key, assignment, ASSIGNMENT_CACHE_TTL_MS, now().getTime());
      return assignment;
    } catch (error) {
      log({ level: 'warn', time: new Date().toISOString(), requestId: c.var.requestId, msg: 'home page A/B assignment failed; showing the control', testName, error: (error as Error)?.name ?? 'Error' });
      return null;
    }
  };
  const [heroAssignment, formAssignment] = await Promise.all([assign(AB_TEST_NAMES.hero), assign(AB_TEST_NAMES.contactForm)]);
  const hero = heroConfigSchema.safeParse(heroAssignment?.variant.configuration);
  const form = contactFormConfigSchema.safeParse(formAssignment?.variant.configuration);
  return {
    hero: hero.success ? hero.data.heroVariant : fallback.hero,
    contactForm: form.success ? form.data : fallback.contactForm,
    heroTracking: hero.success && heroAssignment ? trackingOf(heroAssignment) : null,
    contactFormTracking: form.success && formAssignment ? trackingOf(formAssignment) : null,
  };
}

const trackingOf = (a: Assignment): AbTracking => ({ testId: a.testId, variantId: a.variantId });
