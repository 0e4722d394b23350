import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { MOVES_PER_BOOKING } from '../../lib/booking/rules.ts';
import { agency } from '../../lib/site.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff } from '../helpers/staff.ts';

// A hostile visitor against a production server with a real SMTP server behind it (rate limits on): the
// same booking posted 50 times at once (one booking, 50 times the same 201, never a 500), the same id
// with other answers at once (one 201, the rest 409), and a booking's manage link flooded with moves from
// one address (429 with Retry-After after the forms' limit) and from many (no more than
// MOVES_PER_BOOKING moves, then the page gives the phone and email): the booker's inbox and the staff
// member's get no more than the booking's and those moves' emails. On the embedded database (one
// process) and on PostgreSQL (two processes).
setDefaultTimeout(180_000);

const COPIES = 50;

let scratch: ScratchDatabase;
let server: RunningServer;
let smtp: TestSmtpServer;
let staffEmail: string;
/** Times at least two days ahead, so no reminder falls due while the test runs. */
let slots: string[];
/** What each test booked, for the last test to find in the database. */
const ids = { replayed: '', notes: '', flooded: '' };

beforeAll(async () => {
  scratch = await scratchDatabase();
  smtp = await startSmtpServer();
  const db = await scratch.open();
  const staff = await createStaff(db.sql, 'replays');
  staffEmail = staff.email;
  await saveBookingHours(db.sql, staff.id, { hours: 'Mon-Sun 00:00-24:00', accepting: true }, new Date());
  await db.close();
  server = await startServer({
    ...scratch.env,
    WEB_CONCURRENCY: process.env.DATABASE_URL ? '2' : '1',
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    JOB_POLL_MS: '50',
  });
  const offered = (await (await fetch(`${server.url}/api/booking/slots?days=21`)).json()) as { slots: { start: string }[] };
  const after = Date.now() + 2 * 86_400_000;
  slots = offered.slots.map((s) => s.start).filter((s) => Date.parse(s) > after);
  expect(slots.length).toBeGreaterThan(10);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await scratch?.drop();
});

/** A client address of its own for each i (TRUST_PROXY=1: the last X-Forwarded-For entry). */
const address = (i: number) => `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`;

