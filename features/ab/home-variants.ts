import { LRUCache } from 'lru-cache';
import type { Sql } from 'postgres';
import {
  AB_TESTS_CHANNEL,
  loadRunningTestOnSlot,
  previewAssignment,
  type RunningTest,
  runningTestsVersion,
  storedVariantId,
} from '../../db/queries/ab-tests.ts';
import { contentVersion, publishedSlots } from '../../db/queries/content.ts';
import { type ContactFormConfig, defaultContactFormConfig } from '../../lib/ab/contact-form-variants.ts';
import type { AbTracking, Assignment } from '../../lib/ab/definitions.ts';
import {
  auditFormFieldsSchema,
  DEFAULT_SLOT_FIELDS,
  type HeroFields,
  heroFieldsSchema,
  SLOT_NAMES,
  type SlotFields,
  type SlotName,
} from '../../lib/content/slots.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { millisecondsOf } from '../../server/clock.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';

// The home page's A/B variants: which hero and which audit form each visitor sees, decided on the
// server so the HTML already holds them. Owns its state: the returning visitors it remembers and the
// running tests' definitions it re-reads every few seconds, and the content slots' published copy
// (db/queries/content.ts), all forgotten as soon as a test or a slot changes (watch: LISTEN on
// PostgreSQL, and a periodic re-read), so every process stops a stopped test, and serves published
// copy, at once. The experiment running on each slot (at most one) decides; its control shows the
// slot's published copy, a challenger its own fields.

/**
 * How long the home page waits for its two assignments before showing the controls. Shorter than the
 * APIs' deadline: the page still answers 200 quickly when the database is slow or down.
 */
const HOME_ASSIGNMENT_DEADLINE_MS = 2000;

/**
 * A visitor's assignments never change once stored, so a returning visitor's variants are remembered
 * (and their page served from memory), up to REMEMBERED_VISITORS of them (about 150 bytes each); a
 * running test's definition is re-read at most this often, so stopping a test shows within seconds.
 */
const REMEMBER_VISITOR_MS = 10 * 60_000;
const REMEMBERED_VISITORS = 100_000;
const RUNNING_TEST_TTL_MS = 10_000;
/**
 * How often watch() re-reads the tests' fingerprint: often when nothing else tells this process of a
 * change (the embedded database, PgBouncer), seldom when LISTEN does and this only covers a lost
 * notification or a test that ends by its date.
 */
const REREAD_MS = 1000;
const REREAD_LISTENING_MS = 10_000;

export type HomeVariants = {
  /** The name of the hero experiment's variant shown ('Control' when none), and the copy it shows. */
  hero: string;
  heroFields: HeroFields;
  contactForm: ContactFormConfig;
  /** The assignments' ids, for the islands' view and click events; null when nothing is tracked. */
  heroTracking: AbTracking | null;
  contactFormTracking: AbTracking | null;
};

/** Who asks: the visitor cookie's id, and whether it was made for this request; null for a crawler. */
export type VisitorRef = { id: string; isNew: boolean } | null;

export type HomeVariantsService = {
  /**
   * The variants `visitor` sees: for the experiments running on the hero and audit-form slots, the visitor's stored
   * variant, or else the one the deterministic assignment rules give the visitor id. Nothing is written
   * here: the visitor's first view event (their exposure) stores the assignment, so a new visitor costs
   * no database work at all. A crawler gets the controls and is not tracked; so does every visitor when
   * a test is not running, its configuration is unusable, or the database fails or is slow. Never
   * throws. The result holds no visitor data, so the HTML can be kept per combination.
   */
  resolve(visitor: VisitorRef, requestId: string): Promise<HomeVariants>;
  /** A returning visitor's page key (homeCacheKey of their variants) when remembered; undefined otherwise. No I/O. */
  keyFromMemory(visitorId: string): string | undefined;
  /** A new visitor's page key, as `resolve` would decide it, when the running tests are in memory; undefined otherwise. No I/O. */
  newVisitorKey(visitorId: string): string | undefined;
  /**
   * Forgets remembered visitors and tests whenever a test's definition changes: at once on a NOTIFY
   * (with `listen`), and when a periodic re-read of the tests' fingerprint differs. Returns the stop.
   */
  watch(options: { listen: boolean }): () => Promise<void>;
  /**
   * This process changed a test or a slot: forget at once (the others hear of it through watch). Given
   * the slot it published and its fields, they are also what a read of the published copy that fails
   * or is too slow falls back on, so the person who published never sees the old copy come back.
   */
  changed<S extends SlotName>(published?: { slot: S; fields: SlotFields[S] }): void;
};

