import type { BookingSettings } from '../../db/queries/booking-settings.ts';
import type { CalendarSource } from './calendar/index.ts';
import { openSecret } from './secret-box.ts';

/**
 * A staff member's calendar as the CalDAV client reads it: the password opened with APP_SECRET. Null
 * when no calendar is connected; 'sealed' when the password cannot be opened (APP_SECRET unset or
 * changed), which withholds their slots like an unreachable calendar.
 */
export async function calendarSourceOf(person: Pick<BookingSettings, 'calendar'>, appSecret: string | undefined): Promise<CalendarSource | null | 'sealed'> {
  const c = person.calendar;
  if (c === null) return null;
  if (c.kind === 'ical') return { kind: 'ical', url: c.url };
  if (!appSecret) return 'sealed';
  try {
    return { kind: 'caldav', url: c.url, username: c.username, password: await openSecret(c.sealedPassword, appSecret) };
  } catch {
    return 'sealed';
  }
}
