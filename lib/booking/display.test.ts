import { describe, expect, test } from 'bun:test';
import { dayHeading, sessionLabel, slotTime, visitorShortWhen, visitorTime, visitorWhen, zoneDiffers } from './display.ts';

const TORONTO = 'America/Toronto';

describe('a session as people read it: staff on the 24-hour clock, visitors on the 12-hour one', () => {
  test.each([
    ['2026-12-01T15:00:00Z', TORONTO, 'Tue Dec 1, 10:00', '10:00'],
    ['2026-07-06T13:05:00Z', TORONTO, 'Mon Jul 6, 09:05', '09:05'],
    // 02:30 UTC on Jan 1 is still New Year's Eve in Toronto.
    ['2027-01-01T02:30:00Z', TORONTO, 'Thu Dec 31, 21:30', '21:30'],
    // Either side of the clocks going back on Nov 1 2026: 10:00 both days on the wall.
    ['2026-10-31T14:00:00Z', TORONTO, 'Sat Oct 31, 10:00', '10:00'],
    ['2026-11-01T15:00:00Z', TORONTO, 'Sun Nov 1, 10:00', '10:00'],
    ['2026-12-01T15:00:00Z', 'America/Vancouver', 'Tue Dec 1, 07:00', '07:00'],
    ['2026-12-01T15:00:00Z', 'Australia/Sydney', 'Wed Dec 2, 02:00', '02:00'],
  ])('%s in %s: %p, %p', (at, zone, label, time) => {
    expect(sessionLabel(new Date(at), zone)).toBe(label);
    expect(slotTime(new Date(at), zone)).toBe(time);
  });

  test.each([
    // Canadian Press style: the 12-hour clock, a.m. and p.m. with periods; noon is 12 p.m., midnight 12 a.m.
    ['2026-12-01T18:00:00Z', TORONTO, '1:00 p.m.', 'Tuesday, December 1 at 1:00 p.m.', 'Tue Dec 1, 1:00 p.m.'],
    ['2026-12-01T15:00:00Z', TORONTO, '10:00 a.m.', 'Tuesday, December 1 at 10:00 a.m.', 'Tue Dec 1, 10:00 a.m.'],
    ['2026-07-06T13:05:00Z', TORONTO, '9:05 a.m.', 'Monday, July 6 at 9:05 a.m.', 'Mon Jul 6, 9:05 a.m.'],
    ['2026-12-01T17:30:00Z', TORONTO, '12:30 p.m.', 'Tuesday, December 1 at 12:30 p.m.', 'Tue Dec 1, 12:30 p.m.'],
    ['2026-12-01T05:15:00Z', TORONTO, '12:15 a.m.', 'Tuesday, December 1 at 12:15 a.m.', 'Tue Dec 1, 12:15 a.m.'],
    ['2027-01-01T02:30:00Z', TORONTO, '9:30 p.m.', 'Thursday, December 31 at 9:30 p.m.', 'Thu Dec 31, 9:30 p.m.'],
    // Either side of the clocks going back on Nov 1 2026: 10:00 a.m. both days on the wall.
    ['2026-10-31T14:00:00Z', TORONTO, '10:00 a.m.', 'Saturday, October 31 at 10:00 a.m.', 'Sat Oct 31, 10:00 a.m.'],
    ['2026-11-01T15:00:00Z', TORONTO, '10:00 a.m.', 'Sunday, November 1 at 10:00 a.m.', 'Sun Nov 1, 10:00 a.m.'],
    ['2026-12-01T15:00:00Z', 'America/Vancouver', '7:00 a.m.', 'Tuesday, December 1 at 7:00 a.m.', 'Tue Dec 1, 7:00 a.m.'],
    ['2026-12-01T15:00:00Z', 'Australia/Sydney', '2:00 a.m.', 'Wednesday, December 2 at 2:00 a.m.', 'Wed Dec 2, 2:00 a.m.'],
  ])('a visitor reads %s in %s as %p (%p, %p)', (at, zone, time, when, short) => {
    expect(visitorTime(new Date(at), zone)).toBe(time);
    expect(visitorWhen(new Date(at), zone)).toBe(when);
    expect(visitorShortWhen(new Date(at), zone)).toBe(short);
  });

  test('a day heading names the weekday and the month in full', () => {
    expect(dayHeading({ year: 2026, month: 12, day: 1 })).toBe('Tuesday, December 1');
    expect(dayHeading({ year: 2026, month: 12, day: 28 })).toBe('Monday, December 28');
  });
});

describe('whether a visitor’s zone shows another time', () => {
  const at = (iso: string) => new Date(iso);
  test.each([
    [TORONTO, '2026-12-01T15:00:00Z', TORONTO, false],
    [TORONTO, '2026-12-01T15:00:00Z', 'America/New_York', false],
    [TORONTO, '2026-12-01T15:00:00Z', 'America/Detroit', false],
    [TORONTO, '2026-12-01T15:00:00Z', 'America/Winnipeg', true],
    [TORONTO, '2026-12-01T15:00:00Z', 'UTC', true],
    // Regina keeps Central Standard Time all year: Edmonton's time in summer, not in winter.
    ['America/Regina', '2026-07-01T15:00:00Z', 'America/Edmonton', false],
    ['America/Regina', '2026-12-01T15:00:00Z', 'America/Edmonton', true],
    // Atikokan keeps Eastern Standard Time: the same as Toronto in winter only.
    [TORONTO, '2026-12-01T15:00:00Z', 'America/Atikokan', false],
    [TORONTO, '2026-07-01T15:00:00Z', 'America/Atikokan', true],
    // Kolkata is 10:30 ahead: the minutes differ too.
    [TORONTO, '2026-12-01T15:00:00Z', 'Asia/Kolkata', true],
    [TORONTO, '2026-12-01T15:00:00Z', 'Not/AZone', true],
  ])('%s at %s, against %s → %p', (zone, instant, other, differs) => {
    expect(zoneDiffers(zone, at(instant), other)).toBe(differs);
  });
});
