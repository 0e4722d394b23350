import type { Sql } from 'postgres';
import { parseHours, type WeeklyHours } from '../../lib/booking/hours.ts';

// Who takes bookings and when (the `booking_settings` table): each staff member's hours, whether they
// take bookings now, and their calendar (the password stays sealed here: features/booking opens it).

export type CalendarSettings = { kind: 'caldav'; url: string; username: string; sealedPassword: string } | { kind: 'ical'; url: string } | null;

export type BookingSettings = {
  userId: string;
  email: string;
  displayName: string;
  /** Their video room link (Meet, Zoom, Teams), or null. */
  meetingUrl: string | null;
  accepting: boolean;
  hoursText: string;
  hours: WeeklyHours;
  calendar: CalendarSettings;
  calendarName: string | null;
  calendarProblem: string | null;
  calendarCheckedAt: Date | null;
  updatedAt: Date;
};

/** A staff member who takes bookings now. */
export type BookableStaff = BookingSettings;

type SettingsRow = {
  userId: string;
  email: string;
  displayName: string | null;
  meetingUrl: string | null;
  accepting: boolean;
  hours: string;
  calendarKind: 'caldav' | 'ical' | null;
  calendarUrl: string | null;
  calendarUser: string | null;
  calendarPassword: string | null;
  calendarName: string | null;
  calendarProblem: string | null;
  calendarCheckedAt: Date | null;
  updatedAt: Date | null;
};

/** The name visitors see when none was given: the email's local part, "priya.shah" → "Priya Shah". */
export const nameFromEmail = (email: string) =>
  email
    .slice(0, email.indexOf('@') > 0 ? email.indexOf('@') : undefined)
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

function toSettings(r: SettingsRow): BookingSettings {
  const parsed = parseHours(r.hours ?? '');
  const calendar: CalendarSettings =
    r.calendarKind === 'caldav' && r.calendarUrl && r.calendarPassword
      ? { kind: 'caldav', url: r.calendarUrl, username: r.calendarUser ?? '', sealedPassword: r.calendarPassword }
      : r.calendarKind === 'ical' && r.calendarUrl
        ? { kind: 'ical', url: r.calendarUrl }
        : null;
  return {
    userId: r.userId,
    email: r.email,
    displayName: r.displayName || nameFromEmail(r.email),
    meetingUrl: r.meetingUrl,
    accepting: r.accepting,
    hoursText: r.hours ?? '',
    hours: parsed.ok ? parsed.hours : [],
    calendar,
    calendarName: r.calendarName,
    calendarProblem: r.calendarProblem,
    calendarCheckedAt: r.calendarCheckedAt,
    updatedAt: r.updatedAt ?? new Date(0),
  };
}

const SELECT = (sql: Sql) => sql`
  select u.id as user_id, u.username as email, s.display_name, s.meeting_url, coalesce(s.accepting, false) as accepting, coalesce(s.hours, '') as hours,
    s.calendar_kind, s.calendar_url, s.calendar_user, s.calendar_password, s.calendar_name, s.calendar_problem, s.calendar_checked_at, s.updated_at
  from users u left join booking_settings s on s.user_id = u.id`;

/** A staff member's settings row `s` takes bookings: the switch on, and hours set. */
const takingBookings = (sql: Sql) => sql`s.accepting and s.hours <> ''`;

/** The staff members taking bookings now, with hours set. */
export async function bookableStaff(sql: Sql): Promise<BookableStaff[]> {
  const rows = await sql<SettingsRow[]>`${SELECT(sql)} where ${takingBookings(sql)} order by u.id`;
  return rows.map(toSettings).filter((s) => s.hours.length > 0);
}

/** Whether anyone takes bookings with hours set: without, /book offers visitors no time at all. */
export async function anyoneTakingBookings(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ taking: boolean }[]>`select exists (select 1 from booking_settings s where ${takingBookings(sql)}) as taking`;
  return row.taking;
}

