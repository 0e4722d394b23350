import { holidayOn } from '../time/business-days.ts';
import { addDays, type CalendarDate, epochDayOf, HOUR_MS, weekdayOf } from '../time/calendar.ts';
import { wallClock, zonedInstant } from '../time/zoned.ts';
import type { WeeklyHours } from './hours.ts';
import type { BookingRules } from './rules.ts';

// Which session starts a visitor is offered, and why any other start of a staff member's hours is not.
// One function decides each start (candidatesOn); explainDays shows its decisions, slotsFor keeps the
// offered ones, so what staff are shown and what visitors are offered cannot disagree. Pure: the time
// is a parameter, and each day is a day of the rules' zone (wall times become instants with zonedInstant).

export type Interval = { start: Date; end: Date };
/** A staff member who takes sessions: weekly hours, and busy time (calendar events, and bookings as [start, end + buffer)). */
export type Bookable = { staffId: string; hours: WeeklyHours; busy: readonly Interval[] };
/** An offered start, with every staff member free then. */
export type Slot = { start: Date; end: Date; staffIds: string[] };
export type Candidate = {
  start: Date;
  /** The session's end (the buffer after it is not part of it). */
  end: Date;
  offered: boolean;
  reason: null | { kind: 'holiday'; name: string } | { kind: 'notice' } | { kind: 'busy'; busy: Interval } | { kind: 'horizon' };
};

const MINUTE_MS = 60_000;

function checkRules(rules: BookingRules): void {
  if (!(rules.sessionMinutes > 0) || !(rules.bufferMinutes >= 0)) {
    throw new RangeError(`A session needs a positive length and a buffer of zero or more minutes (got ${rules.sessionMinutes} and ${rules.bufferMinutes})`);
  }
}

/** The calendar date the zone's wall clocks show at `instant`. */
function dateIn(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** Whether the zone's clocks show `minutes` past midnight of `date` at `instant`: false for a wall time skipped when clocks go forward. */
function shows(instant: Date, date: CalendarDate, minutes: number, timeZone: string): boolean {
  const shown = wallClock(instant, timeZone);
  return shown.year === date.year && shown.month === date.month && shown.day === date.day && shown.hour * 60 + shown.minute === minutes;
}

/** The earliest-starting busy interval that overlaps [start, end); touching edges do not overlap, and empty intervals block nothing. */
function busyDuring(busy: readonly Interval[], start: number, end: number): Interval | null {
  let found: Interval | null = null;
  for (const interval of busy) {
    const [from, to] = [interval.start.getTime(), interval.end.getTime()];
    if (from < to && from < end && start < to && (found === null || from < found.start.getTime())) found = interval;
  }
  return found;
}

/**
 * Every start on the grid of `date` for `person`, each with the decision: starts every session + buffer
 * minutes from the start of each of the weekday's ranges, while the session ends within the range.
 * Not offered, in this order: an observed Ontario holiday; a day `rules.daysAhead` or more days after
 * `today`; a start sooner than the minimum notice after `now`; a session or its buffer overlapping busy time.
 */
function candidatesOn(person: Bookable, rules: BookingRules, now: Date, today: CalendarDate, date: CalendarDate): Candidate[] {
  const step = rules.sessionMinutes + rules.bufferMinutes;
  const holiday = holidayOn(date);
  const beyondHorizon = epochDayOf(date) - epochDayOf(today) >= rules.daysAhead;
  const earliest = now.getTime() + rules.minNoticeHours * HOUR_MS;
  const weekday = weekdayOf(date);
  const ranges = person.hours.filter((range) => range.weekday === weekday).sort((a, b) => a.from - b.from);
  const candidates: Candidate[] = [];
  for (const range of ranges) {
    for (let minutes = range.from; minutes + rules.sessionMinutes <= range.to; minutes += step) {
      const start = zonedInstant(date, minutes, rules.timeZone);
      // 02:00-02:59 do not happen on the day clocks go forward: no session starts then.
      if (!shows(start, date, minutes, rules.timeZone)) continue;
      const from = start.getTime();
      const busy = busyDuring(person.busy, from, from + step * MINUTE_MS);
      const reason: Candidate['reason'] = holiday
        ? { kind: 'holiday', name: holiday.name }
        : beyondHorizon
          ? { kind: 'horizon' }
          : from < earliest
            ? { kind: 'notice' }
            : busy
              ? { kind: 'busy', busy }
              : null;
      candidates.push({ start, end: new Date(from + rules.sessionMinutes * MINUTE_MS), offered: reason === null, reason });
    }
  }
  return candidates;
}

/**
 * Every grid start of `person` on each of `days` days from `from`, offered or not and why: what staff
 * see to check their hours (a week with a holiday and a busy event shows each missing start's reason).
 */
export function explainDays(
  person: Bookable,
  rules: BookingRules,
  now: Date,
  from: CalendarDate,
  days: number,
): { date: CalendarDate; candidates: Candidate[] }[] {
  checkRules(rules);
  const today = dateIn(now, rules.timeZone);
  const out: { date: CalendarDate; candidates: Candidate[] }[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    out.push({ date, candidates: candidatesOn(person, rules, now, today, date) });
  }
  return out;
}

/**
 * The starts offered to a visitor over `days` days from today (never more than `rules.daysAhead`), in
 * the rules' zone: everyone's offered starts together, in order, one entry per start naming every
 * staff member free then (in the order of `people`).
 */
export function slotsFor(people: readonly Bookable[], rules: BookingRules, now: Date, days?: number): Slot[] {
  const count = Math.min(days ?? rules.daysAhead, rules.daysAhead);
  const today = dateIn(now, rules.timeZone);
  const byStart = new Map<number, Slot>();
  for (const person of people) {
    for (const { candidates } of explainDays(person, rules, now, today, count)) {
      for (const { start, end, offered } of candidates) {
        if (!offered) continue;
        const slot = byStart.get(start.getTime());
        if (!slot) byStart.set(start.getTime(), { start, end, staffIds: [person.staffId] });
        else if (!slot.staffIds.includes(person.staffId)) slot.staffIds.push(person.staffId);
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Who takes a session among the staff free then: the lead's owner (`preferred`) when free; otherwise
 * round robin, the one whose last booking is longest ago (never booked first), ties by staff id.
 */
export function pickStaff(free: readonly string[], preferred: string | null, lastBookedAt: ReadonlyMap<string, Date>): string {
  if (free.length === 0) throw new RangeError('pickStaff needs at least one free staff member');
  if (preferred !== null && free.includes(preferred)) return preferred;
  const last = (id: string) => lastBookedAt.get(id)?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [...free].sort((a, b) => last(a) - last(b) || (a < b ? -1 : a > b ? 1 : 0))[0];
}
