import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import { saveBookingHours, saveCalendar } from '../../db/queries/booking-settings.ts';
import { eraseLead } from '../../db/queries/erasure.ts';
import { sealSecret } from '../../features/booking/secret-box.ts';
import { type LeadWorker, startWorker } from '../../features/leads/delivery/worker.ts';
import { loadConfig } from '../../lib/config.ts';
import { startRadicale, type TestRadicale } from '../fixtures/radicale.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { insideCalendar } from '../helpers/inside-calendar.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff } from '../helpers/staff.ts';

// Booking against a real CalDAV server (Radicale on loopback): the staff member's events take their
// slots away, a booking becomes an event in their calendar (moved and removed with it), the emails carry
// the invite, and a calendar that cannot be read withholds its owner's slots. The clock stands at
// Monday 2026-11-30, 08:00 Toronto time. Radicale is on loopback, a private address: it is let through
// by CALENDAR_ALLOW_HOSTS, set as the server's environment would have it.
setDefaultTimeout(60_000);

const NOW = new Date('2026-11-30T13:00:00Z');
const APP_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const FROM_SITE = { referer: `${TEST_SITE_URL}/book`, origin: TEST_SITE_URL };
const PASSWORD = 'correct horse battery staple';

let scratch: ScratchDatabase;
let sql: Sql;
let radicale: TestRadicale;
let smtp: TestSmtpServer;
let calendarUrl: string;
let staffId: string;
let worker: LeadWorker;
// The loopback Radicale is let through as a deployment's CALENDAR_ALLOW_HOSTS would let an office server.
const env = () => ({ APP_SECRET, SMTP_URL: smtp.url, JOB_POLL_MS: '20', MAIL_FROM: 'hello@northlinedigital.ca', CALENDAR_ALLOW_HOSTS: radicale.hostPort });

beforeAll(async () => {
  [radicale, smtp, scratch] = await Promise.all([startRadicale({ users: { maya: PASSWORD, sam: PASSWORD } }), startSmtpServer(), scratchDatabase()]);
  sql = (await scratch.open()).sql;
  calendarUrl = await radicale.makeCalendar('maya', 'Work');
  const staff = await createStaff(sql, 'maya');
  staffId = staff.id;
  await saveBookingHours(sql, staffId, { hours: 'Mon-Fri 10:00-16:00', accepting: true, displayName: 'Maya Chen' }, NOW);
  await saveCalendar(
    sql,
    staffId,
    { kind: 'caldav', url: calendarUrl, username: 'maya', sealedPassword: await sealSecret(PASSWORD, APP_SECRET) },
    { name: 'Work', problem: null },
    NOW,
  );
  // Tuesday Dec 1, 13:00-14:30 Toronto time: the 13:00 and 14:00 slots are taken by it.
  await radicale.putRawEvent(calendarUrl, busyEvent('dentist@test', '20261201T180000Z', '20261201T193000Z', 'Dentist'));
  worker = startWorker({
    sql,
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env() }),
    log: (await testApp({ sql })).deps.log,
    now: () => NOW,
  });
});
afterAll(async () => {
  await worker?.stop();
  await Promise.all([radicale?.stop(), smtp?.stop()]);
  await scratch?.drop();
});

const app = () => testApp({ sql, now: () => NOW }, env());
const slotsOn = async (t: Awaited<ReturnType<typeof app>>, day: string) =>
  ((await (await t.request('/api/booking/slots?days=5')).json()) as { slots: { start: string }[] }).slots.map((s) => s.start).filter((s) => s.startsWith(day));

async function settled(bookingId: string) {
  for (let i = 0; i < 200; i++) {
    const [{ open }] = await sql<
      { open: number }[]
    >`select count(*)::int as open from jobs where booking_id = ${bookingId} and state in ('queued', 'running') and run_at <= ${NOW}`;
    if (open === 0) return;
    await Bun.sleep(25);
  }
  throw new Error('the booking jobs never finished');
}

