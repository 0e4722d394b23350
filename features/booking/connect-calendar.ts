import type { BookingSettings, CalendarSettings } from '../../db/queries/booking-settings.ts';
import { withDeadline } from '../../server/deadline.ts';
import { type CalendarReach, type CalendarSource, checkCalendar } from './calendar/index.ts';
import { calendarSourceOf } from './calendar-source.ts';
import { sealSecret } from './secret-box.ts';

// Connecting a staff member's calendar, for their booking page and for `bun run staff:booking`: the
// calendar is asked for its name first (so a wrong address or password is said at once), and is then
// stored (by the caller, under its database deadline) with what it answered, its CalDAV password sealed
// with APP_SECRET. A calendar that did not answer is stored too, with its problem: its owner's slots are
// withheld until it answers, and their page says why.

/** How long connecting waits for the calendar to answer before it is stored with that problem. */
export const CONNECT_CHECK_MS = 8000;

export const NO_APP_SECRET =
  'A CalDAV calendar cannot be connected yet: its app password is stored encrypted with APP_SECRET, which is not set on the server. Set APP_SECRET (at least 32 characters, e.g. `openssl rand -hex 32`) and restart the site.';

export type CalendarInput = { kind: 'caldav'; url: string; username: string; password: string } | { kind: 'ical'; url: string };

export type CheckOutcome = { ok: true; name: string } | { ok: false; reason: string };

/** What the settings keep of a check: the calendar's name, or why it could not be read. */
export const checkRecord = (checked: CheckOutcome) => (checked.ok ? { name: checked.name, problem: null } : { name: null, problem: checked.reason });

/** The calendar asked for its name, under the deadline: its answer, or the sentence saying why it gave none. */
export async function checkNow(source: CalendarSource, reach: CalendarReach, ms = CONNECT_CHECK_MS): Promise<CheckOutcome> {
  try {
    return await withDeadline(ms, (signal) => checkCalendar(source, signal, reach), {
      onExpiry: (): CheckOutcome => ({ ok: false, reason: `The calendar did not answer within ${Math.round(ms / 1000)} seconds` }),
    });
  } catch (error) {
    return { ok: false, reason: (error as Error)?.message || 'The calendar could not be reached' };
  }
}

/**
 * Checks a calendar about to be connected and seals its password: what to store and what the check
 * said, or `no-secret` (nothing to store) for a CalDAV calendar while APP_SECRET is unset.
 */
export async function checkAndSeal(
  input: CalendarInput,
  appSecret: string | undefined,
  reach: CalendarReach,
  checkMs = CONNECT_CHECK_MS,
): Promise<{ noSecret: true } | { noSecret: false; checked: CheckOutcome; stored: NonNullable<CalendarSettings> }> {
  if (input.kind === 'caldav' && !appSecret) return { noSecret: true };
  const checked = await checkNow(input, reach, checkMs);
  const stored: NonNullable<CalendarSettings> =
    input.kind === 'caldav'
      ? { kind: 'caldav', url: input.url, username: input.username, sealedPassword: await sealSecret(input.password, appSecret ?? '') }
      : { kind: 'ical', url: input.url };
  return { noSecret: false, checked, stored };
}

/** Asks a stored calendar again (the page's "Check it now"); null when none is connected. */
export async function recheckCalendar(
  settings: BookingSettings,
  appSecret: string | undefined,
  reach: CalendarReach,
  checkMs = CONNECT_CHECK_MS,
): Promise<CheckOutcome | null> {
  const source = await calendarSourceOf(settings, appSecret);
  if (source === null) return null;
  if (source === 'sealed') return { ok: false, reason: 'The app password cannot be opened with this server’s APP_SECRET: connect the calendar again' };
  return checkNow(source, reach, checkMs);
}
