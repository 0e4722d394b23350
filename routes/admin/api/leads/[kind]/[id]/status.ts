import { Hono } from 'hono';
import { changeStatus, overdueLeadCount } from '../../../../../../db/queries/leads.ts';
import { followUpOfLead } from '../../../../../../db/queries/people-inbox.ts';
import { leadParamsSchema, statusChangeSchema } from '../../../../../../lib/leads/schema.ts';
import { nextActionView } from '../../../../../../lib/people/inbox.ts';
import { jsonWrite } from '../../../../../../server/api/guards.ts';
import { validJson, validParam } from '../../../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../../../server/deadline.ts';
import type { AppEnv } from '../../../../../../server/deps.ts';
import { answerError } from '../../../../../../server/middleware/errors.ts';
import { requireStaff } from '../../../../../../server/staff-auth.ts';
import { changeBy } from '../../../../_lead-changes.ts';

const NO_SUCH_LEAD = 'No such lead';

/**
 * POST /admin/api/leads/{type}/{id}/status {status, note?, wonValue?}: the inbox's one-click status, as
 * JSON (won needs `wonValue`, the monthly retainer in CAD). The answer carries the person's next action
 * as the inbox row shows it after the change (`followUp`: a first reply done becomes a follow-up, a last
 * lead closed clears it), so the row can be redrawn without a reload, and how many leads are now past
 * the 2-business-day promise (`overdueLeads`, the inbox's headline).
 */
export default new Hono<AppEnv>().post(
  '/',
  jsonWrite(),
  requireStaff('api'),
  validParam(leadParamsSchema, (c) => answerError(c, 404, NO_SUCH_LEAD)),
  validJson(statusChangeSchema),
  async (c) => {
    const params = c.req.valid('param');
    const { status, note, wonValue } = c.req.valid('json');
    const change = changeBy(c);
    const done = await withDatabaseDeadline(c.get('deps').sql, async (db) => {
      const outcome = await changeStatus(db, params.kind, params.id, status, note, change, wonValue);
      if (outcome !== 'changed' && outcome !== 'unchanged') return { outcome, followUp: null, overdueLeads: 0 };
      return { outcome, followUp: await followUpOfLead(db, params.kind, params.id, change.now), overdueLeads: await overdueLeadCount(db, change.now) };
    });
    if (done.outcome === 'missing') return answerError(c, 404, NO_SUCH_LEAD);
    if (done.outcome === 'erased') return answerError(c, 409, 'This lead was erased on request: it can no longer be changed');
    return c.json({
      status,
      ...(status === 'won' ? { wonValue } : {}),
      changed: done.outcome === 'changed',
      followUp: done.followUp ? nextActionView(done.followUp, change.now) : null,
      overdueLeads: done.overdueLeads,
    });
  },
);
