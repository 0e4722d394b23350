import { Hono } from 'hono';
import { erasePerson } from '../../../../../db/queries/erasure.ts';
import { personEraseSchema } from '../../../../../lib/people/schema.ts';
import { jsonWrite } from '../../../../../server/api/guards.ts';
import { validJson } from '../../../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../../../server/deadline.ts';
import type { AppEnv } from '../../../../../server/deps.ts';
import { answerError } from '../../../../../server/middleware/errors.ts';
import { requireOwner } from '../../../../../server/staff-auth.ts';
import { changeBy } from '../../../_lead-changes.ts';
import { noSuchPerson, validPersonParam } from './_person-api.ts';

/**
 * POST /admin/api/people/{id}/erase {}: erases the person and every lead of theirs (the call itself is
 * the confirmation: the page asks first). A connected webhook receiver is told of each lead, as when
 * one lead is erased. 410 when they were erased already; 403 for a `staff` account (owners only).
 */
export default new Hono<AppEnv>().post('/', jsonWrite(), requireOwner('api'), validPersonParam, validJson(personEraseSchema), async (c) => {
  const { id } = c.req.valid('param');
  const { sql, notifications } = c.get('deps');
  const notifyReceiver = notifications.channels.includes('webhook');
  const result = await withDatabaseDeadline(sql, (db) => erasePerson(db, id, { ...changeBy(c), reason: 'request', notifyReceiver }));
  if (result === 'missing') return noSuchPerson(c);
  if (result === 'erased') return answerError(c, 410, 'This person was erased already');
  if (notifyReceiver) notifications.queued();
  return c.json({ erased: true });
});
