import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff } from '../helpers/staff.ts';

// Two visitors choosing the same time at the same instant, 50 times over, against a production server:
// two processes on one PostgreSQL (and one process on the embedded database). Each pair's posts go out
// together on connections of their own, so the kernel hands them to either process. The database's
// claims decide: each pair gets one 201 and one 409, and no staff member is ever booked twice.
setDefaultTimeout(120_000);

const PAIRS = 50;

type Answer = { status: number; requestId: string | null };

/** One booking from its own client address (i), by `email` (the i-th visitor's own by default). */
async function book(server: RunningServer, start: string, i: number, email = `visitor${i}@example.ca`): Promise<Answer & { fields?: object }> {
  const res = await fetch(`${server.url}/api/booking`, {
    method: 'POST',
    keepalive: false,
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `198.51.${100 + (i % 50)}.${(i % 200) + 1}`, connection: 'close' },
    body: JSON.stringify({ id: crypto.randomUUID(), start, name: `Visitor ${i}`, email }),
  });
  const body = (await res.json().catch(() => ({}))) as { fields?: object };
  return { status: res.status, requestId: res.headers.get('x-request-id'), fields: body.fields };
}

function pairs(label: string, processes: number) {
  describe(label, () => {
    let scratch: ScratchDatabase;
    let server: RunningServer;

    beforeAll(async () => {
      scratch = await scratchDatabase();
      const db = await scratch.open();
      // Two staff members who take bookings around the clock: every slot can go to either, so a pair's
      // second post may still find the other one free (then both are booked: also right). One staff
      // member per pair's slot keeps the figure exact: here, one bookable person.
      const staff = await createStaff(db.sql, 'round-the-clock');
      await saveBookingHours(db.sql, staff.id, { hours: 'Mon-Sun 00:00-24:00', accepting: true }, new Date());
      await db.close();
      server = await startServer({ ...scratch.env, WEB_CONCURRENCY: String(processes), TRUST_PROXY: '1', BOOKING_MIN_NOTICE_HOURS: '1' });
    });
    afterAll(async () => {
      await server?.stop();
      await scratch?.drop();
    });

    test(`${PAIRS} pairs of simultaneous posts for the same slots: ${PAIRS} bookings, ${PAIRS} refusals, none double-booked`, async () => {
      const { slots } = (await (await fetch(`${server.url}/api/booking/slots?days=21`)).json()) as { slots: { start: string }[] };
      expect(slots.length).toBeGreaterThanOrEqual(PAIRS);
      const chosen = slots.slice(0, PAIRS).map((s) => s.start);
      const answers = await Promise.all(chosen.flatMap((start, i) => [book(server, start, 2 * i), book(server, start, 2 * i + 1)]));
      const byPair = chosen.map((_, i) => [answers[2 * i], answers[2 * i + 1]]);
      const booked = answers.filter((a) => a.status === 201).length;
      const refused = answers.filter((a) => a.status === 409).length;
      const split = processes > 1 ? await splitPairs(server, byPair) : 0;
      // The embedded database is the server's alone while it runs.
      if (!process.env.DATABASE_URL) await server.stop();
      const db = await scratch.open();
      const [{ overlapping }] = await db.sql<{ overlapping: number }[]>`
        select count(*)::int as overlapping from bookings a join bookings b
          on a.staff_id = b.staff_id and a.id < b.id and a.status <> 'cancelled' and b.status <> 'cancelled'
          and a.starts_at < b.blocked_until and b.starts_at < a.blocked_until`;
      const [{ stored }] = await db.sql<{ stored: number }[]>`select count(*)::int as stored from bookings where status = 'booked'`;
      // Let go of it: the next test starts a server on it again (the embedded database has one user at a time).
      await db.close();
      console.log('booking pairs:', JSON.stringify({ label, pairs: PAIRS, booked, refused, stored, doubleBooked: overlapping, pairsAcrossProcesses: split }));
      expect(byPair.every(([a, b]) => [a.status, b.status].sort().join() === '201,409')).toBe(true);
      expect(booked).toBe(PAIRS);
      expect(refused).toBe(PAIRS);
      expect(stored).toBe(PAIRS);
      expect(overlapping).toBe(0);
      if (processes > 1) expect(split).toBeGreaterThan(0);
    });

    test('200 bookings of one email address at once, each its own id, time and client address: 2 booked, 198 refused naming email, none a 5xx; the next visitor books', async () => {
      if (!process.env.DATABASE_URL) server = await startServer({ ...scratch.env, TRUST_PROXY: '1', BOOKING_MIN_NOTICE_HOURS: '1' });
      const { slots } = (await (await fetch(`${server.url}/api/booking/slots?days=21`)).json()) as { slots: { start: string }[] };
      expect(slots.length).toBeGreaterThanOrEqual(201);
      const email = 'one.address@example.ca';
      const answers = await Promise.all(slots.slice(0, 200).map((s, i) => book(server, s.start, i, email)));
      const statuses = Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((status) => [status, answers.filter((a) => a.status === status).length]),
      );
      const next = await book(server, slots[200].start, 999);
      if (!process.env.DATABASE_URL) await server.stop();
      const db = await scratch.open();
      const [{ stored }] = await db.sql<{ stored: number }[]>`select count(*)::int as stored from bookings where email = ${email}`;
      await db.close();
      console.log('one address, 200 at once:', JSON.stringify({ label, statuses, stored, nextVisitor: next.status }));
      expect(statuses).toEqual({ 201: 2, 409: 198 });
      expect(answers.filter((a) => a.status === 409).every((a) => a.fields && 'email' in a.fields)).toBe(true);
      expect(stored).toBe(2);
      expect(next.status).toBe(201);
    });
  });
}

/** How many pairs were answered by two different processes (their access lines name the process). */
async function splitPairs(server: RunningServer, byPair: Answer[][]): Promise<number> {
  let split = 0;
  for (const [a, b] of byPair) {
    if (!a.requestId || !b.requestId) continue;
    if ((await server.processOf(a.requestId)) !== (await server.processOf(b.requestId))) split++;
  }
  return split;
}

if (process.env.DATABASE_URL) pairs('two processes on PostgreSQL', 2);
else pairs('one process on the embedded database', 1);
