import { Hono } from 'hono';
import { logCall } from '../../../../../db/queries/people.ts';
import { callSchema } from '../../../../../lib/people/schema.ts';
import { jsonWrite } from '../../../../../server/api/guards.ts';
import { validJson } from '../../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../../server/deadline.ts';
import type { AppEnv } from '../../../../../server/deps.ts';
import { requireStaff } from '../../../../../server/staff-auth.ts';
import { changeBy } from '../../../_lead-changes.ts';
import { erasedPerson, noSuchPerson, validPersonParam } from './_person-api.ts';

/** POST /admin/api/people/{id}/calls {outcome, note?}: a call logged; 201 with its id and the next action it set. */
export default new Hono<AppEnv>().post('/', jsonWrite(), requireStaff('api'), validPersonParam, validJson(callSchema), async (c) => {
  const { id } = c.req.valid('param');
  const call = c.req.valid('json');
  const result = await withDatabaseDeadline(c.get('deps').sql, (db) => logCall(db, id, call, changeBy(c)));
  if (result === 'missing') return noSuchPerson(c);
  if (result === 'erased') return erasedPerson(c);
  return c.json({ id: result.id, nextAction: { due: result.nextAction.due.toISOString(), what: result.nextAction.what } }, 201);
});
