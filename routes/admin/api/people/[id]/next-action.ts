import { Hono } from 'hono';
import { setNextAction } from '../../../../../db/queries/people.ts';
import { nextActionDueProblem } from '../../../../../lib/people/next-action.ts';
import { nextActionSchema } from '../../../../../lib/people/schema.ts';
import { jsonWrite } from '../../../../../server/api/guards.ts';
import { validJson } from '../../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../../server/deadline.ts';
import type { AppEnv } from '../../../../../server/deps.ts';
import { answerError } from '../../../../../server/middleware/errors.ts';
import { requireStaff } from '../../../../../server/staff-auth.ts';
import { changeBy } from '../../../_lead-changes.ts';
import { erasedPerson, noSuchPerson, validPersonParam } from './_person-api.ts';

/** POST /admin/api/people/{id}/next-action {due, what}: `due` in ISO 8601 with its offset. */
export default new Hono<AppEnv>().post('/', jsonWrite(), requireStaff('api'), validPersonParam, validJson(nextActionSchema), async (c) => {
  const { id } = c.req.valid('param');
  const { due, what } = c.req.valid('json');
  const pastDue = nextActionDueProblem(due, c.get('deps').now());
  if (pastDue) return answerError(c, 400, 'Invalid fields: due', { fields: { due: pastDue } });
  const result = await withDatabaseDeadline(c.get('deps').sql, (db) => setNextAction(db, id, { due, what }, changeBy(c)));
  if (result === 'missing') return noSuchPerson(c);
  if (result === 'erased') return erasedPerson(c);
  return c.json({ nextAction: { due: due.toISOString(), what } });
});
