import { Hono } from 'hono';
import { changeStatus } from '../../../../../../db/queries/leads.ts';
import { statusChangeSchema } from '../../../../../../lib/leads/pipeline.ts';
import { jsonWrite } from '../../../../../../server/api/guards.ts';
import { validJson } from '../../../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../../../server/deadline.ts';
import type { AppEnv } from '../../../../../../server/deps.ts';
import { requireStaff } from '../../../../../../server/staff-auth.ts';
import { changeBy, leadParams } from '../../../../_lead-changes.ts';

/** POST /admin/api/leads/{type}/{id}/status {status, note?}: the inbox's one-click status, as JSON. */
export default new Hono<AppEnv>().post('/', jsonWrite(), requireStaff('api'), validJson(statusChangeSchema), async (c) => {
  const params = leadParams(c);
  if (!params) return c.json({ error: 'No such lead' }, 404);
  const { status, note } = c.req.valid('json');
  const outcome = await withDatabaseDeadline(c.get('deps').sql, (db) => changeStatus(db, params.kind, params.id, status, note, changeBy(c)));
  if (outcome === 'missing') return c.json({ error: 'No such lead' }, 404);
  if (outcome === 'erased') return c.json({ error: 'This lead was erased on request: it can no longer be changed' }, 409);
  return c.json({ status, changed: outcome === 'changed' });
});
