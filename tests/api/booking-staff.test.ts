import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { NO_APP_SECRET } from '../../features/booking/connect-calendar.ts';
import { ACCEPTING_WITHOUT_HOURS } from '../../routes/admin/booking.tsx';
import { SESSION_NOT_STARTED } from '../../routes/admin/sessions.tsx';
import { startRadicale, type TestRadicale } from '../fixtures/radicale.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn, type TestStaff } from '../helpers/staff.ts';

// The staff side of booking on a database of its own (the slots and the sessions list are everyone's),
// with a real CalDAV server (Radicale) on loopback and a clock the tests move: each staff member's hours
// and calendar (/admin/booking), the sessions list and marking them held or a no-show (/admin/sessions),
// the lead page's sessions and booking link, and the next session in the inbox. Loopback is a private
// address: the calendars on it are let through by CALENDAR_ALLOW_HOSTS, set as the server's environment
// would have it, and every other address inside the network is refused.
setDefaultTimeout(60_000);

/** Monday 2026-11-30, 08:00 in Toronto (UTC−5). */
const START = Date.parse('2026-11-30T13:00:00Z');
const clock = { now: START };
const APP_SECRET = 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(8);
const RADICALE_PASSWORD = 'correct horse battery staple';
const FROM_SITE = { referer: `${TEST_SITE_URL}/book`, origin: TEST_SITE_URL };

let scratch: ScratchDatabase;
let sql: Sql;
let radicale: TestRadicale;
let priya: TestStaff;
let sam: TestStaff;

const allowedCalendars = new Set<string>();
/** Lets the calendar servers at these `host:port`s through the sites made after, as CALENDAR_ALLOW_HOSTS in a server's environment does. */
function allowCalendars(...hostPorts: string[]) {
  for (const hostPort of hostPorts) allowedCalendars.add(hostPort);
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  sql = (await scratch.open()).sql;
  radicale = await startRadicale({ users: { priya: RADICALE_PASSWORD } });
  allowCalendars(radicale.hostPort);
  const work = await radicale.makeCalendar('priya', 'Work');
  // Tuesday Dec 1, 11:00-12:30 Toronto time.
  await radicale.putRawEvent(
    work,
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Booking//EN',
      'BEGIN:VEVENT',
      'UID:dentist',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261201T160000Z',
      'DTEND:20261201T173000Z',
      'SUMMARY:Dentist',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
  priya = await createStaff(sql, 'priya');
  sam = await createStaff(sql, 'sam');
});
beforeEach(() => {
  clock.now = START;
});
afterAll(async () => {
  await radicale?.stop();
  await scratch?.drop();
});

async function staffApp(who: () => TestStaff, env: Record<string, string> = { APP_SECRET }) {
  const t = await testApp({ sql, now: () => new Date(clock.now) }, { RATE_LIMITS: 'off', CALENDAR_ALLOW_HOSTS: [...allowedCalendars].join(','), ...env });
  const session = await signedIn(t, who());
  const get = (path: string) => t.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' });
  const post = (path: string, fields: Record<string, string>, csrf: string | null = session.csrf) => {
    const form = formBody(csrf === null ? fields : { _csrf: csrf, ...fields });
    return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie }, body: form.body });
  };
  return { t, session, get, post };
}

