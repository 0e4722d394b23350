import type { Logger } from '../../server/log.ts';

// A task a process looks at on a timer (the retention sweep, the staff's morning emails): one look at a
// time, the first `firstMs` after start and each next one `everyMs` after the last ended, so a slow look
// never piles up behind itself. Whether a look finds work is the task's own business (it reads the
// injected clock), so tests call `runDue` with the time they set.

export type Looks<T> = {
  /** Looks now, or joins the look under way. */
  runDue(): Promise<T>;
  /** True once `stop` was called: a long look checks it between steps. */
  stopping(): boolean;
  /** No further looks; waits for the one under way. */
  stop(): Promise<void>;
};

export function startLooks<T>(
  look: () => Promise<T>,
  { log, failure, firstMs, everyMs }: { log: Logger /** The warning logged when a look throws. */; failure: string; firstMs: number; everyMs: number },
): Looks<T> {
  let running: Promise<T> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const runDue = (): Promise<T> => {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runDue()
        .catch((error) => log.warn(failure, { error: String((error as Error)?.message ?? error) }))
        .finally(() => schedule(everyMs));
    }, ms);
  };
  schedule(firstMs);

  return {
    runDue,
    stopping: () => stopped,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
