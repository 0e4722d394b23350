import type { Browser } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { createStaff, type TestStaff } from './staff.ts';
import { freshDataDir } from './template-db.ts';

/**
 * A server with a staff account to sign in with, and a browser: the account is made before the server
 * starts, because once it runs the embedded database is the server's alone (on PostgreSQL, at
 * DATABASE_URL, either order would do). Rate limits are off unless `env` says otherwise.
 */
export async function startStaffServer(name: string, env: Record<string, string> = {}): Promise<{ server: RunningServer; browser: Browser; staff: TestStaff }> {
  const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
  const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
  let staff: TestStaff;
  try {
    staff = await createStaff(db.sql, name);
  } finally {
    await db.close();
  }
  const [server, browser] = await Promise.all([startServer({ RATE_LIMITS: 'off', ...env }, dataDir), launchBrowser()]);
  return { server, browser, staff };
}
