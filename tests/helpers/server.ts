import type { Subprocess } from 'bun';
import { freshDataDir } from './template-db.ts';

export type RunningServer = {
  url: string;
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  dataDir?: string;
  output: () => string;
  stop: () => Promise<number>;
  /** Under WEB_CONCURRENCY, the number of the process that answered the request with this X-Request-Id (from its access line). */
  processOf: (requestId: string) => Promise<number>;
};

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
  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  while (!url) {
    const match = output.match(/"msg":"listening","url":"([^"]+)"/);
    if (match) url = match[1];
    else if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${output}`);
    else if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
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
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server never became healthy:\n${output}`);
    await Bun.sleep(25);
  }
  while (waitForHealthy && Number(env.WEB_CONCURRENCY ?? 1) > 1 && !output.includes('"msg":"all processes ready"')) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`not every process became ready:\n${output}`);
    await Bun.sleep(25);
  }
  return {
    url,
    proc,
    dataDir: dir,
    output: () => output,
    stop: async () => {
      proc.kill('SIGTERM');
      return proc.exited;
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
