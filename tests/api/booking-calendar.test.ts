import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import ICAL from 'ical.js';
import { eventsInWindow } from '../../features/booking/calendar/caldav.ts';
import { davSession } from '../../features/booking/calendar/http.ts';
import {
  busyTimes,
  CALENDAR_TIMEOUT_MS,
  type CalendarReach,
  type CalendarSource,
  CalendarUnreachable,
  calendarProblems,
  checkCalendar,
  removeEvent,
  writeEvent,
} from '../../features/booking/calendar/index.ts';
import { calendarObjectIcs, type InviteEvent } from '../../lib/booking/invite.ts';
import { type AllowedHost, parseAllowHosts } from '../../lib/site-check/address.ts';
import { closedPortUrl } from '../fixtures/fake-feed-server.ts';
import { startRadicale, type TestRadicale } from '../fixtures/radicale.ts';

// Staff calendars against a real CalDAV server (Radicale, tests/fixtures/radicale.ts) and iCal feeds served
// on loopback: the busy times read, the session written and removed, and every way it fails in the
// sentence the staff page shows, within the caller's time. Loopback is a private address: each server
// these tests read is let through as CALENDAR_ALLOW_HOSTS would (`reach`), and every other address
// inside the network is refused before any request.

setDefaultTimeout(60_000);

const MAYA_PASSWORD = 'correct horse battery staple';
// A password past Latin-1, with a colon: Basic credentials as UTF-8 (btoa would refuse it).
const ZOE_PASSWORD = 'pässwörd: ünïcødé';

