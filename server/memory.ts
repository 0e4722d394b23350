import { counter, gauge, type MetricFamily } from './metrics.ts';

// Keeping a small server's memory small. Under a burst of requests Bun's allocators hold on to what the
// burst freed: JavaScriptCore collects when its heap has grown in proportion to itself (the embedded
// database's WebAssembly memory counts as heap, so it waits long), and mimalloc keeps freed pages for
// reuse. The resident size then climbs 100 to 200 MB above what the server really holds and comes down
// only slowly. Above a soft limit this collects at once and has mimalloc hand pages back (`Bun.gc(true)`:
// a full collection, 25 to 45 ms), at most every CHECK_MS. Below it nothing runs. When what the server
// really holds exceeds the limit (a bigger database, many kept pages), collecting again cannot bring it
// under, so the next collection waits until the size has grown HEADROOM_MB beyond where the last one
// left it.

const CHECK_MS = 250;
const HEADROOM_BYTES = 16 * 1024 * 1024;

export type MemoryGovernor = {
  /** One look at the size, collecting when it is over (what the timer runs every CHECK_MS). */
  check(): void;
  /** For /metrics: the collections run and their time, and the limit. */
  metrics(): MetricFamily[];
  stop(): void;
};

export function startMemoryGovernor({
  softLimitMb,
  rss = () => process.memoryUsage.rss(),
  collect = () => Bun.gc(true),
  timer: runsOnTimer = true,
}: {
  /** 0: off. */
  softLimitMb: number;
  rss?: () => number;
  collect?: () => void;
  /** false: only `check()` looks (tests drive it, so no timing on a loaded machine decides them). */
  timer?: boolean;
}): MemoryGovernor {
  const limit = softLimitMb * 1024 * 1024;
  let settled = 0;
  let collections = 0;
  let seconds = 0;
  const check = () => {
    if (limit <= 0) return;
    const now = rss();
    if (now <= Math.max(limit, settled + HEADROOM_BYTES)) return;
    const started = performance.now();
    collect();
    seconds += (performance.now() - started) / 1000;
    collections++;
    settled = rss();
  };
  const timer = limit > 0 && runsOnTimer ? setInterval(check, CHECK_MS) : undefined;
  timer?.unref();
  return {
    check,
    metrics: () => [
      gauge('memory_soft_limit_bytes', 'Resident size above which the server collects garbage at once (MEMORY_SOFT_LIMIT_MB; 0: off).', [{ value: limit }]),
      counter('memory_collections_total', 'Garbage collections the server ran because it was above its soft memory limit.', [{ value: collections }]),
      counter('memory_collection_seconds_total', 'Time those collections took.', [{ value: seconds }]),
    ],
    stop: () => clearInterval(timer),
  };
}
