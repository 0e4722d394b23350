// What the benchmark scripts share: pinning to a core, starting a server process whose log goes to a
// drain on the load generator's core, running wrk, and a median. Never part of the test suite.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;
export const hasTaskset = Bun.which('taskset') !== null;
export const pin = (core: number, cmd: string[]) => (hasTaskset ? ['taskset', '-c', String(core), ...cmd] : cmd);

export type Proc = ReturnType<typeof Bun.spawn>;
// A server's stdout (one access-log line per request) goes through a named pipe to a drain on wrk's
// core, as a log shipper would take it in production: the server pays only for its write() calls,
// not for a file's page cache and writeback, and this process drains nothing while it measures. The
// drain keeps the lines up to the listening line in a file.
export const logDir = mkdtempSync(join(tmpdir(), 'tlm-bench-logs-'));
let logCount = 0;
/** Starts `cmd` and resolves once it logs the line `until` ("listening", or a supervisor's "all processes ready") with its url. */
export async function startProcess(
  cmd: string[],
  env: Record<string, string>,
  { until = 'listening' }: { until?: string } = {},
): Promise<{ url: string; proc: Proc; startedMs: number }> {
  const name = `${++logCount}-${cmd.at(-1)!.replace(/\W/g, '_')}`;
  const log = join(logDir, `${name}.log`);
  const fifo = join(logDir, `${name}.fifo`);
  Bun.spawnSync(['mkfifo', fifo]);
  // The drain opens the pipe itself: opening a named pipe waits for the other end.
  const drain =
    'exec < "$2"; while IFS= read -r line; do printf "%s\\n" "$line" >> "$1"; case "$line" in *"\\"msg\\":\\"$3\\""*) break;; esac; done; exec cat > /dev/null';
  Bun.spawn(pin(1, ['sh', '-c', drain, 'drain', log, fifo, until]), { stdin: 'ignore', stdout: 'ignore' });
  const t0 = performance.now();
  const proc = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdout: Bun.file(fifo), stderr: 'inherit' });
  const deadline = t0 + 60_000;
  while (true) {
    const out = await Bun.file(log)
      .text()
      .catch(() => '');
    const m = out.match(new RegExp(`"msg":"${until}".*"url":"([^"]+)"`));
    if (m) return { url: m[1].replace(/\/$/, ''), proc, startedMs: performance.now() - t0 };
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`process exited before listening: ${out}`);
    if (performance.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`process not listening after 60 s: ${out}`);
    }
    await Bun.sleep(20);
  }
}

export async function firstOk(url: string, t0: number): Promise<number> {
  while (true) {
    try {
      if ((await fetch(url)).ok) return performance.now() - t0;
    } catch {}
    await Bun.sleep(5);
  }
}

/** A line of /proc/PID/status in MB: VmRSS (resident now) or VmHWM (the most it has been, kept by the kernel). */
const statusMb = async (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = await Bun.file(`/proc/${pid}/status`)
    .text()
    .catch(() => '');
  const kb = Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return Math.round(kb / 1024);
};
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** Samples a process's VmRSS every 50 ms until `stop`, which gives the median and largest sample and VmHWM. */
export function sampleRss(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(async () => {
    const mb = await rssMb(pid);
    if (mb > 0) samples.push(mb);
  }, 50);
  return {
    stop: async () => {
      clearInterval(timer);
      return { median: samples.length ? median(samples) : 0, max: samples.length ? Math.max(...samples) : 0, peak: await peakRssMb(pid) };
    },
  };
}

export type WrkResult = { rps: number; requests: number; p50: string; p99: string; non2xx: number; errors: number };
export async function wrk(url: string, headers: Record<string, string> = {}, script?: string): Promise<WrkResult> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])];
  if (script) args.push('-s', script);
  const wrkPath = Bun.which('wrk');
  if (!wrkPath) throw new Error('wrk is missing: apt-get install -y wrk');
  const proc = Bun.spawn(pin(1, [wrkPath, ...args, url]), { stdout: 'pipe', stderr: 'pipe' });
  const text = await new Response(proc.stdout).text();
  await proc.exited;
  const rps = Number(text.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const pct = (p: string) => text.match(new RegExp(`\\s${p}%\\s+([\\d.]+\\w+)`))?.[1] ?? '?';
  const non2xx = Number(text.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const errs = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = errs ? errs.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  const requests = Number(text.match(/(\d+) requests in/)?.[1] ?? 0);
  return { rps, requests, p50: pct('50'), p99: pct('99'), non2xx, errors };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * `bun server.ts` with `env` (any port, rate limits off), once its database is open (staff pages answer
 * 503 until then), with `staff` signed in: its address, the session cookie and the process.
 */
export async function startSignedInServer(env: Record<string, string>, staff: { email: string; password: string }) {
  const { url: base, proc } = await startProcess(['bun', 'server.ts'], { PORT: '0', RATE_LIMITS: 'off', ...env });
  while ((await fetch(`${base}/admin/login`)).status === 503) await Bun.sleep(50);
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(staff),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 303 || !cookie) throw new Error(`sign-in failed: ${login.status}`);
  return { base, cookie, proc };
}
