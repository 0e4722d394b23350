import { describe, expect, test } from 'bun:test';
import { busyIntervals, CalendarDataError, calendarName, MAX_OCCURRENCES, mergeIntervals } from './busy-times.ts';

const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
const at = (iso: string) => new Date(iso);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
const iso = (intervals: { start: Date; end: Date }[]) => intervals.map(({ start, end }) => [start.toISOString(), end.toISOString()]);

// March 2026 in Toronto: EST (-05:00) until Sunday March 8, 02:00, EDT (-04:00) after.
const march = span('2026-03-01T05:00:00Z', '2026-04-01T04:00:00Z');

describe('busy intervals', () => {
  test('a single event in UTC, one in an IANA TZID the text does not define, and one outside the window', () => {
    const text = calendar(
      vevent('UID:one', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z', 'SUMMARY:Client call'),
      vevent('UID:two', 'DTSTART;TZID=America/Toronto:20260312T090000', 'DTEND;TZID=America/Toronto:20260312T093000'),
      vevent('UID:three', 'DTSTART:20260410T140000Z', 'DTEND:20260410T150000Z'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([
      ['2026-03-10T14:00:00.000Z', '2026-03-10T15:00:00.000Z'],
      // No VTIMEZONE in the text: the IANA name is read with Intl (EDT on March 12).
      ['2026-03-12T13:00:00.000Z', '2026-03-12T13:30:00.000Z'],
    ]);
  });

  test('a VTIMEZONE in the text is honoured, even one Intl has never heard of', () => {
    const text = calendar(
      [
        'BEGIN:VTIMEZONE',
        'TZID:Head Office',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:-0330',
        'TZOFFSETTO:-0330',
        'END:STANDARD',
        'END:VTIMEZONE',
      ].join('\r\n'),
      vevent('UID:tz', 'DTSTART;TZID=Head Office:20260310T090000', 'DURATION:PT45M'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([['2026-03-10T12:30:00.000Z', '2026-03-10T13:15:00.000Z']]);
  });

  test('floating times, and a TZID neither the text nor Intl knows, are Toronto time', () => {
    const text = calendar(
      vevent('UID:floating', 'DTSTART:20260305T100000', 'DTEND:20260305T110000'),
      vevent('UID:windows', 'DTSTART;TZID=Eastern Standard Time:20260320T100000', 'DTEND;TZID=Eastern Standard Time:20260320T103000'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([
      ['2026-03-05T15:00:00.000Z', '2026-03-05T16:00:00.000Z'],
      ['2026-03-20T14:00:00.000Z', '2026-03-20T14:30:00.000Z'],
    ]);
  });

  test('a weekly event: an EXDATE drops one Tuesday, an override moves another, one instance cancelled on its own', () => {
    const text = calendar(
      vevent(
        'UID:weekly',
        'DTSTART;TZID=America/Toronto:20260203T100000',
        'DTEND;TZID=America/Toronto:20260203T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=TU',
        'EXDATE;TZID=America/Toronto:20260310T100000',
      ),
      vevent(
        'UID:weekly',
        'RECURRENCE-ID;TZID=America/Toronto:20260317T100000',
        'DTSTART;TZID=America/Toronto:20260319T150000',
        'DTEND;TZID=America/Toronto:20260319T153000',
      ),
      vevent('UID:weekly', 'RECURRENCE-ID:20260324T140000Z', 'DTSTART:20260324T140000Z', 'DTEND:20260324T150000Z', 'STATUS:CANCELLED'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([
      // March 3 is EST; the DST change on March 8 keeps 10:00 local.
      ['2026-03-03T15:00:00.000Z', '2026-03-03T16:00:00.000Z'],
      ['2026-03-19T19:00:00.000Z', '2026-03-19T19:30:00.000Z'],
      ['2026-03-31T14:00:00.000Z', '2026-03-31T15:00:00.000Z'],
    ]);
  });

  test('an instance moved into the window from outside it counts; one moved out does not', () => {
    const text = calendar(
      vevent('UID:monthly', 'DTSTART:20260205T150000Z', 'DTEND:20260205T160000Z', 'RRULE:FREQ=MONTHLY;COUNT=3'),
      vevent('UID:monthly', 'RECURRENCE-ID:20260405T150000Z', 'DTSTART:20260330T150000Z', 'DTEND:20260330T160000Z'),
      vevent('UID:monthly', 'RECURRENCE-ID:20260305T150000Z', 'DTSTART:20260402T150000Z', 'DTEND:20260402T160000Z'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([['2026-03-30T15:00:00.000Z', '2026-03-30T16:00:00.000Z']]);
  });

  test('an all-day event blocks its whole days in Toronto, a multi-day one each of them', () => {
    const text = calendar(
      vevent('UID:day', 'DTSTART;VALUE=DATE:20260309', 'DTEND;VALUE=DATE:20260310'),
      vevent('UID:days', 'DTSTART;VALUE=DATE:20260326', 'DTEND;VALUE=DATE:20260328'),
      // No DTEND: one day.
      vevent('UID:anniversary', 'DTSTART;VALUE=DATE:20260302'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([
      ['2026-03-02T05:00:00.000Z', '2026-03-03T05:00:00.000Z'],
      ['2026-03-09T04:00:00.000Z', '2026-03-10T04:00:00.000Z'],
      ['2026-03-26T04:00:00.000Z', '2026-03-28T04:00:00.000Z'],
    ]);
  });

  test('the day of the change to daylight time is 23 hours long', () => {
    const text = calendar(vevent('UID:dst', 'DTSTART;VALUE=DATE:20260308', 'DTEND;VALUE=DATE:20260309'));
    expect(iso(busyIntervals([text], march))).toEqual([['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']]);
  });

  test('transparent and cancelled events, and a cancelled series with its overrides, block nothing', () => {
    const text = calendar(
      vevent('UID:free', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z', 'TRANSP:TRANSPARENT'),
      vevent('UID:off', 'DTSTART:20260311T140000Z', 'DTEND:20260311T150000Z', 'STATUS:CANCELLED'),
      vevent('UID:series', 'DTSTART:20260302T140000Z', 'DTEND:20260302T150000Z', 'RRULE:FREQ=DAILY;COUNT=5', 'STATUS:CANCELLED'),
      vevent('UID:series', 'RECURRENCE-ID:20260303T140000Z', 'DTSTART:20260303T180000Z', 'DTEND:20260303T190000Z'),
      vevent('UID:busy', 'DTSTART:20260312T140000Z', 'DTEND:20260312T150000Z', 'TRANSP:OPAQUE', 'STATUS:CONFIRMED'),
    );
    expect(iso(busyIntervals([text], march))).toEqual([['2026-03-12T14:00:00.000Z', '2026-03-12T15:00:00.000Z']]);
  });

  test('intervals from several calendar texts are sorted and merged, overlapping or touching; those only touching the window are left out', () => {
    const texts = [
      calendar(vevent('UID:a', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z')),
      calendar(vevent('UID:b', 'DTSTART:20260310T143000Z', 'DTEND:20260310T160000Z')),
      calendar(vevent('UID:c', 'DTSTART:20260310T160000Z', 'DTEND:20260310T163000Z'), vevent('UID:d', 'DTSTART:20260301T040000Z', 'DTEND:20260301T050000Z')),
      calendar(vevent('UID:e', 'DTSTART:20260309T120000Z', 'DTEND:20260309T130000Z')),
    ];
    expect(iso(busyIntervals(texts, march))).toEqual([
      ['2026-03-09T12:00:00.000Z', '2026-03-09T13:00:00.000Z'],
      ['2026-03-10T14:00:00.000Z', '2026-03-10T16:30:00.000Z'],
    ]);
  });

  test('an interval crossing the window edge is kept whole', () => {
    const text = calendar(vevent('UID:edge', 'DTSTART:20260301T040000Z', 'DTEND:20260301T060000Z'));
    expect(iso(busyIntervals([text], march))).toEqual([['2026-03-01T04:00:00.000Z', '2026-03-01T06:00:00.000Z']]);
  });

  test(`a series too dense to expand (over ${MAX_OCCURRENCES} occurrences before the window ends) blocks the rest of the window`, () => {
    const text = calendar(vevent('UID:dense', 'DTSTART:20250101T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY;INTERVAL=2'));
    expect(iso(busyIntervals([text], march))).toEqual([[march.start.toISOString(), march.end.toISOString()]]);
  });

  test('what is not iCalendar is refused as such; an event that cannot be read is refused as that', () => {
    for (const bad of ['<!doctype html><html><body>Sign in</body></html>', '{"events": []}', '', 'BEGIN:VCALENDAR\r\nthis is : not ; right\r\n'])
      expect(() => busyIntervals([bad], march)).toThrow(CalendarDataError);
    try {
      busyIntervals(['<html></html>'], march);
    } catch (error) {
      expect((error as CalendarDataError).kind).toBe('not-icalendar');
    }
    const broken = calendar(vevent('UID:x', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z', 'RRULE:FREQ=SOMETIMES'));
    expect(() => busyIntervals([broken], march)).toThrow(CalendarDataError);
  });

  test('a byte order mark and LF line endings are fine', () => {
    const text = `\uFEFF${calendar(vevent('UID:lf', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z')).replace(/\r\n/g, '\n')}`;
    expect(busyIntervals([text], march)).toHaveLength(1);
  });
});

describe('calendar name and merging', () => {
  test('X-WR-CALNAME, or none', () => {
    expect(calendarName(calendar('X-WR-CALNAME:Work (Maya)'))).toBe('Work (Maya)');
    expect(calendarName(calendar())).toBeNull();
    expect(() => calendarName('nope')).toThrow(CalendarDataError);
  });

  test('contained intervals vanish into the one around them', () => {
    const merged = mergeIntervals([span('2026-03-10T10:00:00Z', '2026-03-10T12:00:00Z'), span('2026-03-10T10:30:00Z', '2026-03-10T11:00:00Z')]);
    expect(iso(merged)).toEqual([['2026-03-10T10:00:00.000Z', '2026-03-10T12:00:00.000Z']]);
    expect(mergeIntervals([])).toEqual([]);
  });
});
