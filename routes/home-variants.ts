import { withDeadline } from '../db/deadline.ts';
import { loadRunningTest, previewAssignment, type RunningTest, storedVariantId } from '../db/queries/ab-tests.ts';
import type { AbTracking } from '../lib/ab-events.ts';
import { AB_TEST_NAMES, type Assignment, contactFormConfigSchema, heroConfigSchema } from '../lib/ab-tests.ts';
import { type ContactFormConfig, defaultContactFormConfig } from '../lib/contact-form-variants.ts';
import { CONTROL_HERO, type HeroVariantName } from '../lib/hero-variants.ts';
import type { AppContext, AppDeps } from './app-env.ts';
import { defaultLog } from './middleware/access-log.ts';
import { visitor as visitorOf } from './visitor.ts';

/**
 * How long the home page waits for its two assignments before showing the controls. Shorter than the
 * APIs' deadline: the page still answers 200 quickly when the database is slow or down.
 */
export const HOME_ASSIGNMENT_DEADLINE_MS = 2000;

/**
 * A visitor's assignments never change once stored, so a returning visitor's variants are remembered
 * (and their page served from memory); a running test's definition is re-read at most this often, so
 * stopping a test shows within seconds.
 */
const REMEMBER_VISITOR_MS = 10 * 60_000;
const RUNNING_TEST_TTL_MS = 10_000;

export type HomeVariants = {
  hero: HeroVariantName;
  contactForm: ContactFormConfig;
  /** The assignments' ids, for the islands' view and click events; null when nothing is tracked. */
  heroTracking: AbTracking | null;
  contactFormTracking: AbTracking | null;
};

/** A returning visitor's variants and the cache key of the page they see. */
export type RememberedVisitor = { variants: HomeVariants; key: string };

const CONTROLS: HomeVariants = { hero: CONTROL_HERO, contactForm: defaultContactFormConfig, heroTracking: null, contactFormTracking: null };

/**
 * The home page's variants for this visitor, decided on the server during the request so the HTML
 * already holds them: for `hero-variant` and `contact-form-optimization`, the visitor's stored variant,
 * or else the one the deterministic assignment rules give the visitor cookie. Nothing is written here:
 * the visitor's first view event (their exposure) stores the assignment, so a new visitor costs no
 * database work at all. A crawler (no visitor id) gets the controls and is not tracked; so does every
 * visitor when a test is not running, its configuration is unusable, or the database fails or is slow.
 * Never throws. The result holds no visitor data, so the HTML can be cached per combination.
 */
export async function resolveHomeVariants(c: AppContext): Promise<HomeVariants> {
  const visitor = visitorOf(c);
  if (visitor === null) return CONTROLS;
  const deps = c.get('deps');
  const remembered = visitor.isNew ? undefined : rememberedVisitor(deps, visitor.id);
  if (remembered) return remembered.variants;

  const { sql, log = defaultLog, homeVisitors, now = () => new Date() } = deps;
  const time = now().getTime();
  const decide = async (testName: string): Promise<Assignment | null> => {
    const cached = runningTest(deps, testName, time);
    const test = 'value' in cached ? cached.value : await cached.loading;
    if (!test) return null;
    // A cookie made for this request cannot have a stored row yet.
    const stored = visitor.isNew ? undefined : await storedVariantId(sql, test.id, visitor.id);
    return previewAssignment(test, visitor.id, stored)?.assignment ?? null;
  };
  const assign = async (testName: string): Promise<Assignment | null> => {
    try {
      // A new visitor whose tests are in memory is decided without the database, hence without a deadline.
      const needsDatabase = !visitor.isNew || !('value' in runningTest(deps, testName, time));
      return needsDatabase ? await withDeadline(decide(testName), HOME_ASSIGNMENT_DEADLINE_MS) : await decide(testName);
    } catch (error) {
      log({
        level: 'warn',
        time: new Date().toISOString(),
        requestId: c.get('requestId'),
        msg: 'home page A/B assignment failed; showing the control',
        testName,
        error: (error as Error)?.name ?? 'Error',
      });
      return null;
    }
  };
  const [heroAssignment, formAssignment] = await Promise.all([assign(AB_TEST_NAMES.hero), assign(AB_TEST_NAMES.contactForm)]);
  const variants = variantsFrom(heroAssignment, formAssignment);
  // A new visitor's variants are recomputed for free next time; what is worth remembering is a
  // returning visitor's, which cost a database read (and only when both tests answered).
  if (!visitor.isNew && heroAssignment && formAssignment) homeVisitors?.set(visitor.id, { variants, key: homeCacheKey(variants) }, REMEMBER_VISITOR_MS, time);
  return variants;
}

