import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import fc from 'fast-check';
import type { Database } from '../../db/client.ts';
import { eraseLead } from '../../db/queries/erasure.ts';
import { changeStatus } from '../../db/queries/leads.ts';
import { encodeTouch, type Touch } from '../../lib/leads/attribution.ts';
import { FUZZ_SEED } from '../fuzz/arbitraries.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { validIntake } from '../helpers/intake.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, signedIn, type TestStaff } from '../helpers/staff.ts';

// A database of its own (the file covers every lead of its days) and a clock of the test's own.
setDefaultTimeout(120_000);

// GET /admin/api/conversions/google-ads.csv (lib/analytics/google-ads.ts, db/queries/conversions.ts):
// Google Ads' offline conversion import file, read line by line. Leads arrive as a visitor's browser
// sends them, carrying their touch cookies; bookings and a win's retainer are written as the booking
// flow and the status form write them.

type App = Awaited<ReturnType<typeof testApp>>;
type Clock = { now: Date };

const at = (iso: string) => new Date(iso);
const cookieOf = (first: Partial<Touch> | null, last: Partial<Touch> | null = null) =>
  [
    first && `first_touch=${encodeURIComponent(encodeTouch({ landing: '/services/seo-services', at: '2026-03-01T15:00:00.000Z', ...first }))}`,
    last && `last_touch=${encodeURIComponent(encodeTouch({ landing: '/', at: '2026-03-05T15:00:00.000Z', ...last }))}`,
  ]
    .filter(Boolean)
    .join('; ');

let scratch: ScratchDatabase;
let db: Database;
let t: App;
let staff: TestStaff;
let cookie: string;
const clock: Clock = { now: at('2026-03-01T12:00:00Z') };
/** The audit estimate of the lead whose file row carries it. */
let estimate: string;

/** An audit sent at `when` with these touch cookies; its id. */
async function audit(when: string, cookies: string, { spam = false } = {}) {
  clock.now = at(when);
  const sent = validAudit();
  const res = await t.postJson('/api/business-audit', { ...sent, fillMs: spam ? 500 : 60_000 }, { referer: `${TEST_SITE_URL}/`, cookie: cookies });
  expect(res.status).toBe(201);
  return sent.id;
}

/** A Q4 application (budget $2,500–$5,000 a month) sent at `when`; its id. */
async function application(when: string, cookies: string) {
  clock.now = at(when);
  const sent = validIntake();
  const res = await t.postJson('/api/q4-intake', { ...sent, fillMs: 60_000 }, { referer: `${TEST_SITE_URL}/q4-intake`, cookie: cookies });
  expect(res.status).toBe(201);
  return sent.id;
}

/** A session booked at `when` (starting two days later), as the booking flow stores it. */
async function booking(kind: string, id: string, when: string, status = 'booked') {
  const starts = new Date(at(when).getTime() + 2 * 86_400_000);
  const ends = new Date(starts.getTime() + 30 * 60_000);
  await db.sql`insert into bookings (id, lead_kind, lead_id, starts_at, ends_at, blocked_until, status, manage_token, created_at, updated_at)
    values (${crypto.randomUUID()}, ${kind}, ${id}, ${starts}, ${ends}, ${ends}, ${status}, ${crypto.randomUUID()}, ${at(when)}, ${at(when)})`;
}

async function won(kind: 'audit' | 'intake', id: string, when: string, value: string | null) {
  expect(await changeStatus(db.sql, kind, id, 'won', undefined, { actor: staff, now: at(when) })).toBe('changed');
  await db.sql`update leads set won_value = ${value} where kind = ${kind} and id = ${id}`;
}

