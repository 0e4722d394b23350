import type { DAVResponse } from 'tsdav';
import type { DavSession } from './http.ts';
import { CalendarUnreachable, problemOfStatus, unreachable } from './problems.ts';

// A staff member's CalDAV calendar, through tsdav (which takes our fetch: the call's signal and the
// credentials ride on it, and every request it makes goes through the guard, guard.ts). The address they
// paste may be the calendar collection itself, or the server or their principal, from which the calendar
// is discovered (RFC 6764: /.well-known/caldav, then current-user-principal, then calendar-home-set) and
// the first calendar that holds events is taken:
// - iCloud: https://caldav.icloud.com/ with an app-specific password (appleid.apple.com); discovery
//   leads to https://pNN-caldav.icloud.com/<number>/calendars/<id>/.
// - Fastmail: https://caldav.fastmail.com/ with an app password, or one calendar,
//   https://caldav.fastmail.com/dav/calendars/user/<email>/<id>/.
// - Google Calendar takes only OAuth over CalDAV (no app passwords), so a Google calendar is read from its
//   "Secret address in iCal format" (https://calendar.google.com/calendar/ical/<id>/private-<key>/basic.ics)
//   as an iCal feed, and the booking is not written back to it.

export type LocatedCalendar = { url: string; name: string };

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
const lastSegment = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '');

/** A property's text as tsdav hands it back: a string, CDATA, or what its text looked like (it turns "2026" into a number). */
function textOf(value: unknown): string {
  if (value && typeof value === 'object' && '_cdata' in value) return String((value as { _cdata: unknown })._cdata);
  if (value && typeof value === 'object' && '_text' in value) return String((value as { _text: unknown })._text);
  return value === undefined || value === null || typeof value === 'object' ? '' : String(value);
}

const isCalendar = (props: Record<string, unknown> | undefined) => Object.keys((props?.resourcetype as object) ?? {}).includes('calendar');

/** Whether a calendar holds events: it says VEVENT among its components, or says nothing (all of them). */
function holdsEvents(props: Record<string, unknown> | undefined): boolean {
  const comp = (props?.supportedCalendarComponentSet as { comp?: unknown } | undefined)?.comp;
  const names = (Array.isArray(comp) ? comp : comp ? [comp] : []).map((c) =>
    String((c as { _attributes?: { name?: unknown } })?._attributes?.name ?? '').toUpperCase(),
  );
  return names.length === 0 || names.includes('VEVENT');
}

/**
 * The problem behind an error of tsdav's (its messages name no status): what the server answered along
 * the way, a refusal first, then an address the guard refused (discovery that led inside, passed over by
 * tsdav for the next address); a server that answered every request but led to no calendar has none there.
 */
function problemAfter(error: unknown, dav: DavSession): CalendarUnreachable {
  if (error instanceof CalendarUnreachable) return error;
  const { failures, refusals } = dav;
  for (const status of [401, 403]) if (failures.includes(status)) return problemOfStatus(status);
  if (refusals[0]) return refusals[0];
  const serverError = failures.find((status) => status >= 500);
  if (serverError) return problemOfStatus(serverError);
  return unreachable('notFound');
}

/** The calendar at `address`, or the first one that holds events in the account found from it. */
export async function locateCalendar(address: URL, dav: DavSession): Promise<LocatedCalendar> {
  try {
    // tsdav loads with the first calendar read or write (the runtime keeps it): a site whose staff use no
    // CalDAV calendar never holds it.
    const { propfind, createAccount, fetchCalendars } = await import('tsdav');
    const [self] = await propfind({
      url: address.href,
      props: { 'd:resourcetype': {}, 'd:displayname': {}, 'c:supported-calendar-component-set': {} },
      depth: '0',
      fetch: dav.fetch,
    });
    if (self && !self.ok && (self.status === 401 || self.status === 403 || self.status === 404 || (self.status ?? 0) >= 500))
      throw problemOfStatus(self.status as number);
    if (self?.ok && isCalendar(self.props)) {
      if (!holdsEvents(self.props)) throw unreachable('notFound');
      return { url: withSlash(address.href), name: textOf(self.props?.displayname) || lastSegment(address.href) };
    }
    const account = await createAccount({ account: { serverUrl: address.href, accountType: 'caldav' }, fetch: dav.fetch });
    const calendars = await fetchCalendars({
      account,
      props: { 'd:resourcetype': {}, 'd:displayname': {}, 'c:supported-calendar-component-set': {} },
      fetch: dav.fetch,
    });
    const found = calendars.find((calendar) => !calendar.components?.length || calendar.components.includes('VEVENT'));
    if (!found) throw unreachable('notFound');
    return { url: withSlash(found.url), name: textOf(found.displayName) || lastSegment(found.url) };
  } catch (error) {
    throw problemAfter(error, dav);
  }
}

/** 20260310T140000Z: a moment as CalDAV's time-range writes it. */
const caldavTime = (moment: Date) =>
  moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** The iCalendar text of every event object with an instance in the window (the server expands recurrences to decide). */
export async function eventsInWindow(calendarUrl: string, window: { start: Date; end: Date }, dav: DavSession): Promise<string[]> {
  let results: DAVResponse[];
  try {
    const { calendarQuery } = await import('tsdav');
    results = await calendarQuery({
      url: calendarUrl,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: [
        {
          'comp-filter': {
            _attributes: { name: 'VCALENDAR' },
            'comp-filter': { _attributes: { name: 'VEVENT' }, 'time-range': { _attributes: { start: caldavTime(window.start), end: caldavTime(window.end) } } },
          },
        },
      ],
      depth: '1',
      fetch: dav.fetch,
    });
  } catch (error) {
    throw problemAfter(error, dav);
  }
  return results.map((result) => textOf(result.props?.calendarData)).filter((text) => text.length > 0);
}

/** PUT the object at <calendar>/<uid>.ics, creating or replacing it. */
export async function putObject(calendarUrl: string, uid: string, ics: string, dav: DavSession): Promise<void> {
  const res = await dav.fetch(`${calendarUrl}${encodeURIComponent(uid)}.ics`, {
    method: 'PUT',
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
    body: ics,
  });
  if (!res.ok) throw problemOfStatus(res.status);
}

/** DELETE <calendar>/<uid>.ics; one already gone is fine. */
export async function deleteObject(calendarUrl: string, uid: string, dav: DavSession): Promise<void> {
  const res = await dav.fetch(`${calendarUrl}${encodeURIComponent(uid)}.ics`, { method: 'DELETE' });
  if (!res.ok && res.status !== 404 && res.status !== 410) throw problemOfStatus(res.status);
}
