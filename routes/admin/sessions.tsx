import { Hono } from 'hono';
import { SessionsPage, type SessionsPageProps } from '../../components/staff/SessionsPage.tsx';
import { findBooking, markOutcome, sessionsAround } from '../../db/queries/bookings.ts';
import { sessionLabel } from '../../lib/booking/display.ts';
import { sessionOutcomeSchema, sessionParamsSchema } from '../../lib/booking/schema.ts';
import { MARKABLE_DAYS, sessionList } from '../../lib/booking/session-list.ts';
import { fieldLines } from '../../lib/forms/validation.ts';
import { agency } from '../../lib/site.ts';
import { formWrite } from '../../server/api/guards.ts';
import { validForm, validParam } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext, AppEnv } from '../../server/deps.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { definePage, renderPage } from '../../server/page.tsx';
import { requireStaff, signedInStaff } from '../../server/staff-auth.ts';
import { staffMeta } from './_staff-pages.tsx';

const sessionsPage = definePage<SessionsPageProps>({ meta: staffMeta('Sessions', '/admin/sessions'), Component: SessionsPage });

/** What marking did, shown after its 303 (only these words: the query names one, it cannot say anything). */
const NOTICES = {
  held: 'Marked as held.',
  'no-show': 'Marked as a no-show: they are sent a friendly email with a link to book again.',
} as const;

export const SESSION_NOT_STARTED = (start: Date) =>
  `This session has not started yet (it starts ${sessionLabel(start, agency.timeZone)}): mark it once it has.`;

const BACK = '/admin/sessions';
const noSuchSession = (c: AppContext) => staffProblem(c, 404, 'No such session', ['This session does not exist. It may have been a mistyped link.'], BACK);
const refused = (c: AppContext, why: string) => staffProblem(c, 409, 'Nothing was changed', [why], BACK);

/**
 * /admin/sessions: every staff member's sessions, upcoming by day and those of the last two weeks;
 * POST /admin/sessions/{id}/outcome marks one that started as held or a no-show (which queues the
 * no-show email). It is a shared back office: any staff member may mark any session.
 */
const sessions = new Hono<AppEnv>()
  .get('/', requireStaff('page'), async (c) => {
    const { sql, now } = c.get('deps');
    const at = now();
    const rows = await withDatabaseDeadline(sql, (db) => sessionsAround(db, at, MARKABLE_DAYS));
    const done = c.req.query('done');
    return renderPage(c, sessionsPage, {
      staff: signedInStaff(c),
      ...sessionList(rows, at, agency.timeZone),
      notice: done && Object.hasOwn(NOTICES, done) ? NOTICES[done as keyof typeof NOTICES] : undefined,
    });
  })
  .post(
    '/:id/outcome',
    formWrite(),
    requireStaff('page'),
    validParam(sessionParamsSchema, (c) => noSuchSession(c)),
    validForm(sessionOutcomeSchema, { invalid: (c, _values, fields) => staffProblem(c, 400, 'Nothing was changed', fieldLines(fields), BACK) }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { outcome } = c.req.valid('form');
      const { sql, now, notifications } = c.get('deps');
      const staff = signedInStaff(c);
      const at = now();
      const session = await withDatabaseDeadline(sql, (db) => findBooking(db, id));
      if (!session) return noSuchSession(c);
      if (session.erasedAt) return refused(c, 'This session’s lead was erased on request: it can no longer be changed.');
      if (session.status === 'cancelled') return refused(c, 'This session was cancelled: there is nothing to mark.');
      if (session.startsAt.getTime() > at.getTime()) return refused(c, SESSION_NOT_STARTED(session.startsAt));
      // Null when it was already marked so (a second click): done all the same.
      const changed = await withDatabaseDeadline(sql, (db) => markOutcome(db, id, outcome, { id: staff.id, email: staff.email }, at));
      if (changed) notifications.queued();
      return c.redirect(`/admin/sessions?done=${outcome}#session-${encodeURIComponent(id)}`, 303);
    },
  );

export default sessions;
