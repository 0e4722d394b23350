import { describe, expect, test } from 'bun:test';
import { formatHours, parseHours, type WeeklyHours } from './hours.ts';

const hm = (text: string) => {
  const [h, m] = text.split(':').map(Number);
  return h * 60 + m;
};
/** "1 10:00-16:00" lines → hours, for reading the expectations. */
const hours = (...lines: string[]): WeeklyHours =>
  lines.map((line) => {
    const [weekday, range] = line.split(' ');
    const [from, to] = range.split('-');
    return { weekday: Number(weekday), from: hm(from), to: hm(to) };
  });
const parsed = (text: string) => {
  const result = parseHours(text);
  if (!result.ok) throw new Error(result.error);
  return result.hours;
};
const error = (text: string) => {
  const result = parseHours(text);
  return result.ok ? null : result.error;
};

describe('parseHours reads what staff write', () => {
  test.each([
    ['Mon-Fri 10:00-16:00', hours('1 10:00-16:00', '2 10:00-16:00', '3 10:00-16:00', '4 10:00-16:00', '5 10:00-16:00')],
    ['Mon,Wed,Fri 09:00-12:00', hours('1 09:00-12:00', '3 09:00-12:00', '5 09:00-12:00')],
    ['Mon-Thu 10:00-16:00; Fri 10:00-13:00', hours('1 10:00-16:00', '2 10:00-16:00', '3 10:00-16:00', '4 10:00-16:00', '5 10:00-13:00')],
    ['Tue 09:00-12:00 13:00-17:00', hours('2 09:00-12:00', '2 13:00-17:00')],
    ['Mon–Fri 10:00–16:00', hours('1 10:00-16:00', '2 10:00-16:00', '3 10:00-16:00', '4 10:00-16:00', '5 10:00-16:00')],
    ['monday - wednesday 9:00 - 17:30', hours('1 09:00-17:30', '2 09:00-17:30', '3 09:00-17:30')],
    ['TUESDAY 10:00-11:00', hours('2 10:00-11:00')],
    ['Thurs 10:00 to 16:00', hours('4 10:00-16:00')],
    ['Mon-Fri: 10:00-16:00', hours('1 10:00-16:00', '2 10:00-16:00', '3 10:00-16:00', '4 10:00-16:00', '5 10:00-16:00')],
    ['Mon, Wed, Fri 09:00-12:00, 13:00-15:00', hours('1 09:00-12:00', '1 13:00-15:00', '3 09:00-12:00', '3 13:00-15:00', '5 09:00-12:00', '5 13:00-15:00')],
    // Groups one after another need no semicolon; a day named twice gets both ranges, in order.
    ['Mon 13:00-15:00 Tue 10:00-11:00 Mon 09:00-10:00', hours('1 09:00-10:00', '1 13:00-15:00', '2 10:00-11:00')],
    ['Sat-Sun 10:00-14:00', hours('0 10:00-14:00', '6 10:00-14:00')],
    // A range of days runs round the end of the week.
    ['Fri-Mon 10:00-11:00', hours('0 10:00-11:00', '1 10:00-11:00', '5 10:00-11:00', '6 10:00-11:00')],
    ['Sun-Sat 10:00-11:00', [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: 600, to: 660 }))],
    ['Mon-Mon 10:00-11:00', hours('1 10:00-11:00')],
    ['Sun 00:00-24:00', hours('0 00:00-24:00')],
    ['Mon 10:07-10:52', hours('1 10:07-10:52')],
    // Touching ranges do not overlap.
    ['Wed 09:00-12:00 12:00-13:00', hours('3 09:00-12:00', '3 12:00-13:00')],
    ['Mon,Mon 10:00-11:00', hours('1 10:00-11:00')],
    ['Mon-Wed Fri 10:00-11:00', hours('1 10:00-11:00', '2 10:00-11:00', '3 10:00-11:00', '5 10:00-11:00')],
    ['Mon 10:00-11:00;\nTue 10:00-11:00;', hours('1 10:00-11:00', '2 10:00-11:00')],
    ['', []],
    ['   ', []],
  ])('%p', (text, expected) => {
    expect(parsed(text)).toEqual(expected);
  });
});

