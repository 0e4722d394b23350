import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, signedIn, staffPost } from '../helpers/staff.ts';

// A visitor's cancel sent many times at once, and racing a staff member's status change: the lead ends
// where the last word puts it (staff's status stands; a cancel alone puts a New lead back to New, once),
// and nothing is counted twice. On its own database, at a fixed time: Monday 2026-11-30, 08:00 in Toronto.
setDefaultTimeout(120_000);

const NOW = new Date('2026-11-30T13:00:00Z');
const FROM_SITE = { referer: `${TEST_SITE_URL}/book`, origin: TEST_SITE_URL };
const LEADS = 8;
const CANCELS = 6;

let scratch: ScratchDatabase;
let sql: Sql;

beforeAll(async () => {
  scratch = await scratchDatabase();
  sql = (await scratch.open()).sql;
  const staff = await createStaff(sql, 'hostile-cancel');
  await saveBookingHours(sql, staff.id, { hours: 'Mon-Fri 09:00-17:00', accepting: true, displayName: 'Maya Chen' }, NOW);
});
afterAll(async () => {
  await scratch.drop();
});

const app = () => testApp({ sql, now: () => NOW }, { RATE_LIMITS: 'off' });

/** An audit (New) booked from its results page: its id and the manage page's path. */
async function bookedAudit(t: Awaited<ReturnType<typeof app>>, start: string, i: number) {
  const audit = validAudit({ email: `race-${i}@example.ca` });
  const stored = await t.postJson('/api/business-audit', audit, { referer: `${TEST_SITE_URL}/` });
  expect(stored.status).toBe(201);
  const results = ((await stored.json()) as { resultsUrl: string }).resultsUrl.split('/').pop();
  const res = await t.postJson('/api/booking', { id: crypto.randomUUID(), start, name: 'Race Visitor', email: audit.email, results }, FROM_SITE);
  expect(res.status).toBe(201);
  return { id: audit.id, path: new URL(((await res.json()) as { booking: { manageUrl: string } }).booking.manageUrl).pathname };
}

const cancel = (t: Awaited<ReturnType<typeof app>>, path: string) =>
  t.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_SITE }, body: 'action=cancel' });

const statusEvents = (id: string) =>
  sql<{ fromValue: string; toValue: string }[]>`select from_value, to_value from lead_events where lead_id = ${id} and kind = 'status' order by id`;

test(`${CANCELS} cancels of one session at once: cancelled once, the lead New again once, the promise untouched`, async () => {
  const t = await app();
  const { slots } = (await (await t.request('/api/booking/slots?days=21')).json()) as { slots: { start: string }[] };
  const leads = await Promise.all(slots.slice(0, LEADS).map((s, i) => bookedAudit(t, s.start, i)));
  const answers = await Promise.all(leads.flatMap((l) => Array.from({ length: CANCELS }, () => cancel(t, l.path))));
  expect(answers.every((a) => a.status === 303)).toBe(true);
  for (const l of leads) {
    const [lead] = await sql<{ status: string; firstReachedAt: Date | null }[]>`select status, first_reached_at from leads where id = ${l.id}`;
    expect(lead).toEqual({ status: 'new', firstReachedAt: null });
    expect((await statusEvents(l.id)).map((e) => `${e.fromValue}→${e.toValue}`)).toEqual(['new→session booked', 'session booked→new']);
    const [{ n }] = await sql<
      { n: number }[]
    >`select count(*)::int as n from lead_events where lead_id = ${l.id} and kind = 'booking' and to_value = 'cancelled'`;
    expect(n).toBe(1);
  }
});

test('cancels racing a staff member moving the lead to Won: Won stands, whichever came first', async () => {
  const t = await app();
  const session = await signedIn(t, await createStaff(sql, 'racer', 'staff'));
  const { slots } = (await (await t.request('/api/booking/slots?days=21')).json()) as { slots: { start: string }[] };
  const leads = await Promise.all(slots.slice(0, LEADS).map((s, i) => bookedAudit(t, s.start, 100 + i)));
  const answers = await Promise.all(
    leads.flatMap((l, i) => {
      const won = staffPost(t, session, `/admin/leads/audit/${l.id}/status`, { status: 'won', wonValue: '2000' });
      const cancels = Array.from({ length: CANCELS }, () => cancel(t, l.path));
      // Staff first for half of them, the visitor first for the other half.
      return i % 2 === 0 ? [won, ...cancels] : [...cancels, won];
    }),
  );
  expect(answers.every((a) => a.status === 303)).toBe(true);
  for (const l of leads) {
    const [lead] = await sql<{ status: string }[]>`select status from leads where id = ${l.id}`;
    expect(lead.status).toBe('won');
    const events = (await statusEvents(l.id)).map((e) => `${e.fromValue}→${e.toValue}`);
    // Either the cancel put it back to New and staff then won it, or staff won it and the cancel left it.
    expect([
      ['new→session booked', 'session booked→new', 'new→won'],
      ['new→session booked', 'session booked→won'],
    ]).toContainEqual(events);
  }
});