/** A running test's definition as cached: read, or still loading. */
export type CachedRunningTest = { value: RunningTest | null } | { loading: Promise<RunningTest | null> };

/**
 * The test's definition from memory, or one load shared by every request that asks while it is read
 * (so when the entry expires under load, one query goes to the database, not one per request). A
 * failed load is forgotten, so the next request tries again.
 */
function runningTest({ sql, runningTests }: AppDeps, testName: string, time: number): CachedRunningTest {
  const cached = runningTests?.get(testName, time);
  if (cached) return cached;
  const loading = loadRunningTest(sql, testName);
  const entry: CachedRunningTest = { loading };
  runningTests?.set(testName, entry, RUNNING_TEST_TTL_MS, time);
  loading.then(
    (value) => runningTests?.set(testName, { value }, RUNNING_TEST_TTL_MS, time),
    () => runningTests?.delete(testName),
  );
  return entry;
}

/** A returning visitor's variants and page key, when remembered; undefined otherwise. No I/O. */
export function rememberedVisitor({ homeVisitors, now }: AppDeps, visitorId: string, time = now ? now().getTime() : Date.now()): RememberedVisitor | undefined {
  return homeVisitors?.get(visitorId, time);
}

/**
 * What the home page's HTML varies by, as a short key (the page cache hashes it on every request):
 * each distinct combination gets the next number, and a combination is never given another's.
 */
export function homeCacheKey({ hero, contactForm, heroTracking, contactFormTracking }: HomeVariants): string {
  let form = formKeys.get(contactForm);
  if (form === undefined) formKeys.set(contactForm, (form = JSON.stringify(contactForm)));
  const combination = `${hero}|${form}|${heroTracking?.variantId ?? '-'}|${contactFormTracking?.variantId ?? '-'}`;
  let key = combinationKeys.get(combination);
  if (key === undefined) {
    if (combinationKeys.size >= MAX_COMBINATIONS) combinationKeys.clear();
    combinationKeys.set(combination, (key = `v${++combinationCount}`));
  }
  return key;
}

/** Contact-form configurations are shared objects (checked once each), so their JSON is too. */
const formKeys = new WeakMap<ContactFormConfig, string>();
const combinationKeys = new Map<string, string>();
const MAX_COMBINATIONS = 1000;
let combinationCount = 0;

/**
 * The variants two assignments show; a missing assignment or an unusable configuration shows the
 * control, untracked. Configurations are checked once each (they come from the shared test definition).
 */
function variantsFrom(heroAssignment: Assignment | null, formAssignment: Assignment | null): HomeVariants {
  const hero = heroAssignment && checked(heroAssignment.variant.configuration, heroConfigSchema);
  const form = formAssignment && checked(formAssignment.variant.configuration, contactFormConfigSchema);
  return {
    hero: hero ? hero.heroVariant : CONTROLS.hero,
    contactForm: form ?? CONTROLS.contactForm,
    heroTracking: hero && heroAssignment ? trackingOf(heroAssignment) : null,
    contactFormTracking: form && formAssignment ? trackingOf(formAssignment) : null,
  };
}

const checkedConfigurations = new WeakMap<object, unknown>();

function checked<T>(configuration: Record<string, unknown>, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (typeof configuration !== 'object' || configuration === null) return null;
  if (!checkedConfigurations.has(configuration)) {
    const parsed = schema.safeParse(configuration);
    checkedConfigurations.set(configuration, parsed.success ? parsed.data : null);
  }
  return checkedConfigurations.get(configuration) as T | null;
}

const trackingOf = (a: Assignment): AbTracking => ({ testId: a.testId, variantId: a.variantId });