const download = (query: string, headers: Record<string, string> = { cookie }) => t.request(`/admin/api/conversions/google-ads.csv${query}`, { headers });
const lines = async (query: string) => {
  const res = await download(query);
  expect(res.status).toBe(200);
  return (await res.text()).split('\r\n');
};

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  t = await testApp({ sql: db.sql, now: () => clock.now }, { RATE_LIMITS: 'off' });
  staff = await createStaff(db.sql, 'ads');

  // The first day of the range starts at midnight Toronto time: a minute before is the day before.
  await audit('2026-03-07T04:59:00Z', cookieOf({ gclid: 'GCLID-day-before' }));
  // 8 March 2026, the clocks go forward at 02:00: a lead at 01:30 EST from an ad clicked twice (the last click counts),
  const twice = await audit('2026-03-08T06:30:00Z', cookieOf({ gclid: 'GCLID-first-click' }, { gclid: 'GCLID-last-click', utm_campaign: 'spring' }));
  [{ estimate }] = await db.sql<{ estimate: string }[]>`select estimated_value::text as estimate from business_audits where id = ${twice}`;
  // its session booked at 03:30 EDT, and won the next day with a $2,500 retainer;
  await booking('audit', twice, '2026-03-08T07:30:00Z');
  await won('audit', twice, '2026-03-09T15:00:00Z', '2500.00');
  // an application from a first-touch click, budget $2,500–$5,000 (worth its midpoint), won without a retainer entered;
  const applied = await application('2026-03-08T16:00:00Z', cookieOf({ gclid: 'GCLID-application' }, { utm_source: 'newsletter', utm_medium: 'email' }));
  await won('intake', applied, '2026-03-09T16:00:00Z', null);
  // a click id that looks like a formula;
  await audit('2026-03-09T12:00:00Z', cookieOf({ gclid: '=HYPERLINK("http://evil.example","x")' }));
  // the last second of the range's last day (23:59:59 EDT) and the first of the next.
  await audit('2026-03-10T03:59:59Z', cookieOf({ gclid: 'GCLID-last-second' }));
  await audit('2026-03-10T04:00:00Z', cookieOf({ gclid: 'GCLID-day-after' }));

  // Never in the file: spam, an erased lead and its session, a cancelled session, a win taken back
  // (the leads themselves are reported), and leads from no Google click, from Meta, or from an
  // iPhone's click id alone (and that one's session).
  await audit('2026-03-08T13:00:00Z', cookieOf({ gclid: 'GCLID-spam' }), { spam: true });
  const erased = await audit('2026-03-08T13:10:00Z', cookieOf({ gclid: 'GCLID-erased' }));
  await booking('audit', erased, '2026-03-08T13:20:00Z');
  expect(await eraseLead(db.sql, 'audit', erased, { actor: staff, now: at('2026-03-08T14:00:00Z'), reason: 'request', notifyReceiver: false })).toBe('changed');
  const cancelled = await audit('2026-03-08T13:30:00Z', cookieOf({ gclid: 'GCLID-cancelled' }));
  await booking('audit', cancelled, '2026-03-08T13:40:00Z', 'cancelled');
  const lost = await audit('2026-03-08T13:50:00Z', cookieOf({ gclid: 'GCLID-lost' }));
  await won('audit', lost, '2026-03-08T14:00:00Z', '900.00');
  expect(await changeStatus(db.sql, 'audit', lost, 'lost', undefined, { actor: staff, now: at('2026-03-08T15:00:00Z') })).toBe('changed');
  await audit('2026-03-08T14:10:00Z', cookieOf({ utm_source: 'google', utm_medium: 'cpc' }));
  await audit('2026-03-08T14:20:00Z', cookieOf({ fbclid: 'IwAR-meta' }));
  const iphone = await audit('2026-03-08T14:30:00Z', cookieOf({ wbraid: 'WBRAID-iphone' }));
  await booking('audit', iphone, '2026-03-08T14:40:00Z');
  await audit('2026-03-08T14:50:00Z', '');

  // Staff download it a few days later (a session lives by the same clock).
  clock.now = at('2026-03-12T14:00:00Z');
  ({ cookie } = await signedIn(t, staff));
});

afterAll(async () => {
  await scratch?.drop();
});

