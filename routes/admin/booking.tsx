import { Hono } from 'hono';
import { type BookingField, BookingSettingsPage, type BookingSettingsPageProps } from '../../components/staff/BookingSettingsPage.tsx';
import { bookingSettingsOf, nameFromEmail, recordCalendarAnswer, saveBookingHours, saveCalendar } from '../../db/queries/booking-settings.ts';
import { bookedTimes } from '../../db/queries/bookings.ts';
import { calendarReachOf } from '../../features/booking/calendar/index.ts';
import { calendarSourceOf } from '../../features/booking/calendar-source.ts';
import { type CalendarInput, checkAndSeal, checkRecord, NO_APP_SECRET, recheckCalendar } from '../../features/booking/connect-calendar.ts';
import { calendarStatus } from '../../lib/booking/calendar-status.ts';
import { formatHours } from '../../lib/booking/hours.ts';
import { previewDays } from '../../lib/booking/preview.ts';
import { bookingHoursFormSchema, caldavFormSchema, icalFormSchema } from '../../lib/booking/schema.ts';
import { explainDays, type Interval } from '../../lib/booking/slots.ts';
import { parseIsoDay } from '../../lib/time/calendar.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validForm } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { staffMeta } from './_staff-pages.tsx';

const bookingPage = definePage<BookingSettingsPageProps>({ meta: staffMeta('Booking', '/admin/booking'), Component: BookingSettingsPage });

/** Days the page previews. */
const PREVIEW_DAYS = 7;

/** What each form did, shown after its 303 (only these words: the query names one, it cannot say anything). */
const NOTICES = {
  hours: { text: 'Your hours are saved. Visitors see the change at once.', tone: 'ok' },
  'hours-off': { text: 'Your hours are saved. You are not taking bookings: visitors are offered none of your times.', tone: 'warning' },
  calendar: { text: 'Your calendar is connected.', tone: 'ok' },
  'calendar-problem': {
    text: 'Your calendar is saved, but it could not be read: see why below. Visitors are offered none of your times until it can be.',
    tone: 'warning',
  },
  checked: { text: 'Your calendar answered.', tone: 'ok' },
  'check-failed': { text: 'Your calendar could not be read: see why below.', tone: 'warning' },
  disconnected: { text: 'Your calendar is disconnected. Your hours alone decide your times now, and sessions are no longer added to it.', tone: 'ok' },
} as const satisfies Record<string, NonNullable<BookingSettingsPageProps['notice']>>;

export const ACCEPTING_WITHOUT_HOURS = 'Add the hours you take sessions, like Mon-Fri 10:00-16:00, or untick Taking bookings';

type Extra = Pick<BookingSettingsPageProps, 'notice' | 'errors' | 'values'>;

/**
 * The page as it stands for the signed-in staff member: their settings, their calendar's state (as
 * slots read it: the same cached read), and their next days with each start offered or why not.
 */
async function showBooking(c: AppContext, extra: Extra = {}, status: 200 | 400 | 503 = 200): Promise<Response> {
  const staff = signedInStaff(c);
  const { sql, booking, config, now } = c.get('deps');
  const settings = await withDatabaseDeadline(sql, (db) => bookingSettingsOf(db, staff.id));
  if (!settings) throw new Error('the signed-in staff member has no account');
  const { rules } = booking;
  const source = await calendarSourceOf(settings, config.APP_SECRET);
  const read = await booking.availability.calendarRead(settings);
  const at = now();
  const window: Interval = { start: at, end: new Date(at.getTime() + (PREVIEW_DAYS + 2) * 86_400_000) };
  const booked = (await withDatabaseDeadline(sql, (db) => bookedTimes(db, window))).get(staff.id) ?? [];
  // Read again after the calendar was: a read that failed has just recorded why.
  const latest = (await withDatabaseDeadline(sql, (db) => bookingSettingsOf(db, staff.id))) ?? settings;
  const calendarBusy = read && 'busy' in read ? read.busy : [];
  const explained = explainDays(
    { staffId: staff.id, hours: settings.hours, busy: [...calendarBusy, ...booked] },
    rules,
    at,
    parseIsoDay(dayIn(at, rules.timeZone)),
    PREVIEW_DAYS,
  );

  // Why visitors are offered none of these times now, if they are not: each reason said above the days.
  const unread = read !== null && 'problem' in read;
  const notes: string[] = [];
  if (settings.hours.length === 0) notes.push('You have no hours set: add them above to be offered to visitors.');
  else if (!settings.accepting) notes.push('You are not taking bookings: visitors are offered none of these times until you tick Taking bookings.');
  if (unread) notes.push('Your calendar could not be read, so its events are left out here, and visitors are offered none of your times until it can be read.');
  const withheld = settings.hours.length === 0 || !settings.accepting || unread;

  const calendar = latest.calendar;
  return renderPage(
    c,
    bookingPage,
    {
      staff,
      settings: {
        accepting: latest.accepting,
        hoursText: latest.hoursText,
        displayName: latest.displayName,
        defaultName: nameFromEmail(latest.email),
        meetingUrl: latest.meetingUrl,
        calendarKind: calendar?.kind ?? null,
        caldavUrl: calendar?.kind === 'caldav' ? calendar.url : null,
        caldavUser: calendar?.kind === 'caldav' ? calendar.username : null,
      },
      calendar: calendarStatus(
        {
          kind: calendar?.kind ?? null,
          name: latest.calendarName,
          // What the read just said is the truth; the stored problem is the last one recorded.
          problem: read === null ? null : 'problem' in read ? read.problem : null,
          checkedAt: latest.calendarCheckedAt,
          sealed: source === 'sealed',
        },
        at,
      ),
      canSeal: Boolean(config.APP_SECRET),
      noSecretMessage: NO_APP_SECRET,
      preview: { days: previewDays(explained, booked, rules), notes, withheld },
      rules,
      ...extra,
    },
    status,
  );
}

