import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { AB_TEST_NAMES } from '../../lib/ab/definitions.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { startWebhookReceiver, type TestWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { islandProps } from '../helpers/ab-home.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { countHooks, countMail, jobStates } from '../helpers/lead-delivery.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// WEB_CONCURRENCY=3 on one PostgreSQL: three server processes on one port (SO_REUSEPORT: the kernel
// picks the process for each new connection), each with its own worker. Every request here goes on a
// connection of its own, and the access log's `process` field says which process answered it. The
// embedded database belongs to one process, so there the setting is refused.

const PROCESSES = 3;
const SECRET = `whsec_${Buffer.from('northline-scale-test-secret-32by').toString('base64')}`;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** One request on a connection of its own (so the kernel chooses the process again), and who answered it. */
async function fresh(server: RunningServer, path: string, init: RequestInit = {}) {
  // Our own request id: the page cache's lane logs it too, though it adds no header.
  const requestId = crypto.randomUUID();
  const headers = { connection: 'close', 'x-request-id': requestId, ...(init.headers as Record<string, string>) };
  const res = await fetch(server.url + path, { ...init, keepalive: false, headers });
  const body = await res.text();
  return { status: res.status, body, headers: res.headers, process: await server.processOf(requestId) };
}

const postAudit = (server: RunningServer, audit: object, client: string) =>
  fresh(server, '/api/business-audit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(audit),
  });

