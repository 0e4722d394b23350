import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { RATE_RULES } from '../../lib/http/rate-rules.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

// The audit form's "started" signal (POST /api/analytics/audit-started) sent 200 times at once from one
// address, as a script would: against one process on the embedded database, and two processes on one
// PostgreSQL counting in the shared store (RATE_LIMIT_STORE=postgres), each request on a connection of
// its own so the kernel spreads them over the processes. The allowance holds in total, the refusals are
// clean 429s, and afterwards the same address can still send its audit and another visitor's signal
// counts. TRUST_PROXY=1 lets this one client pose as several addresses (X-Forwarded-For).

setDefaultTimeout(120_000);

const SIGNALS = 200;
const ALLOWANCE = RATE_RULES.auditStarts.limit;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function signal(server: RunningServer, address: string, userAgent = BROWSER) {
  return fetch(`${server.url}/api/analytics/audit-started`, {
    method: 'POST',
    keepalive: false,
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      'x-forwarded-for': address,
      referer: `${server.url}/services/seo-services`,
      connection: 'close',
    },
    body: JSON.stringify({ form: 'audit' }),
  });
}

function scenarios(label: string, processes: number, start: () => Promise<{ server: RunningServer; stop: () => Promise<void> }>) {
  describe(label, () => {
    let server: RunningServer;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ server, stop } = await start());
    }, 120_000);
    afterAll(() => stop?.());

    test(`${SIGNALS} signals at once from one address: ${ALLOWANCE} counted in all, the rest 429; the audit and other visitors unharmed`, async () => {
      const address = '203.0.113.77';
      const answers = await Promise.all(
        Array.from({ length: SIGNALS }, async () => {
          const res = await signal(server, address);
          return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
        }),
      );
      const counted = answers.filter((a) => a.status === 202);
      const refused = answers.filter((a) => a.status === 429);
      console.log(`audit-started, ${label}:`, JSON.stringify({ sent: SIGNALS, counted: counted.length, refused: refused.length }));
      expect(answers.filter((a) => a.status !== 202 && a.status !== 429).map((a) => a.status)).toEqual([]);
      expect(counted.length).toBe(ALLOWANCE);
      for (const a of counted) expect(JSON.parse(a.body)).toEqual({ counted: true });
      for (const a of refused) {
        expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(a.body)).toMatchObject({ error: expect.any(String) });
        expect(a.body).not.toContain('at ');
      }
      if (processes > 1) {
        // Both processes answered some of the burst (their lines carry their number).
        const numbers = new Set([...server.output().matchAll(/"route":"\/api\/analytics\/audit-started"[^\n]*"process":(\d+)/g)].map((m) => m[1]));
        expect(numbers.size).toBe(processes);
      }

      // The same address, one more signal: still refused (the burst used the allowance, and no more).
      expect((await signal(server, address)).status).toBe(429);
      // Another visitor's signal counts ...
      expect((await signal(server, '198.51.100.23')).status).toBe(202);
      // ... and the flooded address can still send its audit: the signal's allowance is its own.
      const audit = validAudit({ email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com` });
      const sent = await fetch(`${server.url}/api/business-audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': address, referer: `${server.url}/` },
        body: JSON.stringify({ ...audit, fillMs: 60_000 }),
      });
      expect(sent.status).toBe(201);
    });
  });
}

scenarios('1 process, embedded database', 1, async () => {
  const server = await startServer({ DATABASE_URL: '', TRUST_PROXY: '1', RATE_LIMITS: 'on' });
  return { server, stop: async () => void (await server.stop()) };
});

if (process.env.DATABASE_URL) {
  scenarios('2 processes, PostgreSQL, shared counts', 2, async () => {
    const scratch: ScratchDatabase = await scratchDatabase();
    const server = await startServer({ ...scratch.env, WEB_CONCURRENCY: '2', TRUST_PROXY: '1', RATE_LIMITS: 'on', RATE_LIMIT_STORE: 'postgres' });
    return {
      server,
      stop: async () => {
        await server.stop();
        await scratch.drop();
      },
    };
  });
}
