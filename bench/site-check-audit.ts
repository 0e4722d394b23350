// `bun bench/site-check-audit.ts`: the audit's answer time when the visitor's website never answers
// (issue 32). The check runs in the background (the queue), so an audit with a website must answer as
// fast as one without. The server (`bun server.ts`, production mode, its own worker) runs on a scratch
// database (embedded, then PostgreSQL at BENCH_POSTGRES_URL or 127.0.0.1:5432 when it answers), with
// SITE_CHECK_ALLOW_HOSTS letting through BENCH_AUDITS loopback ports that accept every connection and
// never reply (a site each, so no audit's check is answered by the hourly cache or shared with another). After a warm-up, BENCH_AUDITS (50) audits without a website and as many with one are posted,
// one at a time and interleaved, each timed from its POST to its answer; p50, p99 and the slowest of each.
// Writes bench/results/site-check-audit.md. Never part of the test suite.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { formBodies } from './form-bodies.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';

const AUDITS = Number(process.env.BENCH_AUDITS ?? 50);
const WARM_UP = 10;
const POSTGRES = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** A port that takes every connection and never says a word (each socket held until the end). */
async function silentSite(): Promise<{ port: number; connections: () => number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function postgresAnswers(): Promise<boolean> {
  const sql = postgres(POSTGRES, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function database(kind: 'embedded' | 'postgres'): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'postgres') {
    const scratch = await scratchPostgresDatabase(POSTGRES, 'bench_site_check_audit');
    return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tlm-bench-site-check-'));
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the server and resolves with its address once it logs that it listens. */
async function startServer(env: Record<string, string>): Promise<{ url: string; proc: ReturnType<typeof Bun.spawn> }> {
  const proc = Bun.spawn(['bun', 'server.ts'], { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit' });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the server stopped before it listened');
    buffered += decoder.decode(value);
    const line = buffered.split('\n').find((l) => l.includes('"msg":"listening"'));
    if (line) {
      // Keep draining its log so its writes never block.
      void (async () => {
        while (!(await reader.read()).done) {}
      })();
      return { url: (JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1'), proc };
    }
  }
}

async function waitHealthy(url: string) {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.status === 200) return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} never became healthy`);
}

const { audit } = formBodies('SiteCheckBench');

async function timedPost(url: string, website: string): Promise<number> {
  const id = crypto.randomUUID();
  const started = performance.now();
  const res = await fetch(`${url}/api/business-audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...audit, id, email: `bench+${id}@example.ca`, website }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`audit answered ${res.status}`);
  return ms;
}

async function run(kind: 'embedded' | 'postgres'): Promise<string[]> {
  const sites = await Promise.all(Array.from({ length: AUDITS + WARM_UP }, () => silentSite()));
  const db = await database(kind);
  const server = await startServer({
    ...db.env,
    NODE_ENV: 'production',
    PORT: '0',
    RATE_LIMITS: 'off',
    WEB_CONCURRENCY: '1',
    SITE_CHECK_ALLOW_HOSTS: sites.map((s) => `127.0.0.1:${s.port}`).join(','),
  });
  try {
    await waitHealthy(server.url);
    const site = (i: number) => `http://127.0.0.1:${sites[i].port}/`;
    for (let i = 0; i < WARM_UP; i++) await timedPost(server.url, i % 2 ? site(AUDITS + i) : '');
    const without: number[] = [];
    const withSite: number[] = [];
    for (let i = 0; i < AUDITS; i++) {
      without.push(await timedPost(server.url, ''));
      withSite.push(await timedPost(server.url, site(i)));
    }
    // Give the worker time to reach the silent sites: their checks were under way while the audits answered.
    await Bun.sleep(1000);
    const row = (label: string, xs: number[]) =>
      `| ${kind} | ${label} | ${xs.length} | ${percentile(xs, 50).toFixed(1)} ms | ${percentile(xs, 99).toFixed(1)} ms | ${Math.max(...xs).toFixed(1)} ms |`;
    return [
      row('no website', without),
      row(`website that never answers (${sites.reduce((n, s) => n + s.connections(), 0)} connections held by the sites)`, withSite),
    ];
  } finally {
    server.proc.kill('SIGTERM');
    await server.proc.exited;
    await Promise.all(sites.map((s) => s.stop()));
    await db.drop();
  }
}

const rows = [...(await run('embedded'))];
if (await postgresAnswers()) rows.push(...(await run('postgres')));
const cpu =
  (
    await Bun.file('/proc/cpuinfo')
      .text()
      .catch(() => '')
  ).match(/model name\s*:\s*(.+)/)?.[1] ?? 'unknown CPU';
const report = `# The audit's answer time when the website never answers (issue 32)

\`bun bench/site-check-audit.ts\`, ${new Date().toISOString().slice(0, 10)}, ${cpu}, Bun ${Bun.version}. The server
(\`bun server.ts\`, production, one process with its worker) on a scratch database; SITE_CHECK_ALLOW_HOSTS lets
through ${AUDITS + WARM_UP} loopback ports that accept every connection and never reply (a silent site per audit, so
no check is answered by the hourly cache). ${WARM_UP} warm-up audits, then
${AUDITS} audits without a website and ${AUDITS} each naming its own silent site, one at a time and interleaved, each
timed from its POST to its 201. The check runs in the background (the queue's \`site-check\` job, 5 s budget,
4 jobs at a time), so the answer does not wait for it. With n = 50, p99 is the slowest.

| Database | Audits | n | p50 | p99 | slowest |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
writeFileSync('bench/results/site-check-audit.md', report);
console.log(report);
