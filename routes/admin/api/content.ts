import { Hono } from 'hono';
import * as z from 'zod/mini';
import { publishedVersion, publishSlot } from '../../../db/queries/content.ts';
import { runningExperimentOn } from '../../../db/queries/experiments.ts';
import { applyFields, DEFAULT_SLOT_FIELDS, isSlotName } from '../../../lib/content/slots.ts';
import { jsonWrite } from '../../../server/api/guards.ts';
import { validJson } from '../../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { answerError } from '../../../server/middleware/errors.ts';
import { requireOwner, signedInStaff } from '../../../server/staff-auth.ts';

/**
 * PUT /admin/api/content/{slot} {fields}: publishes the slot's default, the fields given changed and
 * the others kept (an owner's session and the X-CSRF-Token header; `staff` 403). 200 {slot, version, changed,
 * fields, runningExperiment}: `runningExperiment` ({id, name}, or null) is the experiment running on the
 * slot, whose control group now sees the new copy mid-test, as the editor warns a person before they
 * publish. An unknown field or a wrong type 400 naming it; an unknown slot 404.
 */
const publishSchema = z.object({ fields: z.record(z.string(), z.unknown()) });

export default new Hono<AppEnv>().put('/:slot', jsonWrite(), requireOwner('api'), validJson(publishSchema), async (c) => {
  const slot = c.req.param('slot');
  if (!isSlotName(slot)) return answerError(c, 404, 'No such content slot: the slots are hero and audit-form');
  const patch = c.req.valid('json').fields;
  const { sql, homeVariants } = c.get('deps');
  const current = (await withDatabaseDeadline(sql, (db) => publishedVersion(db, slot)))?.fields ?? DEFAULT_SLOT_FIELDS[slot];
  const result = applyFields(slot, current as never, patch);
  if (!result.ok) return answerError(c, 400, result.message, { fields: { [result.field]: result.message } });
  const { version, changed } = await publishSlot(sql, slot, result.fields, signedInStaff(c).email);
  homeVariants.changed({ slot, fields: result.fields });
  const runningExperiment = await withDatabaseDeadline(sql, (db) => runningExperimentOn(db, slot));
  return c.json({ slot, version, changed, fields: result.fields, runningExperiment });
});
