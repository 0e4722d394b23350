import { describe, expect, test } from 'bun:test';
import { type CalendarState, calendarStatus, timeAgo } from './calendar-status.ts';

const NOW = new Date('2026-11-30T15:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('timeAgo', () => {
  test.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 min ago'],
    [2 * 60_000 + 5_000, '2 min ago'],
    [59 * 60_000, '59 min ago'],
    [3600_000, '1 hour ago'],
    [5 * 3600_000, '5 hours ago'],
    // A day or more: the date and time, Toronto time.
    [26 * 3600_000, 'on Nov 29, 2026, 08:00'],
  ])('%p ms ago reads %p', (ms, text) => {
    expect(timeAgo(ago(ms), NOW)).toBe(text);
  });

  test('a time a little in the future (clocks apart) is just now', () => {
    expect(timeAgo(new Date(NOW.getTime() + 2000), NOW)).toBe('just now');
  });
});

describe('calendarStatus', () => {
  const base: CalendarState = { kind: 'caldav', name: 'Work', problem: null, checkedAt: ago(2 * 60_000), sealed: false };

  test('connected: the name and when it was checked, as the issue writes it', () => {
    expect(calendarStatus(base, NOW)).toEqual({
      tone: 'ok',
      headline: 'Connected to “Work” (checked 2 min ago).',
      advice: 'Your events there block your times, and each session booked is added to it.',
    });
  });

  test('an iCal feed is read-only, and says so', () => {
    const status = calendarStatus({ ...base, kind: 'ical', name: 'Priya (work)' }, NOW);
    expect(status.tone).toBe('ok');
    expect(status.headline).toBe('Reading the iCal feed of “Priya (work)” (checked 2 min ago).');
    expect(status.advice).toContain('sessions are not added to it');
  });

  test('a problem: the reason as one sentence, and what to do', () => {
    const status = calendarStatus({ ...base, name: null, problem: 'The calendar server refused the username or app password' }, NOW);
    expect(status.tone).toBe('problem');
    expect(status.headline).toBe('Your calendar could not be read (checked 2 min ago): The calendar server refused the username or app password.');
    expect(status.advice).toBe(
      'Visitors are offered none of your times until it can be read. Check the address, username and app password, then connect it again.',
    );
    // A reason that already ends a sentence gets no second full stop.
    expect(calendarStatus({ ...base, problem: 'No calendar at that address.' }, NOW).headline).toEndWith('No calendar at that address.');
    expect(calendarStatus({ ...base, kind: 'ical', problem: 'The calendar feed is not an iCalendar file' }, NOW).advice).toContain('secret iCal address');
  });

  test('a password APP_SECRET cannot open names APP_SECRET, whatever was last read', () => {
    const status = calendarStatus({ ...base, sealed: true }, NOW);
    expect(status.tone).toBe('problem');
    expect(status.headline).toContain('APP_SECRET');
    expect(status.advice).toContain('set APP_SECRET, then connect your calendar again');
  });

  test('none connected; never checked leaves the time out', () => {
    expect(calendarStatus({ kind: null, name: null, problem: null, checkedAt: null, sealed: false }, NOW)).toMatchObject({
      tone: 'none',
      headline: 'No calendar connected.',
    });
    expect(calendarStatus({ ...base, checkedAt: null }, NOW).headline).toBe('Connected to “Work”.');
  });
});
