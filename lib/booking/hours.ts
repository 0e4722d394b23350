// A staff member's weekly hours for booked sessions, in the agency's time zone, as staff write them on
// their page ("Mon-Fri 10:00-16:00; Sat 10:00-13:00") and as the slots are cut from them. The written
// form is forgiving (en dashes, full day names, commas or spaces, "to"); formatHours writes the one
// canonical form, which parseHours reads back to the same hours. Pure.

/** Bookable ranges by weekday (0 = Sunday … 6 = Saturday), in minutes after midnight, `from` < `to`. */
export type WeeklyHours = ReadonlyArray<{ weekday: number; from: number; to: number }>;

type Range = { weekday: number; from: number; to: number };
export type HoursResult = { ok: true; hours: WeeklyHours } | { ok: false; error: string };

const DAY_NAMES: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  weds: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A working week as the canonical form writes it, Monday first ("Sat-Sun", never "Sun,Sat"). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const weekPosition = (weekday: number) => (weekday + 6) % 7;

const DAY_HELP = 'use Mon, Tue, Wed, Thu, Fri, Sat or Sun';
const TIME_RANGE = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

const two = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
const rangeText = ({ from, to }: { from: number; to: number }) => `${clock(from)}-${clock(to)}`;

const fail = (error: string): HoursResult => ({ ok: false, error });

/** The weekdays a token such as "Mon", "monday" or "Mon-Fri" names, or the sentence saying why it names none. */
function daysOf(token: string): number[] | string {
  const names = token.split('-');
  if (names.length > 2 || names.some((n) => n === '')) return `“${token}” is not a day or a range of days: write it like Mon or Mon-Fri`;
  const days: number[] = [];
  for (const name of names) {
    const day = DAY_NAMES[name.toLowerCase()];
    if (day === undefined) return `“${name}” is not a day: ${DAY_HELP}`;
    days.push(day);
  }
  // A range runs forward through the week and round its end: "Fri-Mon" is Friday to Monday, and
  // "Sun-Sat" the whole week for those who start it on Sunday.
  const [first, last = first] = days;
  const span = (last - first + 7) % 7;
  return Array.from({ length: span + 1 }, (_, i) => (first + i) % 7);
}

/** The minutes a token such as "09:00-12:30" spans, or the sentence saying why it is not a range. */
function rangeOf(token: string): { from: number; to: number } | string {
  const match = TIME_RANGE.exec(token);
  if (!match) return `“${token}” is not a time range: write it like 10:00-16:00, in 24-hour time`;
  const [hourFrom, minuteFrom, hourTo, minuteTo] = match.slice(1).map(Number);
  const from = hourFrom * 60 + minuteFrom;
  const to = hourTo * 60 + minuteTo;
  if (minuteFrom > 59 || minuteTo > 59 || from > 24 * 60 || to > 24 * 60)
    return `“${token}” has a time that does not exist: use 24-hour times from 00:00 to 24:00`;
  if (to <= from) return `“${token}” must end after it starts`;
  return { from, to };
}

/**
 * Reads weekly hours: groups of days, each followed by its time ranges ("Mon-Fri 10:00-16:00",
 * "Mon,Wed,Fri 09:00-12:00", "Tue 09:00-12:00 13:00-17:00"), groups apart by semicolons or simply one
 * after another. Day names in any case, short or long; a range of days may run round the week's end
 * ("Fri-Mon"); hyphens or en dashes; 24-hour times, any minute.
 * A day may appear in more than one group, but its ranges may not overlap. Empty text is no hours.
 */
export function parseHours(text: string): HoursResult {
  const tokens = text
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+to\s+/gi, '-')
    .replace(/\s*-\s*/g, '-')
    .split(/[\s,;]+/)
    // "Mon-Fri: 10:00-16:00" reads as well as without the colon.
    .map((token) => (/^\d/.test(token) ? token : token.replace(/:$/, '')))
    .filter(Boolean);
  const ranges: Range[] = [];
  let days: number[] = [];
  let timed = false;
  for (const token of tokens) {
    if (/^\d/.test(token)) {
      if (days.length === 0) return fail(`“${token}” has no days: start with them, like Mon-Fri ${token}`);
      const range = rangeOf(token);
      if (typeof range === 'string') return fail(range);
      for (const weekday of days) ranges.push({ weekday, ...range });
      timed = true;
      continue;
    }
    const named = daysOf(token);
    if (typeof named === 'string') return fail(named);
    if (timed) [days, timed] = [[], false];
    days = [...new Set([...days, ...named])];
  }
  if (days.length > 0 && !timed) return fail(`“${dayList(days)}” has no hours: add times, like ${dayList(days)} 10:00-16:00`);

  ranges.sort((a, b) => a.weekday - b.weekday || a.from - b.from || a.to - b.to);
  for (let i = 1; i < ranges.length; i++) {
    const [before, after] = [ranges[i - 1], ranges[i]];
    if (before.weekday === after.weekday && after.from < before.to) {
      return fail(`On ${LONG_DAYS[after.weekday]}, ${rangeText(before)} and ${rangeText(after)} overlap: give each time once`);
    }
  }
  return { ok: true, hours: ranges };
}

/** "Mon-Wed,Fri": the days in week order, runs of two or more as ranges. */
function dayList(weekdays: readonly number[]): string {
  const positions = [...new Set(weekdays.map(weekPosition))].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < positions.length; ) {
    let j = i;
    while (j + 1 < positions.length && positions[j + 1] === positions[j] + 1) j++;
    const [first, last] = [SHORT_DAYS[WEEK[positions[i]]], SHORT_DAYS[WEEK[positions[j]]]];
    runs.push(i === j ? first : `${first}-${last}`);
    i = j + 1;
  }
  return runs.join(',');
}

/**
 * The canonical text of `hours`: days with the same ranges together ("Mon-Fri 10:00-16:00",
 * "Mon,Wed,Fri 09:00-12:00"), groups in week order from Monday apart by "; ", each day's ranges in
 * order; "" for none. parseHours reads it back to the same hours (sorted by weekday, then start).
 */
export function formatHours(hours: WeeklyHours): string {
  const perDay: Range[][] = SHORT_DAYS.map(() => []);
  for (const range of hours) perDay[range.weekday]?.push(range);
  const groups = new Map<string, number[]>();
  for (const weekday of WEEK) {
    const ranges = perDay[weekday].sort((a, b) => a.from - b.from || a.to - b.to);
    if (ranges.length === 0) continue;
    const key = ranges.map(rangeText).join(' ');
    const days = groups.get(key);
    if (days) days.push(weekday);
    else groups.set(key, [weekday]);
  }
  return [...groups].map(([ranges, days]) => `${dayList(days)} ${ranges}`).join('; ');
}
