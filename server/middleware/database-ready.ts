import { createMiddleware } from 'hono/factory';
import { DatabaseUnavailable } from '../../db/errors.ts';
import type { AppEnv } from '../deps.ts';

/**
 * For what needs the database: while it is still opening at boot, the answer is 503 (through the error
 * handler, server/middleware/errors.ts) rather than a wait. Routes that work without it leave it out.
 */
export const databaseReady = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('deps').dbReady()) throw new DatabaseUnavailable('The database is not ready yet');
  await next();
});
