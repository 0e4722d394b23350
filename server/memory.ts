import { edenGC } from 'bun:jsc';
import type { Clock } from '../lib/time/clock.ts';
import { millisecondsOf, systemClock } from './clock.ts';
import { counter, gauge, type MetricFamily } from './metrics.ts';

// Keeping a small server's memory small. Under a burst of requests Bun's allocators hold on to what the
// burst freed: JavaScriptCore sizes its young generation in proportion to its heap, and the embedded
// database's WebAssembly memory (128 MB) counts as heap, so it lets tens of megabytes of a burst's
// short-lived objects pile up before it looks; mimalloc keeps freed pages for reuse. The resident size
// then climbs 100 to 200 MB above what the server really holds and comes down only slowly.
//
// Above a soft limit, every CHECK_MS, this collects the young generation (`edenGC`: a few milliseconds
// under load, 0.04 ms idle), which frees a burst's garbage before it piles up. Only when the size has
// grown HEADROOM_MB beyond where the last full collection left it, or FULL_EVERY_MS after it, does it
// run one (`Bun.gc(true)`: a full collection, and mimalloc hands pages back; 25 to 90 ms under load).
// Full collections alone, every 16 MB of growth, cost the fast lane 10 to 20% of its throughput under
// the bench's load; with young ones between them, 3 full collections replace about 35 and the resident
// size stays lower. When what the server really holds exceeds the limit (a bigger database, many kept
// pages), collecting cannot bring it under, hence the headroom before the next full collection.

const CHECK_MS = 250;
const HEADROOM_BYTES = 16 * 1024 * 1024;
/**
 * A full collection at least this often while above the limit: young collections free a burst's objects
 * but hand no memory back, so after a burst the size would otherwise stay where it peaked (on PostgreSQL
 * it drifted from 154 to 166 MB over 10 s after a load; the full collection took it to 149 MB). Under a
 * steady load it costs one full collection in 40 young ones (well under 1% of the time).
 */
const FULL_EVERY_MS = 10_000;

type Collection = 'young' | 'full';

export type MemoryGovernor = {
  /** One look at the size, collecting when it is over (what the timer runs every CHECK_MS). */
  check(): void;
  /** For /metrics: the collections run and their time, by kind, and the limit. */
  metrics(): MetricFamily[];
  stop(): void;
};

export function startMemoryGovernor({
  softLimitMb,
  rss = () => process.memoryUsage.rss(),
  collect = { young: () => void edenGC(), full: () => Bun.gc(true) },
  timer: runsOnTimer = true,
  now = systemClock,
}: {
  /** 0: off. */
  softLimitMb: number;
  rss?: () => number;
  collect?: Record<Collection, () => void>;
  /** false: only `check()` looks (tests drive it, so no timing on a loaded machine decides them). */
  timer?: boolean;
  /** For the time since the last full collection. */
  now?: Clock;
}): MemoryGovernor {
  const limit = softLimitMb * 1024 * 1024;
  let settled = 0;
  const milliseconds = millisecondsOf(now);
  let lastFull = Number.NEGATIVE_INFINITY;
  const runs: Record<Collection, { count: number; seconds: number }> = { young: { count: 0, seconds: 0 }, full: { count: 0, seconds: 0 } };
  const run = (kind: Collection) => {
    const started = performance.now();
    collect[kind]();
    runs[kind].seconds += (performance.now() - started) / 1000;
    runs[kind].count++;
  };
  const check = () => {
    if (limit <= 0) return;
    const size = rss();
    if (size <= limit) return;
    if (size <= settled + HEADROOM_BYTES && milliseconds() - lastFull < FULL_EVERY_MS) return run('young');
    run('full');
    settled = rss();
    lastFull = milliseconds();
  };
  const timer = limit > 0 && runsOnTimer ? setInterval(check, CHECK_MS) : undefined;
  timer?.unref();
  const byKind = (field: 'count' | 'seconds') => (['full', 'young'] as const).map((kind) => ({ labels: { kind }, value: runs[kind][field] }));
  return {
    check,
    metrics: () => [
      gauge('memory_soft_limit_bytes', 'Resident size above which the server collects garbage at once (MEMORY_SOFT_LIMIT_MB; 0: off).', [{ value: limit }]),
      counter(
        'memory_collections_total',
        'Garbage collections the server ran because it was above its soft memory limit, by kind (young generation or full).',
        byKind('count'),
      ),
      counter('memory_collection_seconds_total', 'Time those collections took, by kind.', byKind('seconds')),
    ],
    stop: () => clearInterval(timer),
  };
}
