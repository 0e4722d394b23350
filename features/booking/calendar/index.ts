import { busyIntervals, CalendarDataError, calendarName } from '../../../lib/booking/busy-times.ts';
import { withDeadline } from '../../../server/deadline.ts';
import { deleteObject, eventsInWindow, locateCalendar, putObject } from './caldav.ts';
import type { CalendarReach } from './guard.ts';
import { calendarAddress, davSession } from './http.ts';
import { readFeed } from './ical-feed.ts';
import { CALENDAR_TIMEOUT_MS, CalendarUnreachable, unreachable } from './problems.ts';

// Staff members' real calendars, for booking strategy sessions: when they are busy (CalDAV or an iCal
// feed), and the session written to (and taken off) a CalDAV calendar. Each call has CALENDAR_TIMEOUT_MS
// at most, and stops sooner when the caller's signal aborts: every request it makes carries the signal.
// Every request goes only to an address the guard vetted (guard.ts): a public one, or a host
// CALENDAR_ALLOW_HOSTS lets through (`reach`, handed in by each caller from its config). What goes wrong reaches the
// caller as CalendarUnreachable, whose message is the sentence for the staff page. Nothing here logs, and
// no message holds a password or a feed's address.

export { type CalendarReach, calendarReachOf } from './guard.ts';
export { CALENDAR_TIMEOUT_MS, CalendarUnreachable, calendarProblems, FEED_MAX_BYTES } from './problems.ts';

export type CalendarSource = { kind: 'caldav'; url: string; username: string; password: string } | { kind: 'ical'; url: string };
type CalDavSource = Extract<CalendarSource, { kind: 'caldav' }>;
type Interval = { start: Date; end: Date };

/** `work` under the calendar's deadline and the caller's signal; every way it can fail is a CalendarUnreachable. */
async function calendarCall<T>(signal: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await withDeadline(CALENDAR_TIMEOUT_MS, work, {
      signal,
      onExpiry: () => {
        throw unreachable('timedOut');
      },
    });
  } catch (error) {
    if (error instanceof CalendarUnreachable) throw error;
    if (signal.aborted) throw unreachable('stopped');
    throw error;
  }
}

/** The calendar's events in `window`, parsed and expanded: a feed that is no iCalendar says so, a CalDAV server's unreadable event says that. */
function intervalsOf(texts: string[], window: Interval, source: CalendarSource): Interval[] {
  try {
    return busyIntervals(texts, window);
  } catch (error) {
    if (!(error instanceof CalendarDataError)) throw error;
    throw unreachable(source.kind === 'ical' && error.kind === 'not-icalendar' ? 'notICalendar' : 'unreadable');
  }
}

/** The busy intervals overlapping `window` (not cut to it), sorted and merged. */
export async function busyTimes(source: CalendarSource, window: Interval, signal: AbortSignal, reach: CalendarReach): Promise<Interval[]> {
  if (window.end.getTime() <= window.start.getTime()) return [];
  if (source.kind === 'ical') {
    const address = calendarAddress(source.url, { feed: true });
    return intervalsOf([await calendarCall(signal, (s) => readFeed(address, s, reach))], window, source);
  }
  const address = calendarAddress(source.url);
  const texts = await calendarCall(signal, async (s) => {
    const dav = davSession(source, s, reach);
    return eventsInWindow((await locateCalendar(address, dav)).url, window, dav);
  });
  return intervalsOf(texts, window, source);
}

/** Creates or replaces the object <calendar>/<uid>.ics with `ics` (calendarObjectIcs's text). */
export async function writeEvent(source: CalDavSource, uid: string, ics: string, signal: AbortSignal, reach: CalendarReach): Promise<void> {
  const address = calendarAddress(source.url);
  await calendarCall(signal, async (s) => {
    const dav = davSession(source, s, reach);
    await putObject((await locateCalendar(address, dav)).url, uid, ics, dav);
  });
}

/** Deletes <calendar>/<uid>.ics; an event already gone is fine. */
export async function removeEvent(source: CalDavSource, uid: string, signal: AbortSignal, reach: CalendarReach): Promise<void> {
  const address = calendarAddress(source.url);
  await calendarCall(signal, async (s) => {
    const dav = davSession(source, s, reach);
    await deleteObject((await locateCalendar(address, dav)).url, uid, dav);
  });
}

/** For the staff page: the calendar's name ("Connected to “Work”"), or the sentence saying what is wrong. */
export async function checkCalendar(
  source: CalendarSource,
  signal: AbortSignal,
  reach: CalendarReach,
): Promise<{ ok: true; name: string } | { ok: false; reason: string }> {
  try {
    if (source.kind === 'ical') {
      const address = calendarAddress(source.url, { feed: true });
      const text = await calendarCall(signal, (s) => readFeed(address, s, reach));
      try {
        return { ok: true, name: calendarName(text) ?? address.hostname };
      } catch (error) {
        if (error instanceof CalendarDataError) throw unreachable('notICalendar');
        throw error;
      }
    }
    const address = calendarAddress(source.url);
    const { name } = await calendarCall(signal, (s) => locateCalendar(address, davSession(source, s, reach)));
    return { ok: true, name };
  } catch (error) {
    if (error instanceof CalendarUnreachable) return { ok: false, reason: error.message };
    throw error;
  }
}
