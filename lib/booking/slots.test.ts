import { describe, expect, test } from 'bun:test';
import { isoDay, parseIsoDay } from '../time/calendar.ts';
import { wallClock, zonedInstant } from '../time/zoned.ts';
import { parseHours } from './hours.ts';
import { type BookingRules, DEFAULT_BOOKING_RULES } from './rules.ts';
import { type Bookable, type Candidate, explainDays, type Interval, pickStaff, slotsFor } from './slots.ts';

const TORONTO = 'America/Toronto';
const rules = DEFAULT_BOOKING_RULES;

/** The instant Toronto's clocks show "2026-12-21 10:00". */
function at(wall: string, timeZone = TORONTO): Date {
  const [day, time] = wall.split(' ');
  const [hour, minute] = time.split(':').map(Number);
  return zonedInstant(parseIsoDay(day), hour * 60 + minute, timeZone);
}
const two = (n: number) => String(n).padStart(2, '0');
/** "2026-12-21 10:00" on Toronto's clocks. */
function wall(instant: Date, timeZone = TORONTO): string {
  const shown = wallClock(instant, timeZone);
  return `${isoDay(shown)} ${two(shown.hour)}:${two(shown.minute)}`;
}
const busy = (from: string, to: string): Interval => ({ start: at(from), end: at(to) });
function person(staffId: string, hours: string, busyTimes: Interval[] = []): Bookable {
  const parsed = parseHours(hours);
  if (!parsed.ok) throw new Error(parsed.error);
  return { staffId, hours: parsed.hours, busy: busyTimes };
}
/** A candidate as one line: "13:00 busy 13:00-14:30", "10:00 offered", "10:00 holiday Christmas Day". */
function line(candidate: Candidate): string {
  const time = wall(candidate.start).slice(11);
  const { reason } = candidate;
  if (reason === null) return `${time} offered`;
  if (reason.kind === 'holiday') return `${time} holiday ${reason.name}`;
  if (reason.kind === 'busy') return `${time} busy ${wall(reason.busy.start).slice(11)}-${wall(reason.busy.end).slice(11)}`;
  return `${time} ${reason.kind}`;
}
/** Each day's candidates as lines, keyed by day. */
const explained = (...args: Parameters<typeof explainDays>) =>
  Object.fromEntries(explainDays(...args).map(({ date, candidates }) => [isoDay(date), candidates.map(line)]));
/** The offered starts on Toronto's clocks, with the staff free then. */
const offered = (people: Bookable[], now: Date, days?: number, withRules: BookingRules = rules) =>
  slotsFor(people, withRules, now, days).map((slot) => `${wall(slot.start)} ${slot.staffIds.join(',')}`);
const startsOf = (people: Bookable[], now: Date, days?: number, withRules: BookingRules = rules) =>
  slotsFor(people, withRules, now, days).map((slot) => wall(slot.start));

