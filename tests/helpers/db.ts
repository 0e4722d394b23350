import { type Database, openDatabase } from '../../db/client.ts';
import { freshDataDir } from './template-db.ts';

const holder = globalThis as { __testDatabase?: Promise<Database> };

/**
 * The real database the API tests run against, one per test process: PostgreSQL at DATABASE_URL
 * when set, else a fresh embedded PGlite. Tests never assume an empty table: they use their own ids.
 */
export function testDatabase(): Promise<Database> {
  holder.__testDatabase ??= process.env.DATABASE_URL
    ? openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '' })
    : freshDataDir().then((DATA_DIR) => openDatabase({ DATA_DIR }));
  return holder.__testDatabase;
}