async function postBooking(body: Record<string, unknown>, from: string) {
  const res = await fetch(`${server.url}/api/booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function manage(path: string, fields: Record<string, string>, from: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'x-forwarded-for': from },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

/** Every message the SMTP server accepted for `to`, once the worker has been quiet for two seconds. */
async function mailTo(to: string): Promise<number> {
  let seen = -1;
  while (seen !== smtp.received.length) {
    seen = smtp.received.length;
    await Bun.sleep(2000);
  }
  return smtp.received.filter((m) => m.to.includes(to)).length;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  start: slots[0],
  name: 'Amira Haddad',
  email: 'amira@haddad-dental.ca',
  phone: '416-555-0199',
  note: 'Two clinics.',
  ...overrides,
});

test(`${COPIES} identical posts of one booking at once: ${COPIES} identical 201s, one booking, one confirmation`, async () => {
  const one = body({ start: slots[0], email: 'replayed@example.ca' });
  ids.replayed = one.id;
  const answers = await Promise.all(Array.from({ length: COPIES }, (_, i) => postBooking(one, address(i))));
  const statuses = answers.map((a) => a.status);
  console.log('identical copies:', JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]))));
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
  expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  const { booking } = JSON.parse(answers[0].text) as { booking: { id: string; manageUrl: string } };
  expect(booking.id).toBe(one.id);
  // One confirmation to the visitor and one to the staff member, not one per copy.
  expect(await mailTo('replayed@example.ca')).toBe(1);
  // The time is booked once: it is no longer offered.
  const offered = (await (await fetch(`${server.url}/api/booking/slots?days=21`)).json()) as { slots: { start: string }[] };
  expect(offered.slots.map((s) => Date.parse(s.start))).not.toContain(Date.parse(slots[0]));
});

test(`${COPIES} posts of one id with ${COPIES} different notes at once: one 201, the rest 409 naming the conflict, never a 500`, async () => {
  const id = crypto.randomUUID();
  ids.notes = id;
  const answers = await Promise.all(
    Array.from({ length: COPIES }, (_, i) => postBooking(body({ id, start: slots[1], email: 'notes@example.ca', note: `Note number ${i}` }), address(100 + i))),
  );
  const statuses = answers.map((a) => a.status);
  console.log('different answers:', JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]))));
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(COPIES - 1);
  for (const a of answers.filter((x) => x.status === 409)) {
    expect(JSON.parse(a.text).error).toContain('This submission id belongs to another submission');
    expect(a.text).not.toContain('/book/manage/');
  }
  expect(await mailTo('notes@example.ca')).toBe(1);
});

test('a manage link flooded with moves: 429 with Retry-After from one address, and no more than the cap of moves from many; the inboxes get no more than those', async () => {
  const visitor = 'flooded@example.ca';
  const staffBefore = await mailTo(staffEmail);
  const flooded = body({ start: slots[2], email: visitor });
  ids.flooded = flooded.id;
  const made = await postBooking(flooded, address(300));
  expect(made.status).toBe(201);
  const path = new URL((JSON.parse(made.text) as { booking: { manageUrl: string } }).booking.manageUrl).pathname;
  const [a, b] = [slots[3], slots[4]];

  // One address, moving back and forth: the forms' limit (10 a minute) answers 429 with Retry-After.
  const fromOne: { status: number; retryAfter: string | null }[] = [];
  for (let i = 0; i < 15; i++) fromOne.push(await manage(path, { action: 'move', start: i % 2 ? b : a }, address(301)));
  expect(fromOne.slice(0, 10).every((r) => r.status !== 429)).toBe(true);
  expect(fromOne.slice(10).every((r) => r.status === 429 && Number(r.retryAfter) > 0 && Number(r.retryAfter) <= 60)).toBe(true);
  expect(fromOne.some((r) => r.status >= 500)).toBe(false);

  // Many addresses, 50 at once then 50 one by one: the moves stop at the cap, the page then says to call or email.
  const burst = await Promise.all(Array.from({ length: COPIES }, (_, i) => manage(path, { action: 'move', start: i % 2 ? b : a }, address(400 + i))));
  const serial: Awaited<ReturnType<typeof manage>>[] = [];
  for (let i = 0; i < COPIES; i++) serial.push(await manage(path, { action: 'move', start: i % 2 ? b : a }, address(500 + i)));
  const all = [...fromOne, ...burst, ...serial];
  const moved = all.filter((r) => r.status === 303).length;
  console.log(
    'moves flood:',
    JSON.stringify({ moved, refused: all.filter((r) => r.status === 409).length, limited: all.filter((r) => r.status === 429).length }),
  );
  expect(all.some((r) => r.status >= 500)).toBe(false);
  expect(moved).toBeLessThanOrEqual(MOVES_PER_BOOKING);
  const last = serial.at(-1);
  expect(last?.status).toBe(409);
  expect(last?.text).toContain(agency.phoneDisplay);
  expect(last?.text).toContain(`href="tel:${agency.phone}"`);
  expect(last?.text).toContain(`href="mailto:${agency.email}"`);
  const page = await (await fetch(`${server.url}${path}`)).text();
  expect(page).toContain(`href="mailto:${agency.email}"`);
  expect(page).not.toContain('data-move-form');

  // The booking's confirmation and one email per move made, to each of them; nothing for the refusals.
  const toVisitor = await mailTo(visitor);
  const toStaff = smtp.received.filter((m) => m.to.includes(staffEmail)).length - staffBefore;
  console.log('moves flood emails:', JSON.stringify({ toVisitor, toStaff, moved }));
  expect(toVisitor).toBeLessThanOrEqual(1 + MOVES_PER_BOOKING);
  expect(toStaff).toBeLessThanOrEqual(1 + MOVES_PER_BOOKING);

  // Cancelling still works, once.
  expect((await manage(path, { action: 'cancel' }, address(700))).status).toBe(303);
  expect(await (await fetch(`${server.url}${path}`)).text()).toContain('This session is cancelled');
});

test('the database holds one booking, one lead and one confirmation per id, and the flooded booking moved no more than the cap', async () => {
  // The embedded database is the server's alone while it runs.
  if (!process.env.DATABASE_URL) await server.stop();
  const db = await scratch.open();
  const count = async (query: Promise<{ n: number }[]>) => (await query)[0].n;
  for (const id of [ids.replayed, ids.notes]) {
    expect(await count(db.sql`select count(*)::int as n from bookings where id = ${id}`)).toBe(1);
    expect(await count(db.sql`select count(*)::int as n from leads where id = ${id}`)).toBe(1);
    expect(await count(db.sql`select count(*)::int as n from jobs where booking_id = ${id} and channel = 'booking-visitor'`)).toBe(1);
  }
  const [notes] = await db.sql<{ note: string }[]>`select note from bookings where id = ${ids.notes}`;
  expect(notes.note).toMatch(/^Note number \d+$/);
  const [flooded] = await db.sql<{ sequence: number; status: string }[]>`select sequence, status from bookings where id = ${ids.flooded}`;
  // Five moves, then the cancellation.
  expect(flooded).toEqual({ sequence: MOVES_PER_BOOKING + 1, status: 'cancelled' });
  expect(await count(db.sql`select count(*)::int as n from lead_events where lead_id = ${ids.flooded} and to_value = 'moved'`)).toBe(MOVES_PER_BOOKING);
});
