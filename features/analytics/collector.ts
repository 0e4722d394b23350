import type { Sql } from 'postgres';
import { daySalt, deleteSaltsBefore, type PageViewColumns, type VisitRow, writePageViews } from '../../db/queries/analytics-counting.ts';
import { analyticsDay, dayBounds, saltsKeptFrom } from '../../lib/analytics/days.ts';
import { deviceOf } from '../../lib/analytics/device.ts';
import { whoAsks } from '../../lib/analytics/page-view.ts';
import { viewSource } from '../../lib/analytics/source.ts';
import { visitorKey } from '../../lib/analytics/visitor-key.ts';
import { clientKey, forwardedClient, forwardedReaches } from '../../lib/http/client-address.ts';
import { memoizeByString } from '../../lib/http/memo.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';
import { newSalt, sha256 } from './visitor-keys.ts';

// Page views counted on the server, with no cookie and no script. `view` runs on the request's path
// (the page cache's fast lane included), so it only keeps what it is handed, in arrays made once: the
// headers object the lane already read, the URL, the route, the start time, and, when no trusted proxy
// names the client, the socket address (which Bun reads only while the request lives). Everything else
// (who asks, the source, the device, the Toronto day, the visitor key) is worked out when the batch is
// written, in one transaction (one multi-row insert of the page views, one upsert of each visitor's day).
//
// A batch goes every second while views are held (the timer runs only then), or as soon as `batchRows`
// views are held, one at a time, and never sooner after the last one than 50 times what the last one
// took: writing takes at most about 2% of the process's time, however many requests come (on the
// embedded database, which runs in this process, a batch of 2,000 views takes some 60 ms, so a flood is
// written at about 600 views a second). At most `capacity` views are held: beyond it (a flood, or the
// database down or slow) views are dropped and counted, as is a batch the database refuses, so memory
// never grows and a request never waits.

export type CollectorOptions = {
  sql: Sql;
  now: Clock;
  log: Logger;
  /** The site's own host (PUBLIC_SITE_URL's): a Referer there is a move inside the site. */
  siteHost: string;
  /** TRUST_PROXY: how many proxies in front of the site name the client in X-Forwarded-For. */
  trustProxy: number;
  /** Views held at most between two batches (the rest are dropped and counted): also the most written a second. */
  capacity?: number;
  /** A batch starts as soon as this many views are held (once a second has passed since the last). */
  batchRows?: number;
  /** A batch at least this often while views are held, and batches no closer together than this. */
  flushEveryMs?: number;
  /** The part of the process's time batches may take (the next waits this many times the last one's time less one): 50 by default, 2%. */
  busyRatio?: number;
  /** How long a batch may take in the database (the database deadline when not given). */
  deadlineMs?: number;
};

/** What this process counted since it started (for /metrics and the tests). */
export type CollectorCounts = {
  /** Page views written. */
  counted: number;
  /** Not a person: a crawler, a link preview, a program, no user agent. */
  programs: number;
  /** A prefetch, a prerender or a preview thumbnail. */
  prefetches: number;
  /** Dropped: more than `capacity` held (a flood, the database slow or down), or a batch the database refused. */
  dropped: number;
  /** Dropped: a view of a day whose salt is gone (written more than 10 minutes after the day ended). */
  late: number;
  /** Batches written, and batches the database refused. */
  batches: number;
  failedBatches: number;
  /** The most views one batch held. */
  largestBatch: number;
};

/** What knows a request's socket address: Bun's server (the framework hands it over, server/page-views.ts). */
type AddressSource = { requestIP(request: Request): { address: string } | null };

/**
 * The counter the framework calls (server/page-views.ts `PageViews`, which site/app.ts hands it): `view`
 * with the request, its headers object, its URL, its route, performance.now() at its start, and the server.
 */
