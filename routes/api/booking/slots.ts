import { Hono } from 'hono';
import { slotsQuerySchema } from '../../../lib/booking/schema.ts';
import { agency } from '../../../lib/site.ts';
import { validQuery } from '../../../server/api/validate.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { databaseReady } from '../../../server/middleware/database-ready.ts';
import { slotJson } from './index.ts';

/**
 * GET /api/booking/slots?days=N: {timeZone: "America/Toronto", slots: [{start, end}]}, the open times of
 * the next N days (7 by default, the booking horizon at most), ISO 8601 in UTC. Never kept by a cache.
 */
const slots = new Hono<AppEnv>().use(databaseReady).get('/', validQuery(slotsQuerySchema), async (c) => {
  const { booking } = c.get('deps');
  const { days } = c.req.valid('query');
  c.header('Cache-Control', 'no-store');
  const open = await booking.slots(Math.min(days, booking.rules.daysAhead));
  return c.json({ timeZone: agency.timeZone, slots: open.map(slotJson) });
});

export default slots;
