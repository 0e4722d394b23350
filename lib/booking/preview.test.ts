import { describe, expect, test } from 'bun:test';
import { parseHours } from './hours.ts';
import { previewDays } from './preview.ts';
import { DEFAULT_BOOKING_RULES } from './rules.ts';
import { explainDays, type Interval, slotsFor } from './slots.ts';

// Christmas week 2026 for someone who works Mon-Fri 10:00-16:00: Monday 08:00 in Toronto (UTC−5), a
// calendar event on Tuesday 11:00-12:30, a session booked on Wednesday at 10:00, Christmas on Friday.
const NOW = new Date('2026-12-21T13:00:00Z');
const parsed = parseHours('Mon-Fri 10:00-16:00');
if (!parsed.ok) throw new Error(parsed.error);
const toronto = (day: string, time: string) => new Date(`${day}T${time}:00-05:00`);
const event: Interval = { start: toronto('2026-12-22', '11:00'), end: toronto('2026-12-22', '12:30') };
const booking: Interval = { start: toronto('2026-12-23', '10:00'), end: toronto('2026-12-23', '11:00') };
const person = { staffId: 'priya', hours: parsed.hours, busy: [event, booking] };
const rules = DEFAULT_BOOKING_RULES;
const explained = explainDays(person, rules, NOW, { year: 2026, month: 12, day: 21 }, 7);
const days = previewDays(explained, [booking], rules);

const whyOf = (day: string) => Object.fromEntries(days.find((d) => d.day === day)?.starts.map((s) => [s.time, s.why ?? 'offered']) ?? []);

describe('a staff member’s week as visitors see it', () => {
  test('every day of the week, headed, with a holiday named', () => {
    expect(days.map((d) => [d.day, d.heading, d.holiday])).toEqual([
      ['2026-12-21', 'Monday, December 21', null],
      ['2026-12-22', 'Tuesday, December 22', null],
      ['2026-12-23', 'Wednesday, December 23', null],
      ['2026-12-24', 'Thursday, December 24', null],
      ['2026-12-25', 'Friday, December 25', 'Christmas Day'],
      // Boxing Day falls on a Saturday: observed on Monday the 28th, as the business-day calendar has it.
      ['2026-12-26', 'Saturday, December 26', null],
      ['2026-12-27', 'Sunday, December 27', null],
    ]);
    // No hours on the weekend: no starts, whatever the day is.
    expect(days[5].starts).toEqual([]);
    expect(days[6].starts).toEqual([]);
  });

  test('why each missing start is missing: notice, a calendar event, a booked session, a holiday', () => {
    expect(whyOf('2026-12-21')).toEqual({
      '10:00': 'Less than 4 hours’ notice',
      '11:00': 'Less than 4 hours’ notice',
      '12:00': 'offered',
      '13:00': 'offered',
      '14:00': 'offered',
      '15:00': 'offered',
    });
    // The event runs 11:00-12:30: 10:00 (with its buffer to 11:00) is free, 11:00 and 12:00 are not.
    expect(whyOf('2026-12-22')).toMatchObject({
      '10:00': 'offered',
      '11:00': 'Busy in your calendar, 11:00–12:30',
      '12:00': 'Busy in your calendar, 11:00–12:30',
      '13:00': 'offered',
    });
    expect(whyOf('2026-12-23')['10:00']).toBe('A session is booked at 10:00');
    expect(whyOf('2026-12-23')['11:00']).toBe('offered');
    expect(new Set(Object.values(whyOf('2026-12-25')))).toEqual(new Set(['Holiday: Christmas Day']));
  });

  test('what the preview offers is exactly what slotsFor offers visitors', () => {
    const offered = days.flatMap((d) => d.starts.filter((s) => s.offered).map((s) => s.start));
    expect(offered).toEqual(slotsFor([person], rules, NOW, 7).map((s) => s.start.toISOString()));
  });

  test('an event over several days names its days; past the horizon says so', () => {
    const trip: Interval = { start: toronto('2026-12-21', '18:00'), end: toronto('2026-12-23', '09:00') };
    const away = previewDays(explainDays({ ...person, busy: [trip] }, rules, NOW, { year: 2026, month: 12, day: 22 }, 1), [], rules);
    expect(away[0].starts[0].why).toBe('Busy in your calendar, Mon Dec 21, 18:00–Wed Dec 23, 09:00');
    const short = { ...rules, daysAhead: 2, minNoticeHours: 1 };
    const at930 = toronto('2026-12-21', '09:30');
    const far = previewDays(explainDays(person, short, at930, { year: 2026, month: 12, day: 21 }, 3), [booking], short);
    expect(new Set(far[2].starts.map((s) => s.why))).toEqual(new Set(['More than 2 days ahead']));
    expect(far[0].starts[0].why).toBe('Less than 1 hour’s notice');
  });
});
