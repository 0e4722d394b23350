import { rmSync } from 'node:fs';
import type { Subprocess } from 'bun';
import { freshDataDir } from './template-db.ts';

export type RunningServer = {
  url: string;
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  dataDir?: string;
  output: () => string;
  /**
   * SIGTERM, and the exit code once it has exited. The data folder startServer made for it (about 40 MB)
   * goes with it, unless `keepData` (to start again on it, or read it: it then goes with the next server
   * started on it; else the test removes it, or the next test process, tests/helpers/template-db.ts).
   */
  stop: (options?: { keepData?: boolean }) => Promise<number>;
  /** Under WEB_CONCURRENCY, the number of the process that answered the request with this X-Request-Id (from its access line). */
  processOf: (requestId: string) => Promise<number>;
};

/** Data folders startServer made and no server has removed yet (one stopped with keepData passes its folder on). */
const madeHere = new Set<string>();

/**
 * Starts `bun server.ts` as a visitor would meet it: a free port, a fresh embedded database (or
 * DATABASE_URL), production mode. Resolves once the server is listening and /healthz answers 200
 * (unless waitForHealthy is false), and with WEB_CONCURRENCY above 1, once every process is ready.
 * `preload` names a file Bun runs first in the server process (a fault to inject).
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  { waitForHealthy = true, preload }: { waitForHealthy?: boolean; preload?: string } = {},
): Promise<RunningServer> {
  // `DATABASE_URL: ''` in env asks for the embedded database even when the suite runs on PostgreSQL.
  const dir = (env.DATABASE_URL ?? process.env.DATABASE_URL) ? undefined : (dataDir ?? (await freshDataDir()));
  if (dir && !dataDir) madeHere.add(dir);
  // This server owns the folder when startServer made it, for it or for a server stopped with keepData.
  const owned = dir !== undefined && madeHere.has(dir);
  const removeData = () => {
    if (!owned || !dir) return;
    rmSync(dir, { recursive: true, force: true });
    madeHere.delete(dir);
  };
  const proc = Bun.spawn(['bun', ...(preload ? ['--preload', preload] : []), 'server.ts'], {
    env: { ...process.env, PORT: '0', NODE_ENV: 'production', PUBLIC_SITE_URL: '', ...(dir ? { DATA_DIR: dir } : {}), ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk);
  };
  void collect(proc.stdout);
  void collect(proc.stderr);
  // A server that did not come up is stopped, and its folder goes with it.
  const failed = (why: string) => {
    proc.kill('SIGKILL');
    void proc.exited.then(removeData);
    return new Error(`${why}:\n${output}`);
  };
  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  while (!url) {
    const match = output.match(/"msg":"listening","url":"([^"]+)"/);
    if (match) url = match[1];
    else if (proc.exitCode !== null) throw failed(`server exited (${proc.exitCode})`);
    else if (Date.now() > deadline) throw failed('server did not start');
    else await Bun.sleep(25);
  }
  // On PostgreSQL the server listens before its migrations finish; tests start once it is healthy.
  while (
    waitForHealthy &&
    (await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (proc.exitCode !== null || Date.now() > deadline) throw failed('server never became healthy');
    await Bun.sleep(25);
  }
  while (waitForHealthy && Number(env.WEB_CONCURRENCY ?? 1) > 1 && !output.includes('"msg":"all processes ready"')) {
    if (proc.exitCode !== null || Date.now() > deadline) throw failed('not every process became ready');
    await Bun.sleep(25);
  }
  return {
    url,
    proc,
    dataDir: dir,
    output: () => output,
    stop: async ({ keepData = false } = {}) => {
      proc.kill('SIGTERM');
      const code = await proc.exited;
      if (!keepData) removeData();
      return code;
    },
    processOf: async (requestId) => {
      // Access lines are written at the end of the event loop's turn: wait a moment for this one.
      const line = new RegExp(`"requestId":"${requestId}"[^\\n]*"process":(\\d+)`);
      for (let waited = 0; waited < 5000; waited += 20) {
        const match = output.match(line);
        if (match) return Number(match[1]);
        await Bun.sleep(20);
      }
      throw new Error(`no access line for ${requestId}`);
    },
  };
}