/** A booking form as sent; what it refuses is shown under its field (`shownAs` maps the form's names to the page's), the typed text kept. */
const validBookingForm = <S extends Parameters<typeof validForm>[0]>(schema: S, shownAs: Record<string, BookingField> = {}, flags: string[] = []) =>
  validForm(schema, {
    flags,
    invalid: (c, values, fields) => {
      const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
      const named = (name: string) => shownAs[name] ?? (name as BookingField);
      return showBooking(
        c,
        {
          errors: Object.fromEntries(Object.entries(fields).map(([name, message]) => [named(name), message])),
          values: Object.fromEntries(
            Object.keys(values)
              .filter((name) => name !== 'password' && name !== '_csrf')
              .map((name) => [named(name), name === 'accepting' ? values[name] === true : text(name)]),
          ),
        },
        400,
      );
    },
  });

/** After a calendar changed: the slots read it afresh. */
const forgetCalendar = (c: AppContext) => c.get('deps').booking.availability.forget(signedInStaff(c).id);

async function connect(c: AppContext, input: CalendarInput, typed: Extra['values']): Promise<Response> {
  const { sql, config, now } = c.get('deps');
  const prepared = await checkAndSeal(input, config.APP_SECRET, calendarReachOf(config));
  if (prepared.noSecret) return showBooking(c, { errors: { calendar: NO_APP_SECRET }, values: typed }, 503);
  await withDatabaseDeadline(sql, (db) => saveCalendar(db, signedInStaff(c).id, prepared.stored, checkRecord(prepared.checked), now()));
  forgetCalendar(c);
  return c.redirect(`/admin/booking?done=${prepared.checked.ok ? 'calendar' : 'calendar-problem'}#calendar`, 303);
}

/**
 * /admin/booking: the signed-in staff member's own booking settings. Every form is a plain POST with
 * the CSRF token (requireStaff), guarded by formWrite() first; each answers 303 to the page with what
 * it did, or the page with the error under its field (400).
 */
const bookingSettings = new Hono<AppEnv>()
  .get('/', requireStaff('page'), async (c) => {
    const done = c.req.query('done');
    return showBooking(c, { notice: done && Object.hasOwn(NOTICES, done) ? NOTICES[done as keyof typeof NOTICES] : undefined });
  })
  .post('/hours', formWrite(), requireStaff('page'), validBookingForm(bookingHoursFormSchema, {}, ['accepting']), async (c) => {
    const { hours, accepting, displayName, meetingUrl } = c.req.valid('form');
    if (accepting && hours.length === 0) {
      const form = await c.req.parseBody();
      return showBooking(
        c,
        {
          errors: { hours: ACCEPTING_WITHOUT_HOURS },
          values: { hours: String(form.hours ?? ''), displayName: displayName ?? '', meetingUrl: meetingUrl ?? '', accepting },
        },
        400,
      );
    }
    const { sql, now } = c.get('deps');
    // An empty name is the one made from the email, an empty link none: the form always sends both.
    const saved = { hours: formatHours(hours), accepting, displayName: displayName ?? null, meetingUrl: meetingUrl ?? null };
    await withDatabaseDeadline(sql, (db) => saveBookingHours(db, signedInStaff(c).id, saved, now()));
    forgetCalendar(c);
    return c.redirect(`/admin/booking?done=${accepting ? 'hours' : 'hours-off'}`, 303);
  })
  .post(
    '/calendar/caldav',
    formWrite(),
    requireStaff('page'),
    validBookingForm(caldavFormSchema, { url: 'caldavUrl', username: 'caldavUser', password: 'caldavPassword' }),
    (c) => {
      const { url, username, password } = c.req.valid('form');
      return connect(c, { kind: 'caldav', url, username, password }, { caldavUrl: url, caldavUser: username });
    },
  )
  .post('/calendar/ical', formWrite(), requireStaff('page'), validBookingForm(icalFormSchema, { url: 'icalUrl' }), (c) => {
    const { url } = c.req.valid('form');
    return connect(c, { kind: 'ical', url }, { icalUrl: url });
  })
  .post('/calendar/check', formWrite(), requireStaff('page'), async (c) => {
    const { sql, config, now } = c.get('deps');
    const settings = await withDatabaseDeadline(sql, (db) => bookingSettingsOf(db, signedInStaff(c).id));
    const checked = settings ? await recheckCalendar(settings, config.APP_SECRET, calendarReachOf(config)) : null;
    if (checked === null) return c.redirect('/admin/booking#calendar', 303);
    await withDatabaseDeadline(sql, (db) => recordCalendarAnswer(db, signedInStaff(c).id, checkRecord(checked), now()));
    forgetCalendar(c);
    return c.redirect(`/admin/booking?done=${checked.ok ? 'checked' : 'check-failed'}#calendar`, 303);
  })
  .post('/calendar/disconnect', formWrite(), requireStaff('page'), async (c) => {
    const { sql, now } = c.get('deps');
    await withDatabaseDeadline(sql, (db) => saveCalendar(db, signedInStaff(c).id, null, { name: null, problem: null }, now()));
    forgetCalendar(c);
    return c.redirect('/admin/booking?done=disconnected#calendar', 303);
  });

export default bookingSettings;
