import type { ReactNode } from 'react';
import type { CalendarStatus } from '../../lib/booking/calendar-status.ts';
import type { PreviewDay } from '../../lib/booking/preview.ts';
import type { BookingRules } from '../../lib/booking/rules.ts';
import { bookingLimits, CALENDAR_URL_MAX, MEETING_URL_MAX } from '../../lib/booking/schema.ts';
import { TextField } from '../ui/form.tsx';
import { buttonClass, cautionNoteClass, cautionToneClass } from '../ui/styles.ts';
import { CsrfField, type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type BookingField = 'hours' | 'accepting' | 'displayName' | 'meetingUrl' | 'caldavUrl' | 'caldavUser' | 'caldavPassword' | 'icalUrl' | 'calendar';

export type BookingSettingsPageProps = StaffPageProps & {
  settings: {
    accepting: boolean;
    hoursText: string;
    /** The name visitors see now, and the one made from the email when none is set. */
    displayName: string;
    defaultName: string;
    /** The video room link sent with each invite (null: none). */
    meetingUrl: string | null;
    calendarKind: 'caldav' | 'ical' | null;
    /** A CalDAV calendar's address and username (never its password; a feed's secret address is not shown either). */
    caldavUrl: string | null;
    caldavUser: string | null;
  };
  calendar: CalendarStatus;
  /** Whether APP_SECRET is set (a CalDAV calendar cannot be connected without it). */
  canSeal: boolean;
  noSecretMessage: string;
  /**
   * The coming days; `notes` say what the preview leaves out or why none of it is offered, and
   * `withheld` is true when visitors are offered none of these times now (not taking bookings, no hours,
   * or a calendar that cannot be read): free starts then read as free, not as offered.
   */
  preview: { days: PreviewDay[]; notes: string[]; withheld: boolean };
  rules: BookingRules;
  /** What the last form did (after its 303), good news or a warning. */
  notice?: { text: string; tone: 'ok' | 'warning' };
  errors?: Partial<Record<BookingField, string>>;
  /** What a refused form held, shown again (never a password). */
  values?: Partial<Record<'hours' | 'displayName' | 'meetingUrl' | 'caldavUrl' | 'caldavUser' | 'icalUrl', string>> & { accepting?: boolean };
};

const card = 'rounded-xl border border-slate-200 bg-white p-5 sm:p-6';
const smallButton = `${buttonClass.secondary} px-4 py-2 text-sm`;

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}

const statusTone: Record<CalendarStatus['tone'], string> = {
  none: 'border-slate-200 bg-slate-50 text-slate-800',
  ok: 'border-green-200 bg-green-50 text-green-900',
  problem: 'border-red-200 bg-red-50 text-red-900',
};

