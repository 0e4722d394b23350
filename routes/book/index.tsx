import { Hono } from 'hono';
import { prefillFor } from '../../db/queries/bookings.ts';
import { bookPageQuerySchema } from '../../lib/booking/page-query.ts';
import { validQuery } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { databaseReady } from '../../server/middleware/database-ready.ts';
import { renderBookPage } from './_book-page.tsx';

/**
 * GET /book: the open times, by Toronto day; `?start=` opens the form for one (prefilled from the
 * visitor's audit with `?results=`, or from the lead a staff member's link names with `?lead=`). Plain
 * links and a plain form: it all works without JavaScript.
 */
const book = new Hono<AppEnv>().use(databaseReady).get('/', validQuery(bookPageQuerySchema), async (c) => {
  const { start, days, results, lead } = c.req.valid('query');
  const hints = { results, lead };
  const prefill =
    start && (results || lead) ? await withDatabaseDeadline(c.get('deps').sql, (db) => prefillFor(db, { resultsToken: results, leadToken: lead })) : null;
  return renderBookPage(c, { start, days, hints, values: prefill ?? {} });
});

export default book;
