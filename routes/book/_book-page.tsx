import { type BookingFormValues, BookPage, type BookPageData, bookHref } from '../../components/booking/BookPage.tsx';
import type { SlotDay } from '../../components/booking/SlotDays.tsx';
import { visitorShortWhen, visitorTime, visitorWhen } from '../../lib/booking/display.ts';
import type { Slot } from '../../lib/booking/slots.ts';
import { bookingCopy } from '../../lib/content/booking.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import { agency } from '../../lib/site.ts';
import { addDays, isoDay, parseIsoDay } from '../../lib/time/calendar.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import type { AppContext } from '../../server/deps.ts';
import { definePage, renderPage } from '../../server/page.tsx';

/** The booking page: never kept (its times change by the minute, and its form carries a fresh id). */
export const bookPage = definePage<BookPageData>({
  meta: { title: bookingCopy.title, description: bookingCopy.description, path: '/book' },
  Component: BookPage,
});

/** How many days of open times the page lists at first; "Show more days" shows the whole horizon. */
export const FIRST_DAYS = 7;

/** Slots grouped by their Toronto day. */
export function slotDays(slots: readonly Slot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = dayIn(slot.start, agency.timeZone);
    const start = slot.start.toISOString();
    const last = days.at(-1);
    const time = visitorTime(slot.start, agency.timeZone);
    if (last?.day === day) last.slots.push({ start, time });
    else days.push({ day, slots: [{ start, time }] });
  }
  return days;
}

const EMPTY_VALUES: BookingFormValues = { name: '', email: '', phone: '', note: '' };

/** How many open times a form offers when the visitor's own choice is gone or missing. */
const OFFERED_TIMES = 6;
/** The chosen time, in full: "Tuesday, December 1 at 1:00 p.m. (Toronto time)". */
const chosenSlot = (slot: Slot) => ({ start: slot.start.toISOString(), label: `${visitorWhen(slot.start, agency.timeZone)} (Toronto time)` });
/** One of the times offered in the form: "Tue Dec 1, 1:00 p.m. (Toronto time)". */
const offeredSlot = (slot: Slot) => ({ start: slot.start.toISOString(), label: `${visitorShortWhen(slot.start, agency.timeZone)} (Toronto time)` });

/**
 * Renders /book: the open times (the first week, or `days`), the chosen one's form when `start` is still
 * open (else a notice), the answers and errors of a refused post, and the visitor's hints kept on
 * every link. `status` is the answer's (400 or 409 when a post is shown again).
 */
export async function renderBookPage(
  c: AppContext,
  {
    start,
    days = FIRST_DAYS,
    hints,
    values,
    errors = {},
    notice = null,
    slots: given,
    alternatives = [],
    offerTimes = false,
    id,
    status = 200,
  }: {
    start?: string;
    days?: number;
    hints: BookPageData['hints'];
    values?: Partial<BookingFormValues>;
    errors?: FieldErrors;
    notice?: string | null;
    slots?: Slot[];
    /** The chosen time was taken meanwhile: the next open times, offered in the form with what was typed. */
    alternatives?: Slot[];
    /** A post that chose no time: the first open times offered in the form (as `alternatives` are), with what was typed. */
    offerTimes?: boolean;
    id?: string;
    status?: 200 | 400 | 409;
  },
): Promise<Response> {
  const { booking, now } = c.get('deps');
  const horizon = booking.rules.daysAhead;
  const slots = given ?? (await booking.slots(horizon));
  const chosen = start ? slots.find((s) => s.start.getTime() === Date.parse(start)) : undefined;
  const lastDay = isoDay(addDays(parseIsoDay(dayIn(now(), agency.timeZone)), days - 1));
  const listed = slots.filter((s) => dayIn(s.start, agency.timeZone) <= lastDay);
  c.header('Cache-Control', 'private, no-store');
  if (hints.results || hints.lead) {
    // The results token is in the address: no Referer to other sites, and the form's post keeps its Origin.
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Robots-Tag', 'noindex');
  }
  return renderPage(
    c,
    bookPage,
    {
      sessionMinutes: booking.rules.sessionMinutes,
      days: slotDays(listed),
      chosen: chosen ? chosenSlot(chosen) : null,
      alternatives: chosen ? [] : (alternatives.length > 0 ? alternatives : offerTimes ? slots.slice(0, OFFERED_TIMES) : []).map(offeredSlot),
      notice: notice ?? (start && !chosen && !Number.isNaN(Date.parse(start)) ? bookingCopy.notOffered : null),
      form: { id: id ?? crypto.randomUUID(), values: { ...EMPTY_VALUES, ...values }, errors },
      hints,
      moreDaysHref: days < horizon && slots.length > listed.length ? bookHref(hints, { days: String(horizon) }) : null,
    },
    status,
  );
}
