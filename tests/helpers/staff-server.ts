import { afterAll, beforeAll } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { Sql } from 'postgres';
import { openDatabase } from '../../db/client.ts';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { createStaff, type TestStaff } from './staff.ts';
import { freshDataDir } from './template-db.ts';

/**
 * For a file of browser tests of the staff side, as serverAndBrowser (./browser.ts) is for the public
 * one: a server with a staff account to sign in with, and a browser, started before the file's tests
 * and stopped after. The account is made before the server starts, because once it runs the embedded
 * database is the server's alone (on PostgreSQL, at DATABASE_URL, either order would do); `seed` writes
 * a test's own rows then too. Rate limits are off unless `env` says otherwise.
 */
export function staffServerAndBrowser(
  name: string,
  env: Record<string, string> = {},
  { seed }: { seed?: (sql: Sql) => Promise<void> } = {},
): { server: RunningServer; browser: Browser; staff: TestStaff } {
  const ctx = {} as { server: RunningServer; browser: Browser; staff: TestStaff };
  beforeAll(async () => {
    const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
    const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
    try {
      ctx.staff = await createStaff(db.sql, name);
      await seed?.(db.sql);
    } finally {
      await db.close();
    }
    [ctx.server, ctx.browser] = await Promise.all([startServer({ RATE_LIMITS: 'off', ...env }, dataDir), launchBrowser()]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}