const html = async (res: Response | Promise<Response>) => (await res).text();
/** The text of the element with `id` (a field's error, say), tags stripped. */
const textOf = (page: string, id: string) =>
  page
    .match(new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`))?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
/** What the preview says of each start of a day: "10:00" → "Offered" or the reason. */
function previewOf(page: string, day: string): Record<string, string> {
  const block = page.match(new RegExp(`data-day="${day}"[\\s\\S]*?</li></ul></li>`))?.[0] ?? '';
  return Object.fromEntries([...block.matchAll(/<time[^>]*>(\d\d:\d\d)<\/time><span[^>]*>([^<]*)<\/span>/g)].map((m) => [m[1], m[2].replace(/&#x27;/g, "'")]));
}

describe('without a session', () => {
  test('the pages and their forms answer 303 to the sign-in page, private', async () => {
    const t = await testApp({ sql });
    const form = formBody({ _csrf: 'x', hours: 'Mon 10:00-11:00', outcome: 'held' });
    for (const [method, path, back] of [
      ['GET', '/admin/booking', '/admin/booking'],
      ['GET', '/admin/sessions', '/admin/sessions'],
      ['POST', '/admin/booking/hours', '/admin/leads'],
      ['POST', '/admin/booking/calendar/caldav', '/admin/leads'],
      ['POST', '/admin/booking/calendar/disconnect', '/admin/leads'],
      ['POST', '/admin/sessions/3f1c2d9e-0000-4000-8000-000000000001/outcome', '/admin/leads'],
    ]) {
      const res = await t.request(path, { method, redirect: 'manual', ...(method === 'POST' ? form : {}) });
      expect(res.status, `${method} ${path}`).toBe(303);
      expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(back)}`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('/admin/booking', () => {
  test('renders for a signed-in staff member, with Booking and Sessions in the back office’s menu', async () => {
    const { get } = await staffApp(() => sam);
    const res = await get('/admin/booking');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('href="/admin/booking" aria-current="page"');
    expect(page).toContain('href="/admin/sessions"');
    expect(page).toContain('<h1 class="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Booking</h1>');
    expect(page).toContain('No calendar connected.');
    expect(page).toContain('You have no hours set');
  });

  test('a form without the CSRF token is a 403 and changes nothing', async () => {
    const { post } = await staffApp(() => sam);
    for (const [path, fields] of [
      ['/admin/booking/hours', { hours: 'Mon 10:00-11:00', accepting: 'on' }],
      ['/admin/booking/calendar/ical', { url: 'https://calendar.example/basic.ics' }],
      ['/admin/booking/calendar/disconnect', {}],
    ] as const) {
      for (const csrf of [null, 'forged-token']) expect((await post(path, fields, csrf)).status, `${path} ${csrf}`).toBe(403);
    }
    expect(await sql`select 1 from booking_settings where user_id = ${sam.id}`).toHaveLength(0);
  });

  test('hours that do not read: 400 with parseHours’s sentence under the field, the text kept; taking bookings needs hours', async () => {
    const { post } = await staffApp(() => sam);
    const bad = await post('/admin/booking/hours', { hours: 'Mnd-Fri 10:00-16:00', accepting: 'on', displayName: 'Sam Okafor' });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(textOf(page, 'booking-hours-error')).toBe('“Mnd” is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun');
    expect(page).toContain('aria-describedby="booking-hours-error"');
    expect(page).toContain('value="Mnd-Fri 10:00-16:00"');
    expect(page).toContain('value="Sam Okafor"');
    const overlap = await html(post('/admin/booking/hours', { hours: 'Mon 10:00-12:00 11:00-13:00' }));
    expect(textOf(overlap, 'booking-hours-error')).toBe('On Monday, 10:00-12:00 and 11:00-13:00 overlap: give each time once');
    const empty = await post('/admin/booking/hours', { hours: '', accepting: 'on' });
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text(), 'booking-hours-error')).toBe(ACCEPTING_WITHOUT_HOURS);
    expect(await sql`select 1 from booking_settings where user_id = ${sam.id}`).toHaveLength(0);
  });

  test('saving hours stores their canonical text and the name, and the preview shows each start, offered or why not', async () => {
    const { get, post } = await staffApp(() => priya);
    const badLink = await post('/admin/booking/hours', { hours: 'Mon-Fri 10:00-16:00', accepting: 'on', meetingUrl: 'meet.google.com/abc' });
    expect(badLink.status).toBe(400);
    expect(textOf(await badLink.text(), 'booking-meeting-url-error')).toBe('Enter your video room’s full link, starting with https://, or leave it empty');
    const meetingUrl = 'https://meet.google.com/abc-defg-hij';
    const saved = await post('/admin/booking/hours', { hours: 'monday - friday 10:00 to 16:00', accepting: 'on', displayName: ' Priya Shah ', meetingUrl });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/admin/booking?done=hours');
    const [row] = await sql<{ hours: string; accepting: boolean; displayName: string; meetingUrl: string }[]>`
      select hours, accepting, display_name, meeting_url from booking_settings where user_id = ${priya.id}`;
    expect(row).toEqual({ hours: 'Mon-Fri 10:00-16:00', accepting: true, displayName: 'Priya Shah', meetingUrl });
    const page = await html(get('/admin/booking?done=hours'));
    expect(page).toContain('Your hours are saved. Visitors see the change at once.');
    expect(page).toContain('value="Mon-Fri 10:00-16:00"');
    expect(page).toContain(`value="${meetingUrl}"`);
    expect(previewOf(page, '2026-11-30')).toEqual({
      '10:00': 'Less than 4 hours’ notice',
      '11:00': 'Less than 4 hours’ notice',
      '12:00': 'Offered',
      '13:00': 'Offered',
      '14:00': 'Offered',
      '15:00': 'Offered',
    });
    expect(page).toMatch(/data-day="2026-12-05"[^>]*>.*?Not in your hours/);
    // Visitors are offered exactly the preview's offered starts.
    const slots = (await (await (await staffApp(() => priya)).t.request('/api/booking/slots?days=1')).json()) as { slots: { start: string }[] };
    expect(slots.slots.map((s) => s.start)).toEqual([
      '2026-11-30T12:00:00-05:00',
      '2026-11-30T13:00:00-05:00',
      '2026-11-30T14:00:00-05:00',
      '2026-11-30T15:00:00-05:00',
    ]);
  });

  test('CalDAV: connects after the calendar answered, the password sealed and never shown; its events block starts in the preview and for visitors', async () => {
    const { get, post } = await staffApp(() => priya);
    const res = await post('/admin/booking/calendar/caldav', { url: radicale.url, username: 'priya', password: RADICALE_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/booking?done=calendar#calendar');
    const [stored] = await sql<{ calendarKind: string; calendarPassword: string; calendarName: string; calendarProblem: string | null }[]>`
      select calendar_kind, calendar_password, calendar_name, calendar_problem from booking_settings where user_id = ${priya.id}`;
    expect(stored).toMatchObject({ calendarKind: 'caldav', calendarName: 'Work', calendarProblem: null });
    expect(stored.calendarPassword).toStartWith('v1.');
    expect(stored.calendarPassword).not.toContain('horse');
    clock.now += 2 * 60_000;
    const page = await html(get('/admin/booking'));
    expect(page).toContain('Connected to “Work” (checked 2 min ago).');
    expect(page).not.toContain(RADICALE_PASSWORD);
    expect(page).toContain(`value="${radicale.url}"`);
    expect(previewOf(page, '2026-12-01')).toMatchObject({
      '10:00': 'Offered',
      '11:00': 'Busy in your calendar, 11:00–12:30',
      '12:00': 'Busy in your calendar, 11:00–12:30',
      '13:00': 'Offered',
    });
    const { t } = await staffApp(() => priya);
    const slots = (await (await t.request('/api/booking/slots?days=2')).json()) as { slots: { start: string }[] };
    const tuesday = slots.slots.map((s) => s.start).filter((s) => s.startsWith('2026-12-01'));
    expect(tuesday).toEqual(['2026-12-01T10:00:00-05:00', '2026-12-01T13:00:00-05:00', '2026-12-01T14:00:00-05:00', '2026-12-01T15:00:00-05:00']);
    clock.now = START;
  });

  test('a calendar that refuses the password is stored with the reason, shown with what to do; Check it now asks again', async () => {
    const { get, post } = await staffApp(() => sam);
    await saveBookingHours(sql, sam.id, { hours: 'Mon-Fri 09:00-12:00', accepting: true }, new Date(START));
    const res = await post('/admin/booking/calendar/caldav', { url: radicale.url, username: 'priya', password: 'wrong password entirely' });
    expect(res.headers.get('location')).toBe('/admin/booking?done=calendar-problem#calendar');
    const page = await html(get('/admin/booking?done=calendar-problem'));
    expect(page).toContain('data-calendar-state="problem"');
    expect(page).toContain('Your calendar could not be read (checked just now): The calendar server refused the username or app password.');
    expect(page).toContain('Check the address, username and app password, then connect it again.');
    expect(page).toContain('Your calendar could not be read, so its events are left out here');
    // Free in Sam's hours, but not offered while the calendar cannot be read.
    expect(previewOf(page, '2026-12-01')).toEqual({
      '09:00': 'Free, but not offered now',
      '10:00': 'Free, but not offered now',
      '11:00': 'Free, but not offered now',
    });
    expect(page).not.toContain('wrong password entirely');
    // Withheld from visitors: none of Sam's morning starts is offered (Priya's hours begin at 10:00).
    const slots = (await (await (await staffApp(() => sam)).t.request('/api/booking/slots?days=3')).json()) as { slots: { start: string }[] };
    expect(slots.slots.some((s) => s.start.endsWith('T09:00:00-05:00'))).toBe(false);
    const again = await post('/admin/booking/calendar/check', {});
    expect(again.headers.get('location')).toBe('/admin/booking?done=check-failed#calendar');
    // Disconnected: the hours alone again.
    expect((await post('/admin/booking/calendar/disconnect', {})).headers.get('location')).toBe('/admin/booking?done=disconnected#calendar');
    expect(await html(get('/admin/booking'))).toContain('No calendar connected.');
    const [row] = await sql<{ kind: string | null; password: string | null }[]>`
      select calendar_kind as kind, calendar_password as password from booking_settings where user_id = ${sam.id}`;
    expect(row).toEqual({ kind: null, password: null });
    await saveBookingHours(sql, sam.id, { hours: '', accepting: false }, new Date(START));
  });

  test('an iCal feed connects read-only, with the name it gives, its secret address not shown back', async () => {
    const feed = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'X-WR-CALNAME:Sam at work', 'END:VCALENDAR', ''].join('\r\n'), {
          headers: { 'content-type': 'text/calendar' },
        }),
    });
    try {
      allowCalendars(`127.0.0.1:${feed.port}`);
      const { get, post } = await staffApp(() => sam);
      const res = await post('/admin/booking/calendar/ical', { url: `http://127.0.0.1:${feed.port}/secret/basic.ics` });
      expect(res.headers.get('location')).toBe('/admin/booking?done=calendar#calendar');
      const page = await html(get('/admin/booking'));
      expect(page).toContain('Reading the iCal feed of “Sam at work” (checked just now).');
      // The feed's secret address is not shown back.
      expect(page).not.toContain('/secret/basic.ics');
      const bad = await post('/admin/booking/calendar/ical', { url: 'calendar dot example' });
      expect(bad.status).toBe(400);
      expect(textOf(await bad.text(), 'booking-ical-url-error')).toBe('Enter the secret iCal address of your calendar, starting with https:// (or webcal://)');
    } finally {
      feed.stop(true);
      await (await staffApp(() => sam)).post('/admin/booking/calendar/disconnect', {});
    }
  });

  test('a calendar address inside the network (loopback, private, the metadata service) is refused in one sentence before any request, as a feed or as CalDAV', async () => {
    const asked: string[] = [];
    // Would answer a calendar to anyone: the tester's listener at a port of the server's own machine.
    const inside = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(request) {
        asked.push(`${request.method} ${request.url}`);
        return new Response(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'X-WR-CALNAME:Inside', 'END:VCALENDAR', ''].join('\r\n'), {
          headers: { 'content-type': 'text/calendar' },
        });
      },
    });
    const refused =
      'Your calendar could not be read (checked just now): That address is on a private network: this site reads calendars only from the internet (or from hosts listed in CALENDAR_ALLOW_HOSTS).';
    try {
      const { get, post } = await staffApp(() => sam);
      for (const url of [
        `http://127.0.0.1:${inside.port}/cal.ics`,
        `http://localhost:${inside.port}/metrics`,
        `http://2130706433:${inside.port}/cal.ics`,
        'http://[::1]/cal.ics',
        'http://10.255.255.1/',
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const feed = await post('/admin/booking/calendar/ical', { url });
        expect(feed.headers.get('location'), url).toBe('/admin/booking?done=calendar-problem#calendar');
        expect(await html(get('/admin/booking')), url).toContain(refused);
        const dav = await post('/admin/booking/calendar/caldav', { url, username: 'sam', password: 'an app password' });
        expect(dav.headers.get('location'), url).toBe('/admin/booking?done=calendar-problem#calendar');
        expect(await html(get('/admin/booking')), url).toContain(refused);
        expect((await post('/admin/booking/calendar/check', {})).headers.get('location'), url).toBe('/admin/booking?done=check-failed#calendar');
      }
      expect(asked).toEqual([]);
    } finally {
      await inside.stop(true);
      await (await staffApp(() => sam)).post('/admin/booking/calendar/disconnect', {});
    }
  });

  test('without APP_SECRET a CalDAV calendar is refused with a message naming it, and nothing is stored', async () => {
    const { post } = await staffApp(() => sam, {});
    const res = await post('/admin/booking/calendar/caldav', { url: radicale.url, username: 'priya', password: RADICALE_PASSWORD });
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(page).toContain('APP_SECRET');
    expect(page).toContain(NO_APP_SECRET.slice(0, 60));
    expect(page).not.toContain(RADICALE_PASSWORD);
    const [row] = await sql<{ kind: string | null }[]>`select calendar_kind as kind from booking_settings where user_id = ${sam.id}`;
    expect(row?.kind ?? null).toBeNull();
  });
});

