import type { Sql } from 'postgres';
import { leadsSince, notificationQueue } from '../db/queries/metrics.ts';
import type { Config } from '../lib/config.ts';
import { CHANNELS, type Channel } from '../lib/leads/notifications.ts';
import { agency } from '../lib/site.ts';
import type { Clock } from '../lib/time/clock.ts';
import { wallClock, zonedInstant } from '../lib/time/zoned.ts';
import type { DatabaseHealth } from './database-health.ts';
import { databaseWork, withDatabaseDeadline } from './deadline.ts';
import { counter, gauge, Histogram, type MetricFamily, MetricsRegistry } from './metrics.ts';
import type { PageCache } from './page-cache.ts';
import { uncaughtErrors } from './process-errors.ts';

/** What the site counts as it serves, and the registry /metrics renders (others add collectors to it). */
export type SiteMetrics = {
  registry: MetricsRegistry;
  /** One answered request, when its access line is recorded: its route pattern, status and start (performance.now()). */
  request(route: string, status: number, started: number): void;
  /** One delivery attempt of this process's worker: sent, or failed (to be retried, or dead). */
  notification(channel: Channel, outcome: 'sent' | 'failed'): void;
};

/** A scrape's database reads get this long; past it their figures are left out of that scrape. */
const SCRAPE_DATABASE_DEADLINE_MS = 1000;
const startedAt = Date.now() / 1000;

export function createSiteMetrics({
  sql,
  config,
  pageCache,
  databaseHealth,
  now,
}: {
  sql: Sql;
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>;
  pageCache: PageCache;
  databaseHealth: DatabaseHealth;
  now: Clock;
}): SiteMetrics {
  const routes = new Map<string, { statuses: Map<number, number>; latency: Histogram }>();
  const sent = new Map<Channel, number>(CHANNELS.map((c) => [c, 0]));
  const failed = new Map<Channel, number>(CHANNELS.map((c) => [c, 0]));
  const registry = new MetricsRegistry();

  registry.register(() => {
    const requests: MetricFamily = counter('http_requests_total', 'Requests answered, by route pattern and status.', []);
    const latency: MetricFamily = {
      name: 'http_request_duration_seconds',
      help: 'Time from a request reaching the site to its answer being ready, by route pattern.',
      type: 'histogram',
      samples: [],
    };
    for (const [route, { statuses, latency: histogram }] of routes) {
      for (const [status, count] of statuses) requests.samples.push({ labels: { route, status: String(status) }, value: count });
      latency.samples.push(...histogram.samples({ route }));
    }
    return [requests, latency];
  });

  registry.register(() => [
    counter('page_cache_hits_total', 'Answers served from a kept copy: by the fast lane before routing, or by a page handler.', [
      { labels: { lane: 'fast' }, value: pageCache.stats.laneHits },
      { labels: { lane: 'app' }, value: pageCache.stats.hits },
    ]),
    counter('page_cache_misses_total', 'Copies the page cache had to make (render) because none was kept.', [{ value: pageCache.stats.misses }]),
    gauge('page_cache_entries', 'Copies kept now.', [{ value: pageCache.size }]),
  ]);

  registry.register(() => [
    counter(
      'notifications_sent_total',
      "Lead notifications delivered by this process's worker, by channel.",
      CHANNELS.map((channel) => ({ labels: { channel }, value: sent.get(channel) ?? 0 })),
    ),
    counter(
      'notifications_failed_total',
      "Lead notification attempts that failed in this process's worker (retried later, or dead), by channel.",
      CHANNELS.map((channel) => ({ labels: { channel }, value: failed.get(channel) ?? 0 })),
    ),
  ]);

  registry.register(() => [
    gauge('database_up', 'Whether the database answered its last check (every half second): 1 or 0.', [{ value: databaseHealth.isUp() ? 1 : 0 }]),
    gauge('database_pool_max_connections', 'Connections this process may open to the database (the embedded database has one).', [
      { value: config.DATABASE_URL ? config.DATABASE_POOL_MAX : 1 },
    ]),
    gauge('database_operations_in_flight', 'Database operations started under a deadline and not yet finished (waiting for a connection or running).', [
      { value: databaseWork.inFlight },
    ]),
    counter('database_deadline_exceeded_total', 'Database operations that missed their deadline (answered 503, then cancelled).', [
      { value: databaseWork.expired },
    ]),
  ]);

  registry.register(async () => {
    const at = now();
    const today = wallClock(at, agency.timeZone);
    const [queue, leadsToday] = await withDatabaseDeadline(
      sql,
      (db) => Promise.all([notificationQueue(db, at), leadsSince(db, zonedInstant(today, 0, agency.timeZone))]),
      SCRAPE_DATABASE_DEADLINE_MS,
    );
    return [
      gauge(
        'notification_jobs',
        'Jobs of the notification queue (emails, webhooks, site checks) by state: queued (due or waiting to retry), running, dead (given up until staff retry).',
        [
          { labels: { state: 'queued' }, value: queue.queued },
          { labels: { state: 'running' }, value: queue.running },
          { labels: { state: 'dead' }, value: queue.dead },
        ],
      ),
      gauge('notification_jobs_oldest_due_age_seconds', 'How long the job due longest has waited for a worker (0 when none is due).', [
        { value: queue.oldestDueSeconds },
      ]),
      gauge('leads_today', 'Leads (audits and applications, not spam) stored since midnight in Toronto.', [{ value: leadsToday }]),
    ];
  });

  registry.register(() => {
    const memory = process.memoryUsage();
    return [
      gauge('process_resident_memory_bytes', 'Resident set size of this process.', [{ value: memory.rss }]),
      // Bun's heapUsed counts the memory objects own outside the heap too (`external`: array buffers, the
      // embedded database's WebAssembly memory), which made "used" many times "total": kept apart.
      gauge('process_heap_used_bytes', "JavaScript objects in JavaScriptCore's heap.", [{ value: Math.max(0, memory.heapUsed - memory.external) }]),
      gauge('process_heap_total_bytes', "The heap's blocks of small objects (Bun's heapTotal; large objects are kept outside them).", [
        { value: memory.heapTotal },
      ]),
      gauge('process_external_memory_bytes', "Memory JavaScript objects hold outside the heap: array buffers, the embedded database's WebAssembly memory.", [
        { value: memory.external },
      ]),
      gauge('process_start_time_seconds', 'When this process started (Unix time).', [{ value: startedAt }]),
      counter('process_uncaught_errors_total', 'Errors nothing caught since start-up: logged, and the process served on.', [{ value: uncaughtErrors.count }]),
    ];
  });

  return {
    registry,
    request(route, status, started) {
      let entry = routes.get(route);
      if (!entry) routes.set(route, (entry = { statuses: new Map(), latency: new Histogram() }));
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      entry.latency.observe((performance.now() - started) / 1000);
    },
    notification(channel, outcome) {
      const counts = outcome === 'sent' ? sent : failed;
      counts.set(channel, (counts.get(channel) ?? 0) + 1);
    },
  };
}
