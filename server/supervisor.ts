import type { Subprocess } from 'bun';
import type { Config } from '../lib/config.ts';
import { restartWaitMs } from '../lib/operations/supervision.ts';
import { withDeadline } from './deadline.ts';
import { flushLog, stdoutLog } from './log.ts';

// WEB_CONCURRENCY=N: this process starts N server processes that share the port (each binds it with
// SO_REUSEPORT, and the kernel spreads new connections among them), restarts one that crashes, passes
// SIGTERM and SIGINT on and exits when they have, and on SIGHUP restarts them one at a time (SIGTERM,
// wait for it to exit, start it again, wait until it is ready), which is how a deploy on one machine
// picks up new code without refusing a request. It serves nothing and opens no database itself.

/** What a server process tells its supervisor, over the IPC channel Bun opens between them. */
export type ChildMessage = { type: 'listening'; port: number } | { type: 'ready' };

/** The environment variable that makes a server process one of a supervisor's (its number, from 1; lib/config.ts reads it). */
const CHILD_MARKER = 'WEB_PROCESS' satisfies keyof Config;

/**
 * Set to `when-ready` on a process started while others serve (after a crash, or in a rolling restart):
 * it binds the port once its database is ready. At the first start every process binds at once, so
 * the site answers pages while the database comes up, as a single server does.
 */
const JOIN_MARKER = 'WEB_PROCESS_JOIN' satisfies keyof Config;

/** How long a restarted process may take to be ready before a rolling restart stops where it is. */
const READY_WITHIN_MS = 60_000;

type Child = {
  index: number;
  proc: Subprocess;
  startedAt: number;
  listening: Promise<number>;
  ready: Promise<void>;
  /** Stopped on purpose (a rolling restart or shutdown): not a crash. */
  retiring: boolean;
};

/** The command that starts this same program again: `bun server.ts …`, or the compiled binary itself. */
function ownCommand(): string[] {
  // A compiled binary's argv[1] is its own path inside the binary: its arguments start after it.
  return [process.execPath, ...process.argv.slice(Bun.isStandaloneExecutable ? 2 : 1)];
}

export async function supervise({ processes, port }: { processes: number; port: number }): Promise<void> {
  const log = stdoutLog;
  const command = ownCommand();
  const children: Child[] = [];
  const waits = new Map<number, number>();
  let sharedPort = port;
  let stopping = false;

  let serving = false;
  const start = (index: number): Child => {
    let onListening: (port: number) => void = () => {};
    let onReady: () => void = () => {};
    const listening = new Promise<number>((resolve) => (onListening = resolve));
    const ready = new Promise<void>((resolve) => (onReady = resolve));
    const proc = Bun.spawn(command, {
      // The whole environment, passed on (no variable is read here), with the process's own.
      env: { ...process.env, [CHILD_MARKER]: String(index), [JOIN_MARKER]: serving ? 'when-ready' : 'at-once', PORT: String(sharedPort) },
      stdio: ['ignore', 'inherit', 'inherit'],
      ipc(message: ChildMessage) {
        if (message?.type === 'listening') onListening(message.port);
        else if (message?.type === 'ready') onReady();
      },
    });
    const child: Child = { index, proc, startedAt: Date.now(), listening, ready, retiring: false };
    children[index - 1] = child;
    void proc.exited.then((code) => exited(child, code));
    return child;
  };

  const exited = (child: Child, code: number) => {
    if (stopping || child.retiring || children[child.index - 1] !== child) return;
    const wait = restartWaitMs(Date.now() - child.startedAt, waits.get(child.index) ?? 0);
    waits.set(child.index, wait);
    log.warn('server process exited; starting it again', { process: child.index, code, signal: child.proc.signalCode ?? undefined, inMs: wait });
    setTimeout(() => {
      if (!stopping && children[child.index - 1] === child) start(child.index);
    }, wait);
  };

  /** Resolves with the child's port once it listens; rejects if it exits first. */
  const listeningOf = (child: Child) =>
    Promise.race([
      child.listening,
      child.proc.exited.then((code) => Promise.reject(new Error(`server process ${child.index} exited (${code}) before listening`))),
    ]);

  // The first process binds the port (PORT=0 lets it pick one); the others join it on the same port.
  log.info('starting server processes', { processes });
  try {
    sharedPort = await listeningOf(start(1));
    await Promise.all(Array.from({ length: processes - 1 }, (_, i) => listeningOf(start(i + 2))));
    serving = true;
  } catch (error) {
    stopping = true;
    log.error(String((error as Error).message));
    for (const child of children) child?.proc.kill('SIGTERM');
    await Promise.all(children.map((c) => c?.proc.exited));
    flushLog();
    process.exit(1);
  }
  void Promise.all(children.map((c) => c.ready)).then(() => log.info('all processes ready', { processes, url: `http://localhost:${sharedPort}` }));

  let rolling: Promise<void> | null = null;
  let rollAgain = false;
  const roll = async () => {
    log.info('rolling restart started', { processes });
    for (let index = 1; index <= processes && !stopping; index++) {
      const old = children[index - 1];
      old.retiring = true;
      old.proc.kill('SIGTERM');
      await old.proc.exited;
      if (stopping) return;
      const fresh = start(index);
      const ok = await withDeadline(READY_WITHIN_MS, Promise.race([fresh.ready.then(() => true), fresh.proc.exited.then(() => false)]), {
        onExpiry: () => false,
      });
      if (!ok) {
        log.error('rolling restart stopped: a restarted process did not become ready', { process: index });
        return;
      }
    }
    log.info('rolling restart finished', { processes });
  };
  process.on('SIGHUP', () => {
    if (stopping) return;
    if (rolling) {
      rollAgain = true;
      return;
    }
    rolling = (async () => {
      do {
        rollAgain = false;
        await roll();
      } while (rollAgain && !stopping);
      rolling = null;
    })();
  });

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal, processes });
    for (const child of children) child.proc.kill(signal);
    await Promise.all(children.map((c) => c.proc.exited));
    flushLog();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
