import ICAL from 'ical.js';
import { agency } from '../site.ts';
import { isKnownTimeZone, zonedInstant } from '../time/zoned.ts';

// When a staff member is busy, from the iCalendar text of their calendar (a feed, or the objects a CalDAV
// calendar-query returned): each VEVENT, recurring ones expanded with ical.js (RRULE, RDATE, EXDATE)
// inside the window, an instance overridden by a RECURRENCE-ID taken from its override (moved, shortened
// or cancelled on its own), skipping what does not block time (TRANSP:TRANSPARENT, STATUS:CANCELLED).
// An all-day event blocks its whole days in the agency's zone. Times in a zone the text defines
// (VTIMEZONE) follow that definition; floating times, and a TZID the text does not define, are read in
// that zone when Intl knows its name, else in the agency's zone.

export type Interval = { start: Date; end: Date };

/** The text is not iCalendar at all, or it is but an event in it cannot be read. */
export class CalendarDataError extends Error {
  override name = 'CalendarDataError';
  constructor(
    readonly kind: 'not-icalendar' | 'unreadable-event',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Occurrences expanded per recurring event before giving up on it: a daily event since 1970 is about
 * 20,000. Past that, the rest of the window counts as busy (a free slot that is not free is worse than
 * a busy one that is).
 */
export const MAX_OCCURRENCES = 50_000;

type Instance = { component: ICAL.Component; start: number; end: number };

/** The busy intervals of `calendars` (iCalendar texts) that overlap `window`, sorted and merged. */
export function busyIntervals(calendars: readonly string[], window: Interval, timeZone: string = agency.timeZone): Interval[] {
  const from = window.start.getTime();
  const until = window.end.getTime();
  const byUid = new Map<string, { masters: ICAL.Component[]; overrides: ICAL.Component[] }>();
  for (const text of calendars)
    for (const event of eventsOf(text)) {
      const uid = String(event.getFirstPropertyValue('uid') ?? '');
      let group = byUid.get(uid);
      if (!group) byUid.set(uid, (group = { masters: [], overrides: [] }));
      (event.hasProperty('recurrence-id') ? group.overrides : group.masters).push(event);
    }

  const busy: { start: number; end: number }[] = [];
  const add = ({ component, start, end }: Instance) => {
    if (end > start && start < until && end > from && blocksTime(component)) busy.push({ start, end });
  };
  try {
    for (const { masters, overrides } of byUid.values()) {
      // A cancelled series is cancelled whole, its overrides with it.
      if (masters.some(isCancelled)) continue;
      const overridden = new Set(
        overrides.map((override) => instantOf(override.getFirstPropertyValue('recurrence-id') as ICAL.Time, tzidOf(override, 'recurrence-id'), timeZone)),
      );
      for (const master of masters) expand(master, overridden, from, until, timeZone, add, busy);
      for (const override of overrides) add(instanceOf(override, timeZone));
    }
  } catch (error) {
    if (error instanceof CalendarDataError) throw error;
    throw new CalendarDataError('unreadable-event', `An event could not be read: ${(error as Error)?.message ?? String(error)}`);
  }
  return mergeIntervals(busy.map(({ start, end }) => ({ start: new Date(start), end: new Date(end) })));
}

/** Intervals sorted by start, those that overlap or touch made one. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start.getTime() <= last.end.getTime()) {
      if (interval.end.getTime() > last.end.getTime()) last.end = interval.end;
    } else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** The calendar's own name (X-WR-CALNAME, as Google, iCloud and Outlook feeds have it), if it has one. */
export function calendarName(text: string): string | null {
  const name = calendarsOf(text)
    .map((calendar) => calendar.getFirstPropertyValue('x-wr-calname'))
    .find((value) => typeof value === 'string' && value.trim());
  return typeof name === 'string' ? name.trim() : null;
}

/** The VEVENTs of one iCalendar text. */
const eventsOf = (text: string): ICAL.Component[] =>
  calendarsOf(text)
    .flatMap((calendar) => calendar.getAllSubcomponents('vevent'))
    .filter((event) => event.hasProperty('dtstart'));

/** The VCALENDARs of one iCalendar text (one, or several one after another). */
function calendarsOf(text: string): ICAL.Component[] {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body)) throw new CalendarDataError('not-icalendar', 'The text is not an iCalendar file (no BEGIN:VCALENDAR)');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch (error) {
    throw new CalendarDataError('not-icalendar', `The text is not valid iCalendar: ${(error as Error)?.message ?? String(error)}`);
  }
  // ICAL.parse gives one component, or a list of them when the text holds several.
  const roots = Array.isArray(parsed) && typeof parsed[0] !== 'string' ? (parsed as unknown[]) : [parsed];
  return roots.map((root) => new ICAL.Component(root as ConstructorParameters<typeof ICAL.Component>[0])).filter((root) => root.name === 'vcalendar');
}

const upper = (component: ICAL.Component, name: string) => String(component.getFirstPropertyValue(name) ?? '').toUpperCase();
const isCancelled = (component: ICAL.Component) => upper(component, 'status') === 'CANCELLED';
const blocksTime = (component: ICAL.Component) => !isCancelled(component) && upper(component, 'transp') !== 'TRANSPARENT';
const tzidOf = (component: ICAL.Component, property: string): string | null => {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
};

/** Every occurrence of a master event from its start until the window ends, but those an override replaces. */
function expand(
  master: ICAL.Component,
  overridden: ReadonlySet<number>,
  from: number,
  until: number,
  timeZone: string,
  add: (instance: Instance) => void,
  busy: { start: number; end: number }[],
) {
  const event = new ICAL.Event(master);
  const tzid = tzidOf(master, 'dtstart');
  const duration = event.duration;
  const occurrences = event.iterator();
  let reached = from;
  for (let count = 0; ; count++) {
    const next = occurrences.next();
    if (!next) return;
    const start = instantOf(next, tzid, timeZone);
    if (start >= until) return;
    if (count >= MAX_OCCURRENCES) {
      if (blocksTime(master)) busy.push({ start: Math.max(reached, from), end: until });
      return;
    }
    reached = start;
    if (overridden.has(start)) continue;
    const last = next.clone();
    last.addDuration(duration);
    add({ component: master, start, end: instantOf(last, tzidOf(master, 'dtend') ?? tzid, timeZone) });
  }
}

/** An event's own time: a single event, or one override of a recurring one. */
function instanceOf(component: ICAL.Component, timeZone: string): Instance {
  const event = new ICAL.Event(component);
  const tzid = tzidOf(component, 'dtstart');
  return {
    component,
    start: instantOf(event.startDate, tzid, timeZone),
    end: instantOf(event.endDate, tzidOf(component, 'dtend') ?? tzid, timeZone),
  };
}

/** Milliseconds since the epoch of an iCalendar time: a date is its midnight in `timeZone`. */
function instantOf(time: ICAL.Time, tzid: string | null, timeZone: string): number {
  const date = { year: time.year, month: time.month, day: time.day };
  if (time.isDate) return zonedInstant(date, 0, timeZone).getTime();
  // ical.js reads a floating time, or one whose TZID the text does not define, as floating.
  if (time.zone === ICAL.Timezone.localTimezone || !time.zone) {
    const zone = tzid && isKnownTimeZone(tzid) ? tzid : timeZone;
    return zonedInstant(date, time.hour * 60 + time.minute, zone).getTime() + time.second * 1000;
  }
  return time.toUnixTime() * 1000;
}
