import { bookingCopy as copy } from '../../lib/content/booking.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import { agency } from '../../lib/site.ts';
import { TextAreaField, TextField } from '../ui/form.tsx';
import { buttonClass, pageContainer } from '../ui/styles.ts';
import { type SlotDay, SlotDays } from './SlotDays.tsx';

export const BOOKING_FIELDS = ['name', 'email', 'phone', 'note'] as const;
export type BookingFormValues = Record<(typeof BOOKING_FIELDS)[number], string>;

export type BookPageData = {
  sessionMinutes: number;
  days: SlotDay[];
  /** The time the form books, when one was chosen and is still open. */
  chosen: { start: string; label: string } | null;
  /**
   * The chosen time was taken meanwhile: the next open times, offered in the form itself, so what the
   * visitor typed stays with whichever they pick.
   */
  alternatives: { start: string; label: string }[];
  /** Why the page is shown again: the time was taken, or is not open. */
  notice: string | null;
  /** The booking's id (made once per form, so a second tap or a reload books nothing twice), and what was typed. */
  form: { id: string; values: BookingFormValues; errors: FieldErrors };
  /** Where the visitor came from: their audit results or a staff member's link (the lead the booking joins). */
  hints: { results?: string; lead?: string };
  moreDaysHref: string | null;
};

/** The address of /book with the visitor's hints and, when given, a chosen time. */
export function bookHref(hints: BookPageData['hints'], extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (hints.results) query.set('results', hints.results);
  if (hints.lead) query.set('lead', hints.lead);
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  const text = query.toString();
  return text ? `/book?${text}` : '/book';
}

/** The booking form: a plain form to POST /api/booking, which works without JavaScript. */
function BookingForm({ data }: { data: BookPageData }) {
  const { values, errors } = data.form;
  const { chosen, alternatives } = data;
  if (!chosen && alternatives.length === 0) return null;
  return (
    <section id="details" aria-labelledby="details-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
      <h2 id="details-heading" className="text-xl font-bold text-slate-900">
        {copy.formHeading}
      </h2>
      {chosen ? (
        <p className="mt-2 text-slate-700" data-chosen-slot={chosen.start} data-local-times>
          <strong className="font-semibold text-slate-900">
            <time dateTime={chosen.start}>{chosen.label}</time>
          </strong>
          {` · ${data.sessionMinutes} minutes · `}
          <a href={bookHref(data.hints)} className="font-medium text-blue-700 underline underline-offset-2">
            {copy.changeTime}
          </a>
        </p>
      ) : null}
      <form method="post" action="/api/booking" noValidate className="mt-6 grid gap-5" data-booking-form>
        <input type="hidden" name="id" value={data.form.id} />
        {chosen ? (
          <input type="hidden" name="start" value={chosen.start} />
        ) : (
          <fieldset data-alternatives="" data-local-times="">
            <legend className="text-sm font-medium text-slate-900">{`${copy.pickHeading} (${data.sessionMinutes} minutes)`}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {alternatives.map((slot) => (
                <label
                  key={slot.start}
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-slate-900 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                >
                  <input type="radio" name="start" value={slot.start} className="h-4 w-4" />
                  <time dateTime={slot.start}>{slot.label}</time>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {data.hints.results ? <input type="hidden" name="results" value={data.hints.results} /> : null}
        {data.hints.lead ? <input type="hidden" name="lead" value={data.hints.lead} /> : null}
        <TextField
          id="booking-name"
          name="name"
          label={copy.fields.name}
          required
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
          maxLength={100}
        />
        <TextField
          id="booking-email"
          name="email"
          type="email"
          label={copy.fields.email}
          required
          autoComplete="email"
          inputMode="email"
          defaultValue={values.email}
          error={errors.email}
          hint={copy.fields.emailHint}
          maxLength={254}
        />
        <TextField
          id="booking-phone"
          name="phone"
          type="tel"
          label={copy.fields.phone}
          autoComplete="tel"
          defaultValue={values.phone}
          error={errors.phone}
          hint={copy.fields.phoneHint}
          maxLength={30}
        />
        <TextAreaField
          id="booking-note"
          name="note"
          label={copy.fields.note}
          rows={3}
          defaultValue={values.note}
          error={errors.note}
          hint={copy.fields.noteHint}
          maxLength={1000}
        />
        {errors.start ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.start}
          </p>
        ) : null}
        <div>
          <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`}>
            {copy.submit}
          </button>
          <p className="mt-3 text-sm text-slate-500">{copy.privacy}</p>
        </div>
      </form>
    </section>
  );
}

/** GET /book: the open times by day, and once one is chosen, the form that books it. */
export function BookPage(data: BookPageData) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white pb-20 pt-28">
      <div className={`${pageContainer} max-w-3xl`}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{copy.heading}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">{copy.lead(data.sessionMinutes)}</p>
        {data.notice ? (
          <p role="alert" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-booking-notice>
            {data.notice}
          </p>
        ) : null}
        <BookingForm data={data} />
        <section aria-labelledby="times-heading" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="times-heading" className="text-xl font-bold text-slate-900">
              {data.chosen ? copy.changeTime : copy.pickHeading}
            </h2>
            <p className="text-sm text-slate-600">
              {copy.timesNote} <span data-local-zone hidden />
            </p>
          </div>
          <div className="mt-5">
            {data.days.length > 0 ? (
              <SlotDays days={data.days} chosen={data.chosen?.start} hrefOf={(start) => `${bookHref(data.hints, { start })}#details`} />
            ) : (
              <div className="rounded-2xl border border-slate-200 bg-white p-6" data-no-slots>
                <h3 className="text-lg font-semibold text-slate-900">{copy.none.heading}</h3>
                <p className="mt-2 text-slate-700">{copy.none.text}</p>
                <p className="mt-4 flex flex-col gap-2 sm:flex-row sm:gap-6">
                  <a className="font-semibold text-blue-700 underline underline-offset-2" href={`mailto:${agency.email}`}>
                    {agency.email}
                  </a>
                  <a className="font-semibold text-blue-700 underline underline-offset-2" href={`tel:${agency.phone}`}>
                    {agency.phoneDisplay}
                  </a>
                </p>
              </div>
            )}
          </div>
          {data.moreDaysHref ? (
            <a href={data.moreDaysHref} className={`${buttonClass.secondary} mt-6`}>
              {copy.moreDays}
            </a>
          ) : null}
        </section>
      </div>
    </section>
  );
}