type Published = Pick<SlotFields, 'hero' | 'audit-form'>;
const DEFAULT_PUBLISHED: Published = { hero: DEFAULT_SLOT_FIELDS.hero, 'audit-form': DEFAULT_SLOT_FIELDS['audit-form'] };
const CONTROL_NAME = 'Control';
const controlsOf = (published: Published): HomeVariants => ({
  hero: CONTROL_NAME,
  heroFields: published.hero,
  contactForm: published['audit-form'] ?? defaultContactFormConfig,
  heroTracking: null,
  contactFormTracking: null,
});

export function createHomeVariants({ sql, now, log }: { sql: Sql; now: Clock; log: Logger }): HomeVariantsService {
  const perf = { now: millisecondsOf(now) };
  const remembered = new LRUCache<string, { variants: HomeVariants; key: string }>({
    max: REMEMBERED_VISITORS,
    ttl: REMEMBER_VISITOR_MS,
    perf,
    ttlResolution: 0,
  });
  // One load per test however many requests ask while it is read (fetch is single-flight); a failed
  // load is forgotten, so the next request tries again.
  const runningTests = new LRUCache<SlotName, { test: RunningTest | null }>({
    max: SLOT_NAMES.length,
    ttl: RUNNING_TEST_TTL_MS,
    perf,
    ttlResolution: 0,
    fetchMethod: async (slot) => ({ test: await loadRunningTestOnSlot(sql, slot) }),
  });
  // The newest published copy known, for when a read fails or is too slow (a slow embedded database under
  // load): the copy last read, or what this process has just published since. A read that began before a
  // change here does not overwrite it (the generation tells).
  let lastKnown: Published = DEFAULT_PUBLISHED;
  let generation = 0;
  // The slots' published copy, read once for everyone like the tests (a slot never published shows its default).
  const published = new LRUCache<'slots', Published>({
    max: 1,
    ttl: RUNNING_TEST_TTL_MS,
    perf,
    ttlResolution: 0,
    fetchMethod: async () => {
      const startedAt = generation;
      const copy = { ...DEFAULT_PUBLISHED, ...(await publishedSlots(sql)) };
      if (startedAt === generation) lastKnown = copy;
      return copy;
    },
  });
  const publishedCopy = async (requestId: string): Promise<Published> => {
    const known = published.get('slots');
    if (known) return known;
    try {
      return (await withDatabaseDeadline(sql, () => published.fetch('slots'), HOME_ASSIGNMENT_DEADLINE_MS)) ?? lastKnown;
    } catch (error) {
      log.warn('published content unreadable; showing the last copy known', { requestId, error: (error as Error)?.name ?? 'Error' });
      return lastKnown;
    }
  };

  async function resolve(visitor: VisitorRef, requestId: string): Promise<HomeVariants> {
    if (visitor === null) return controlsOf(await publishedCopy(requestId));
    const known = visitor.isNew ? undefined : remembered.get(visitor.id);
    if (known) return known.variants;

    // `db` is this request's (cancelled at its deadline); the running tests are read once for everyone, on `sql`.
    const decide = async (db: Sql, slot: SlotName): Promise<Assignment | null> => {
      const test = (runningTests.get(slot) ?? (await runningTests.fetch(slot)))?.test;
      if (!test) return null;
      // A cookie made for this request cannot have a stored row yet.
      const stored = visitor.isNew ? undefined : await storedVariantId(db, test.id, visitor.id);
      return previewAssignment(test, visitor.id, stored)?.assignment ?? null;
    };
    const assign = async (slot: SlotName): Promise<Assignment | null> => {
      try {
        // A new visitor whose tests are in memory is decided without the database, hence without a deadline.
        const needsDatabase = !visitor.isNew || !runningTests.has(slot);
        return needsDatabase ? await withDatabaseDeadline(sql, (db) => decide(db, slot), HOME_ASSIGNMENT_DEADLINE_MS) : await decide(sql, slot);
      } catch (error) {
        log.warn('home page A/B assignment failed; showing the control', { requestId, slot, error: (error as Error)?.name ?? 'Error' });
        return null;
      }
    };
    const [heroAssignment, formAssignment, copy] = await Promise.all([assign('hero'), assign('audit-form'), publishedCopy(requestId)]);
    const variants = variantsFrom(heroAssignment, formAssignment, copy);
    // A new visitor's variants are recomputed for free next time; what is worth remembering is a
    // returning visitor's, which cost a database read (and only when both tests answered).
    if (!visitor.isNew && heroAssignment && formAssignment) remembered.set(visitor.id, { variants, key: homeCacheKey(variants) });
    return variants;
  }

  const forget = () => {
    generation++;
    remembered.clear();
    runningTests.clear();
    published.clear();
  };
  const changed = <S extends SlotName>(published?: { slot: S; fields: SlotFields[S] }) => {
    forget();
    if (published) lastKnown = { ...lastKnown, [published.slot]: published.fields };
  };

  function watch({ listen }: { listen: boolean }): () => Promise<void> {
    let version: string | undefined;
    let stopped = false;
    const reread = async () => {
      try {
        const current = await withDatabaseDeadline(sql, async (db) => `${await runningTestsVersion(db, SLOT_NAMES)}|${await contentVersion(db)}`);
        if (version !== undefined && current !== version) {
          forget();
          log.info('A/B tests changed: remembered variants forgotten', { via: 'reread' });
        }
        version = current;
      } catch {
        // The next re-read tries again; meanwhile the visitors' pages are what they were.
      }
    };
    void reread();
    let timer = setInterval(reread, listen ? REREAD_LISTENING_MS : REREAD_MS);
    let unlisten: (() => Promise<void>) | undefined;
    if (listen)
      sql
        .listen(
          AB_TESTS_CHANNEL,
          () => {
            forget();
            log.info('A/B tests changed: remembered variants forgotten', { via: 'notify' });
          },
          // Listening again after a lost connection: a change may have been missed meanwhile.
          () => void reread(),
        )
        .then((listener) => {
          unlisten = listener.unlisten;
          if (stopped) void listener.unlisten();
        })
        .catch((error) => {
          log.warn('cannot LISTEN for A/B test changes; re-reading them every second', { error: String(error) });
          clearInterval(timer);
          if (!stopped) timer = setInterval(reread, REREAD_MS);
        });
    return async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten?.().catch(() => {});
    };
  }

  /** As `resolve` decides for a new visitor, when both tests' definitions are in memory (else the app reads them). */
  const newVisitorKey = (visitorId: string): string | undefined => {
    const hero = runningTests.get('hero');
    const form = runningTests.get('audit-form');
    const copy = published.get('slots');
    if (!hero || !form || !copy) return undefined;
    const assignment = ({ test }: { test: RunningTest | null }) => (test ? (previewAssignment(test, visitorId, undefined)?.assignment ?? null) : null);
    return homeCacheKey(variantsFrom(assignment(hero), assignment(form), copy));
  };

  return { resolve, keyFromMemory: (visitorId) => remembered.get(visitorId)?.key, newVisitorKey, watch, changed };
}