/** One staff member's settings (defaults when they never set any). */
export async function bookingSettingsOf(sql: Sql, userId: string): Promise<BookingSettings | null> {
  const [row] = await sql<SettingsRow[]>`${SELECT(sql)} where u.id = ${userId}`;
  return row ? toSettings(row) : null;
}

/**
 * Saves hours, taking bookings or not, and (when given: undefined leaves them as they are, null clears
 * them) the name visitors see and the video room link.
 */
export async function saveBookingHours(
  sql: Sql,
  userId: string,
  { hours, accepting, displayName, meetingUrl }: { hours: string; accepting: boolean; displayName?: string | null; meetingUrl?: string | null },
  now: Date,
): Promise<void> {
  await sql`
    insert into booking_settings (user_id, hours, accepting, display_name, meeting_url, updated_at)
    values (${userId}, ${hours}, ${accepting}, ${displayName ?? null}, ${meetingUrl ?? null}, ${now})
    on conflict (user_id) do update set hours = excluded.hours, accepting = excluded.accepting,
      display_name = ${displayName === undefined ? sql`booking_settings.display_name` : sql`excluded.display_name`},
      meeting_url = ${meetingUrl === undefined ? sql`booking_settings.meeting_url` : sql`excluded.meeting_url`},
      updated_at = excluded.updated_at`;
}

/** Connects a calendar (the password already sealed), or disconnects it (null). */
export async function saveCalendar(
  sql: Sql,
  userId: string,
  calendar: { kind: 'caldav'; url: string; username: string; sealedPassword: string } | { kind: 'ical'; url: string } | null,
  check: { name: string | null; problem: string | null },
  now: Date,
): Promise<void> {
  const c = calendar;
  await sql`
    insert into booking_settings (user_id, calendar_kind, calendar_url, calendar_user, calendar_password, calendar_name, calendar_problem,
      calendar_checked_at, updated_at)
    values (${userId}, ${c?.kind ?? null}, ${c?.url ?? null}, ${c?.kind === 'caldav' ? c.username : null}, ${c?.kind === 'caldav' ? c.sealedPassword : null},
      ${check.name}, ${check.problem}, ${c ? now : null}, ${now})
    on conflict (user_id) do update set calendar_kind = excluded.calendar_kind, calendar_url = excluded.calendar_url,
      calendar_user = excluded.calendar_user, calendar_password = excluded.calendar_password, calendar_name = excluded.calendar_name,
      calendar_problem = excluded.calendar_problem, calendar_checked_at = excluded.calendar_checked_at, updated_at = excluded.updated_at`;
}

/**
 * The outcome of the latest read of a staff member's calendar (null: it answered), for the back office.
 * Written when it changed, or when the time it shows ("checked 2 min ago") is more than a few minutes
 * old: calendars are read about once a minute, and most reads change nothing.
 */
export async function recordCalendarCheck(sql: Sql, userId: string, problem: string | null, now: Date): Promise<void> {
  await sql`
    update booking_settings set calendar_problem = ${problem}, calendar_checked_at = ${now}
    where user_id = ${userId} and (calendar_problem is distinct from ${problem} or calendar_checked_at is null
      or calendar_checked_at < ${new Date(now.getTime() - CHECKED_AT_SLACK_MS)})`;
}

const CHECKED_AT_SLACK_MS = 5 * 60_000;

/**
 * What the staff member's calendar said when they asked it again from their page: its name (kept when
 * it gave none) and problem, now. The settings' version moves on, so the next slots read it afresh.
 */
export async function recordCalendarAnswer(sql: Sql, userId: string, check: { name: string | null; problem: string | null }, now: Date): Promise<void> {
  await sql`
    update booking_settings set calendar_name = coalesce(${check.name}, calendar_name), calendar_problem = ${check.problem},
      calendar_checked_at = ${now}, updated_at = ${now}
    where user_id = ${userId} and calendar_kind is not null`;
}

/** How many CalDAV passwords are sealed with APP_SECRET (start-up refuses to run without it when any). */
export async function sealedCalendarCount(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from booking_settings where calendar_password is not null`;
  return row.count;
}
