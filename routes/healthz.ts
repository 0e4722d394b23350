import { Hono } from 'hono';
import { backupStatus } from '../features/operations/backup/status.ts';
import type { AppEnv } from '../server/deps.ts';

/**
 * 200 {status: 'ok', db: 'ok'} while the database answers, else 503 with Retry-After. Answered from the
 * last background check (server/database-health.ts), at once: a load balancer's or systemd's probe never
 * waits on the database, and one that half-closes its connection after sending still gets its answer.
 * While this process's last backup attempt failed, the answer adds `backup: "failed"`
 * (features/operations/backup/status.ts) but keeps its status: visitors are still served, so a load balancer must
 * not take the site out of rotation for it.
 */
export default new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  const { databaseHealth } = c.get('deps');
  databaseHealth.start();
  const db = databaseHealth.isUp() ? 'ok' : 'unavailable';
  // One object for every part that reports its health; a part that fails turns the whole answer to 503.
  const report = { status: db === 'ok' ? 'ok' : 'error', db, ...(backupStatus().state === 'failed' ? { backup: 'failed' } : {}) };
  if (report.status === 'ok') return c.json(report);
  c.header('Retry-After', '5');
  return c.json(report, 503);
});
