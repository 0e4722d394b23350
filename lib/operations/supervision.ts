// When the supervisor (server/supervisor.ts) starts a crashed server process again. Pure.

/** A process that lived at least this long had been serving: it is restarted after the shortest wait. */
export const STEADY_MS = 10_000;
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 30_000;

/**
 * The wait before restarting a process that ran `livedMs` and was restarted after `previousWaitMs` last
 * time (0 for its first crash): at once-ish after a steady run, doubling while it keeps crashing soon
 * after starting (a bad deploy, a database that refuses it), up to half a minute.
 */
export function restartWaitMs(livedMs: number, previousWaitMs: number): number {
  if (livedMs >= STEADY_MS || previousWaitMs === 0) return FIRST_WAIT_MS;
  return Math.min(LONGEST_WAIT_MS, previousWaitMs * 2);
}