describe('parseHours refuses, in one sentence naming the bad part', () => {
  test.each([
    ['Mnd 10:00-16:00', '“Mnd” is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun'],
    ['Mon-Fry 10:00-16:00', '“Fry” is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun'],
    ['Mon-Tue-Wed 10:00-16:00', '“Mon-Tue-Wed” is not a day or a range of days: write it like Mon or Mon-Fri'],
    ['Mon 16:00-10:00', '“16:00-10:00” must end after it starts'],
    ['Mon 10:00-10:00', '“10:00-10:00” must end after it starts'],
    ['Mon 10:00-25:00', '“10:00-25:00” has a time that does not exist: use 24-hour times from 00:00 to 24:00'],
    ['Mon 10:60-12:00', '“10:60-12:00” has a time that does not exist: use 24-hour times from 00:00 to 24:00'],
    ['Mon 10:00-24:30', '“10:00-24:30” has a time that does not exist: use 24-hour times from 00:00 to 24:00'],
    ['Mon 10am-4pm', '“10am-4pm” is not a time range: write it like 10:00-16:00, in 24-hour time'],
    ['Mon 10-16', '“10-16” is not a time range: write it like 10:00-16:00, in 24-hour time'],
    ['Mon 10:00', '“10:00” is not a time range: write it like 10:00-16:00, in 24-hour time'],
    ['10:00-16:00', '“10:00-16:00” has no days: start with them, like Mon-Fri 10:00-16:00'],
    ['Mon-Fri', '“Mon-Fri” has no hours: add times, like Mon-Fri 10:00-16:00'],
    ['Mon 10:00-12:00; Sat', '“Sat” has no hours: add times, like Sat 10:00-16:00'],
    ['Tue 09:00-12:00 11:00-13:00', 'On Tuesday, 09:00-12:00 and 11:00-13:00 overlap: give each time once'],
    ['Mon-Fri 10:00-16:00; Wed 15:00-17:00', 'On Wednesday, 10:00-16:00 and 15:00-17:00 overlap: give each time once'],
    ['Mon 10:00-12:00; Mon 10:00-12:00', 'On Monday, 10:00-12:00 and 10:00-12:00 overlap: give each time once'],
  ])('%p', (text, message) => {
    expect(error(text)).toBe(message);
  });
});

describe('formatHours writes the canonical form', () => {
  test.each([
    ['Mon-Fri 10:00-16:00', 'Mon-Fri 10:00-16:00'],
    ['monday,tuesday,wednesday,thursday,friday 10:00–16:00', 'Mon-Fri 10:00-16:00'],
    ['Mon,Wed,Fri 09:00-12:00', 'Mon,Wed,Fri 09:00-12:00'],
    ['Mon-Thu 10:00-16:00; Fri 10:00-13:00', 'Mon-Thu 10:00-16:00; Fri 10:00-13:00'],
    ['Tue 13:00-17:00 09:00-12:00', 'Tue 09:00-12:00 13:00-17:00'],
    ['Mon-Wed 10:00-16:00; Thu 10:00-13:00; Fri 10:00-16:00', 'Mon-Wed,Fri 10:00-16:00; Thu 10:00-13:00'],
    ['Sun 10:00-12:00; Sat 10:00-12:00', 'Sat-Sun 10:00-12:00'],
    ['Sun 10:00-12:00; Mon 10:00-12:00', 'Mon,Sun 10:00-12:00'],
    ['Fri-Mon 10:00-12:00', 'Mon,Fri-Sun 10:00-12:00'],
    ['Sun-Sat 10:00-12:00', 'Mon-Sun 10:00-12:00'],
    ['Mon 9:05-9:50', 'Mon 09:05-09:50'],
    ['Sat 00:00-24:00', 'Sat 00:00-24:00'],
    ['', ''],
  ])('%p → %p', (text, canonical) => {
    expect(formatHours(parsed(text))).toBe(canonical);
    expect(parsed(canonical)).toEqual(parsed(text));
  });

  test('hours given in any order come out grouped and in week order', () => {
    expect(formatHours(hours('5 10:00-16:00', '1 10:00-16:00', '3 13:00-14:00', '2 10:00-16:00', '3 10:00-12:00'))).toBe(
      'Mon-Tue,Fri 10:00-16:00; Wed 10:00-12:00 13:00-14:00',
    );
    expect(formatHours([])).toBe('');
  });

  test('parseHours reads back every canonical form to the same hours (200 made-up weeks)', () => {
    // A small fixed generator, so a failure repeats.
    let seed = 28;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const week: { weekday: number; from: number; to: number }[] = [];
      for (let weekday = 0; weekday < 7; weekday++) {
        let at = next(3) === 0 ? 24 * 60 : next(12 * 60);
        const count = next(3);
        for (let i = 0; i < count && at < 24 * 60; i++) {
          const to = Math.min(24 * 60, at + 1 + next(300));
          week.push({ weekday, from: at, to });
          at = to + next(120);
        }
      }
      const text = formatHours(week);
      expect(parsed(text)).toEqual(week);
      expect(formatHours(parsed(text))).toBe(text);
    }
  });
});
