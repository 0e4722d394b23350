import { withDatabaseDeadline } from '../server/deadline.ts';
import type { AppContext } from '../server/deps.ts';

const HEALTH_DEADLINE_MS = 2000;

/** 200 when the database answers within 2 s, else 503. */
export async function healthz(c: AppContext) {
  c.header('Cache-Control', 'no-store');
  const { dbReady, sql } = c.get('deps');
  try {
    if (!dbReady()) throw new Error('database not ready');
    await withDatabaseDeadline(sql`select 1`.execute(), HEALTH_DEADLINE_MS);
    return c.json({ status: 'ok', db: 'ok' });
  } catch {
    c.header('Retry-After', '5');
    return c.json({ status: 'error', db: 'unavailable' }, 503);
  }
}
