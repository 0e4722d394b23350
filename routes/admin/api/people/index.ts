import { Hono } from 'hono';
import { searchPeople } from '../../../../db/queries/people.ts';
import { peopleSearchSchema } from '../../../../lib/people/schema.ts';
import { validQuery } from '../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../server/deadline.ts';
import type { AppEnv } from '../../../../server/deps.ts';
import { requireStaff } from '../../../../server/staff-auth.ts';

/**
 * GET /admin/api/people?q=TEXT: the people whose name, business, email or phone contains the text (or
 * everyone, newest first; up to 50), each with their leads, next action and whether they are overdue.
 */
export default new Hono<AppEnv>().get('/', requireStaff('api'), validQuery(peopleSearchSchema), async (c) => {
  const { q } = c.req.valid('query');
  const { sql, now } = c.get('deps');
  const people = await withDatabaseDeadline(sql, (db) => searchPeople(db, q, now()));
  return c.json({
    people: people.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      phone: p.phone,
      leads: p.leads.map((l) => ({ type: l.type, id: l.id, createdAt: l.createdAt.toISOString(), status: l.status })),
      nextAction: p.nextAction ? { due: p.nextAction.due.toISOString(), what: p.nextAction.what } : null,
      overdue: p.overdue,
    })),
  });
});
