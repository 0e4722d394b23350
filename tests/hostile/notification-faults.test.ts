import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { startSmtpServer } from '../fixtures/smtp-server.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { validAudit } from '../helpers/audit.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { countMail, jobStates } from '../helpers/lead-delivery.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Notifications when things go wrong, with real processes: the mail server is down when leads arrive,
// the site is killed (kill -9) with deliveries under way, several processes work one queue, and the
// worker runs in a process of its own. Each test counts, at the real SMTP server and webhook receiver,
// what was expected, delivered, duplicated (must be 0) and dead, and prints the counts.

const SECRET = `whsec_${Buffer.from('northline-fault-test-secret-32by').toString('base64')}`;
const TEAM = 'leads@northlinedigital.ca';
const BASE = { RATE_LIMITS: 'off', LEAD_NOTIFY_EMAIL: TEAM };

async function sendAudits(server: RunningServer, count: number): Promise<{ ids: string[]; slowestMs: number }> {
  const ids: string[] = [];
  let slowestMs = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const audit = { ...validAudit({ businessName: `Fault Test Co ${i} ${crypto.randomUUID().slice(0, 6)}` }), fillMs: 60_000 };
      const started = performance.now();
      const res = await fetch(`${server.url}/api/business-audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(audit),
      });
      slowestMs = Math.max(slowestMs, performance.now() - started);
      expect(res.status).toBe(201);
      ids.push(audit.id);
    }),
  );
  return { ids, slowestMs: Math.round(slowestMs) };
}

/** The notification jobs by state, as the server's GET /metrics reads them from the jobs table (the embedded database is the server's alone). */
async function queueOf(server: RunningServer): Promise<{ queued: number; running: number; dead: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const count = (state: string) => Number(text.match(new RegExp(`^notification_jobs\\{state="${state}"\\} (\\d+)$`, 'm'))?.[1]);
  return { queued: count('queued'), running: count('running'), dead: count('dead') };
}

describe('lead notifications under faults', () => {
  test('the mail server is down when leads arrive: every submission is answered at once, and every email is sent once it is back', async () => {
    const scratch = await scratchDatabase();
    // A port that nothing listens on, for now.
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.stop();
    // Retries from 200 ms (JOB_RETRY_MS) rather than 5 s, doubling as ever: the same schedule, sooner.
    const server = await startServer({ ...BASE, ...scratch.env, JOB_RETRY_MS: '200', SMTP_URL: `smtp://127.0.0.1:${port}` }, scratch.env.DATA_DIR);
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      const leads = 20;
      const { slowestMs } = await sendAudits(server, leads);
      // Every submission was answered while nothing could be mailed.
      await Bun.sleep(500);
      smtp = await startSmtpServer({ port });
      await smtp.waitFor(leads * 2, 45_000);
      await Bun.sleep(1000);
      const { delivered, duplicated } = countMail(smtp.received);
      await server.stop();
      const db = await scratch.open();
      const states = await jobStates(db);
      console.log(
        `faults: SMTP down: ${JSON.stringify({ leads, expected: leads * 2, delivered, duplicated, dead: states.dead ?? 0, slowestSubmissionMs: slowestMs })}`,
      );
      expect({ delivered, duplicated, dead: states.dead ?? 0, delivery: states.delivered }).toEqual({
        delivered: leads * 2,
        duplicated: 0,
        dead: 0,
        delivery: leads * 2,
      });
    } finally {
      await server.stop();
      await smtp?.stop();
      await scratch.drop();
    }
  }, 90_000);

  test('kill -9 with deliveries under way: after a restart every email is sent, none twice', async () => {
    const scratch = await scratchDatabase();
    const hanging = await startSmtpServer();
    hanging.setMode('hang');
    // A short lease: the jobs the killed process held come back after 2 s rather than the 30 s default.
    const timings = { JOB_LEASE_MS: '2000', JOB_POLL_MS: '100' };
    const first = await startServer({ ...BASE, ...scratch.env, ...timings, SMTP_URL: hanging.url }, scratch.env.DATA_DIR);
    const smtp = await startSmtpServer();
    let second: RunningServer | undefined;
    try {
      const leads = 10;
      await sendAudits(first, leads);
      // Deliveries under way when it is killed: jobs its worker claimed, connected to the hanging server and
      // waiting for its greeting.
      for (const deadline = Date.now() + 10_000; !hanging.connections() && Date.now() < deadline; ) await Bun.sleep(50);
      expect(hanging.connections()).toBeGreaterThan(0);
      const atKill = await queueOf(first);
      first.proc.kill('SIGKILL');
      await first.proc.exited;
      const killedAt = performance.now();
      // What the killed process held, read from the database once it is dead (a job can finish between the
      // count above and the kill): these must come back.
      const held = await (async () => {
        const db = await scratch.open();
        try {
          return (await jobStates(db)).running ?? 0;
        } finally {
          await db.close();
        }
      })();
      expect(held).toBeGreaterThan(0);
      second = await startServer({ ...BASE, ...scratch.env, ...timings, SMTP_URL: smtp.url }, scratch.env.DATA_DIR);
      // Queued jobs go at once; those the killed process held come back when their lease runs out.
      await smtp.waitFor(leads * 2, 20_000);
      const allSentMs = Math.round(performance.now() - killedAt);
      await Bun.sleep(1000);
      const { delivered, duplicated } = countMail(smtp.received);
      expect(hanging.received).toEqual([]);
      await second.stop();
      const db = await scratch.open();
      const states = await jobStates(db);
      // Each job the killed process held was claimed again (a second attempt), after its lease ran out.
      const [{ retried }] = await db.sql<{ retried: number }[]>`select count(*)::int as retried from jobs where attempts > 1 and channel <> 'site-check'`;
      console.log(
        `faults: kill -9: ${JSON.stringify({ leads, expected: leads * 2, runningAtKill: atKill.running, queuedAtKill: atKill.queued, held, retried, delivered, duplicated, dead: states.dead ?? 0, allSentMs })}`,
      );
      expect({ delivered, duplicated, dead: states.dead ?? 0 }).toEqual({ delivered: leads * 2, duplicated: 0, dead: 0 });
      expect(retried).toBeGreaterThanOrEqual(held);
    } finally {
      if (first.proc.exitCode === null && first.proc.signalCode === null) await first.stop();
      await second?.stop();
      await hanging.stop();
      await smtp.stop();
      await scratch.drop();
    }
  }, 120_000);

  if (process.env.DATABASE_URL) {
    test('two server processes on one PostgreSQL, 200 leads: each email and each webhook exactly once', async () => {
      const scratch = await scratchDatabase();
      const smtp = await startSmtpServer();
      const receiver = startWebhookReceiver(SECRET);
      const env = { ...BASE, ...scratch.env, SMTP_URL: smtp.url, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET };
      const servers = [await startServer(env), await startServer(env)];
      try {
        const leads = 200;
        await Promise.all([sendAudits(servers[0], leads / 2), sendAudits(servers[1], leads / 2)]);
        await smtp.waitFor(leads * 2, 60_000);
        await receiver.waitFor(leads, 60_000);
        await Bun.sleep(1000);
        const { delivered, duplicated } = countMail(smtp.received);
        const hooks = new Map<string, number>();
        for (const r of receiver.requests) hooks.set(r.id, (hooks.get(r.id) ?? 0) + 1);
        const db = await scratch.open();
        const states = await jobStates(db);
        const summary = {
          leads,
          expected: leads * 3,
          delivered: delivered + hooks.size,
          duplicated: duplicated + [...hooks.values()].filter((n) => n > 1).length,
          dead: states.dead ?? 0,
        };
        console.log(`faults: two processes: ${JSON.stringify(summary)}`);
        expect(summary).toEqual({ leads, expected: leads * 3, delivered: leads * 3, duplicated: 0, dead: 0 });
        expect(receiver.requests.every((r) => r.validSignature)).toBe(true);
        // Both processes' workers took part (SKIP LOCKED kept them off each other's rows).
        for (const s of servers) expect(s.output().split('"msg":"notification delivered"').length - 1).toBeGreaterThan(0);
      } finally {
        for (const s of servers) await s.stop();
        await receiver.stop();
        await smtp.stop();
        await scratch.drop();
      }
    }, 120_000);

    test('web processes with WORKER=off and one `bun run worker`: the worker delivers, and SIGTERM ends it cleanly', async () => {
      const scratch = await scratchDatabase();
      const smtp = await startSmtpServer();
      const web = await startServer({ ...BASE, ...scratch.env, SMTP_URL: smtp.url, WORKER: 'off' });
      const worker = Bun.spawn(['bun', 'worker.ts'], { env: { ...process.env, ...BASE, ...scratch.env, SMTP_URL: smtp.url }, stdout: 'pipe', stderr: 'pipe' });
      try {
        await sendAudits(web, 5);
        await smtp.waitFor(10, 30_000);
        worker.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
        const output = await new Response(worker.stdout).text();
        expect(output).toContain('"msg":"notification worker started"');
        expect(web.output()).not.toContain('"msg":"notification worker started"');
        expect(countMail(smtp.received)).toEqual({ delivered: 10, duplicated: 0 });
      } finally {
        if (worker.exitCode === null) worker.kill('SIGKILL');
        await web.stop();
        await smtp.stop();
        await scratch.drop();
      }
    }, 90_000);
  } else {
    test('one server on the embedded database, 200 leads: each email exactly once', async () => {
      const scratch = await scratchDatabase();
      const smtp = await startSmtpServer();
      const receiver = startWebhookReceiver(SECRET);
      const server = await startServer(
        { ...BASE, ...scratch.env, SMTP_URL: smtp.url, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET },
        scratch.env.DATA_DIR,
      );
      try {
        const leads = 200;
        await sendAudits(server, leads);
        await smtp.waitFor(leads * 2, 60_000);
        await receiver.waitFor(leads, 60_000);
        await Bun.sleep(500);
        const { delivered, duplicated } = countMail(smtp.received);
        const hookIds = new Set(receiver.requests.map((r) => r.id));
        console.log(`faults: embedded, one process: ${JSON.stringify({ leads, expected: leads * 3, delivered: delivered + hookIds.size, duplicated })}`);
        expect({ delivered: delivered + hookIds.size, duplicated, hooks: receiver.requests.length }).toEqual({
          delivered: leads * 3,
          duplicated: 0,
          hooks: leads,
        });
      } finally {
        await server.stop();
        await receiver.stop();
        await smtp.stop();
        await scratch.drop();
      }
    }, 120_000);

    test('`bun run worker` needs PostgreSQL: on the embedded database it stops with one line', async () => {
      const proc = Bun.spawn(['bun', 'worker.ts'], { env: { ...process.env, DATABASE_URL: '' }, stdout: 'pipe', stderr: 'pipe' });
      expect(await proc.exited).toBe(1);
      const stdout = (await new Response(proc.stdout).text()).trim();
      expect(stdout.split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toMatchObject({ level: 'error', msg: expect.stringContaining('bun run worker needs DATABASE_URL') });
    });
  }
});