/**
 * What the home page's HTML varies by, as a short key (the page cache hashes it on every request):
 * each distinct combination gets the next number, and a combination is never given another's.
 */
export function homeCacheKey({ hero, heroFields, contactForm, heroTracking, contactFormTracking }: HomeVariants): string {
  const form = jsonOf(contactForm);
  const combination = `${hero}|${jsonOf(heroFields)}|${form}|${heroTracking?.variantId ?? '-'}|${contactFormTracking?.variantId ?? '-'}`;
  let key = combinationKeys.get(combination);
  // A combination pushed out comes back under a new number, never under another's.
  if (key === undefined) combinationKeys.set(combination, (key = `v${++combinationCount}`));
  return key;
}

/** Configurations and published copy are shared objects (checked once each), so their JSON is too. */
const jsonKeys = new WeakMap<object, string>();
function jsonOf(value: object): string {
  let json = jsonKeys.get(value);
  if (json === undefined) jsonKeys.set(value, (json = JSON.stringify(value)));
  return json;
}
const MAX_COMBINATIONS = 1000;
const combinationKeys = new LRUCache<string, string>({ max: MAX_COMBINATIONS });
let combinationCount = 0;

/**
 * The variants two assignments show; a missing assignment or an unusable configuration shows the
 * control, untracked. Configurations are checked once each (they come from the shared test definition).
 */
function variantsFrom(heroAssignment: Assignment | null, formAssignment: Assignment | null, copy: Published): HomeVariants {
  // The control (and anyone outside the test) sees the published copy; a challenger, its own fields.
  const hero = heroAssignment && checked(heroAssignment.variant.configuration, heroFieldsSchema);
  const form = formAssignment && checked(formAssignment.variant.configuration, auditFormFieldsSchema);
  return {
    hero: hero && heroAssignment ? heroAssignment.variant.name : CONTROL_NAME,
    heroFields: hero && !heroAssignment?.variant.isControl ? hero : copy.hero,
    contactForm: form && !formAssignment?.variant.isControl ? form : copy['audit-form'],
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