if (process.env.DATABASE_URL) {
  describe(`${PROCESSES} server processes on one PostgreSQL`, () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let smtp: TestSmtpServer;
    let receiver: TestWebhookReceiver;
    let server: RunningServer;

    beforeAll(async () => {
      scratch = await scratchDatabase();
      db = await scratch.open();
      smtp = await startSmtpServer();
      receiver = startWebhookReceiver(SECRET);
      server = await startServer({
        ...scratch.env,
        WEB_CONCURRENCY: String(PROCESSES),
        RATE_LIMIT_STORE: 'postgres',
        TRUST_PROXY: '1',
        SMTP_URL: smtp.url,
        LEAD_NOTIFY_EMAIL: 'leads@northlinedigital.ca',
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: SECRET,
      });
    }, 90_000);

    afterAll(async () => {
      await server?.stop();
      await receiver?.stop();
      await smtp?.stop();
      await scratch?.drop();
    });

    test("a client's 11th form post in a minute is refused whichever process answers", async () => {
      const client = '203.0.113.41';
      const answers = [];
      for (let i = 0; i < 40; i++) answers.push(await postAudit(server, validAudit({ businessName: `Rate Test ${i}` }), client));
      const accepted = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 429);
      console.log(`web concurrency: form posts answered by process ${JSON.stringify(answers.map((a) => `${a.process}:${a.status}`))}`);
      // The first ten, from whichever processes, and then nothing, from every one of them.
      expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(201), ...Array(30).fill(429)]);
      expect(new Set(accepted.map((a) => a.process)).size).toBeGreaterThan(1);
      expect(new Set(refused.map((a) => a.process))).toEqual(new Set([1, 2, 3]));
      for (const r of refused) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
      // Another client is counted on its own; the count is one row per (rule, client).
      expect((await postAudit(server, validAudit(), '203.0.113.42')).status).toBe(201);
      const [{ hits }] = await db.sql<{ hits: number }[]>`select hits from rate_limit_windows where rule = 'forms' and client = ${client}`;
      expect(hits).toBe(11);
    });

    test('stopping a test stops it on every process within 2 s, and starting it again brings it back', async () => {
      const first = await fresh(server, '/', { headers: { 'user-agent': BROWSER_UA } });
      const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
      expect(cookie).toStartWith('vid=');
      const visit = () => fresh(server, '/', { headers: { 'user-agent': BROWSER_UA, cookie } });
      /** 30 visits on new connections: the hero each process showed (every process answers some). */
      const heroes = async () => {
        const seen = new Map<number, Set<string>>();
        for (let i = 0; i < 30; i++) {
          const page = await visit();
          expect(page.status).toBe(200);
          const { hero } = islandProps(page.body);
          const shown = hero.tracking ? `tracked ${hero.variant}` : `untracked ${hero.variant}`;
          seen.set(page.process, (seen.get(page.process) ?? new Set()).add(shown));
        }
        expect([...seen.keys()].sort()).toEqual([1, 2, 3]);
        return [...new Set([...seen.values()].flatMap((s) => [...s]))];
      };

      // Every process knows the returning visitor and serves their variant from memory.
      const before = await heroes();
      expect(before).toHaveLength(1);
      expect(before[0]).toStartWith('tracked ');

      await db.sql`update ab_tests set is_active = false where name = ${AB_TEST_NAMES.hero}`;
      await Bun.sleep(2000);
      expect(await heroes()).toEqual(['untracked Control']);

      await db.sql`update ab_tests set is_active = true where name = ${AB_TEST_NAMES.hero}`;
      await Bun.sleep(2000);
      expect(await heroes()).toEqual(before);
      expect(server.output()).toContain('"msg":"A/B tests changed: remembered variants forgotten","via":"notify"');
    });

    test('200 concurrent leads, each sent twice at once: one row and one notification of each kind per lead', async () => {
      const leads = 200;
      const audits = Array.from({ length: leads }, (_, i) => ({ ...validAudit({ businessName: `Scale Co ${i}` }), fillMs: 60_000 }));
      // The same submission twice at the same moment (a retry on another connection, so often another
      // process), from one client address per lead.
      const answers = await Promise.all(audits.flatMap((audit, i) => [0, 1].map(() => postAudit(server, audit, `198.51.100.${i % 250}`))));
      expect(answers.filter((a) => a.status !== 201).map((a) => a.status)).toEqual([]);
      expect(new Set(answers.map((a) => a.process))).toEqual(new Set([1, 2, 3]));

      const ids = audits.map((a) => a.id);
      const [{ rows }] = await db.sql<{ rows: number }[]>`select count(*)::int as rows from leads where id = any(${ids})`;
      const [{ jobs }] = await db.sql<{ jobs: number }[]>`select count(*)::int as jobs from jobs where lead_id = any(${ids}) and channel <> 'site-check'`;
      expect({ rows, jobs }).toEqual({ rows: leads, jobs: leads * 3 });

      // Only this test's leads (the first test's leads are notified too).
      const ours = new Set<string>(ids);
      const ourMail = () => smtp.received.filter((m) => ours.has(m.parsed.messageId?.split('.')[2] ?? ''));
      const ourHooks = () => receiver.requests.filter((r) => ours.has(r.id.replace(/^msg_lead_audit_/, '')));
      for (let waited = 0; ourMail().length < leads * 2 || ourHooks().length < leads; waited += 100) {
        if (waited > 60_000) throw new Error(`not delivered within a minute: ${ourMail().length} emails, ${ourHooks().length} webhooks`);
        await Bun.sleep(100);
      }
      // Anything sent twice would arrive about now.
      await Bun.sleep(1000);
      const mail = countMail(ourMail());
      const hooks = countHooks(ourHooks());
      const states = await jobStates(db);
      console.log(`web concurrency: 200 leads twice: ${JSON.stringify({ rows, mail, hooks, states })}`);
      expect({ mail, hooks, dead: states.dead ?? 0 }).toEqual({
        mail: { delivered: leads * 2, duplicated: 0 },
        hooks: { delivered: leads, duplicated: 0 },
        dead: 0,
      });
    }, 120_000);

    test('a crashed process is started again while the others answer; SIGTERM stops them all', async () => {
      const children = Bun.spawnSync(['pgrep', '-P', String(server.proc.pid)])
        .stdout.toString()
        .trim()
        .split('\n')
        .map(Number);
      expect(children).toHaveLength(PROCESSES);
      const listening = () => server.output().split('"msg":"listening"').length - 1;
      const before = listening();
      process.kill(children[0], 'SIGKILL');
      // Meanwhile every request is answered, by the processes still running or the new one. A connection
      // the kernel had queued on the killed process is reset unless net.ipv4.tcp_migrate_req = 1 moves it
      // to another (README, Production; .ci/run sets it): without it, such a request is tried once more,
      // as a load balancer would.
      const migrates =
        (
          await Bun.file('/proc/sys/net/ipv4/tcp_migrate_req')
            .text()
            .catch(() => '0')
        ).trim() === '1';
      const statuses = [];
      while (listening() === before) {
        const status = await fresh(server, '/services')
          .then((r) => r.status)
          .catch((error) => (migrates ? Promise.reject(error) : fresh(server, '/services').then((r) => r.status)));
        statuses.push(status);
      }
      // Requests were made while a process was missing (the restart waits 250 ms and a start takes longer),
      // so the check below is about them, not about none.
      console.log(`web concurrency: answered while a process was down: ${JSON.stringify({ requests: statuses.length })}`);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(server.output()).toContain('"msg":"server process exited; starting it again"');

      expect(await server.stop()).toBe(0);
      await Bun.sleep(200);
      for (const pid of children.slice(1)) expect(() => process.kill(pid, 0)).toThrow();
      expect(
        Bun.spawnSync(['pgrep', '-P', String(server.proc.pid)])
          .stdout.toString()
          .trim(),
      ).toBe('');
    });
  });
} else {
  test('WEB_CONCURRENCY=2 on the embedded database is refused with one line, before anything listens', async () => {
    const proc = Bun.spawn(['bun', 'server.ts'], {
      env: { ...process.env, DATABASE_URL: '', WEB_CONCURRENCY: '2', PORT: '0', NODE_ENV: 'production' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const code = await proc.exited;
    const stderr = await new Response(proc.stderr).text();
    const stdout = (await new Response(proc.stdout).text()).trim();
    expect(code).toBe(1);
    expect(stderr).toBe('');
    // One line, from the one logger, and nothing listened.
    expect(stdout.split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({
      level: 'error',
      msg: 'Invalid environment variable WEB_CONCURRENCY: 2 processes need DATABASE_URL (the embedded database belongs to one process)',
    });
  });
}
