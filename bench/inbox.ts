// `bun run bench:inbox`: the back office at 50,000 leads (BENCH_LEADS). Seeds a scratch database (the
// embedded one in a temporary DATA_DIR, or with BENCH_POSTGRES_URL a scratch database bench_inbox on
// that server), then measures:
//  - the inbox's one query per page (db/queries/leads.ts inboxPage), 200 runs per filter set;
//  - GET /admin/leads through a real server process, signed in, 200 requests per filter set;
//  - GET /admin/leads.csv of every lead: time, bytes, and the server's resident memory before and at
//    its peak during the export (sampled from /proc every 10 ms).
// Prints a Markdown table; writes bench/results/inbox.md. Never part of the test suite.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { inboxPage } from '../db/queries/leads.ts';
import { saveStaffAccount } from '../db/queries/staff.ts';
import { seedDemoLeads } from '../db/seed-demo-leads.ts';
import { inboxFiltersSchema } from '../lib/leads/schema.ts';
import { agency } from '../lib/site.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const RUNS = 200;
const EMAIL = 'bench@northlinedigital.ca';
const PASSWORD = 'bench password 123';

const FILTER_SETS: [string, string][] = [
  ['no filters (page 1)', ''],
  ['no filters, page 400', 'page=400'],
  ['search "chen"', 'q=chen'],
  ['status new + overdue', 'status=new&overdue=1'],
  ['type intake + unassigned', 'type=intake&owner=none'],
  ['date range (October)', 'from=2026-10-01&to=2026-10-31'],
  ['all filters + search', 'type=audit&status=contacted&from=2026-09-01&to=2026-11-30&q=bakery'],
  ['spam only', 'spam=1'],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function scratchDatabase(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const pgUrl = process.env.BENCH_POSTGRES_URL;
  if (pgUrl) {
    const scratch = await scratchPostgresDatabase(pgUrl, 'bench_inbox');
    return { env: { DATABASE_URL: scratch.url }, cleanup: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tlm-bench-inbox-'));
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function main() {
  const scratch = await scratchDatabase();
  const rows: string[] = [];
  try {
    // Seed, and time the query alone, in this process.
    const db = await openDatabase({ DATABASE_URL: scratch.env.DATABASE_URL, DATA_DIR: scratch.env.DATA_DIR ?? './data' });
    await saveStaffAccount(db.sql, EMAIL, await Bun.password.hash(PASSWORD, 'argon2id'));
    const [staff] = await db.sql<{ id: string }[]>`select id from users where username = ${EMAIL}`;
    const seedStart = performance.now();
    await seedDemoLeads(db.sql, { count: LEADS });
    // As the server does at each start on the embedded database (db/client.ts).
    await db.sql`analyze`;
    console.error(`seeded ${LEADS} leads in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const queryTimes: Record<string, number[]> = {};
    // Warm, as for the requests below.
    for (let i = 0; i < 20; i++) await inboxPage(db.sql, {}, { staffId: staff.id, now: new Date(), timeZone: agency.timeZone });
    for (const [name, query] of FILTER_SETS) {
      const filters = inboxFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await inboxPage(db.sql, filters, { staffId: staff.id, now: new Date(), timeZone: agency.timeZone });
        times.push(performance.now() - t0);
      }
      queryTimes[name] = times.sort((a, b) => a - b);
    }
    await db.close();

    // The same pages through a real server.
    const proc = Bun.spawn(['bun', 'server.ts'], { env: { ...process.env, ...scratch.env, PORT: '0', RATE_LIMITS: 'off' }, stdout: 'pipe', stderr: 'inherit' });
    const reader = proc.stdout.getReader();
    let out = '';
    let base = '';
    while (!base) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`server exited: ${out}`);
      out += new TextDecoder().decode(value);
      base = out.match(/"msg":"listening","url":"([^"]+)"/)?.[1] ?? '';
    }
    // Keep draining the access log so the server never blocks on a full pipe.
    void (async () => {
      while (!(await reader.read()).done) {}
    })();
    // The server listens before the database is open; staff pages answer 503 until it is.
    while ((await fetch(`${base}/admin/login`)).status === 503) await Bun.sleep(50);
    const login = await fetch(`${base}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (login.status !== 303 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

    // A server that staff use is warm: 20 requests first, not counted, so p99 is not the JIT's first pass.
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/admin/leads`, { headers: { cookie } })).text();
    rows.push(`| filters | query p50 | query p99 | request p50 | request p99 | leads matching |`, `|---|---|---|---|---|---|`);
    for (const [name, query] of FILTER_SETS) {
      const times: number[] = [];
      let matching = '';
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}/admin/leads?${query}`, { headers: { cookie } });
        const html = await res.text();
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
        if (i === 0) matching = html.match(/of ([\d,]+) leads?/)?.[1] ?? (html.includes('No leads match') ? '0' : '?');
      }
      times.sort((a, b) => a - b);
      const q = queryTimes[name];
      rows.push(`| ${name} | ${ms(pct(q, 50))} | ${ms(pct(q, 99))} | ${ms(pct(times, 50))} | ${ms(pct(times, 99))} | ${matching} |`);
    }

    // The CSV export of every lead, with the server's memory sampled while it streams.
    const rss = () => {
      const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8') as string;
      return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    };
    Bun.gc(true);
    await Bun.sleep(500);
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 10);
    const t0 = performance.now();
    const res = await fetch(`${base}/admin/leads.csv`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    const body = res.body?.getReader();
    for (;;) {
      const chunk = await body?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.length;
      for (const b of chunk.value) if (b === 10) lines++;
    }
    const exportMs = performance.now() - t0;
    clearInterval(sampler);
    // A client that stops reading: the export must wait for it, not pile the rest up in memory.
    await Bun.sleep(500);
    const slow = (await fetch(`${base}/admin/leads.csv`, { headers: { cookie, 'accept-encoding': 'identity' } })).body!.getReader();
    let read = 0;
    // (A small export may end first: then there is nothing left to pile up.)
    while (read < 500_000) {
      const chunk = await slow.read();
      if (chunk.done) break;
      read += chunk.value.length;
    }
    const pausedSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      await Bun.sleep(300);
      pausedSamples.push(rss());
    }
    await slow.cancel();
    proc.kill('SIGTERM');
    await proc.exited;
    rows.push(
      '',
      `| CSV export of every lead | |`,
      `|---|---|`,
      `| rows (without the header) | ${(lines - 1).toLocaleString('en-CA')} |`,
      `| size | ${(bytes / 1024 / 1024).toFixed(1)} MB |`,
      `| time to the last byte | ${(exportMs / 1000).toFixed(2)} s |`,
      `| server memory before (RSS) | ${before.toFixed(0)} MB |`,
      `| server memory at its peak during the export | ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB) |`,
      `| server memory 3 s after a client stopped reading at 0.5 MB | ${pausedSamples.at(-1)!.toFixed(0)} MB (highest while paused: ${Math.max(...pausedSamples).toFixed(0)} MB) |`,
    );
  } finally {
    await scratch.cleanup();
  }
  const database = process.env.BENCH_POSTGRES_URL ? 'PostgreSQL' : 'embedded PGlite';
  const report = `# Back office at ${LEADS.toLocaleString('en-CA')} leads (${database})\n\n${RUNS} runs each, one after another; query = the inbox's one query in-process, request = GET /admin/leads on a real server process (HTML rendered, signed in).\n\n${rows.join('\n')}\n`;
  console.log(report);
  await Bun.write(`bench/results/inbox-${process.env.BENCH_POSTGRES_URL ? 'postgres' : 'pglite'}.md`, report);
}

await main();