/** A session booked through the site's API at `start` (UTC ISO), by a visitor of its own. */
async function book(t: Awaited<ReturnType<typeof testApp>>, start: string, who: Record<string, string> = {}) {
  const id = crypto.randomUUID();
  const res = await t.postJson(
    '/api/booking',
    {
      id,
      start,
      name: 'Amira Haddad',
      email: `amira+${id.slice(0, 6)}@haddad-dental.ca`,
      phone: '416-555-0199',
      note: 'Two clinics, Leslieville and the Danforth.',
      ...who,
    },
    FROM_SITE,
  );
  expect(res.status).toBe(201);
  const [row] = await sql<{ leadKind: string; leadId: string }[]>`select lead_kind, lead_id from bookings where id = ${id}`;
  return { id, ...row };
}

describe('/admin/sessions and the lead page', () => {
  test('lists the sessions by day; marking one that started changes it, queues the no-show email; the wrong ones are refused', async () => {
    const { t, get, post } = await staffApp(() => sam);
    await saveBookingHours(sql, priya.id, { hours: 'Mon-Fri 10:00-16:00', accepting: true }, new Date(START));
    const monday = await book(t, '2026-11-30T17:00:00.000Z'); // Mon 12:00
    const thursday = await book(t, '2026-12-03T15:00:00.000Z', { name: 'Joon Park' }); // Thu 10:00
    const listed = await get('/admin/sessions');
    expect(listed.status).toBe(200);
    const page = await listed.text();
    expect(page).toContain('href="/admin/sessions" aria-current="page"');
    expect(page).toContain('Today, Monday, November 30');
    expect(page).toContain('Thursday, December 3');
    expect(page.indexOf(`data-session="${monday.id}"`)).toBeLessThan(page.indexOf(`data-session="${thursday.id}"`));
    expect(page).toContain(`href="/admin/leads/${monday.leadKind}/${monday.leadId}"`);
    expect(page).toContain('Two clinics, Leslieville and the Danforth.');
    expect(page).toContain('with Priya Shah');
    // Nothing has started: no buttons yet.
    expect(page).not.toContain('name="outcome"');

    // Monday 12:50: the first session started; the second is days away.
    clock.now = Date.parse('2026-11-30T17:50:00Z');
    const now = await html(get('/admin/sessions'));
    expect(now).toMatch(new RegExp(`data-to-mark[\\s\\S]*data-session="${monday.id}"[\\s\\S]*value="held"[^>]*name="outcome"[\\s\\S]*value="no-show"`));
    const early = await post(`/admin/sessions/${thursday.id}/outcome`, { outcome: 'held' });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(SESSION_NOT_STARTED(new Date('2026-12-03T15:00:00Z')));
    const missing = await post('/admin/sessions/3f1c2d9e-0000-4000-8000-000000000009/outcome', { outcome: 'held' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No such session');
    expect((await post('/admin/sessions/..%2f..%2fx/outcome', { outcome: 'held' })).status).toBe(404);
    expect((await post(`/admin/sessions/${monday.id}/outcome`, { outcome: 'cancelled' })).status).toBe(400);
    expect((await post(`/admin/sessions/${monday.id}/outcome`, { outcome: 'held' }, null)).status).toBe(403);
    const statusOf = async (id: string) => (await sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;
    expect(await statusOf(monday.id)).toBe('booked');
    expect(await statusOf(thursday.id)).toBe('booked');

    // Sam marks Priya's session: a shared back office.
    const marked = await post(`/admin/sessions/${monday.id}/outcome`, { outcome: 'no-show' });
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toBe(`/admin/sessions?done=no-show#session-${monday.id}`);
    expect(await statusOf(monday.id)).toBe('no-show');
    const jobs = await sql<{ channel: string; state: string }[]>`select channel, state from jobs where booking_id = ${monday.id} and channel = 'no-show'`;
    expect([...jobs]).toEqual([{ channel: 'no-show', state: 'queued' }]);
    const [event] = await sql<{ actorEmail: string; toValue: string }[]>`
      select actor_email, to_value from lead_events where lead_id = ${monday.leadId} and kind = 'booking' and to_value = 'no-show'`;
    expect(event).toEqual({ actorEmail: sam.email, toValue: 'no-show' });
    // A second click changes nothing more.
    expect((await post(`/admin/sessions/${monday.id}/outcome`, { outcome: 'no-show' })).status).toBe(303);
    expect(await sql`select 1 from jobs where booking_id = ${monday.id} and channel = 'no-show'`).toHaveLength(1);
    const after = await html(get('/admin/sessions?done=no-show'));
    expect(after).toContain('Marked as a no-show');
    expect(after).toMatch(new RegExp(`data-session="${monday.id}" data-status="no-show"[\\s\\S]*?No-show`));
    // Held after all: changed, and the no-show email (not yet sent) is skipped when its turn comes.
    expect((await post(`/admin/sessions/${monday.id}/outcome`, { outcome: 'held' })).status).toBe(303);
    expect(await statusOf(monday.id)).toBe('held');
    clock.now = START;
  });

  test('a lead made by a booking renders with what the visitor gave; its sessions are listed; the booking link is made once and joins the next booking', async () => {
    const { t, get, post } = await staffApp(() => priya);
    const booked = await book(t, '2026-12-02T16:00:00.000Z', { name: 'Lena Novak', email: 'lena@kensington-bakery.ca', phone: '647-555-0142' });
    expect(booked.leadKind).toBe('booking');
    const path = `/admin/leads/booking/${booked.leadId}`;
    const res = await get(path);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Lena Novak');
    expect(page).toContain('href="mailto:lena@kensington-bakery.ca"');
    expect(page).toContain('647-555-0142');
    expect(page).toContain('Two clinics, Leslieville and the Danforth.');
    expect(page).toContain('Session booking');
    expect(page).toMatch(new RegExp(`data-session="${booked.id}" data-status="booked"[\\s\\S]*?Wed Dec 2, 11:00[\\s\\S]*?Booked`));
    expect(page).toContain('Booked a strategy session: Wed Dec 2, 11:00');
    expect(page).toContain('Make a booking link');
    expect(page).not.toContain('data-booking-link');

    expect((await post(`${path}/booking-link`, {}, null)).status).toBe(403);
    const made = await post(`${path}/booking-link`, {});
    expect(made.status).toBe(303);
    expect(made.headers.get('location')).toBe(`${path}#booking-link`);
    const link = (await html(get(path)))
      .match(/data-booking-link="true"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-booking-link/)
      ?.slice(1)
      .find(Boolean);
    expect(link).toMatch(new RegExp(`^${TEST_SITE_URL}/book\\?lead=[\\w-]{43}$`));
    await post(`${path}/booking-link`, {});
    expect(await html(get(path))).toContain(`value="${link}"`);

    // An audit's lead: the link prefills the booking form and its session joins the audit.
    const audit = validAudit({ email: 'owner@parkfitness.ca', firstName: 'Joon', lastName: 'Park' });
    expect((await t.postJson('/api/business-audit', audit, { referer: `${TEST_SITE_URL}/` })).status).toBe(201);
    await post(`/admin/leads/audit/${audit.id}/booking-link`, {});
    const auditLink = (await html(get(`/admin/leads/audit/${audit.id}`))).match(/(http:\/\/localhost:3000\/book\?lead=[\w-]{43})/)?.[1] as string;
    const token = new URL(auditLink).searchParams.get('lead') as string;
    const joined = await book(t, '2026-12-02T18:00:00.000Z', { name: 'Joon Park', email: 'joon@elsewhere.ca', lead: token });
    expect(joined).toMatchObject({ leadKind: 'audit', leadId: audit.id });
    expect(await html(get(`/admin/leads/audit/${audit.id}`))).toMatch(new RegExp(`data-session="${joined.id}" data-status="booked"`));
    expect((await post('/admin/leads/audit/3f1c2d9e-0000-4000-8000-00000000000a/booking-link', {})).status).toBe(404);
  });

  test('the inbox shows a lead’s next booked session, in that shape, until it is over', async () => {
    const { t, get } = await staffApp(() => priya);
    const booked = await book(t, '2026-12-04T20:00:00.000Z', { name: 'Rosa Díaz', email: 'rosa@diaz-law.ca' }); // Fri Dec 4, 15:00
    const row = (page: string) => page.match(new RegExp(`data-lead="booking/${booked.leadId}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect(row(await html(get('/admin/leads?q=diaz-law')))).toContain('Session Fri Dec 4, 15:00');
    clock.now = Date.parse('2026-12-04T20:50:00Z');
    expect(row(await html(get('/admin/leads?q=diaz-law')))).not.toContain('Session ');
    clock.now = START;
  });
});