/** A staff member's own booking settings: taking bookings, hours, the name visitors see, their calendar, and their coming week as visitors see it. */
export function BookingSettingsPage(props: BookingSettingsPageProps) {
  const { staff, settings, calendar, canSeal, noSecretMessage, preview, rules, notice, errors = {}, values = {} } = props;
  const connected = settings.calendarKind !== null;
  const caldavOpen =
    !connected || Boolean(errors.caldavUrl || errors.caldavUser || errors.caldavPassword || (errors.calendar && values.caldavUrl !== undefined));
  const icalOpen = Boolean(errors.icalUrl || (errors.calendar && values.icalUrl !== undefined));
  return (
    <StaffShell staff={staff} current="/admin/booking">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Booking</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        {`The free strategy sessions visitors book with you on the site. Sessions are ${rules.sessionMinutes} minutes, with ${rules.bufferMinutes} minutes kept free after each; visitors book at least ${rules.minNoticeHours} ${rules.minNoticeHours === 1 ? 'hour' : 'hours'} and at most ${rules.daysAhead} days ahead. Times are Toronto time.`}
      </p>
      {notice ? (
        <p role="status" className={notice.tone === 'ok' ? 'mt-4 max-w-3xl rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800' : cautionNoteClass}>
          {notice.text}
        </p>
      ) : null}

      <div className="mt-6 grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <div className="grid gap-6">
          <Section id="hours" title="Your hours">
            <form method="post" action="/admin/booking/hours" className="mt-4 space-y-4">
              <CsrfField token={staff.csrfToken} />
              <label className="flex items-start gap-3 rounded-lg border border-slate-300 px-3 py-3 text-sm text-slate-800 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
                <input
                  type="checkbox"
                  name="accepting"
                  defaultChecked={values.accepting ?? settings.accepting}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700"
                  aria-describedby="booking-accepting-hint"
                />
                <span>
                  <span className="font-semibold">Taking bookings</span>
                  <span id="booking-accepting-hint" className="block text-slate-600">
                    Untick it for a holiday or a full week: visitors are then offered none of your times. Sessions already booked stay booked.
                  </span>
                </span>
              </label>
              <TextField
                id="booking-hours"
                name="hours"
                label="Weekly hours"
                defaultValue={values.hours ?? settings.hoursText}
                maxLength={bookingLimits.hours}
                autoComplete="off"
                spellCheck={false}
                placeholder="Mon-Fri 10:00-16:00"
                error={errors.hours}
                hint="Days, then times in 24-hour Toronto time: “Mon-Fri 10:00-16:00”, or “Mon,Wed 09:00-12:00; Thu 13:00-17:00”, or two ranges in a day: “Tue 09:00-12:00 13:00-17:00”."
              />
              <TextField
                id="booking-name"
                name="displayName"
                label="Your name as visitors see it"
                defaultValue={values.displayName ?? settings.displayName}
                maxLength={bookingLimits.name}
                autoComplete="name"
                error={errors.displayName}
                hint={`The booking page and the invitation say “with ${settings.displayName}”. Left empty, it is “${settings.defaultName}”, from your email.`}
              />
              <TextField
                id="booking-meeting-url"
                name="meetingUrl"
                type="url"
                inputMode="url"
                label="Your video room link (optional)"
                defaultValue={values.meetingUrl ?? settings.meetingUrl ?? ''}
                maxLength={MEETING_URL_MAX}
                placeholder="https://meet.google.com/abc-defg-hij"
                error={errors.meetingUrl}
                hint="Your own Google Meet, Zoom or Teams room: the invitation gives it as the place. Without one, the emails say you will be in touch with how to join."
              />
              <button type="submit" className={buttonClass.primary}>
                Save hours
              </button>
            </form>
          </Section>

          <Section id="calendar" title="Your calendar">
            <div data-calendar-state={calendar.tone} className={`mt-3 rounded-lg border px-4 py-3 text-sm ${statusTone[calendar.tone]}`}>
              <p className="font-semibold">{calendar.headline}</p>
              <p className="mt-1">{calendar.advice}</p>
            </div>
            {errors.calendar ? (
              <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                {errors.calendar}
              </p>
            ) : null}
            {connected ? (
              <div className="mt-4 flex flex-wrap gap-3">
                <form method="post" action="/admin/booking/calendar/check">
                  <CsrfField token={staff.csrfToken} />
                  <button type="submit" className={smallButton}>
                    Check it now
                  </button>
                </form>
                <form method="post" action="/admin/booking/calendar/disconnect">
                  <CsrfField token={staff.csrfToken} />
                  <button type="submit" className={smallButton}>
                    Disconnect
                  </button>
                </form>
              </div>
            ) : null}

            <details open={caldavOpen} className="group mt-5 rounded-lg border border-slate-200">
              <summary className="cursor-pointer list-none rounded-lg px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50">
                <span aria-hidden="true" className="mr-2 inline-block transition group-open:rotate-90">
                  ›
                </span>
                {settings.calendarKind === 'caldav' ? 'Connect your CalDAV calendar again' : 'Connect a CalDAV calendar'}
              </summary>
              <form method="post" action="/admin/booking/calendar/caldav" className="space-y-4 px-4 pb-4" autoComplete="off">
                <CsrfField token={staff.csrfToken} />
                <p className="text-sm text-slate-600">
                  Reads your events so they block your times, and adds each session to the calendar. Fastmail, Apple iCloud, Nextcloud and most other calendar
                  services speak CalDAV; their help pages give the address.
                </p>
                {canSeal ? null : (
                  <p data-no-app-secret className={`px-3 py-2 ${cautionToneClass}`}>
                    {noSecretMessage}
                  </p>
                )}
                <TextField
                  id="booking-caldav-url"
                  name="url"
                  type="url"
                  inputMode="url"
                  label="CalDAV address"
                  required
                  maxLength={CALENDAR_URL_MAX}
                  defaultValue={values.caldavUrl ?? settings.caldavUrl ?? ''}
                  placeholder="https://caldav.example.com/"
                  error={errors.caldavUrl}
                />
                <TextField
                  id="booking-caldav-user"
                  name="username"
                  label="Username"
                  required
                  maxLength={254}
                  autoComplete="off"
                  defaultValue={values.caldavUser ?? settings.caldavUser ?? ''}
                  error={errors.caldavUser}
                />
                <TextField
                  id="booking-caldav-password"
                  name="password"
                  type="password"
                  label="App password"
                  required
                  maxLength={500}
                  autoComplete="new-password"
                  error={errors.caldavPassword}
                  hint="Not your account’s own password: make an app password for this site in your calendar account’s security settings. It is stored encrypted and never shown again."
                />
                <button type="submit" className={buttonClass.primary}>
                  Connect and check
                </button>
              </form>
            </details>

            <details open={icalOpen} className="group mt-3 rounded-lg border border-slate-200">
              <summary className="cursor-pointer list-none rounded-lg px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50">
                <span aria-hidden="true" className="mr-2 inline-block transition group-open:rotate-90">
                  ›
                </span>
                {settings.calendarKind === 'ical' ? 'Use another iCal feed' : 'Or use a read-only iCal feed'}
              </summary>
              <form method="post" action="/admin/booking/calendar/ical" className="space-y-4 px-4 pb-4" autoComplete="off">
                <CsrfField token={staff.csrfToken} />
                <p className="text-sm text-slate-600">
                  Your calendar app’s secret address in iCal format (Google Calendar: Settings, your calendar, “Secret address in iCal format”). Your events
                  block your times; sessions are not added to it.
                </p>
                <TextField
                  id="booking-ical-url"
                  name="url"
                  type="url"
                  inputMode="url"
                  label="Secret iCal address"
                  required
                  maxLength={CALENDAR_URL_MAX}
                  defaultValue={values.icalUrl ?? ''}
                  placeholder="https://calendar.example.com/…/basic.ics"
                  error={errors.icalUrl}
                />
                <button type="submit" className={buttonClass.primary}>
                  Connect and check
                </button>
              </form>
            </details>
          </Section>
        </div>

        <Section id="preview" title={`Your next ${preview.days.length} days, as visitors see them`}>
          {preview.notes.map((note) => (
            <p key={note} data-preview-note className={`mt-3 px-3 py-2 ${cautionToneClass}`}>
              {note}
            </p>
          ))}
          <ol className="mt-4 grid gap-3 sm:grid-cols-2 sm:items-start lg:grid-cols-1" data-preview>
            {preview.days.map((day) => (
              <li key={day.day} data-day={day.day} className="rounded-lg border border-slate-200 p-3">
                <h3 className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm font-semibold text-slate-900">
                  {day.heading}
                  {day.holiday ? (
                    <span className="text-xs font-medium text-amber-800">{day.holiday}</span>
                  ) : day.starts.length === 0 ? (
                    <span className="text-xs font-normal text-slate-500">Not in your hours</span>
                  ) : null}
                </h3>
                {day.starts.length === 0 ? null : (
                  <ul className="mt-2 space-y-1.5">
                    {day.starts.map((s) => (
                      <li key={s.start} data-start={s.start} data-offered={s.offered} className="flex gap-3 text-sm">
                        <time dateTime={s.start} className={`w-12 shrink-0 font-semibold tabular-nums ${s.offered ? 'text-slate-900' : 'text-slate-400'}`}>
                          {s.time}
                        </time>
                        {!s.offered ? (
                          <span className="text-slate-600">{s.why}</span>
                        ) : preview.withheld ? (
                          <span className="text-slate-700">Free, but not offered now</span>
                        ) : (
                          <span className="font-medium text-green-800">Offered</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </Section>
      </div>
    </StaffShell>
  );
}
