import { rmSync } from 'node:fs';
import { scratchPostgresDatabase } from '../../bench/scratch-postgres.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { freshDataDir } from './template-db.ts';

export type ScratchDatabase = {
  /** What a server process needs to use it: DATABASE_URL, or DATA_DIR for the embedded one. */
  env: Record<string, string>;
  /** A client of its own (the embedded database only while no server process holds it). */
  open(): Promise<Database>;
  /** Closes the clients it opened and removes the database. */
  drop(): Promise<void>;
};

/**
 * A migrated, empty database of a test's own, on the same kind as the suite (a scratch database on the
 * PostgreSQL at DATABASE_URL when it is set, else a fresh embedded one), for tests that count what a
 * whole database holds: a queue, or server processes that must see nobody else's rows.
 */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  const opened: Database[] = [];
  const track = async (db: Promise<Database>) => {
    const open = await db;
    opened.push(open);
    return open;
  };
  const closeAll = async () => {
    // A test may have closed one itself already (to let a server process open the embedded database).
    for (const db of opened.splice(0))
      await Promise.resolve()
        .then(() => db.close())
        .catch(() => {});
  };
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgresDatabase(process.env.DATABASE_URL, `tlm_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`);
    // Migrated once here, so a test's processes start on the full schema.
    await (await openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' })).close();
    return {
      env: { DATABASE_URL: scratch.url },
      open: () => track(openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' })),
      drop: async () => {
        await closeAll();
        await scratch.drop();
      },
    };
  }
  const dir = await freshDataDir();
  return {
    env: { DATABASE_URL: '', DATA_DIR: dir },
    open: () => track(openDatabase({ DATA_DIR: dir })),
    drop: async () => {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
