// `bun run bench:booking`: how long from a visitor's booking to the event existing in the staff member's
// CalDAV calendar. A production server (one process; on a scratch embedded database, or on PostgreSQL
// with DATABASE_URL) with its notification worker, a staff member with a real CalDAV calendar (Radicale
// on loopback, the tests' own, let through by CALENDAR_ALLOW_HOSTS) and SMTP (the tests' server):
// BENCH_BOOKINGS bookings (50) one after another, each timed from sending POST /api/booking to the 201,
// and to the first moment a GET of the event in Radicale answers 200 (polled every 5 ms). Prints p50/p99
// and writes bench/results/booking.md. Never part of the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { saveBookingHours, saveCalendar } from '../db/queries/booking-settings.ts';
import { saveStaffAccount } from '../db/queries/staff.ts';
import { sealSecret } from '../features/booking/secret-box.ts';
import { startRadicale } from '../tests/fixtures/radicale.ts';
import { startSmtpServer } from '../tests/fixtures/smtp-server.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';
import { startProcess } from './tools.ts';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50);
const APP_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PASSWORD = 'bench calendar password';

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const usingPostgres = Boolean(process.env.DATABASE_URL);
const scratch = usingPostgres ? await scratchPostgresDatabase(process.env.DATABASE_URL as string, `bench_booking_${Date.now()}`) : null;
const dataDir = usingPostgres ? '' : mkdtempSync(join(tmpdir(), 'tlm-bench-booking-'));
const dbEnv: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '', DATA_DIR: dataDir };

const [radicale, smtp] = await Promise.all([startRadicale({ users: { maya: PASSWORD } }), startSmtpServer()]);
const calendarUrl = await radicale.makeCalendar('maya', 'Work');

// The staff member is set up before the server opens the database (the embedded one is a single process's).
{
  const db = await openDatabase({ DATA_DIR: '', ...dbEnv });
  await saveStaffAccount(
    db.sql,
    'maya@northlinedigital.ca',
    await Bun.password.hash('bench password 1234', { algorithm: 'argon2id', memoryCost: 4096, timeCost: 2 }),
  );
  const [{ id }] = await db.sql<{ id: string }[]>`select id from users where username = 'maya@northlinedigital.ca'`;
  await saveBookingHours(db.sql, id, { hours: 'Mon-Sun 00:00-24:00', accepting: true, displayName: 'Maya Chen' }, new Date());
  await saveCalendar(
    db.sql,
    id,
    { kind: 'caldav', url: calendarUrl, username: 'maya', sealedPassword: await sealSecret(PASSWORD, APP_SECRET) },
    { name: 'Work', problem: null },
    new Date(),
  );
  await db.close();
}

const server = await startProcess(['bun', 'server.ts'], {
  ...dbEnv,
  PORT: '0',
  NODE_ENV: 'production',
  PUBLIC_SITE_URL: '',
  APP_SECRET,
  // Loopback is a private address: the calendar server on it is let through as an office's would be.
  CALENDAR_ALLOW_HOSTS: radicale.hostPort,
  SMTP_URL: smtp.url,
  BOOKING_MIN_NOTICE_HOURS: '1',
  RATE_LIMITS: 'off',
});
while (
  (await fetch(`${server.url}/healthz`).then(
    (r) => r.status,
    () => 0,
  )) !== 200
)
  await Bun.sleep(50);

const { slots } = (await (await fetch(`${server.url}/api/booking/slots?days=21`)).json()) as { slots: { start: string }[] };
if (slots.length < BOOKINGS) throw new Error(`only ${slots.length} slots to book`);
const answered: number[] = [];
const inCalendar: number[] = [];
for (const slot of slots.slice(0, BOOKINGS)) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ id: crypto.randomUUID(), start: slot.start, name: 'Bench Visitor', email: `visitor-${answered.length}@example.ca` }),
  });
  if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${await res.text()}`);
  const { booking } = (await res.json()) as { booking: { id: string } };
  answered.push(performance.now() - t0);
  const eventUrl = `${calendarUrl}session-${booking.id}.ics`;
  while ((await radicale.request('maya', eventUrl)).status !== 200) {
    if (performance.now() - t0 > 30_000) throw new Error('the event never reached the calendar');
    await Bun.sleep(5);
  }
  inCalendar.push(performance.now() - t0);
}

server.proc.kill('SIGTERM');
await server.proc.exited;
await Promise.all([radicale.stop(), smtp.stop()]);
if (scratch) await scratch.drop();
else rmSync(dataDir, { recursive: true, force: true });

const ms = (x: number) => `${x.toFixed(0)} ms`;
const line = (label: string, xs: number[]) => `| ${label} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 99))} | ${ms(Math.max(...xs))} |`;
const report = [
  `# Booking to calendar (${new Date().toISOString()})`,
  '',
  `${BOOKINGS} bookings one after another on a production server (one process, ${usingPostgres ? 'PostgreSQL' : 'embedded PGlite'}), its worker`,
  'writing each to a real CalDAV calendar (Radicale on loopback) and emailing the invites (SMTP on loopback).',
  '',
  '| From sending POST /api/booking to | p50 | p99 | max |',
  '| --- | ---: | ---: | ---: |',
  line('its 201', answered),
  line('the event in the CalDAV calendar', inCalendar),
  '',
].join('\n');
console.log(report);
await Bun.write(`bench/results/booking${usingPostgres ? '-postgres' : ''}.md`, report);