export type PageViewCollector = {
  view(request: Request, headers: Headers, url: string, route: string, started: number, server: AddressSource | undefined): void;
  /** Writes what is held and stops the timer (on shutdown). */
  stop(): Promise<void>;
  counts: CollectorCounts;
  /** Views held now, waiting for the next batch. */
  held(): number;
  /** Writes what is held now, whenever the last batch was (and waits for a batch under way). */
  flush(): Promise<void>;
};

const CAPACITY = 2000;
const BATCH_ROWS = 1000;
const FLUSH_EVERY_MS = 1000;
const BUSY_RATIO = 50;
/** The longest wait between batches, however long the last one took. */
const LONGEST_GAP_MS = 10_000;

/** The views held between two batches, column by column, in arrays made once: `view` only writes slots. */
class HeldViews {
  length = 0;
  readonly headers: (Headers | undefined)[];
  readonly urls: (string | undefined)[];
  readonly routes: (string | undefined)[];
  readonly addresses: (string | undefined)[];
  readonly started: Float64Array;
  constructor(capacity: number) {
    this.headers = new Array(capacity).fill(undefined);
    this.urls = new Array(capacity).fill(undefined);
    this.routes = new Array(capacity).fill(undefined);
    this.addresses = new Array(capacity).fill(undefined);
    this.started = new Float64Array(capacity);
  }
  /** Lets go of what the views held (headers objects above all), so memory holds only the next ones. */
  clear(): void {
    for (let i = 0; i < this.length; i++) {
      this.headers[i] = undefined;
      this.urls[i] = undefined;
      this.routes[i] = undefined;
      this.addresses[i] = undefined;
    }
    this.length = 0;
  }
}

/** A batch's people's views, worked out from what was held: the columns, with who they are (for the key) beside. */
type Batch = PageViewColumns & { address: string[]; userAgent: string[]; source: string[]; medium: string[]; campaign: string[] };

const emptyBatch = (): Batch => ({
  atMs: [],
  day: [],
  visitorKey: [],
  route: [],
  referrerHost: [],
  utmSource: [],
  utmMedium: [],
  utmCampaign: [],
  device: [],
  address: [],
  userAgent: [],
  source: [],
  medium: [],
  campaign: [],
});

