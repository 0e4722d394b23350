import { afterAll, beforeAll } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { Sql } from 'postgres';
import { openDatabase } from '../../db/client.ts';
import { launchBrowser } from './browser.ts';
import { type ScratchDatabase, scratchDatabase } from './isolated-db.ts';
import { type RunningServer, startServer } from './server.ts';
import { createStaff, signInOnPage, type TestStaff } from './staff.ts';
import { freshDataDir } from './template-db.ts';

/**
 * For a file of browser tests of the staff side, as serverAndBrowser (./browser.ts) is for the public
 * one: a server with a staff account to sign in with, and a browser, started before the file's tests
 * and stopped after. The account is made before the server starts, because once it runs the embedded
 * database is the server's alone (on PostgreSQL, at DATABASE_URL, either order would do); `seed` writes
 * a test's own rows then too. Rate limits are off unless `env` says otherwise. `ownDatabase` gives the
 * server a scratch database of its own, also on PostgreSQL (for tests that change what everyone sees,
 * such as the published copy), dropped after.
 */
export function staffServerAndBrowser(
  name: string,
  env: Record<string, string> = {},
  { seed, ownDatabase = false, twoFactor = false }: { seed?: (sql: Sql) => Promise<void>; ownDatabase?: boolean; twoFactor?: boolean } = {},
): { server: RunningServer; browser: Browser; staff: TestStaff } {
  const ctx = {} as { server: RunningServer; browser: Browser; staff: TestStaff };
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    scratch = ownDatabase ? await scratchDatabase() : undefined;
    const dataDir = scratch ? scratch.env.DATA_DIR || undefined : process.env.DATABASE_URL ? undefined : await freshDataDir();
    const db = scratch ? await scratch.open() : await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
    try {
      ctx.staff = await createStaff(db.sql, name, 'owner', { twoFactor });
      await seed?.(db.sql);
    } finally {
      await db.close();
    }
    [ctx.server, ctx.browser] = await Promise.all([startServer({ RATE_LIMITS: 'off', ...scratch?.env, ...env }, dataDir), launchBrowser()]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
    await scratch?.drop();
  });
  return ctx;
}

/** A page of a new browser context signed in as the file's staff account, on the inbox. */
export async function signedInStaffPage(
  ctx: { server: RunningServer; browser: Browser; staff: TestStaff },
  viewport: { width: number; height: number },
  { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/admin/login`);
  await signInOnPage(page, ctx.staff);
  return page;
}
