import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import ICAL from 'ical.js';
import { eventsInWindow } from '../../features/booking/calendar/caldav.ts';
import { davSession } from '../../features/booking/calendar/http.ts';
import {
  busyTimes,
  CALENDAR_TIMEOUT_MS,
  type CalendarSource,
  CalendarUnreachable,
  calendarProblems,
  checkCalendar,
  removeEvent,
  writeEvent,
} from '../../features/booking/calendar/index.ts';
import { calendarObjectIcs, type InviteEvent } from '../../lib/booking/invite.ts';
import { closedPortUrl } from '../fixtures/fake-feed-server.ts';
import { startRadicale, type TestRadicale } from '../fixtures/radicale.ts';

// Staff calendars against a real CalDAV server (Radicale, tests/fixtures/radicale.ts) and iCal feeds served
// on loopback: the busy times read, the session written and removed, and every way it fails in the
// sentence the staff page shows, within the caller's time.

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

beforeAll(async () => {
  radicale = await startRadicale({ users: { maya: MAYA_PASSWORD, zoe: ZOE_PASSWORD } });
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
    expect(iso(await busyTimes(maya, march, signal()))).toEqual(marchBusy);
  });

  test('a narrower window: the server sends only the objects with an instance in it (its calendar-query time range), and only those count', async () => {
    const week = { start: new Date('2026-03-16T04:00:00Z'), end: new Date('2026-03-23T04:00:00Z') };
    const sent = await eventsInWindow(workUrl, week, davSession(maya, signal()));
    expect(sent.map((text) => text.match(/^UID:(.+?)\r?$/m)?.[1]).sort()).toEqual(['all-day', 'weekly-standup']);
    expect(iso(await busyTimes(maya, week, signal()))).toEqual([marchBusy[2], marchBusy[3]]);
    expect(await busyTimes(maya, { start: week.start, end: week.start }, signal())).toEqual([]);
  });

  test('discovered from the server root, or from the principal: the calendar that holds events, not the task list', async () => {
    for (const url of [radicale.url, `${radicale.url}maya/`]) {
      expect(iso(await busyTimes({ ...maya, url }, march, signal()))).toEqual(marchBusy);
      expect(await checkCalendar({ ...maya, url }, signal())).toEqual({ ok: true, name: 'Work' });
    }
    expect(await checkCalendar(maya, signal())).toEqual({ ok: true, name: 'Work' });
  });

  test('a password past Latin-1 and with a colon signs in', async () => {
    const zoe: CalendarSource = { kind: 'caldav', url: radicale.url, username: 'zoe', password: ZOE_PASSWORD };
    expect(await checkCalendar(zoe, signal())).toEqual({ ok: true, name: 'Zoë’s calendar' });
    expect(iso(await busyTimes(zoe, march, signal()))).toEqual([['2026-03-12T17:00:00.000Z', '2026-03-12T18:00:00.000Z']]);
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
    await writeEvent(maya, session.uid, calendarObjectIcs(session, 'CONFIRMED', new Date('2026-03-02T12:00:00Z')), signal());
    const stored = await readBack();
    expect(stored.getFirstPropertyValue('uid')).toBe(session.uid);
    expect(Number(stored.getFirstPropertyValue('sequence'))).toBe(0);
    expect(stored.getFirstPropertyValue('summary')).toBe(session.title);
    expect(stored.getFirstPropertyValue('location')).toBe('Café Olé; 2nd floor');
    expect((stored.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(session.start);
    expect(iso(await busyTimes(maya, march, signal()))).toContainEqual(['2026-03-11T18:00:00.000Z', '2026-03-11T18:45:00.000Z']);
  });

  test('writing it again (found from the server root) replaces it: one object, its SEQUENCE and time updated; cancelled, it is no longer busy', async () => {
    const moved = { ...session, sequence: 1, start: new Date('2026-03-11T19:00:00Z'), end: new Date('2026-03-11T19:45:00Z') };
    await writeEvent({ ...maya, url: radicale.url }, session.uid, calendarObjectIcs(moved, 'CONFIRMED', new Date('2026-03-03T12:00:00Z')), signal());
    const stored = await readBack();
    expect(Number(stored.getFirstPropertyValue('sequence'))).toBe(1);
    expect((stored.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(moved.start);
    const busy = iso(await busyTimes(maya, march, signal()));
    expect(busy).toContainEqual(['2026-03-11T19:00:00.000Z', '2026-03-11T19:45:00.000Z']);
    expect(busy).not.toContainEqual(['2026-03-11T18:00:00.000Z', '2026-03-11T18:45:00.000Z']);

    await writeEvent(maya, session.uid, calendarObjectIcs({ ...moved, sequence: 2 }, 'CANCELLED', new Date('2026-03-04T12:00:00Z')), signal());
    expect((await readBack()).getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(iso(await busyTimes(maya, march, signal()))).toEqual(marchBusy);
  });

  test('removeEvent deletes it; removing it again is fine', async () => {
    await removeEvent(maya, session.uid, signal());
    expect((await radicale.request('maya', objectUrl())).status).toBe(404);
    await removeEvent(maya, session.uid, signal());
    expect(iso(await busyTimes(maya, march, signal()))).toEqual(marchBusy);
  });
});

describe('what goes wrong, in a sentence for the staff page', () => {
  test('a wrong password is refused, and the password is in no message', async () => {
    const wrongPassword = 'not-the-password-5f2c9a';
    for (const url of [workUrl, radicale.url]) {
      const wrong: Extract<CalendarSource, { kind: 'caldav' }> = { ...maya, url, password: wrongPassword };
      const error = await unreachableFrom(busyTimes(wrong, march, signal()));
      expect(error.message).toBe(calendarProblems.refused);
      expect(error.message).toBe('The calendar server refused the username or app password');
      expect(String(error.stack)).not.toContain(wrongPassword);
      expect(await checkCalendar(wrong, signal())).toEqual({ ok: false, reason: calendarProblems.refused });
      expect((await unreachableFrom(writeEvent(wrong, 'x-1', calendar(), signal()))).message).toBe(calendarProblems.refused);
      expect((await unreachableFrom(removeEvent(wrong, 'x-1', signal()))).message).toBe(calendarProblems.refused);
    }
    expect(radicale.output()).not.toContain(wrongPassword);
  });

  test('an address with no calendar at it', async () => {
    const error = await unreachableFrom(busyTimes({ ...maya, url: `${radicale.url}maya/no-such-calendar/` }, march, signal()));
    expect(error.message).toBe('No calendar at that address');
    // Another user's calendar is not this account's to read.
    const zoes = await unreachableFrom(busyTimes({ ...maya, url: `${radicale.url}zoe/` }, march, signal()));
    expect(zoes.message).toBe(calendarProblems.forbidden);
  });

  test('addresses that are no web address, or carry the credentials, are refused before any request', async () => {
    expect(await checkCalendar({ ...maya, url: 'caldav.example.com' }, signal())).toEqual({ ok: false, reason: calendarProblems.badAddress });
    expect(await checkCalendar({ ...maya, url: 'ftp://127.0.0.1/' }, signal())).toEqual({ ok: false, reason: calendarProblems.badAddress });
    const withCredentials = `http://maya:${MAYA_PASSWORD}@127.0.0.1:${radicale.port}/`;
    const result = await checkCalendar({ ...maya, url: withCredentials }, signal());
    expect(result).toEqual({ ok: false, reason: calendarProblems.credentialsInAddress });
  });

  test('a closed port is unreachable at once', async () => {
    const url = `${await closedPortUrl()}/`;
    const started = performance.now();
    const error = await unreachableFrom(busyTimes({ ...maya, url }, march, AbortSignal.timeout(5000)));
    expect(error.message).toBe(calendarProblems.noConnection);
    expect((await unreachableFrom(busyTimes({ kind: 'ical', url: `${url}feed.ics` }, march, AbortSignal.timeout(5000)))).message).toBe(
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
      const calls: [string, (signal: AbortSignal) => Promise<unknown>][] = [
        ['busyTimes', (s) => busyTimes({ ...maya, url }, march, s)],
        ['writeEvent', (s) => writeEvent({ ...maya, url }, 'x-2', calendar(), s)],
        ['removeEvent', (s) => removeEvent({ ...maya, url }, 'x-2', s)],
        ['checkCalendar', (s) => checkCalendar({ ...maya, url }, s)],
        ['feed', (s) => busyTimes({ kind: 'ical', url: `${url}feed.ics` }, march, s)],
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
      expect((await unreachableFrom(busyTimes({ ...maya, url }, march, aborted))).message).toBe(calendarProblems.stopped);
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
  });
  afterAll(() => server?.stop(true));
  const source = (path: string): CalendarSource => ({ kind: 'ical', url: `${base}${path}` });

  test('its busy times: its own VTIMEZONE honoured, recurrence and a cancelled instance, an all-day event, a transparent one skipped', async () => {
    const expected = [
      ['2026-03-02T17:00:00.000Z', '2026-03-02T17:30:00.000Z'],
      ['2026-03-10T12:30:00.000Z', '2026-03-10T13:30:00.000Z'],
      ['2026-03-25T04:00:00.000Z', '2026-03-26T04:00:00.000Z'],
    ];
    expect(iso(await busyTimes(source('/private-3f9a/basic.ics'), march, signal()))).toEqual(expected);
    expect(iso(await busyTimes(source('/moved.ics'), march, signal()))).toEqual(expected);
    expect(await checkCalendar(source('/private-3f9a/basic.ics'), signal())).toEqual({ ok: true, name: 'Maya (Google)' });
    // webcal://, as iCloud hands out feeds, means https: here nothing answers https, so it does not connect.
    expect((await checkCalendar({ kind: 'ical', url: `webcal://127.0.0.1:${server.port}/private-3f9a/basic.ics` }, signal())).ok).toBe(false);
  });

  test('a feed over 5 MB is refused, whether it says its length or not', async () => {
    for (const path of ['/big.ics', '/big-streamed.ics']) {
      const error = await unreachableFrom(busyTimes(source(path), march, signal()));
      expect(error.message).toBe('The calendar feed is larger than 5 MB');
    }
  });

  test('a body that is not iCalendar, and the answers that are not a feed', async () => {
    expect((await unreachableFrom(busyTimes(source('/sign-in.html'), march, signal()))).message).toBe('The calendar feed is not an iCalendar file');
    expect(await checkCalendar(source('/sign-in.html'), signal())).toEqual({ ok: false, reason: calendarProblems.notICalendar });
    expect((await unreachableFrom(busyTimes(source('/gone.ics'), march, signal()))).message).toBe(calendarProblems.notFound);
    expect((await unreachableFrom(busyTimes(source('/private.ics'), march, signal()))).message).toBe(calendarProblems.feedRefused);
    expect((await unreachableFrom(busyTimes(source('/broken.ics'), march, signal()))).message).toBe(calendarProblems.serverError(503));
  });
});
