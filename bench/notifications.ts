// `bun run bench:notifications`: what the notification queue costs and how fast a lead reaches a person.
//
// 1. Latency: the server on a scratch database (embedded, then PostgreSQL when one answers at
//    BENCH_POSTGRES_URL or 127.0.0.1:5432), with a real SMTP server and webhook receiver (the tests'
//    own, on loopback); 200 audits at 20 a second (BENCH_LEADS, BENCH_RATE), each timed from its POST
//    to the SMTP server's acceptance of the team's email and of the prospect's, and to the webhook.
// 2. Throughput: POST /api/business-audit under wrk, the site before the queue (BENCH_BASE, default the
//    commit before it) and as it is now (queue, worker and real deliveries included), side by side on
//    core 0 with a wrk each on core 1 (so this VM's swings hit both alike), BENCH_ROUNDS rounds.
// Writes bench/results/notifications.md. Never part of the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startSmtpServer } from '../tests/fixtures/smtp-server.ts';
import { startWebhookReceiver } from '../tests/fixtures/webhook-receiver.ts';
import { formBodies } from './form-bodies.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';
import { hasTaskset, median, pin, SECONDS, startProcess, wrk } from './tools.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE = process.env.BENCH_BASE ?? (await firstCommitOf('db/migrations/0005_lead_delivery.sql'));
const POSTGRES = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = `whsec_${Buffer.from('northline-bench-webhook-secret-32').toString('base64')}`;

// This process hosts the SMTP server and the receiver: it shares wrk's core, not the servers'.
if (hasTaskset) Bun.spawnSync(['taskset', '-cp', '1', String(process.pid)]);

async function firstCommitOf(path: string): Promise<string> {
  const out = Bun.spawnSync(['git', 'log', '--diff-filter=A', '--format=%H', '--', path]).stdout.toString().trim().split('\n');
  const added = out.at(-1);
  if (!added) throw new Error(`${path} is not in the history: set BENCH_BASE`);
  return `${added}~1`;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

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

/** A fresh database for one server: DATA_DIR or DATABASE_URL, and how to remove it. */
async function database(kind: 'embedded' | 'postgres', name: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'postgres') {
    const scratch = await scratchPostgresDatabase(POSTGRES, name);
    return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), `tlm-${name}-`));
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const { audit } = formBodies('Bench');

async function waitHealthy(url: string) {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.status === 200) return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} never became healthy`);
}

async function latency(kind: 'embedded' | 'postgres'): Promise<string> {
  const smtp = await startSmtpServer();
  const receiver = startWebhookReceiver(SECRET);
  const db = await database(kind, 'bench_notify');
  const env = {
    ...db.env,
    NODE_ENV: 'production',
    PORT: '0',
    RATE_LIMITS: 'off',
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_EMAIL: 'leads@northlinedigital.ca',
    LEAD_WEBHOOK_URL: receiver.url,
    LEAD_WEBHOOK_SECRET: SECRET,
  };
  const server = await startProcess(pin(0, ['bun', 'server.ts']), env);
  try {
    await waitHealthy(server.url);
    const sent = new Map<string, number>();
    const posts: Promise<unknown>[] = [];
    for (let i = 0; i < LEADS; i++) {
      const id = crypto.randomUUID();
      sent.set(id, Date.now());
      posts.push(
        fetch(`${server.url}/api/business-audit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...audit, id }) }),
      );
      await Bun.sleep(1000 / RATE);
    }
    await Promise.all(posts);
    await smtp.waitFor(LEADS * 2, 120_000);
    await receiver.waitFor(LEADS, 120_000);
    const delays: Record<'staff-email' | 'prospect-email' | 'webhook', number[]> = { 'staff-email': [], 'prospect-email': [], webhook: [] };
    for (const mail of smtp.received) {
      const m = (mail.parsed.messageId ?? '').match(/^<lead\.audit\.([\w-]+)\.(staff-email|prospect-email)@/);
      if (m && sent.has(m[1])) delays[m[2] as 'staff-email'].push(mail.at - (sent.get(m[1]) ?? 0));
    }
    for (const hook of receiver.requests) {
      const id = hook.id.replace('msg_lead_audit_', '');
      if (sent.has(id)) delays.webhook.push(hook.at - (sent.get(id) ?? 0));
    }
    return Object.entries(delays)
      .map(([channel, xs]) => `| ${kind} | ${channel} | ${xs.length} | ${percentile(xs, 50)} ms | ${percentile(xs, 99)} ms | ${Math.max(...xs)} ms |`)
      .join('\n');
  } finally {
    server.proc.kill('SIGTERM');
    await server.proc.exited;
    await receiver.stop();
    await smtp.stop();
    await db.drop();
  }
}

