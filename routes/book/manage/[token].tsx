import { Hono } from 'hono';
import { ManagePage, type ManagePageData } from '../../../components/booking/ManagePage.tsx';
import type { Booking } from '../../../db/queries/bookings.ts';
import { visitorWhen } from '../../../lib/booking/display.ts';
import { sessionWay } from '../../../lib/booking/how.ts';
import { isLinkToken, manageActionSchema, managePageQuerySchema } from '../../../lib/booking/page-query.ts';
import { MOVES_PER_BOOKING } from '../../../lib/booking/rules.ts';
import type { Slot } from '../../../lib/booking/slots.ts';
import { sendsEmail } from '../../../lib/config.ts';
import { bookingCopy } from '../../../lib/content/booking.ts';
import { agency } from '../../../lib/site.ts';
import { formWrite } from '../../../server/api/guards.ts';
import { validForm, validQuery } from '../../../server/api/validate.ts';
import type { AppContext, AppEnv } from '../../../server/deps.ts';
import { databaseReady } from '../../../server/middleware/database-ready.ts';
import { rateLimit } from '../../../server/middleware/rate-limit.ts';
import { definePage, renderPage } from '../../../server/page.tsx';
import { slotDays } from '../_book-page.tsx';

const managePage = definePage<ManagePageData>({
  meta: { title: bookingCopy.manage.title, description: 'Your strategy session with Northline Digital.', path: '/book', noindex: true },
  Component: ManagePage,
});

/** "Tuesday, December 1 at 1:00 p.m. (Toronto time)" */
const when = (start: Date) => `${visitorWhen(start, agency.timeZone)} (Toronto time)`;

/** The private page of one booking: never kept, never indexed, no Referer to where it links. */
async function showBooking(
  c: AppContext,
  booking: Booking | null,
  {
    banner = null,
    notice = null,
    moveTo,
    status = 200,
    slots,
  }: { banner?: 'booked' | 'moved' | null; notice?: string | null; moveTo?: string; status?: 200 | 400 | 404 | 409; slots?: Slot[] },
) {
  c.header('Cache-Control', 'private, no-store');
  // No Referer to other sites (the token is in the address); same-origin keeps the Origin header on this
  // page's own form posts, which a browser sends as "null" under no-referrer (the write guard refuses that).
  c.header('Referrer-Policy', 'same-origin');
  c.header('X-Robots-Tag', 'noindex');
  if (!booking || booking.erasedAt) return renderPage(c, managePage, { state: 'missing' }, status === 200 ? 404 : status);
  const { booking: service, now } = c.get('deps');
  const state = booking.status === 'cancelled' ? 'cancelled' : booking.status === 'booked' && booking.startsAt > now() ? 'booked' : 'past';
  // A booked session's sequence is how many times it was moved (db/queries/bookings.ts moveBooking).
  const movesUsed = booking.sequence >= MOVES_PER_BOOKING;
  const open = state === 'booked' && !movesUsed ? (slots ?? (await service.slots())) : [];
  const target = moveTo ? open.find((s) => s.start.getTime() === Date.parse(moveTo)) : undefined;
  return renderPage(
    c,
    managePage,
    {
      state,
      token: booking.manageToken,
      when: when(booking.startsAt),
      start: booking.startsAt.toISOString(),
      minutes: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000),
      staffName: booking.staffName,
      way: state === 'booked' ? sessionWay({ meetingUrl: booking.staffMeetingUrl, phone: booking.phone }) : null,
      banner,
      emailed: sendsEmail(c.get('deps').config),
      movesUsed: movesUsed ? MOVES_PER_BOOKING : null,
      notice: notice ?? (moveTo && !target ? bookingCopy.notOffered : null),
      days: slotDays(open),
      moveTo: target ? { start: target.start.toISOString(), label: when(target.start) } : null,
    },
    status,
  );
}

/** A post that is neither a cancel nor a move to a time: the page again, saying so (400). */
async function refusedAction(c: AppContext) {
  const token = c.req.param('token') ?? '';
  const booking = isLinkToken(token) ? await c.get('deps').booking.byToken(token) : null;
  return showBooking(c, booking, { notice: bookingCopy.notOffered, status: 400 });
}

/**
 * GET /book/manage/{token}: the visitor's session; `?move=` picks the time to move it to. POST (a plain
 * form): `action=cancel`, or `action=move` with `start`; answered 303 back to the page, or with the page
 * again saying why not (409 when the time was taken meanwhile, or when the session was moved
 * MOVES_PER_BOOKING times already: then the page gives the agency's phone and email). Each move emails
 * the visitor and the staff member, so the posts count against the forms' per-address limit (429 with
 * Retry-After), and a session moves MOVES_PER_BOOKING times at most; a cancel happens once.
 */
const manage = new Hono<AppEnv>()
  .use(databaseReady)
  .get('/', validQuery(managePageQuerySchema), async (c) => {
    const token = c.req.param('token') ?? '';
    const { move, booked, moved } = c.req.valid('query');
    const booking = isLinkToken(token) ? await c.get('deps').booking.byToken(token) : null;
    return showBooking(c, booking, { banner: booked ? 'booked' : moved ? 'moved' : null, moveTo: move });
  })
  .post('/', formWrite(), validForm(manageActionSchema, { invalid: refusedAction }), rateLimit('forms'), async (c) => {
    const token = c.req.param('token') ?? '';
    const { booking: service } = c.get('deps');
    if (!isLinkToken(token)) return showBooking(c, null, {});
    const action = c.req.valid('form');
    if (action.action === 'cancel') {
      await service.cancel(token);
      c.get('deps').notifications.queued();
      return c.redirect(`/book/manage/${token}`, 303);
    }
    const outcome = await service.move(token, new Date(action.start));
    if (outcome.kind === 'moved') {
      c.get('deps').notifications.queued();
      return c.redirect(`/book/manage/${token}?moved=1`, 303);
    }
    const booking = await service.byToken(token);
    if (outcome.kind === 'gone') return c.redirect(`/book/manage/${token}`, 303);
    // The page says itself why it moves no more (the phone and the email in place of the times).
    if (outcome.kind === 'moves-used') return showBooking(c, booking, { status: 409 });
    return showBooking(c, booking, {
      notice: outcome.kind === 'taken' ? bookingCopy.taken : bookingCopy.notOffered,
      status: outcome.kind === 'taken' ? 409 : 400,
    });
  });

export default manage;