export function createPageViewCollector(options: CollectorOptions): PageViewCollector {
  const { sql, now, log, siteHost, trustProxy } = options;
  const capacity = options.capacity ?? CAPACITY;
  const batchRows = Math.min(options.batchRows ?? BATCH_ROWS, capacity);
  const everyMs = options.flushEveryMs ?? FLUSH_EVERY_MS;
  const counts: CollectorCounts = { counted: 0, programs: 0, prefetches: 0, dropped: 0, late: 0, batches: 0, failedBatches: 0, largestBatch: 0 };
  // Two sets of arrays: `view` fills one while a batch is worked out from the other.
  let filling = new HeldViews(capacity);
  let spare = new HeldViews(capacity);

  /** The socket address, read now (Bun knows it only while the request lives) unless the trusted proxies name the client. */
  const socketAddress = (request: Request, headers: Headers, server: AddressSource | undefined): string | undefined =>
    trustProxy > 0 && forwardedReaches(headers.get('x-forwarded-for'), trustProxy) ? undefined : (server?.requestIP(request)?.address ?? undefined);

  const view: PageViewCollector['view'] = (request, headers, url, route, started, server) => {
    const held = filling;
    const i = held.length;
    if (i === capacity) {
      counts.dropped++;
      return;
    }
    held.headers[i] = headers;
    held.urls[i] = url;
    held.routes[i] = route;
    held.started[i] = started;
    held.addresses[i] = socketAddress(request, headers, server);
    held.length = i + 1;
    if (i === 0) arm();
    if (i + 1 === batchRows) flushWhenDue();
  };

  // What many views share, worked out once: most views come from a few browsers and a few addresses.
  const deviceOfAgent = memoizeByString(deviceOf, 1000);
  const sourceOfPair = memoizeByString((key: string) => {
    const cut = key.indexOf('\n');
    return viewSource(key.slice(0, cut), key.slice(cut + 1) || null, siteHost);
  }, 500);
  const sourceOf = (url: string, referer: string | null) =>
    url.length + (referer?.length ?? 0) > 2048 ? viewSource(url, referer, siteHost) : sourceOfPair(`${url}\n${referer ?? ''}`);

  // The Toronto day of the views in a batch: nearly always the one before.
  let day = { day: '', startMs: 0, endMs: 0 };
  const dayAt = (ms: number): string => {
    if (ms < day.startMs || ms >= day.endMs) {
      const name = analyticsDay(new Date(ms));
      day = { day: name, ...dayBounds(name) };
    }
    return day.day;
  };

  /** Who asked, and what their view was, for each view held: the people's views, all but their keys. */
  function workOut(held: HeldViews, at: Date): Batch {
    // performance.now() of the views, as the clock's time: the same offset for the whole batch.
    const offset = at.getTime() - performance.now();
    const keptFrom = saltsKeptFrom(at);
    const batch = emptyBatch();
    for (let i = 0; i < held.length; i++) {
      const headers = held.headers[i] as Headers;
      const userAgent = headers.get('user-agent');
      const who = whoAsks({
        userAgent,
        secPurpose: headers.get('sec-purpose'),
        purpose: headers.get('purpose'),
        xMoz: headers.get('x-moz'),
        xPurpose: headers.get('x-purpose'),
      });
      if (who === 'program') counts.programs++;
      else if (who === 'prefetch') counts.prefetches++;
      if (who !== 'person' || !userAgent) continue;
      const ms = held.started[i] + offset;
      const viewDay = dayAt(ms);
      if (viewDay < keptFrom) {
        counts.late++;
        continue;
      }
      const source = sourceOf(held.urls[i] as string, headers.get('referer'));
      batch.atMs.push(ms);
      batch.day.push(viewDay);
      batch.route.push(held.routes[i] as string);
      batch.referrerHost.push(source.referrerHost);
      batch.utmSource.push(source.utmSource);
      batch.utmMedium.push(source.utmMedium);
      batch.utmCampaign.push(source.utmCampaign);
      // Long agents are not remembered: a few odd ones would otherwise fill memory.
      batch.device.push(userAgent.length > 512 ? deviceOf(userAgent) : deviceOfAgent(userAgent));
      batch.address.push(clientKey(forwardedClient(headers.get('x-forwarded-for'), trustProxy) ?? held.addresses[i] ?? 'unknown'));
      batch.userAgent.push(userAgent);
      batch.source.push(source.source);
      batch.medium.push(source.medium);
      batch.campaign.push(source.campaign);
    }
    return batch;
  }

  // Each day's salt, as the database holds it; the days before `saltsKeptFrom` are forgotten here and
  // deleted there once a day by each process (and by the roll-up).
  const salts = new Map<string, string>();
  let saltsSweptFor = '';
  async function saltOf(db: Sql, viewDay: string, at: Date): Promise<string> {
    const keptFrom = saltsKeptFrom(at);
    if (saltsSweptFor !== keptFrom) {
      for (const known of salts.keys()) if (known < keptFrom) salts.delete(known);
      await deleteSaltsBefore(db, keptFrom);
      saltsSweptFor = keptFrom;
    }
    let salt = salts.get(viewDay);
    if (salt === undefined) salts.set(viewDay, (salt = await daySalt(db, viewDay, newSalt(), at)));
    return salt;
  }

  /** Each view's visitor key, and each visitor's day as this batch saw it (its earliest view, and how many). */
  function keysAndVisits(batch: Batch, saltOfDay: Map<string, string>): VisitRow[] {
    const keys = new Map<string, string>();
    const visits = new Map<string, VisitRow>();
    for (let i = 0; i < batch.atMs.length; i++) {
      const who = `${batch.day[i]}\n${batch.address[i]}\n${batch.userAgent[i]}`;
      let key = keys.get(who);
      if (key === undefined) keys.set(who, (key = visitorKey(saltOfDay.get(batch.day[i]) as string, batch.address[i], batch.userAgent[i], sha256)));
      batch.visitorKey.push(key);
      const visit = visits.get(who);
      if (visit) visit.pageviews++;
      if (!visit || batch.atMs[i] < visit.firstAtMs)
        visits.set(who, {
          day: batch.day[i],
          visitorKey: key,
          firstAtMs: batch.atMs[i],
          landing: batch.route[i],
          source: batch.source[i],
          medium: batch.medium[i],
          campaign: batch.campaign[i],
          device: batch.device[i],
          pageviews: visit ? visit.pageviews : 1,
        });
    }
    return [...visits.values()];
  }

  /** One batch: what is held now, worked out, keyed and written; dropped and counted when the database fails. */
  async function writeBatch(): Promise<void> {
    const held = filling;
    if (held.length === 0) return;
    filling = spare;
    spare = held;
    const at = now();
    let batch: Batch;
    try {
      batch = workOut(held, at);
    } finally {
      held.clear();
    }
    const size = batch.atMs.length;
    if (size === 0) return;
    counts.largestBatch = Math.max(counts.largestBatch, size);
    try {
      await withDatabaseDeadline(
        sql,
        async (db) => {
          const saltOfDay = new Map<string, string>();
          for (const viewDay of new Set(batch.day)) saltOfDay.set(viewDay, await saltOf(db, viewDay, at));
          await writePageViews(db, batch, keysAndVisits(batch, saltOfDay));
        },
        options.deadlineMs,
      );
      counts.counted += size;
      counts.batches++;
      if (failing) log.info('page views are written again', { dropped: counts.dropped });
      failing = false;
    } catch (error) {
      counts.dropped += size;
      counts.failedBatches++;
      // Once per run of failures: a database that is down would otherwise log every second.
      if (!failing) log.warn('page views not written: the batch is dropped', { views: size, error: String((error as Error)?.message ?? error) });
      failing = true;
    }
  }
  let failing = false;

  // One batch at a time, the next no sooner than `gapMs` after the last one started (unless asked): a
  // second, or, when the last took long (a flood on the embedded database), `busyRatio` times that.
  const busyRatio = options.busyRatio ?? BUSY_RATIO;
  let running: Promise<void> | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let gapMs = everyMs;
  const startBatch = (): Promise<void> => {
    const started = performance.now();
    lastStart = started;
    const failedBefore = counts.failedBatches;
    running = writeBatch()
      .catch((error) => log.warn('page views not written', { error: String((error as Error)?.message ?? error) }))
      .finally(() => {
        // A refused batch's time is the database's absence, not work done here: the next is tried at the usual time.
        const took = counts.failedBatches > failedBefore ? 0 : performance.now() - started;
        gapMs = Math.min(LONGEST_GAP_MS, Math.max(everyMs, took * busyRatio));
        running = null;
        if (filling.length > 0) arm();
      });
    return running;
  };
  function flushWhenDue(): void {
    if (running === null && filling.length > 0 && performance.now() - lastStart >= gapMs) void startBatch();
  }
  // The timer runs only while views are held: an idle server is not woken, and a collector its owner has
  // let go of (a test's app) holds no timer that would keep it, and its site, from being collected.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  function arm(): void {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        // A batch under way arms the next when it ends; one not yet due waits its turn.
        if (running === null && filling.length > 0) performance.now() - lastStart >= gapMs ? void startBatch() : arm();
      },
      // Not sooner than a quarter of `everyMs` after the first view held, so a batch gathers what comes close together.
      Math.max(everyMs / 4, lastStart + gapMs - performance.now()),
    );
    // The timer alone never keeps a process alive (a script).
    timer.unref();
  }

  const flushNow = async () => {
    await running;
    await startBatch();
  };
  return {
    view,
    counts,
    held: () => filling.length,
    flush: flushNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await flushNow();
    },
  };
}