/** A calendar object with one event, as a staff member's own calendar app would store it. */
const busyEvent = (uid: string, start: string, end: string, summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261120T120000Z',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const eventOf = async (bookingId: string) => radicale.request('maya', `${calendarUrl}session-${bookingId}.ics`);

describe('a staff member with a CalDAV calendar', () => {
  test('a busy event in their calendar takes its slots away', async () => {
    const t = await app();
    expect(await slotsOn(t, '2026-12-01')).toEqual([
      '2026-12-01T10:00:00-05:00',
      '2026-12-01T11:00:00-05:00',
      '2026-12-01T12:00:00-05:00',
      '2026-12-01T15:00:00-05:00',
    ]);
  });

  test('a booking becomes an event in the calendar with the invite emailed to both; a move updates it, a cancel removes it', async () => {
    const t = await app();
    const res = await t.postJson(
      '/api/booking',
      { id: crypto.randomUUID(), start: '2026-12-01T15:00:00.000Z', name: 'Dev Patel', email: 'dev@patelplumbing.ca' },
      FROM_SITE,
    );
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: { id: string; manageUrl: string } };
    t.deps.notifications.queued();
    worker.poke();
    await settled(booking.id);
    const event = await eventOf(booking.id);
    expect(event.status).toBe(200);
    const ics = await event.text();
    expect(ics).toContain(`UID:session-${booking.id}`);
    expect(ics).toContain('DTSTART:20261201T150000Z');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).not.toContain('METHOD:');
    // The staff member's event says what to do (no video link is set, no phone was given) and links the lead.
    const unfolded = ics.replace(/\r?\n[ \t]/g, '');
    expect(unfolded).toContain('Email them a link to join before the session');
    expect(unfolded).toContain('The lead: http');
    const mail = await smtp.waitFor(2);
    const invites = mail.map((m) => m.raw).filter((raw) => raw.includes('text/calendar'));
    expect(invites).toHaveLength(2);
    expect(invites.every((raw) => raw.includes('METHOD:REQUEST'))).toBe(true);
    const to = mail.map((m) => m.to[0]);
    expect(to).toContain('dev@patelplumbing.ca');
    expect(to.some((address) => address.startsWith('maya-'))).toBe(true);

    // The manage link moves it: the same event, one version later.
    const path = new URL(booking.manageUrl).pathname;
    const form = (fields: Record<string, string>) =>
      t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_SITE },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await form({ action: 'move', start: '2026-12-02T15:00:00.000Z' })).status).toBe(303);
    worker.poke();
    await settled(booking.id);
    const moved = await (await eventOf(booking.id)).text();
    expect(moved).toContain('DTSTART:20261202T150000Z');
    expect(moved).toContain('SEQUENCE:1');
    expect((await smtp.waitFor(4)).slice(2).every((m) => m.raw.includes('SEQUENCE:1'))).toBe(true);

    expect((await form({ action: 'cancel' })).status).toBe(303);
    worker.poke();
    await settled(booking.id);
    expect((await eventOf(booking.id)).status).toBe(404);
    const cancels = (await smtp.waitFor(6)).slice(4);
    expect(cancels.every((m) => m.raw.includes('METHOD:CANCEL') && m.raw.includes(`UID:session-${booking.id}`))).toBe(true);
  });

  test('an event added after the slots were shown is read again before booking: the visitor gets a 409, not a double booking', async () => {
    const t = await app();
    expect(await slotsOn(t, '2026-12-03')).toContain('2026-12-03T10:00:00-05:00');
    await radicale.putRawEvent(calendarUrl, busyEvent('late@test', '20261203T150000Z', '20261203T160000Z', 'Site visit'));
    const res = await t.postJson(
      '/api/booking',
      { id: crypto.randomUUID(), start: '2026-12-03T15:00:00.000Z', name: 'Late Visitor', email: 'late@example.ca' },
      FROM_SITE,
    );
    expect(res.status).toBe(409);
  });

  test('a move that gives the session to another staff member moves the event from one calendar to the other', async () => {
    const samCalendar = await radicale.makeCalendar('sam', 'Sam at work');
    const sam = await createStaff(sql, 'sam');
    // Sam takes only Friday mornings; Maya is busy then.
    await saveBookingHours(sql, sam.id, { hours: 'Fri 10:00-11:00', accepting: true, displayName: 'Sam Okafor' }, NOW);
    await saveCalendar(
      sql,
      sam.id,
      { kind: 'caldav', url: samCalendar, username: 'sam', sealedPassword: await sealSecret(PASSWORD, APP_SECRET) },
      { name: 'Sam at work', problem: null },
      NOW,
    );
    await radicale.putRawEvent(calendarUrl, busyEvent('friday@test', '20261204T140000Z', '20261204T170000Z', 'Client workshop'));
    const t = await app();
    const res = await t.postJson(
      '/api/booking',
      { id: crypto.randomUUID(), start: '2026-12-03T19:00:00.000Z', name: 'Ines Costa', email: 'ines@costa-bakery.ca' },
      FROM_SITE,
    );
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: { id: string; manageUrl: string } };
    worker.poke();
    await settled(booking.id);
    expect((await eventOf(booking.id)).status).toBe(200);
    const moved = await t.request(new URL(booking.manageUrl).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_SITE },
      body: new URLSearchParams({ action: 'move', start: '2026-12-04T15:00:00.000Z' }).toString(),
    });
    expect(moved.status).toBe(303);
    worker.poke();
    await settled(booking.id);
    const [row] = await sql<{ staffId: string }[]>`select staff_id from bookings where id = ${booking.id}`;
    expect(row.staffId).toBe(sam.id);
    expect((await eventOf(booking.id)).status).toBe(404);
    const samsCopy = await radicale.request('sam', `${samCalendar}session-${booking.id}.ics`);
    expect(samsCopy.status).toBe(200);
    expect(await samsCopy.text()).toContain('DTSTART:20261204T150000Z');
  });

  test('erasing the lead removes its session from the staff member’s calendar (the event carries the name)', async () => {
    const t = await app();
    const res = await t.postJson(
      '/api/booking',
      { id: crypto.randomUUID(), start: '2026-12-07T16:00:00.000Z', name: 'Erase Me', email: 'erase-me@example.ca' },
      FROM_SITE,
    );
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: { id: string } };
    worker.poke();
    await settled(booking.id);
    expect(await (await eventOf(booking.id)).text()).toContain('Erase Me');
    const [lead] = await sql<{ leadKind: 'booking'; leadId: string }[]>`select lead_kind, lead_id from bookings where id = ${booking.id}`;
    expect(await eraseLead(sql, lead.leadKind, lead.leadId, { actor: null, now: NOW, reason: 'request', notifyReceiver: false })).toBe('changed');
    worker.poke();
    await settled(booking.id);
    expect((await eventOf(booking.id)).status).toBe(404);
  });

  test('a calendar that cannot be read withholds its owner’s slots, and the back office is told why', async () => {
    await saveCalendar(
      sql,
      staffId,
      { kind: 'caldav', url: calendarUrl, username: 'maya', sealedPassword: await sealSecret('wrong password', APP_SECRET) },
      { name: 'Work', problem: null },
      new Date(NOW.getTime() + 1000),
    );
    const t = await app();
    const body = (await (await t.request('/api/booking/slots?days=5')).json()) as { slots: unknown[] };
    expect(body.slots).toEqual([]);
    const [settings] = await sql<{ calendarProblem: string | null }[]>`select calendar_problem from booking_settings where user_id = ${staffId}`;
    expect(settings.calendarProblem).toMatch(/refused the username or app password/);
    expect(settings.calendarProblem).not.toContain('wrong password');
    expect(await (await t.request('/book')).text()).toContain('No times are open right now');
  });

  test('a calendar stored with an address inside the network is refused when read: its slots withheld, the reason recorded, nothing asked there', async () => {
    const inside = insideCalendar();
    try {
      const stored = [
        {
          kind: 'caldav' as const,
          url: `http://127.0.0.1:${inside.port}/maya/work/`,
          username: 'maya',
          sealedPassword: await sealSecret(PASSWORD, APP_SECRET),
        },
        { kind: 'ical' as const, url: `http://127.0.0.1:${inside.port}/feed.ics` },
        { kind: 'ical' as const, url: 'http://169.254.169.254/latest/meta-data/' },
      ];
      for (const [i, calendar] of stored.entries()) {
        await saveCalendar(sql, staffId, calendar, { name: 'Work', problem: null }, new Date(NOW.getTime() + 2000 + i));
        const t = await app();
        const body = (await (await t.request('/api/booking/slots?days=5')).json()) as { slots: unknown[] };
        expect(body.slots, calendar.url).toEqual([]);
        const [settings] = await sql<{ calendarProblem: string | null }[]>`select calendar_problem from booking_settings where user_id = ${staffId}`;
        expect(settings.calendarProblem, calendar.url).toBe(
          'That address is on a private network: this site reads calendars only from the internet (or from hosts listed in CALENDAR_ALLOW_HOSTS)',
        );
      }
      expect(inside.asked).toEqual([]);
    } finally {
      await inside.stop();
    }
  });
});