/** The site at BASE, checked out and built beside this one (git worktree). */
async function baseCheckout(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tlm-bench-base-'));
  const run = (cmd: string[], cwd = '.') => {
    const r = Bun.spawnSync(cmd, { cwd, stdout: 'pipe', stderr: 'pipe' });
    if (r.exitCode !== 0) throw new Error(`${cmd.join(' ')}: ${r.stderr.toString()}`);
  };
  run(['git', 'worktree', 'add', '--detach', dir, BASE]);
  run(['bun', 'install', '--frozen-lockfile'], dir);
  run(['bun', 'run', 'build'], dir);
  return { dir, remove: () => run(['git', 'worktree', 'remove', '--force', dir]) };
}

async function throughput(kind: 'embedded' | 'postgres', baseDir: string): Promise<string> {
  const smtp = await startSmtpServer();
  const [beforeDb, afterDb] = await Promise.all([database(kind, 'bench_before'), database(kind, 'bench_after')]);
  const common = { NODE_ENV: 'production', PORT: '0', RATE_LIMITS: 'off' };
  const before = await startProcess(pin(0, ['bun', join(baseDir, 'server.ts')]), { ...common, ...beforeDb.env });
  const after = await startProcess(pin(0, ['bun', 'server.ts']), {
    ...common,
    ...afterDb.env,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_EMAIL: 'leads@northlinedigital.ca',
  });
  const script = join(tmpdir(), 'tlm-bench-notify-audit.lua');
  await Bun.write(script, `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [[${JSON.stringify(audit)}]]\n`);
  try {
    await Promise.all([waitHealthy(before.url), waitHealthy(after.url)]);
    const rows: { before: number; after: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [b, a] = await Promise.all([wrk(`${before.url}/api/business-audit`, {}, script), wrk(`${after.url}/api/business-audit`, {}, script)]);
      if (b.non2xx || a.non2xx) throw new Error(`non-2xx answers: before ${b.non2xx}, after ${a.non2xx}`);
      rows.push({ before: b.rps, after: a.rps });
    }
    // Deliveries still queued when the load stopped: how far the worker fell behind.
    const backlog = Math.round(Math.max(0, rows.reduce((sum, r) => sum + r.after, 0) * SECONDS * 2 - smtp.received.length));
    const ratios = rows.map((r) => r.after / r.before);
    return `| ${kind} | ${Math.round(median(rows.map((r) => r.before)))} | ${Math.round(median(rows.map((r) => r.after)))} | ${median(ratios).toFixed(2)}× (${ratios.map((x) => x.toFixed(2)).join('/')}) | ${smtp.received.length} sent, ~${backlog} still queued when the load stopped |`;
  } finally {
    for (const s of [before, after]) {
      s.proc.kill('SIGTERM');
      await s.proc.exited;
    }
    await smtp.stop();
    await beforeDb.drop();
    await afterDb.drop();
  }
}

const kinds: ('embedded' | 'postgres')[] = (await postgresAnswers()) ? ['embedded', 'postgres'] : ['embedded'];
const latencyRows: string[] = [];
for (const kind of kinds) latencyRows.push(await latency(kind));
const base = await baseCheckout();
const throughputRows: string[] = [];
try {
  for (const kind of kinds) throughputRows.push(await throughput(kind, base.dir));
} finally {
  base.remove();
}

const report = `# Lead notifications

${new Date().toISOString().slice(0, 10)}, ${navigator.hardwareConcurrency} cores; server ${hasTaskset ? 'pinned to core 0, load and the SMTP server on core 1' : 'unpinned (no taskset)'}.

## From submission to the person (\`bun run bench:notifications\`)

${LEADS} audits at ${RATE} a second, each timed from its POST to the moment the SMTP server accepted its
email (or the receiver got its webhook). Real SMTP server and receiver on loopback; the worker inside the
server process.

| database | notification | count | p50 | p99 | slowest |
|---|---|---|---|---|---|
${latencyRows.join('\n')}

## POST /api/business-audit with and without the queue

wrk -t1 -c50 -d${SECONDS}s, ${ROUNDS} rounds; before: \`${BASE}\` (${Bun.spawnSync(['git', 'rev-parse', '--short', BASE]).stdout.toString().trim()}); after: this
checkout with SMTP_URL set, so each submission also queues two emails that the worker sends meanwhile.
Both servers share core 0, so the ratio is that of their costs per request.

| database | before (req/s) | after (req/s) | after / before, median (rounds) | deliveries |
|---|---|---|---|---|
${throughputRows.join('\n')}
`;
await Bun.write('bench/results/notifications.md', report);
console.log(report);
