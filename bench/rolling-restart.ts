// The rolling-restart scenario of `bun run chaos` (it runs this in a network namespace of its own):
// WEB_CONCURRENCY server processes on a private PostgreSQL, with a real SMTP server and webhook
// receiver, under steady page and form traffic (half the clients reuse connections as a proxy does,
// half open one per request as new visitors do); the supervisor is sent SIGHUP ROLL_ROUNDS times and
// restarts its processes one at a time (SIGTERM, wait for the exit, start, wait until ready). Prints
// one line per figure: requests answered and failed, submissions acknowledged and stored, each
// notification sent once, and the longest response. Never part of the test suite.
import postgres from 'postgres';
import { startSmtpServer } from '../tests/fixtures/smtp-server.ts';
import { startWebhookReceiver } from '../tests/fixtures/webhook-receiver.ts';
import { validAudit } from '../tests/helpers/audit.ts';
import { countHooks, countMail } from '../tests/helpers/lead-delivery.ts';
import { startServer } from '../tests/helpers/server.ts';
import { startPrivatePostgres } from './private-postgres.ts';

const PROCESSES = Number(process.env.ROLL_PROCESSES ?? 2);
const ROUNDS = Number(process.env.ROLL_ROUNDS ?? 3);
const PAGE_CLIENTS = 8;
const FORM_CLIENTS = 2;
const SECRET = `whsec_${Buffer.from('northline-rolling-restart-secret').toString('base64')}`;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const migrateReq = (
  await Bun.file('/proc/sys/net/ipv4/tcp_migrate_req')
    .text()
    .catch(() => '?')
).trim();
const pg = await startPrivatePostgres();
const smtp = await startSmtpServer();
const receiver = startWebhookReceiver(SECRET);
const server = await startServer({
  DATABASE_URL: pg.url,
  WEB_CONCURRENCY: String(PROCESSES),
  RATE_LIMITS: 'off',
  SMTP_URL: smtp.url,
  LEAD_NOTIFY_EMAIL: 'leads@northlinedigital.ca',
  LEAD_WEBHOOK_URL: receiver.url,
  LEAD_WEBHOOK_SECRET: SECRET,
});

type Outcome = { kind: 'page' | 'form'; status: number; error?: string; ms: number };
const outcomes: Outcome[] = [];
const acknowledged: string[] = [];
let running = true;

const returning = (await fetch(`${server.url}/`, { headers: { 'user-agent': BROWSER_UA } })).headers.get('set-cookie')?.split(';')[0] ?? '';
const pages: [string, Record<string, string>][] = [
  ['/services', {}],
  ['/', { 'user-agent': BROWSER_UA }],
  ['/', { 'user-agent': BROWSER_UA, cookie: returning }],
  ['/what-is-digital-marketing', {}],
];

async function timed(kind: Outcome['kind'], send: () => Promise<Response>): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await send();
    await res.arrayBuffer();
    return { kind, status: res.status, ms: performance.now() - started };
  } catch (error) {
    return { kind, status: 0, error: (error as { code?: string }).code ?? String(error), ms: performance.now() - started };
  }
}

/** A client: reuses its connection (a proxy's keep-alive) or opens one per request (a new visitor). */
const connectionOf = (client: number) => (client % 2 === 0 ? {} : { keepalive: false, headers: { connection: 'close' } });

const pageClients = Array.from({ length: PAGE_CLIENTS }, async (_, client) => {
  for (let i = client; running; i++) {
    const [path, headers] = pages[i % pages.length];
    const conn = connectionOf(client);
    outcomes.push(await timed('page', () => fetch(server.url + path, { ...conn, headers: { ...headers, ...conn.headers } })));
    await Bun.sleep(10);
  }
});
// A form client sends a submission until it is acknowledged (the same id, as the form retries), so
// every acknowledged one must be stored once and notified once.
const formClients = Array.from({ length: FORM_CLIENTS }, async (_, client) => {
  while (running) {
    const audit = { ...validAudit({ businessName: `Rolling Co ${crypto.randomUUID().slice(0, 8)}` }), fillMs: 60_000 };
    for (let tries = 0; tries < 20; tries++) {
      const conn = connectionOf(client);
      const outcome = await timed('form', () =>
        fetch(`${server.url}/api/business-audit`, {
          ...conn,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...conn.headers },
          body: JSON.stringify(audit),
        }),
      );
      outcomes.push(outcome);
      if (outcome.status === 201) {
        acknowledged.push(audit.id);
        break;
      }
      await Bun.sleep(100);
    }
    await Bun.sleep(50);
  }
});

const finishedRolls = () => server.output().split('"msg":"rolling restart finished"').length - 1;
const longestRoll: number[] = [];
await Bun.sleep(2000);
for (let round = 1; round <= ROUNDS; round++) {
  const started = performance.now();
  server.proc.kill('SIGHUP');
  while (finishedRolls() < round) {
    if (server.output().includes('"msg":"rolling restart stopped')) throw new Error(`the rolling restart stopped:\n${server.output().slice(-3000)}`);
    await Bun.sleep(50);
  }
  longestRoll.push(performance.now() - started);
  await Bun.sleep(1500);
}
running = false;
await Promise.all([...pageClients, ...formClients]);

// Every acknowledged submission stored, and its three notifications delivered once each.
const sql = postgres(pg.url, { onnotice: () => {} });
const stored = new Set((await sql<{ id: string }[]>`select id from leads where id = any(${acknowledged})`).map((r) => r.id));
await sql.end();
const deadline = Date.now() + 60_000;
while ((smtp.received.length < acknowledged.length * 2 || receiver.requests.length < acknowledged.length) && Date.now() < deadline) await Bun.sleep(200);
await Bun.sleep(1500);
const mail = countMail(smtp.received);
const hooks = countHooks(receiver.requests);
await server.stop();
await receiver.stop();
await smtp.stop();
await pg.remove();

const failed = outcomes.filter((o) => o.status === 0);
const notOk = outcomes.filter((o) => o.status !== 0 && o.status !== 200 && o.status !== 201);
const errorKinds = [...new Set(failed.map((o) => o.error))].join(', ');
const of = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind);
const label = `rolling restart (WEB_CONCURRENCY=${PROCESSES}, ${ROUNDS} rounds, net.ipv4.tcp_migrate_req=${migrateReq})`;
console.log(
  `${label}: ${outcomes.length} requests (${of('page').length} pages, ${of('form').length} form posts); failed without an answer: ${failed.length}${errorKinds ? ` (${errorKinds})` : ''}; answered other than 200/201: ${notOk.length}${notOk.length ? ` (${[...new Set(notOk.map((o) => o.status))].join(', ')})` : ''}`,
);
console.log(`${label}: submissions acknowledged ${acknowledged.length}, stored ${stored.size}, acknowledged but missing ${acknowledged.length - stored.size}`);
console.log(
  `${label}: notifications expected ${acknowledged.length * 3}, delivered ${mail.delivered + hooks.delivered}, sent twice ${mail.duplicated + hooks.duplicated}`,
);
console.log(
  `${label}: longest response ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms (page ${Math.round(Math.max(...of('page').map((o) => o.ms)))} ms, form ${Math.round(Math.max(...of('form').map((o) => o.ms)))} ms); each round of restarts took ${longestRoll.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} s`,
);