const calendar = (...parts: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Booking//EN', ...parts, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
const TORONTO = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Toronto',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

// March 2026 in Toronto (EST until March 8, EDT after).
const march = { start: new Date('2026-03-01T05:00:00Z'), end: new Date('2026-04-01T04:00:00Z') };
const iso = (intervals: { start: Date; end: Date }[]) => intervals.map(({ start, end }) => [start.toISOString(), end.toISOString()]);

const marchBusy = [
  // The weekly Tuesday 10:00 (EST), then March 10 dropped by EXDATE and March 17 moved to Thursday 15:00.
  ['2026-03-03T15:00:00.000Z', '2026-03-03T16:00:00.000Z'],
  // The single event, whose text has XML's special characters in it.
  ['2026-03-04T14:00:00.000Z', '2026-03-04T15:00:00.000Z'],
  ['2026-03-19T19:00:00.000Z', '2026-03-19T19:30:00.000Z'],
  // The all-day event: Toronto's whole day.
  ['2026-03-20T04:00:00.000Z', '2026-03-21T04:00:00.000Z'],
  // The weekly event again, in EDT.
  ['2026-03-24T14:00:00.000Z', '2026-03-24T15:00:00.000Z'],
  ['2026-03-31T14:00:00.000Z', '2026-03-31T15:00:00.000Z'],
];

let radicale: TestRadicale;
let workUrl: string;
let maya: Extract<CalendarSource, { kind: 'caldav' }>;

/** CALENDAR_ALLOW_HOSTS for these tests: the loopback servers they read, each added as it starts. */
const allowed: AllowedHost[] = [];
const reach: CalendarReach = { allowHosts: allowed };
/** Lets the server at `origin` (its host and port) through, as CALENDAR_ALLOW_HOSTS=host:port does. */
const allow = (origin: string) => allowed.push(...(parseAllowHosts(new URL(origin).host) ?? []));

beforeAll(async () => {
  radicale = await startRadicale({ users: { maya: MAYA_PASSWORD, zoe: ZOE_PASSWORD } });
  allow(radicale.url);
  // A task list first: discovery must pass it over for the calendar that holds events.
  await radicale.makeCalendar('maya', 'Tasks', { components: ['VTODO'] });
  workUrl = await radicale.makeCalendar('maya', 'Work');
  maya = { kind: 'caldav', url: workUrl, username: 'maya', password: MAYA_PASSWORD };
  const put = (ics: string) => radicale.putRawEvent(workUrl, ics);
  await put(
    calendar(
      TORONTO,
      vevent(
        'UID:weekly-standup',
        'SUMMARY:Team stand-up',
        'DTSTART;TZID=America/Toronto:20260203T100000',
        'DTEND;TZID=America/Toronto:20260203T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=TU',
        'EXDATE;TZID=America/Toronto:20260310T100000',
      ),
      vevent(
        'UID:weekly-standup',
        'SUMMARY:Team stand-up (moved)',
        'RECURRENCE-ID;TZID=America/Toronto:20260317T100000',
        'DTSTART;TZID=America/Toronto:20260319T150000',
        'DTEND;TZID=America/Toronto:20260319T153000',
      ),
    ),
  );
  await put(
    calendar(vevent('UID:single', 'SUMMARY:Tom & Jerry <3> "quoted"', 'DESCRIPTION:a < b && c > d', 'DTSTART:20260304T140000Z', 'DTEND:20260304T150000Z')),
  );
  await put(calendar(vevent('UID:all-day', 'SUMMARY:Conference', 'DTSTART;VALUE=DATE:20260320', 'DTEND;VALUE=DATE:20260321')));
  await put(calendar(vevent('UID:transparent', 'SUMMARY:Reminder', 'DTSTART:20260305T140000Z', 'DTEND:20260305T150000Z', 'TRANSP:TRANSPARENT')));
  await put(calendar(vevent('UID:cancelled', 'SUMMARY:Called off', 'DTSTART:20260306T140000Z', 'DTEND:20260306T150000Z', 'STATUS:CANCELLED')));
  await put(calendar(vevent('UID:april', 'SUMMARY:Later', 'DTSTART:20260415T140000Z', 'DTEND:20260415T150000Z')));
  const zoeCalendar = await radicale.makeCalendar('zoe', 'Zoë’s calendar');
  await radicale.putRawEvent(zoeCalendar, calendar(vevent('UID:zoe-one', 'DTSTART:20260312T170000Z', 'DTEND:20260312T180000Z')));
});
afterAll(() => radicale?.stop());

const signal = () => AbortSignal.timeout(20_000);
/** The CalendarUnreachable `work` rejects with. */
async function unreachableFrom(work: Promise<unknown>): Promise<CalendarUnreachable> {
  const error = await work.then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(CalendarUnreachable);
  return error as CalendarUnreachable;
}

describe('busy times from CalDAV', () => {
  test('a single event, a weekly one with an EXDATE and a moved instance, an all-day one; transparent and cancelled ones block nothing', async () => {
    expect(iso(await busyTimes(maya, march, signal(), reach))).toEqual(marchBusy);
  });

  test('a narrower window: the server sends only the objects with an instance in it (its calendar-query time range), and only those count', async () => {
    const week = { start: new Date('2026-03-16T04:00:00Z'), end: new Date('2026-03-23T04:00:00Z') };
    const sent = await eventsInWindow(workUrl, week, davSession(maya, signal(), reach));
    expect(sent.map((text) => text.match(/^UID:(.+?)\r?$/m)?.[1]).sort()).toEqual(['all-day', 'weekly-standup']);
    expect(iso(await busyTimes(maya, week, signal(), reach))).toEqual([marchBusy[2], marchBusy[3]]);
    expect(await busyTimes(maya, { start: week.start, end: week.start }, signal(), reach)).toEqual([]);
  });

  test('discovered from the server root, or from the principal: the calendar that holds events, not the task list', async () => {
    for (const url of [radicale.url, `${radicale.url}maya/`]) {
      expect(iso(await busyTimes({ ...maya, url }, march, signal(), reach))).toEqual(marchBusy);
      expect(await checkCalendar({ ...maya, url }, signal(), reach)).toEqual({ ok: true, name: 'Work' });
    }
    expect(await checkCalendar(maya, signal(), reach)).toEqual({ ok: true, name: 'Work' });
  });

  test('a password past Latin-1 and with a colon signs in', async () => {
    const zoe: CalendarSource = { kind: 'caldav', url: radicale.url, username: 'zoe', password: ZOE_PASSWORD };
    expect(await checkCalendar(zoe, signal(), reach)).toEqual({ ok: true, name: 'Zoë’s calendar' });
    expect(iso(await busyTimes(zoe, march, signal(), reach))).toEqual([['2026-03-12T17:00:00.000Z', '2026-03-12T18:00:00.000Z']]);
  });
});

describe('writing the session to the calendar', () => {
  const session: InviteEvent = {
    uid: 'session-9b2f41c7',
    sequence: 0,
    start: new Date('2026-03-11T18:00:00Z'),
    end: new Date('2026-03-11T18:45:00Z'),
    title: 'Strategy session: Café Olé',
    description: 'Goals, budget; next steps.\nBring last year’s numbers.',
    location: 'Café Olé; 2nd floor',
    organizer: { name: 'Maya Chen', email: 'maya@northlinedigital.ca' },
    attendees: [{ name: 'Zoë O’Brien', email: 'zoe@cafeole.example' }],
  };
  const objectUrl = () => `${workUrl}${session.uid}.ics`;
  const readBack = async () => {
    const res = await radicale.request('maya', objectUrl());
    expect(res.status).toBe(200);
    return new ICAL.Component(ICAL.parse(await res.text())).getFirstSubcomponent('vevent') as ICAL.Component;
  };

  test('writeEvent creates the object the server returns, and it is busy time', async () => {
    await writeEvent(maya, session.uid, calendarObjectIcs(session, 'CONFIRMED', new Date('2026-03-02T12:00:00Z')), signal(), reach);
    const stored = await readBack();
    expect(stored.getFirstPropertyValue('uid')).toBe(session.uid);
    expect(Number(stored.getFirstPropertyValue('sequence'))).toBe(0);
    expect(stored.getFirstPropertyValue('summary')).toBe(session.title);
    expect(stored.getFirstPropertyValue('location')).toBe('Café Olé; 2nd floor');
    expect((stored.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(session.start);
    expect(iso(await busyTimes(maya, march, signal(), reach))).toContainEqual(['2026-03-11T18:00:00.000Z', '2026-03-11T18:45:00.000Z']);
  });

  test('writing it again (found from the server root) replaces it: one object, its SEQUENCE and time updated; cancelled, it is no longer busy', async () => {
    const moved = { ...session, sequence: 1, start: new Date('2026-03-11T19:00:00Z'), end: new Date('2026-03-11T19:45:00Z') };
    await writeEvent({ ...maya, url: radicale.url }, session.uid, calendarObjectIcs(moved, 'CONFIRMED', new Date('2026-03-03T12:00:00Z')), signal(), reach);
    const stored = await readBack();
    expect(Number(stored.getFirstPropertyValue('sequence'))).toBe(1);
    expect((stored.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(moved.start);
    const busy = iso(await busyTimes(maya, march, signal(), reach));
    expect(busy).toContainEqual(['2026-03-11T19:00:00.000Z', '2026-03-11T19:45:00.000Z']);
    expect(busy).not.toContainEqual(['2026-03-11T18:00:00.000Z', '2026-03-11T18:45:00.000Z']);

    await writeEvent(maya, session.uid, calendarObjectIcs({ ...moved, sequence: 2 }, 'CANCELLED', new Date('2026-03-04T12:00:00Z')), signal(), reach);
    expect((await readBack()).getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(iso(await busyTimes(maya, march, signal(), reach))).toEqual(marchBusy);
  });

  test('removeEvent deletes it; removing it again is fine', async () => {
    await removeEvent(maya, session.uid, signal(), reach);
    expect((await radicale.request('maya', objectUrl())).status).toBe(404);
    await removeEvent(maya, session.uid, signal(), reach);
    expect(iso(await busyTimes(maya, march, signal(), reach))).toEqual(marchBusy);
  });
});

describe('what goes wrong, in a sentence for the staff page', () => {
  test('a wrong password is refused, and the password is in no message', async () => {
    const wrongPassword = 'not-the-password-5f2c9a';
    for (const url of [workUrl, radicale.url]) {
      const wrong: Extract<CalendarSource, { kind: 'caldav' }> = { ...maya, url, password: wrongPassword };
      const error = await unreachableFrom(busyTimes(wrong, march, signal(), reach));
      expect(error.message).toBe(calendarProblems.refused);
      expect(error.message).toBe('The calendar server refused the username or app password');
      expect(String(error.stack)).not.toContain(wrongPassword);
      expect(await checkCalendar(wrong, signal(), reach)).toEqual({ ok: false, reason: calendarProblems.refused });
      expect((await unreachableFrom(writeEvent(wrong, 'x-1', calendar(), signal(), reach))).message).toBe(calendarProblems.refused);
      expect((await unreachableFrom(removeEvent(wrong, 'x-1', signal(), reach))).message).toBe(calendarProblems.refused);
    }
    expect(radicale.output()).not.toContain(wrongPassword);
  });

  test('an address with no calendar at it', async () => {
    const error = await unreachableFrom(busyTimes({ ...maya, url: `${radicale.url}maya/no-such-calendar/` }, march, signal(), reach));
    expect(error.message).toBe('No calendar at that address');
    // Another user's calendar is not this account's to read.
    const zoes = await unreachableFrom(busyTimes({ ...maya, url: `${radicale.url}zoe/` }, march, signal(), reach));
    expect(zoes.message).toBe(calendarProblems.forbidden);
  });

  test('addresses that are no web address, or carry the credentials, are refused before any request', async () => {
    expect(await checkCalendar({ ...maya, url: 'caldav.example.com' }, signal(), reach)).toEqual({ ok: false, reason: calendarProblems.badAddress });
    expect(await checkCalendar({ ...maya, url: 'ftp://127.0.0.1/' }, signal(), reach)).toEqual({ ok: false, reason: calendarProblems.badAddress });
    const withCredentials = `http://maya:${MAYA_PASSWORD}@127.0.0.1:${radicale.port}/`;
    const result = await checkCalendar({ ...maya, url: withCredentials }, signal(), reach);
    expect(result).toEqual({ ok: false, reason: calendarProblems.credentialsInAddress });
  });

  test('a closed port is unreachable at once', async () => {
    const url = `${await closedPortUrl()}/`;
    allow(url);
    const started = performance.now();
    const error = await unreachableFrom(busyTimes({ ...maya, url }, march, AbortSignal.timeout(5000), reach));
    expect(error.message).toBe(calendarProblems.noConnection);
    expect((await unreachableFrom(busyTimes({ kind: 'ical', url: `${url}feed.ics` }, march, AbortSignal.timeout(5000), reach))).message).toBe(
      calendarProblems.noConnection,
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test('a server that never answers: every call stops when the signal aborts, and its connection is closed', async () => {
    const held: Request[] = [];
    const hanging = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      fetch(request) {
        held.push(request);
        return new Promise<Response>(() => {});
      },
    });
    try {
      const url = `http://127.0.0.1:${hanging.port}/dav/`;
      allow(url);
      const calls: [string, (signal: AbortSignal) => Promise<unknown>][] = [
        ['busyTimes', (s) => busyTimes({ ...maya, url }, march, s, reach)],
        ['writeEvent', (s) => writeEvent({ ...maya, url }, 'x-2', calendar(), s, reach)],
        ['removeEvent', (s) => removeEvent({ ...maya, url }, 'x-2', s, reach)],
        ['checkCalendar', (s) => checkCalendar({ ...maya, url }, s, reach)],
        ['feed', (s) => busyTimes({ kind: 'ical', url: `${url}feed.ics` }, march, s, reach)],
      ];
      for (const [name, call] of calls) {
        const before = held.length;
        const started = performance.now();
        const outcome = await call(AbortSignal.timeout(400)).then(
          (value) => value,
          (error) => error,
        );
        const took = performance.now() - started;
        if (name === 'checkCalendar') expect(outcome).toEqual({ ok: false, reason: calendarProblems.stopped });
        else {
          expect(outcome, name).toBeInstanceOf(CalendarUnreachable);
          expect((outcome as Error).message).toBe('The calendar did not answer in time');
        }
        expect(took, name).toBeGreaterThanOrEqual(390);
        expect(took, name).toBeLessThan(1500);
        // The request reached the server, and its connection was closed: the request's own signal aborted.
        expect(held.length, name).toBeGreaterThan(before);
        for (let waited = 0; waited < 1000 && !held.at(-1)?.signal.aborted; waited += 10) await Bun.sleep(10);
        expect(held.at(-1)?.signal.aborted, name).toBe(true);
      }
      // A signal aborted already: nothing is asked.
      const before = held.length;
      const aborted = AbortSignal.abort();
      expect((await unreachableFrom(busyTimes({ ...maya, url }, march, aborted, reach))).message).toBe(calendarProblems.stopped);
      expect(held.length).toBe(before);
    } finally {
      await hanging.stop(true);
    }
  });

  test(`the calendar's own limit is ${CALENDAR_TIMEOUT_MS / 1000} seconds, and says so`, () => {
    expect(calendarProblems.timedOut).toBe('The calendar did not answer within 10 seconds');
  });
});

describe('iCal feeds', () => {
  const HEAD_OFFICE = [
    'BEGIN:VTIMEZONE',
    'TZID:Head Office Time',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:-0330',
    'TZOFFSETTO:-0330',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
  const feed = calendar(
    'X-WR-CALNAME:Maya (Google)',
    HEAD_OFFICE,
    TORONTO,
    vevent('UID:f-zone', 'DTSTART;TZID=Head Office Time:20260310T090000', 'DTEND;TZID=Head Office Time:20260310T100000'),
    vevent('UID:f-weekly', 'DTSTART;TZID=America/Toronto:20260302T120000', 'DTEND;TZID=America/Toronto:20260302T123000', 'RRULE:FREQ=WEEKLY;COUNT=2'),
    vevent(
      'UID:f-weekly',
      'RECURRENCE-ID;TZID=America/Toronto:20260309T120000',
      'DTSTART;TZID=America/Toronto:20260309T120000',
      'DTEND;TZID=America/Toronto:20260309T123000',
      'STATUS:CANCELLED',
    ),
    vevent('UID:f-day', 'DTSTART;VALUE=DATE:20260325', 'DTEND;VALUE=DATE:20260326'),
    vevent('UID:f-free', 'DTSTART:20260326T140000Z', 'DTEND:20260326T150000Z', 'TRANSP:TRANSPARENT'),
  );
  const padding = `X-PADDING:${'x'.repeat(70)}\r\n`;
  const tooLarge = calendar(padding.repeat(Math.ceil((5 * 1024 * 1024) / padding.length) + 10));
  let server: ReturnType<typeof Bun.serve>;
  let base: string;
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(request) {
        const path = new URL(request.url).pathname;
        if (path === '/private-3f9a/basic.ics') return new Response(feed, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
        if (path === '/moved.ics') return Response.redirect('/private-3f9a/basic.ics', 302);
        if (path === '/big.ics') return new Response(tooLarge, { headers: { 'content-type': 'text/calendar' } });
        if (path === '/big-streamed.ics') {
          // No Content-Length: the cap holds while the body streams.
          const chunk = new TextEncoder().encode(padding.repeat(1000));
          let sent = 0;
          return new Response(
            new ReadableStream({
              pull(controller) {
                if (sent === 0) controller.enqueue(new TextEncoder().encode('BEGIN:VCALENDAR\r\n'));
                controller.enqueue(chunk);
                sent += chunk.length;
                if (sent > 8 * 1024 * 1024) controller.close();
              },
            }),
            { headers: { 'content-type': 'text/calendar' } },
          );
        }
        if (path === '/sign-in.html')
          return new Response('<!doctype html><title>Sign in</title><p>Sign in to see this calendar', { headers: { 'content-type': 'text/html' } });
        if (path === '/private.ics') return new Response('Forbidden', { status: 403 });
        if (path === '/broken.ics') return new Response('Oops', { status: 503 });
        return new Response('Not found', { status: 404 });
      },
    });
    base = `http://127.0.0.1:${server.port}`;
    allow(base);
  });
  afterAll(() => server?.stop(true));
  const source = (path: string): CalendarSource => ({ kind: 'ical', url: `${base}${path}` });

  test('its busy times: its own VTIMEZONE honoured, recurrence and a cancelled instance, an all-day event, a transparent one skipped', async () => {
    const expected = [
      ['2026-03-02T17:00:00.000Z', '2026-03-02T17:30:00.000Z'],
      ['2026-03-10T12:30:00.000Z', '2026-03-10T13:30:00.000Z'],
      ['2026-03-25T04:00:00.000Z', '2026-03-26T04:00:00.000Z'],
    ];
    expect(iso(await busyTimes(source('/private-3f9a/basic.ics'), march, signal(), reach))).toEqual(expected);
    expect(iso(await busyTimes(source('/moved.ics'), march, signal(), reach))).toEqual(expected);
    expect(await checkCalendar(source('/private-3f9a/basic.ics'), signal(), reach)).toEqual({ ok: true, name: 'Maya (Google)' });
    // webcal://, as iCloud hands out feeds, means https: here nothing answers https, so it does not connect.
    expect((await checkCalendar({ kind: 'ical', url: `webcal://127.0.0.1:${server.port}/private-3f9a/basic.ics` }, signal(), reach)).ok).toBe(false);
  });

  test('a feed over 5 MB is refused, whether it says its length or not', async () => {
    for (const path of ['/big.ics', '/big-streamed.ics']) {
      const error = await unreachableFrom(busyTimes(source(path), march, signal(), reach));
      expect(error.message).toBe('The calendar feed is larger than 5 MB');
    }
  });

  test('a body that is not iCalendar, and the answers that are not a feed', async () => {
    expect((await unreachableFrom(busyTimes(source('/sign-in.html'), march, signal(), reach))).message).toBe('The calendar feed is not an iCalendar file');
    expect(await checkCalendar(source('/sign-in.html'), signal(), reach)).toEqual({ ok: false, reason: calendarProblems.notICalendar });
    expect((await unreachableFrom(busyTimes(source('/gone.ics'), march, signal(), reach))).message).toBe(calendarProblems.notFound);
    expect((await unreachableFrom(busyTimes(source('/private.ics'), march, signal(), reach))).message).toBe(calendarProblems.feedRefused);
    expect((await unreachableFrom(busyTimes(source('/broken.ics'), march, signal(), reach))).message).toBe(calendarProblems.serverError(503));
  });
});

describe('an address inside the network: refused before any request, in one sentence whatever listens there', () => {
  const NOT_PUBLIC = 'That address is on a private network: this site reads calendars only from the internet (or from hosts listed in CALENDAR_ALLOW_HOSTS)';
  const notPublic = { ok: false as const, reason: NOT_PUBLIC };
  /** Every request any server inside received: it must stay empty. */
  const inside: string[] = [];
  const servers: ReturnType<typeof Bun.serve>[] = [];
  /** A server on loopback that answers anything with a calendar, never let through. */
  const listenInside = (hostname: string, port = 0) => {
    const server = Bun.serve({
      hostname,
      port,
      fetch(request) {
        inside.push(`${request.method} ${request.url}`);
        return new Response(calendar('X-WR-CALNAME:Inside'), { headers: { 'content-type': 'text/calendar' } });
      },
    });
    servers.push(server);
    return server.port as number;
  };
  let port: number;
  let port6: number;
  let closed: string;
  beforeAll(async () => {
    port = listenInside('127.0.0.1');
    port6 = listenInside('::1');
    try {
      // Port 80 too, where the tester's http://127.0.0.1/cal.ics was answered (when this machine has it free).
      listenInside('127.0.0.1', 80);
    } catch {
      // Taken or not ours to bind: the addresses at port 80 are refused all the same, and said so below.
    }
    closed = await closedPortUrl();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop(true);
  });

  /** Every call on `url`, as a feed and as a CalDAV server: each refused with the sentence. */
  async function expectRefused(url: string, how: CalendarReach = reach) {
    expect(await checkCalendar({ kind: 'ical', url }, signal(), how), url).toEqual(notPublic);
    expect((await unreachableFrom(busyTimes({ kind: 'ical', url }, march, signal(), how))).message, url).toBe(NOT_PUBLIC);
    expect(await checkCalendar({ ...maya, url }, signal(), how), url).toEqual(notPublic);
    expect((await unreachableFrom(busyTimes({ ...maya, url }, march, signal(), how))).message, url).toBe(NOT_PUBLIC);
    expect((await unreachableFrom(writeEvent({ ...maya, url }, 'x-3', calendar(), signal(), how))).message, url).toBe(NOT_PUBLIC);
    expect((await unreachableFrom(removeEvent({ ...maya, url }, 'x-3', signal(), how))).message, url).toBe(NOT_PUBLIC);
  }

  test('loopback, private, link-local and metadata addresses, however written, open port or closed: the same sentence, and no request', async () => {
    const started = performance.now();
    for (const url of [
      `http://127.0.0.1:${port}/cal.ics`,
      'http://127.0.0.1/cal.ics',
      `${closed}/cal.ics`,
      'http://127.0.0.1:4806/metrics',
      `http://localhost:${port}/cal.ics`,
      'http://localhost/cal.ics',
      `http://[::1]:${port6}/cal.ics`,
      `http://[::ffff:127.0.0.1]:${port}/cal.ics`,
      // 127.0.0.1 in decimal, in hex, and short: the URL parser makes each 127.0.0.1.
      `http://2130706433:${port}/cal.ics`,
      'http://2130706433/cal.ics',
      `http://0x7f000001:${port}/cal.ics`,
      `http://127.1:${port}/cal.ics`,
      `http://0.0.0.0:${port}/cal.ics`,
      'http://10.255.255.1/',
      'http://192.168.1.1/cal.ics',
      'http://172.16.0.1/cal.ics',
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/cal.ics',
      'http://intranet/cal.ics',
    ])
      await expectRefused(url);
    // webcal:// (a feed's https) at loopback too.
    expect(await checkCalendar({ kind: 'ical', url: `webcal://127.0.0.1:${port}/cal.ics` }, signal(), reach)).toEqual(notPublic);
    // Refused before connecting: 10.255.255.1 answers nothing, so a connection would have waited out the 20 s signal.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(inside).toEqual([]);
    expect(calendarProblems.notPublic).toBe(NOT_PUBLIC);
  });

  test('a public-looking name whose DNS answers an address inside (or one among public ones) is refused, and nothing is asked of it', async () => {
    const asked: string[] = [];
    for (const answer of [['127.0.0.1'], ['::1'], ['93.184.216.34', '127.0.0.1'], ['10.1.2.3'], ['169.254.169.254'], ['::ffff:127.0.0.1'], ['fd00::1']]) {
      const rebinding: CalendarReach = {
        allowHosts: [],
        resolve: async (host) => {
          asked.push(host);
          return answer;
        },
      };
      await expectRefused('http://calendar.northline-tests.example/cal.ics', rebinding);
      await expectRefused('https://caldav.northline-tests.example/dav/', rebinding);
    }
    expect(new Set(asked)).toEqual(new Set(['calendar.northline-tests.example', 'caldav.northline-tests.example']));
    expect(inside).toEqual([]);
  });

  test('an address on the internet, at a port other than 80 and 443: refused without a connection (nor a DNS question), in its own sentence', async () => {
    const asked: string[] = [];
    const dns: CalendarReach = {
      allowHosts: [],
      resolve: async (host) => {
        asked.push(host);
        return ['93.184.216.34'];
      },
    };
    const portRefused = {
      ok: false as const,
      reason:
        'That address names a port this site does not connect to: calendars are read on the web’s usual ports, 443 and 80 (or from hosts listed in CALENDAR_ALLOW_HOSTS)',
    };
    expect(await checkCalendar({ kind: 'ical', url: 'https://calendar.northline-tests.example:8443/cal.ics' }, signal(), dns)).toEqual(portRefused);
    expect(await checkCalendar({ ...maya, url: 'http://caldav.northline-tests.example:5232/' }, signal(), dns)).toEqual(portRefused);
    expect(asked).toEqual([]);
  });

  test('a feed or CalDAV server let through that redirects inside is refused at that hop (any redirect status); the address inside is never asked', async () => {
    const outsideAsked: string[] = [];
    // Stands for a server on the internet: let through by the allow list, as a public address would be.
    const outside = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(request) {
        const { pathname, searchParams } = new URL(request.url);
        outsideAsked.push(`${request.method} ${pathname}`);
        if (pathname.startsWith('/loop/')) return new Response(null, { status: 302, headers: { location: `/loop/${Number(pathname.slice(6)) + 1}` } });
        return new Response(null, { status: Number(searchParams.get('status')), headers: { location: searchParams.get('to') ?? '' } });
      },
    });
    try {
      const throughOutside: CalendarReach = { allowHosts: parseAllowHosts(`127.0.0.1:${outside.port}`) ?? [] };
      for (const target of [
        `http://127.0.0.1:${port}/cal.ics`,
        'http://127.0.0.1/cal.ics',
        `http://localhost:${port}/cal.ics`,
        `http://[::1]:${port6}/cal.ics`,
        `http://2130706433:${port}/cal.ics`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.255.255.1/',
      ])
        for (const status of [301, 302, 303, 307, 308]) {
          const url = `http://127.0.0.1:${outside.port}/cal.ics?status=${status}&to=${encodeURIComponent(target)}`;
          expect(await checkCalendar({ kind: 'ical', url }, signal(), throughOutside), `${status} ${target}`).toEqual(notPublic);
          expect(await checkCalendar({ ...maya, url }, signal(), throughOutside), `${status} ${target}`).toEqual(notPublic);
        }
      expect(outsideAsked).toContain('GET /cal.ics');
      expect(outsideAsked).toContain('PROPFIND /cal.ics');
      // Redirects are followed a few times, not forever.
      expect(await checkCalendar({ kind: 'ical', url: `http://127.0.0.1:${outside.port}/loop/0` }, signal(), throughOutside)).toEqual({
        ok: false,
        reason: calendarProblems.tooManyRedirects,
      });
      expect(outsideAsked.filter((line) => line.startsWith('GET /loop/'))).toHaveLength(6);
    } finally {
      await outside.stop(true);
    }
    expect(inside).toEqual([]);
  });

  test('CalDAV discovery: /.well-known/caldav, or a principal, pointing inside is refused; nothing tsdav is led to leaves the guard', async () => {
    const davAsked: { method: string; path: string; authorized: boolean }[] = [];
    let principal = '';
    let wellKnown: string | null = null;
    const multistatus = (href: string) =>
      `<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>${href}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><d:current-user-principal><d:href>${principal}</d:href></d:current-user-principal></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;
    const dav = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(request) {
        const path = new URL(request.url).pathname;
        davAsked.push({ method: request.method, path, authorized: request.headers.get('authorization')?.startsWith('Basic ') ?? false });
        if (path === '/.well-known/caldav')
          return wellKnown ? new Response(null, { status: 301, headers: { location: wellKnown } }) : new Response('', { status: 404 });
        return new Response(multistatus(path), { status: 207, headers: { 'content-type': 'application/xml; charset=utf-8' } });
      },
    });
    try {
      const throughDav: CalendarReach = { allowHosts: parseAllowHosts(`127.0.0.1:${dav.port}`) ?? [] };
      const account = { ...maya, url: `http://127.0.0.1:${dav.port}/start/` };
      // /.well-known/caldav sends discovery inside.
      for (const target of [`http://127.0.0.1:${port}/dav/`, `http://[::1]:${port6}/dav/`, 'http://169.254.169.254/dav/']) {
        wellKnown = target;
        principal = '/principals/maya/';
        expect(await checkCalendar(account, signal(), throughDav), target).toEqual(notPublic);
      }
      expect(davAsked.some((r) => r.path === '/.well-known/caldav')).toBe(true);
      // No discovery: the principal's address is inside.
      wellKnown = null;
      for (const target of [`http://127.0.0.1:${port}/principals/maya/`, 'http://10.0.0.7/principals/maya/']) {
        principal = target;
        expect(await checkCalendar(account, signal(), throughDav), target).toEqual(notPublic);
        expect((await unreachableFrom(writeEvent(account, 'x-4', calendar(), signal(), throughDav))).message).toBe(NOT_PUBLIC);
      }
      // Every request to the calendar server's own origin carried the credentials.
      expect(davAsked.every((r) => r.authorized)).toBe(true);
    } finally {
      await dav.stop(true);
    }
    expect(inside).toEqual([]);
  });

  test('the password stays on its origin: a 307 to another server carries the request and its body, not the Authorization; one within the origin keeps it', async () => {
    const seen: { server: string; method: string; path: string; authorization: string | null; body: string }[] = [];
    const record = (server: string) => async (request: Request) => {
      seen.push({
        server,
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization'),
        body: await request.text(),
      });
      return new Response('', { status: 404 });
    };
    const other = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: record('other') });
    const first = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      async fetch(request) {
        const path = new URL(request.url).pathname;
        if (path === '/away/') return new Response(null, { status: 307, headers: { location: `http://127.0.0.1:${other.port}/dav/` } });
        if (path === '/here/') return new Response(null, { status: 308, headers: { location: '/dav/' } });
        return record('first')(request);
      },
    });
    try {
      const both: CalendarReach = { allowHosts: parseAllowHosts(`127.0.0.1:${first.port},127.0.0.1:${other.port}`) ?? [] };
      expect(await checkCalendar({ ...maya, url: `http://127.0.0.1:${first.port}/away/` }, signal(), both)).toEqual({
        ok: false,
        reason: calendarProblems.notFound,
      });
      expect(await checkCalendar({ ...maya, url: `http://127.0.0.1:${first.port}/here/` }, signal(), both)).toEqual({
        ok: false,
        reason: calendarProblems.notFound,
      });
      const [away, here] = seen;
      expect(away).toMatchObject({ server: 'other', method: 'PROPFIND', path: '/dav/', authorization: null });
      expect(away.body).toContain('propfind');
      expect(here).toMatchObject({ server: 'first', method: 'PROPFIND', path: '/dav/' });
      expect(here.authorization).toBe(`Basic ${Buffer.from(`maya:${MAYA_PASSWORD}`).toString('base64')}`);
      expect(here.body).toContain('propfind');
    } finally {
      await Promise.all([first.stop(true), other.stop(true)]);
    }
  });
});
