import { backupStatus } from '../features/backup/status.ts';
import { withDatabaseDeadline } from '../server/deadline.ts';
import type { AppContext } from '../server/deps.ts';

const HEALTH_DEADLINE_MS = 2000;

/**
 * 200 when the database answers within 2 s, else 503. While this process's last backup attempt failed,
 * the answer says `backup: "failed"` (features/backup/status.ts); the status code stays the database's,
 * as a load balancer should keep sending visitors to a site whose backup failed.
 */
export async function healthz(c: AppContext) {
  c.header('Cache-Control', 'no-store');
  const { dbReady, sql } = c.get('deps');
  const backup = backupStatus().state === 'failed' ? { backup: 'failed' as const } : {};
  try {
    if (!dbReady()) throw new Error('database not ready');
    await withDatabaseDeadline(sql`select 1`.execute(), HEALTH_DEADLINE_MS);
    return c.json({ status: 'ok', db: 'ok', ...backup });
  } catch {
    c.header('Retry-After', '5');
    return c.json({ status: 'error', db: 'unavailable', ...backup }, 503);
  }
}
