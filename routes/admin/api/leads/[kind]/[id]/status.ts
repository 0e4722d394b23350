import { Hono } from 'hono';
import { changeStatus } from '../../../../../../db/queries/leads.ts';
import { leadParamsSchema, statusChangeSchema } from '../../../../../../lib/leads/schema.ts';
import { jsonWrite } from '../../../../../../server/api/guards.ts';
import { validJson, validParam } from '../../../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../../../server/deadline.ts';
import type { AppEnv } from '../../../../../../server/deps.ts';
import { answerError } from '../../../../../../server/middleware/errors.ts';
import { requireStaff } from '../../../../../../server/staff-auth.ts';
import { changeBy } from '../../../../_lead-changes.ts';

const NO_SUCH_LEAD = 'No such lead';

/** POST /admin/api/leads/{type}/{id}/status {status, note?, wonValue?}: the inbox's one-click status, as JSON (won needs `wonValue`, the monthly retainer in CAD). */
export default new Hono<AppEnv>().post(
  '/',
  jsonWrite(),
  requireStaff('api'),
  validParam(leadParamsSchema, (c) => answerError(c, 404, NO_SUCH_LEAD)),
  validJson(statusChangeSchema),
  async (c) => {
    const params = c.req.valid('param');
    const { status, note, wonValue } = c.req.valid('json');
    const outcome = await withDatabaseDeadline(c.get('deps').sql, (db) => changeStatus(db, params.kind, params.id, status, note, changeBy(c), wonValue));
    if (outcome === 'missing') return answerError(c, 404, NO_SUCH_LEAD);
    if (outcome === 'erased') return answerError(c, 409, 'This lead was erased on request: it can no longer be changed');
    return c.json({ status, ...(status === 'won' ? { wonValue } : {}), changed: outcome === 'changed' });
  },
);
