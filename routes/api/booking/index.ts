import { Hono } from 'hono';
import type { Booking } from '../../../db/queries/bookings.ts';
import { bookingRequestSchema } from '../../../lib/booking/schema.ts';
import type { Slot } from '../../../lib/booking/slots.ts';
import { bookingCopy } from '../../../lib/content/booking.ts';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { agency } from '../../../lib/site.ts';
import { isoWithOffset } from '../../../lib/time/zoned.ts';
import { isFormBody } from '../../../server/api/body-type.ts';
import { SUBMISSION_CONFLICT, submissionWrite } from '../../../server/api/guards.ts';
import { referringPage } from '../../../server/api/referring-page.ts';
import { validSubmission } from '../../../server/api/validate.ts';
import { touchesOf } from '../../../server/attribution.ts';
import type { AppContext, AppEnv } from '../../../server/deps.ts';
import { databaseReady } from '../../../server/middleware/database-ready.ts';
import { answerError } from '../../../server/middleware/errors.ts';
import { rateLimit } from '../../../server/middleware/rate-limit.ts';
import { visitorId } from '../../../server/visitor.ts';
import { renderBookPage } from '../../book/_book-page.tsx';

const API_PATH = '/api/booking';

/** A slot as the API answers it: ISO 8601 with Toronto's offset. */
export const slotJson = (s: Pick<Slot, 'start' | 'end'>) => ({ start: isoWithOffset(s.start, agency.timeZone), end: isoWithOffset(s.end, agency.timeZone) });
export const manageUrlOf = (siteUrl: string, booking: Pick<Booking, 'manageToken'>) => `${siteUrl}/book/manage/${booking.manageToken}`;

/**
 * POST /api/booking {id, start, name, email, phone?, note?, results?, lead?}: books the session at `start`
 * when it is an offered slot: 201 {booking: {id, start, end, manageUrl}}; the same id with the same
 * answers again answers the same (nothing is booked twice, copies sent at once included), the id with
 * other answers is a 409 as the forms answer it, and the same request after its booking was cancelled
 * is a 409 saying so (without the manage link); an email address that holds as many sessions to come as
 * one may (UPCOMING_SESSIONS_PER_EMAIL) is a 409 naming `email`; a slot taken meanwhile is a 409 with the next free
 * slots; a start that is not an offered slot is a 400 naming `start`. The same form posted without
 * JavaScript is answered 303 to the booking's manage page, or with /book again.
 */
const api = new Hono<AppEnv>()
  .use(databaseReady)
  .post('/', submissionWrite(), validSubmission(bookingRequestSchema, { invalid: invalidForm }), rateLimit('forms'), async (c) => {
    const body = c.req.valid('json');
    const { booking: service, config } = c.get('deps');
    const plainForm = isFormBody(c);
    const hints = { results: body.results, lead: body.lead };
    const kept = { name: body.name, email: body.email, phone: body.phone ?? '', note: body.note ?? '' };
    const outcome = await service.book({
      id: body.id,
      start: body.start,
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      note: body.note ?? null,
      hint: { resultsToken: body.results, leadToken: body.lead },
      visitorId: visitorId(c),
      page: referringPage(c, API_PATH),
      touches: touchesOf(c),
    });
    switch (outcome.kind) {
      case 'booked': {
        const b = outcome.booking;
        if (outcome.created) c.get('deps').notifications.queued();
        if (plainForm) return c.redirect(`/book/manage/${b.manageToken}?booked=1`, 303);
        return c.json({ booking: { id: b.id, ...slotJson({ start: b.startsAt, end: b.endsAt }), manageUrl: manageUrlOf(config.PUBLIC_SITE_URL, b) } }, 201);
      }
      case 'id-conflict':
        return answerError(c, 409, SUBMISSION_CONFLICT);
      case 'cancelled':
        if (plainForm) return renderBookPage(c, { hints, values: kept, notice: bookingCopy.cancelledReplay, offerTimes: true, status: 409 });
        return answerError(c, 409, bookingCopy.cancelledReplay);
      case 'not-offered':
        if (plainForm) return renderBookPage(c, { hints, values: kept, notice: bookingCopy.notOffered, status: 400 });
        return answerError(c, 400, 'Invalid fields: start', { fields: { start: 'This time is not one we offer: choose one of GET /api/booking/slots' } });
      case 'email-has-sessions':
        // The chosen time and every answer kept, the message under the email: another address books it (nothing is stored under the id).
        if (plainForm)
          return renderBookPage(c, {
            start: body.start.toISOString(),
            id: body.id,
            hints,
            values: kept,
            errors: { email: bookingCopy.emailHasSessions },
            status: 409,
          });
        return answerError(c, 409, bookingCopy.emailHasSessions, { fields: { email: bookingCopy.emailHasSessions } });
      case 'taken':
        if (plainForm) return renderBookPage(c, { hints, values: kept, notice: bookingCopy.taken, alternatives: outcome.next, status: 409 });
        return c.json({ error: 'That time was just booked by someone else', next: outcome.next.map(slotJson), requestId: c.get('requestId') }, 409);
    }
  });

/** A plain post with errors: /book again with the chosen time, each message under its field, every answer kept. */
function invalidForm(c: AppContext, values: Record<string, unknown>, fields: FieldErrors): Promise<Response> {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  return renderBookPage(c, {
    start: text('start') || undefined,
    id: /^[\da-f-]{36}$/i.test(text('id')) ? text('id') : undefined,
    hints: { results: text('results') || undefined, lead: text('lead') || undefined },
    values: { name: text('name'), email: text('email'), phone: text('phone'), note: text('note') },
    offerTimes: !text('start'),
    errors: fields,
    status: 400,
  });
}

export default api;
