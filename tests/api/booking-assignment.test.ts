import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';

// Who takes a session when several staff members are free: the lead's owner when free, else round
// robin (the one booked longest ago, never booked first); a visitor sees one slot per time whoever is free.
setDefaultTimeout(60_000);

const NOW = new Date('2026-11-30T13:00:00Z');
const FROM_SITE = { referer: `${TEST_SITE_URL}/book`, origin: TEST_SITE_URL };

let scratch: ScratchDatabase;
let sql: Sql;
let staff: TestStaff[];

beforeAll(async () => {
  scratch = await scratchDatabase();
  sql = (await scratch.open()).sql;
  staff = [await createStaff(sql, 'ana'), await createStaff(sql, 'ben')];
  for (const s of staff) await saveBookingHours(sql, s.id, { hours: 'Mon-Fri 10:00-16:00', accepting: true }, NOW);
});
afterAll(() => scratch?.drop());

// A clock that moves a second each time it is read: bookings are made one after another, as in life
// (round robin goes by when each was last booked).
let tick = 0;
const app = () => testApp({ sql, now: () => new Date(NOW.getTime() + ++tick * 1000) }, { RATE_LIMITS: 'off' });
const book = async (t: Awaited<ReturnType<typeof app>>, start: string, extra: Record<string, unknown> = {}) => {
  const res = await t.postJson(
    '/api/booking',
    { id: crypto.randomUUID(), start, name: 'Visitor', email: `v-${crypto.randomUUID()}@example.ca`, ...extra },
    FROM_SITE,
  );
  expect(res.status).toBe(201);
  const { booking } = (await res.json()) as { booking: { id: string } };
  const [row] = await sql<{ staffId: string }[]>`select staff_id from bookings where id = ${booking.id}`;
  return row.staffId;
};

test('one slot per time whoever is free; the same time goes to each staff member once, then it is gone', async () => {
  const t = await app();
  const starts = async () => ((await (await t.request('/api/booking/slots?days=2')).json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
  const before = await starts();
  expect(new Set(before).size).toBe(before.length);
  const start = '2026-12-01T15:00:00.000Z';
  const first = await book(t, start);
  expect((await starts()).filter((s) => s === '2026-12-01T10:00:00-05:00')).toHaveLength(1);
  const second = await book(t, start);
  expect(new Set([first, second])).toEqual(new Set(staff.map((s) => s.id)));
  expect(await starts()).not.toContain('2026-12-01T10:00:00-05:00');
});

test('round robin: the next booking goes to the one booked longest ago', async () => {
  const t = await app();
  const a = await book(t, '2026-12-02T15:00:00.000Z');
  const b = await book(t, '2026-12-02T16:00:00.000Z');
  const c = await book(t, '2026-12-02T17:00:00.000Z');
  expect(a).not.toBe(b);
  expect(c).toBe(a);
});

test('the lead’s owner takes the session when free, whoever is next in turn', async () => {
  const t = await app();
  const audit = validAudit();
  const stored = await t.postJson('/api/business-audit', audit, { referer: `${TEST_SITE_URL}/` });
  const token = ((await stored.json()) as { resultsUrl: string }).resultsUrl.split('/').pop() as string;
  const owner = staff[1];
  await sql`update leads set owner_id = ${owner.id} where kind = 'audit' and id = ${audit.id}`;
  for (const start of ['2026-12-03T15:00:00.000Z', '2026-12-03T16:00:00.000Z'])
    expect(await book(t, start, { results: token, email: audit.email })).toBe(owner.id);
});