describe('the Google Ads conversion file', () => {
  test('the time zone line, Google’s header, then one row per lead, booking and win from a Google click, in Toronto time', async () => {
    const res = await download('?from=2026-03-07&to=2026-03-09');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="google-ads-conversions-2026-03-07-to-2026-03-09.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.charCodeAt(0)).toBe('P'.charCodeAt(0));
    const file = text.split('\r\n');
    // Every audit here gives the same answers, so the same estimate: its pipeline value.
    const value = Number(estimate).toFixed(2);
    expect(file).toEqual([
      'Parameters:TimeZone=America/Toronto',
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      `GCLID-last-click,Lead,2026-03-08 01:30:00,${value},CAD`,
      'GCLID-last-click,Booked session,2026-03-08 03:30:00,,CAD',
      // Still leads, though their session was cancelled and their win taken back: those are not reported.
      `GCLID-cancelled,Lead,2026-03-08 09:30:00,${value},CAD`,
      `GCLID-lost,Lead,2026-03-08 09:50:00,${value},CAD`,
      'GCLID-application,Lead,2026-03-08 12:00:00,3750.00,CAD',
      `"'=HYPERLINK(""http://evil.example"",""x"")",Lead,2026-03-09 08:00:00,${value},CAD`,
      'GCLID-last-click,Won client,2026-03-09 11:00:00,2500.00,CAD',
      'GCLID-application,Won client,2026-03-09 12:00:00,,CAD',
      `GCLID-last-second,Lead,2026-03-09 23:59:59,${value},CAD`,
      '',
    ]);
    for (const never of ['GCLID-day-before', 'GCLID-day-after', 'GCLID-first-click', 'spam', 'erased', 'IwAR', 'WBRAID']) expect(text).not.toContain(never);
    console.log(
      'google ads file:',
      `${file.length - 3} conversions from ${await leadCount()} leads on ${scratch.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`,
    );
  });

  test('one day, a day with nothing, and the same range twice give the same rows', async () => {
    expect((await lines('?from=2026-03-10&to=2026-03-10')).slice(2)).toEqual([
      `GCLID-day-after,Lead,2026-03-10 00:00:00,${Number(estimate).toFixed(2)},CAD`,
      '',
    ]);
    expect(await lines('?from=2026-03-11&to=2026-03-11')).toEqual([
      'Parameters:TimeZone=America/Toronto',
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      '',
    ]);
    expect(await lines('?from=2026-03-07&to=2026-03-09')).toEqual(await lines('?from=2026-03-07&to=2026-03-09'));
  });

  test('a bad range is a 400 naming the field; nothing else is a 500', async () => {
    const refused = async (query: string) => {
      const res = await download(query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type'), query).toStartWith('application/json');
      return Object.keys(((await res.json()) as { fields: Record<string, string> }).fields);
    };
    expect(await refused('')).toEqual(['from', 'to']);
    expect(await refused('?from=2026-03-07')).toEqual(['to']);
    expect(await refused('?from=2026-02-30&to=2026-03-09')).toEqual(['from']);
    expect(await refused('?from=2026-03-09&to=2026-03-07')).toEqual(['to']);
    expect(await refused('?from=2020-01-01&to=2026-03-09')).toEqual(['to']);
    expect(await refused('?from=2026-03-07&from=2026-03-08&to=2026-03-09')).toEqual(['from']);
    expect(await refused(`?from=${'9'.repeat(20_000)}&to=2026-03-09`)).toEqual(['from']);
    expect(await refused('?from=2026-03-07%00&to=2026-03-09')).toEqual(['from']);
    expect(await refused('?from=%E0%A4%A&to=2026-03-09')).toEqual(['from']);
    expect(await refused("?from=2026-03-07'%20or%201=1--&to=2026-03-09")).toEqual(['from']);
    expect(await refused('?from[]=2026-03-07&to=2026-03-09')).toContain('from');
    // A day left out or given twice is told how to write it (never "Invalid input").
    for (const query of ['?from=2026-03-07', '?from=2026-03-07&from=2026-03-08&to=2026-03-09']) {
      const res = await download(query);
      const fields = ((await res.json()) as { fields: Record<string, string> }).fields;
      expect(Object.values(fields), query).toEqual(['Use a date like 2026-11-23']);
    }
    // Extra parameters are ignored.
    expect((await download('?from=2026-03-11&to=2026-03-11&format=xlsx')).status).toBe(200);
  });

  test('any query string is a file or a 400 in JSON, never an error', async () => {
    const day = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const value = fc.oneof(
      day,
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', '2026-02-29', '2028-02-29', '0000-00-00', '2026-3-8', '%00', '\u0000', '2026-03-08\n'),
    );
    const part = fc.tuple(fc.constantFrom('from', 'to', 'to', 'from', 'From', 'x'), value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    // Some good ranges among them: a first day and up to a year and a bit after it.
    const range = fc
      .tuple(day, fc.integer({ min: 0, max: 400 }))
      .map(([from, days]) => [`from=${from}`, `to=${new Date(Date.parse(from) + days * 86_400_000).toISOString().slice(0, 10)}`]);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(range, fc.array(part, { maxLength: 4 })), async (parts) => {
        const res = await download(`?${parts.join('&')}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect([200, 400]).toContain(res.status);
        const text = await res.text();
        if (res.status === 400) expect(Object.keys(JSON.parse(text).fields).every((f) => f === 'from' || f === 'to')).toBe(true);
        else expect(text).toStartWith('Parameters:TimeZone=America/Toronto\r\n');
      }),
      { numRuns: 300, seed: FUZZ_SEED, endOnFailure: true },
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  });

  test('staff only: no session, a forged or ended one is refused with 401 and no file; other methods are 405', async () => {
    const query = '?from=2026-03-07&to=2026-03-09';
    for (const headers of [{} as Record<string, string>, { cookie: 'staff_session=forged' }, { cookie: `${cookie.split('=')[0]}=${'A'.repeat(43)}` }]) {
      const res = await download(query, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.text();
      expect(body).not.toContain('GCLID');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.request(`/admin/api/conversions/google-ads.csv${query}`, { method, headers: { cookie } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toContain('GET');
    }
    // An odd Host changes nothing: the session decides.
    for (const host of ['evil.example', 'a b', '']) {
      expect((await t.request(`http://evil.example/admin/api/conversions/google-ads.csv${query}`, { headers: { host } })).status, host).toBe(401);
      expect((await t.request(`http://evil.example/admin/api/conversions/google-ads.csv${query}`, { headers: { host, cookie } })).status, host).toBe(200);
    }
    // Signed out, the same browser is refused too.
    const other = await createStaff(db.sql, 'ads-out');
    const session = await signedIn(t, other);
    expect((await download(query, { cookie: session.cookie })).status).toBe(200);
    const out = await t.request('/admin/logout', {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL },
      body: `_csrf=${session.csrf}`,
    });
    expect([200, 303]).toContain(out.status);
    expect((await download(query, { cookie: session.cookie })).status).toBe(401);
  });
});

async function leadCount() {
  const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from leads`;
  return count;
}