describe('the week before Christmas 2026, as staff and the reviewer see it', () => {
  // Christmas on Friday the 25th; Boxing Day, Saturday the 26th, observed on Monday the 28th.
  const maya = person('maya', 'Mon-Fri 10:00-16:00', [busy('2026-12-22 13:00', '2026-12-22 14:30')]);
  const now = at('2026-12-20 09:00');
  const SIX = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00'];

  test('every start of every day, and why each one not offered is missing', () => {
    expect(explained(maya, rules, now, parseIsoDay('2026-12-21'), 8)).toEqual({
      '2026-12-21': SIX.map((t) => `${t} offered`),
      // 12:00 ends with its buffer at 13:00, as the event starts: offered. 14:00 starts inside the event.
      '2026-12-22': ['10:00 offered', '11:00 offered', '12:00 offered', '13:00 busy 13:00-14:30', '14:00 busy 13:00-14:30', '15:00 offered'],
      '2026-12-23': SIX.map((t) => `${t} offered`),
      '2026-12-24': SIX.map((t) => `${t} offered`),
      '2026-12-25': SIX.map((t) => `${t} holiday Christmas Day`),
      '2026-12-26': [],
      '2026-12-27': [],
      '2026-12-28': SIX.map((t) => `${t} holiday Boxing Day`),
    });
  });

  test('the slots offered are exactly those starts, day by day', () => {
    const byDay: Record<string, string[]> = {};
    for (const start of startsOf([maya], now, 21)) (byDay[start.slice(0, 10)] ??= []).push(start.slice(11));
    const week = ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27'];
    expect(Object.fromEntries(week.map((day) => [day, byDay[day] ?? []]))).toEqual({
      '2026-12-21': SIX,
      '2026-12-22': ['10:00', '11:00', '12:00', '15:00'],
      '2026-12-23': SIX,
      '2026-12-24': SIX,
      '2026-12-25': [],
      '2026-12-26': [],
      '2026-12-27': [],
    });
    // And on to the end of the 21 days.
    expect(byDay).toMatchObject({
      '2026-12-21': SIX,
      '2026-12-22': ['10:00', '11:00', '12:00', '15:00'],
      '2026-12-23': SIX,
      '2026-12-24': SIX,
      '2026-12-29': SIX,
      '2026-12-30': SIX,
      '2026-12-31': SIX,
      // Friday, January 1, 2027 is New Year's Day.
      '2027-01-04': SIX,
    });
    for (const day of ['2026-12-20', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2027-01-01', '2027-01-02', '2027-01-03']) {
      expect(byDay[day]).toBeUndefined();
    }
    // 21 days from Sunday the 20th: the last is Saturday, January 9.
    expect(Object.keys(byDay).at(-1)).toBe('2027-01-08');
    expect(Object.keys(byDay)).toHaveLength(12);
  });

  test('each offered start is 45 minutes long and carries the staff member', () => {
    const [first] = slotsFor([maya], rules, now);
    expect(first).toEqual({ start: new Date('2026-12-21T15:00:00Z'), end: new Date('2026-12-21T15:45:00Z'), staffIds: ['maya'] });
  });
});

describe('the grid of starts: every session + buffer from the start of each range, while the session fits', () => {
  const now = at('2026-11-22 09:00'); // a Sunday; the Monday after is a plain working day
  test.each([
    ['Mon 10:00-10:30', []],
    ['Mon 10:00-10:44', []],
    ['Mon 10:00-10:45', ['10:00']],
    ['Mon 10:00-11:44', ['10:00']],
    ['Mon 10:00-11:45', ['10:00', '11:00']],
    ['Mon 10:07-12:00', ['10:07', '11:07']],
    ['Mon 09:30-12:00 13:15-14:00', ['09:30', '10:30', '13:15']],
    ['Mon 09:00-10:00 10:00-11:00', ['09:00', '10:00']],
    ['Mon 22:00-24:00', ['22:00', '23:00']],
    ['Tue 10:00-16:00', []],
  ])('%p → %p', (hours, starts) => {
    expect(explainDays(person('a', hours), rules, now, parseIsoDay('2026-11-23'), 1)[0].candidates.map((c) => wall(c.start).slice(11))).toEqual(starts);
  });

  test('other rules cut another grid: 30-minute sessions without a buffer', () => {
    const short = { ...rules, sessionMinutes: 30, bufferMinutes: 0 };
    expect(startsOf([person('a', 'Mon 10:00-12:00')], now, 2, short)).toEqual(['2026-11-23 10:00', '2026-11-23 10:30', '2026-11-23 11:00', '2026-11-23 11:30']);
  });

  test('hours in another zone are that zone’s wall times (the holidays stay Ontario’s)', () => {
    const vancouver = { ...rules, timeZone: 'America/Vancouver' };
    const slots = slotsFor([person('a', 'Mon 10:00-11:00')], vancouver, at('2026-11-22 09:00'), 2);
    expect(slots.map((s) => s.start.toISOString())).toEqual(['2026-11-23T18:00:00.000Z']);
  });

  test('rules that cut no grid are refused', () => {
    expect(() => slotsFor([person('a', 'Mon 10:00-11:00')], { ...rules, sessionMinutes: 0 }, now)).toThrow(RangeError);
    expect(() => explainDays(person('a', 'Mon 10:00-11:00'), { ...rules, bufferMinutes: -15 }, now, parseIsoDay('2026-11-23'), 1)).toThrow(RangeError);
  });
});

describe('busy time blocks a start when it overlaps the session or the buffer after it', () => {
  const now = at('2026-11-22 09:00');
  // Monday, November 23: starts at 10:00 and 11:00, each keeping [start, start + 60 minutes) free.
  const day = (busyTimes: Interval[]) => explained(person('a', 'Mon 10:00-12:00', busyTimes), rules, now, parseIsoDay('2026-11-23'), 1)['2026-11-23'];
  const mon = (from: string, to: string) => busy(`2026-11-23 ${from}`, `2026-11-23 ${to}`);
  test.each([
    ['an event ending at 10:00 does not block 10:00', [mon('09:00', '10:00')], ['10:00 offered', '11:00 offered']],
    ['an event ending at 10:01 does', [mon('09:00', '10:01')], ['10:00 busy 09:00-10:01', '11:00 offered']],
    ['an event at 10:50 blocks 10:00, in its buffer', [mon('10:50', '11:00')], ['10:00 busy 10:50-11:00', '11:00 offered']],
    ['an event at 10:45 blocks 10:00, in its buffer', [mon('10:45', '10:46')], ['10:00 busy 10:45-10:46', '11:00 offered']],
    ['an event at 11:00 leaves 10:00 and its buffer free', [mon('11:00', '11:30')], ['10:00 offered', '11:00 busy 11:00-11:30']],
    ['an event at 11:59 blocks 11:00, in its buffer past the hours', [mon('11:59', '13:00')], ['10:00 offered', '11:00 busy 11:59-13:00']],
    ['an event at 12:00 blocks nothing', [mon('12:00', '13:00')], ['10:00 offered', '11:00 offered']],
    ['an event inside a session blocks it', [mon('10:15', '10:30')], ['10:00 busy 10:15-10:30', '11:00 offered']],
    ['an event around both blocks both', [mon('08:00', '17:00')], ['10:00 busy 08:00-17:00', '11:00 busy 08:00-17:00']],
    ['a booking at 10:00, kept with its buffer as [10:00, 11:00), blocks 10:00 only', [mon('10:00', '11:00')], ['10:00 busy 10:00-11:00', '11:00 offered']],
    ['an event of no length blocks nothing', [mon('10:30', '10:30')], ['10:00 offered', '11:00 offered']],
    ['an event on another day blocks nothing', [busy('2026-11-24 10:00', '2026-11-24 12:00')], ['10:00 offered', '11:00 offered']],
    [
      'of several events, the reason names the earliest that overlaps',
      [mon('10:40', '10:50'), mon('09:30', '10:10'), mon('10:20', '10:30')],
      ['10:00 busy 09:30-10:10', '11:00 offered'],
    ],
  ])('%s', (_, busyTimes, lines) => {
    expect(day(busyTimes)).toEqual(lines);
  });
});

describe('minimum notice: a start at least 4 hours after now', () => {
  const maya = person('maya', 'Mon 10:00-12:00'); // Monday, November 23
  test.each([
    ['2026-11-23 06:00', ['2026-11-23 10:00', '2026-11-23 11:00']],
    ['2026-11-23 06:01', ['2026-11-23 11:00']],
    ['2026-11-23 07:00', ['2026-11-23 11:00']],
    ['2026-11-23 07:01', []],
    ['2026-11-23 15:00', []],
    ['2026-11-22 23:00', ['2026-11-23 10:00', '2026-11-23 11:00']],
  ])('now %s → %p', (now, starts) => {
    expect(startsOf([maya], at(now), 1 + (now.startsWith('2026-11-22') ? 1 : 0))).toEqual(starts);
  });

  test('a millisecond short of the notice is too soon', () => {
    const now = new Date(at('2026-11-23 06:00').getTime() + 1);
    expect(explained(maya, rules, now, parseIsoDay('2026-11-23'), 1)['2026-11-23']).toEqual(['10:00 notice', '11:00 offered']);
  });

  test('past days are explained as too soon, and a holiday is named before the notice', () => {
    expect(explained(person('a', 'Mon-Fri 10:00-11:00'), rules, at('2026-12-29 09:00'), parseIsoDay('2026-12-24'), 6)).toEqual({
      '2026-12-24': ['10:00 notice'],
      '2026-12-25': ['10:00 holiday Christmas Day'],
      '2026-12-26': [],
      '2026-12-27': [],
      '2026-12-28': ['10:00 holiday Boxing Day'],
      '2026-12-29': ['10:00 notice'],
    });
  });
});

describe('the horizon: today and the 20 days after it', () => {
  const daily = person('a', 'Mon-Sun 10:00-11:00');
  const now = at('2026-11-23 09:00');

  test('21 days from today, today’s 10:00 being too soon', () => {
    const starts = startsOf([daily], now);
    expect(starts).toHaveLength(20);
    expect([starts[0], starts.at(-1)]).toEqual(['2026-11-24 10:00', '2026-12-13 10:00']);
  });

  test.each([
    [undefined, 20],
    [1, 0],
    [2, 1],
    [7, 6],
    [21, 20],
    [60, 20],
    [0, 0],
    [-3, 0],
  ])('days = %p → %p starts', (days, count) => {
    expect(startsOf([daily], now, days)).toHaveLength(count);
  });

  test('a shorter horizon in the rules', () => {
    expect(startsOf([daily], now, 7, { ...rules, daysAhead: 3 })).toEqual(['2026-11-24 10:00', '2026-11-25 10:00']);
  });

  test('explained past the horizon, a start says so; a holiday past it is still named as one', () => {
    expect(explained(daily, rules, now, parseIsoDay('2026-12-12'), 3)).toEqual({
      '2026-12-12': ['10:00 offered'],
      '2026-12-13': ['10:00 offered'],
      '2026-12-14': ['10:00 horizon'],
    });
    expect(explained(daily, rules, now, parseIsoDay('2026-12-25'), 1)).toEqual({ '2026-12-25': ['10:00 holiday Christmas Day'] });
  });

  test('today is Toronto’s today: 23:30 on Sunday is Monday in UTC but still Sunday here', () => {
    const lateSunday = at('2026-11-22 23:30');
    expect(startsOf([daily], lateSunday, 2)).toEqual(['2026-11-23 10:00']);
    expect(explained(daily, rules, lateSunday, parseIsoDay('2026-12-12'), 2)).toEqual({ '2026-12-12': ['10:00 offered'], '2026-12-13': ['10:00 horizon'] });
  });
});

describe('daylight saving time: hours stay on the wall clock, sessions last 45 real minutes', () => {
  const iso = (people: Bookable[], now: Date, days: number) => slotsFor(people, rules, now, days).map((s) => s.start.toISOString());

  test('clocks go back on Sunday, November 1, 2026: 10:00 is 14:00 UTC before, 15:00 UTC after', () => {
    expect(iso([person('a', 'Sat-Mon 10:00-11:00')], at('2026-10-30 12:00'), 4)).toEqual([
      '2026-10-31T14:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
      '2026-11-02T15:00:00.000Z',
    ]);
  });

  test('clocks go forward on Sunday, March 8, 2026: 10:00 is 15:00 UTC before, 14:00 UTC after', () => {
    expect(iso([person('a', 'Sat-Mon 10:00-11:00')], at('2026-03-06 12:00'), 4)).toEqual([
      '2026-03-07T15:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
    ]);
  });

  test('through the night of March 8 the skipped hour offers nothing, and no start is offered twice', () => {
    const night = person('a', 'Sun 00:00-04:00');
    const slots = slotsFor([night], rules, at('2026-03-07 12:00'), 2);
    expect(slots.map((s) => `${s.start.toISOString()} ${wall(s.start)}`)).toEqual([
      '2026-03-08T05:00:00.000Z 2026-03-08 00:00',
      '2026-03-08T06:00:00.000Z 2026-03-08 01:00',
      '2026-03-08T07:00:00.000Z 2026-03-08 03:00',
    ]);
    for (const slot of slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(45 * 60_000);
  });

  test('through the night of November 1 the repeated hour is offered once, at its first 01:00', () => {
    const night = person('a', 'Sun 00:00-04:00');
    const slots = slotsFor([night], rules, at('2026-10-31 12:00'), 2);
    expect(slots.map((s) => `${s.start.toISOString()} ${wall(s.start)}`)).toEqual([
      '2026-11-01T04:00:00.000Z 2026-11-01 00:00',
      '2026-11-01T05:00:00.000Z 2026-11-01 01:00',
      '2026-11-01T07:00:00.000Z 2026-11-01 02:00',
      '2026-11-01T08:00:00.000Z 2026-11-01 03:00',
    ]);
    for (const slot of slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(45 * 60_000);
  });

  test('4 hours of notice are 4 real hours across the change', () => {
    // 23:00 EST on Saturday is 04:00 UTC; 4 hours on is 08:00 UTC, which is 04:00 EDT.
    expect(startsOf([person('a', 'Sun 00:00-06:00')], at('2026-03-07 23:00'), 2)).toEqual(['2026-03-08 04:00', '2026-03-08 05:00']);
  });

  test('busy time is compared as instants across the change', () => {
    // 15:00-16:00 UTC is 10:00-11:00 on Monday, November 2 (EST): it blocks 10:00 there, not 11:00.
    const a = person('a', 'Fri-Mon 10:00-12:00', [{ start: new Date('2026-11-02T15:00:00Z'), end: new Date('2026-11-02T16:00:00Z') }]);
    expect(explained(a, rules, at('2026-10-30 12:00'), parseIsoDay('2026-11-02'), 1)['2026-11-02']).toEqual(['10:00 busy 10:00-11:00', '11:00 offered']);
  });
});

describe('several staff: one slot per start, naming everyone free then', () => {
  const now = at('2026-11-22 09:00');
  const maya = person('maya', 'Mon 10:00-13:00', [busy('2026-11-23 11:00', '2026-11-23 12:00')]);
  const omar = person('omar', 'Mon 11:00-14:00; Tue 09:30-10:30');
  const lee = person('lee', '');

  test('overlapping hours give one slot with both ids, in the order the staff are given', () => {
    expect(offered([maya, omar, lee], now, 3)).toEqual([
      '2026-11-23 10:00 maya',
      '2026-11-23 11:00 omar',
      '2026-11-23 12:00 maya,omar',
      '2026-11-23 13:00 omar',
      '2026-11-24 09:30 omar',
    ]);
    expect(offered([omar, maya], now, 3)[2]).toBe('2026-11-23 12:00 omar,maya');
  });

  test('starts on different grids stay apart', () => {
    const ana = person('ana', 'Mon 10:30-12:00');
    expect(offered([maya, ana], now, 2)).toEqual(['2026-11-23 10:00 maya', '2026-11-23 10:30 ana', '2026-11-23 12:00 maya']);
  });

  test('the same staff member given twice is named once', () => {
    expect(offered([omar, omar], now, 2)[0]).toBe('2026-11-23 11:00 omar');
  });

  test('nobody with hours, or nobody at all, offers nothing', () => {
    expect(slotsFor([lee], rules, now)).toEqual([]);
    expect(slotsFor([], rules, now)).toEqual([]);
  });

  test('slotsFor offers exactly the starts explainDays marks offered, for each staff member', () => {
    const people = [
      person('a', 'Mon-Fri 10:00-16:00', [busy('2026-12-22 13:00', '2026-12-22 14:30'), busy('2026-12-30 09:00', '2026-12-31 11:20')]),
      person('b', 'Mon,Wed 09:15-17:00; Sat 10:00-12:00', [busy('2026-12-23 10:00', '2026-12-23 10:45')]),
      person('c', 'Tue-Thu 08:00-09:00 12:00-18:00'),
    ];
    const from = at('2026-12-19 14:10');
    const slots = slotsFor(people, rules, from);
    for (const p of people) {
      const explainedStarts = explainDays(p, rules, from, parseIsoDay('2026-12-19'), 21)
        .flatMap((d) => d.candidates)
        .filter((c) => c.offered)
        .map((c) => c.start.getTime());
      expect(slots.filter((s) => s.staffIds.includes(p.staffId)).map((s) => s.start.getTime())).toEqual(explainedStarts);
    }
    const times = slots.map((s) => s.start.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(times.length);
  });
});

describe('pickStaff: the lead’s owner when free, else whoever was booked longest ago', () => {
  const last = new Map([
    ['maya', new Date('2026-11-20T15:00:00Z')],
    ['omar', new Date('2026-11-18T15:00:00Z')],
    ['lee', new Date('2026-11-18T15:00:00Z')],
  ]);
  test.each([
    [['maya', 'omar'], 'maya', 'maya'],
    [['maya', 'omar'], 'ana', 'omar'],
    [['maya', 'omar'], null, 'omar'],
    [['maya', 'omar', 'lee'], null, 'lee'],
    [['omar', 'lee'], null, 'lee'],
    [['maya', 'omar', 'ana'], null, 'ana'],
    [['zed', 'maya', 'ana'], null, 'ana'],
    [['zed', 'maya', 'ana'], 'zed', 'zed'],
    [['maya'], null, 'maya'],
    [['maya'], 'omar', 'maya'],
  ])('free %p, owner %p → %p', (free, preferred, chosen) => {
    expect(pickStaff(free, preferred, last)).toBe(chosen);
  });

  test('the list it is given is left as it was', () => {
    const free = ['maya', 'omar', 'lee'];
    pickStaff(free, null, last);
    expect(free).toEqual(['maya', 'omar', 'lee']);
  });

  test('nobody free is a mistake of the caller', () => {
    expect(() => pickStaff([], 'maya', last)).toThrow(RangeError);
  });
});
