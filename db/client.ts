import postgres, { type Sql } from 'postgres';
import type { Config } from '../lib/config.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

export type Database = {
  sql: Sql;
  kind: 'postgres' | 'embedded';
  close: () => Promise<void>;
};

const clientOptions = {
  transform: postgres.camel,
  onnotice: () => {},
  connect_timeout: 5,
  idle_timeout: 60,
} as const;

/** Connects to DATABASE_URL, or starts embedded PGlite in DATA_DIR; then applies migrations. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  let db: Database;
  if (config.DATABASE_URL) {
    const sql = postgres(config.DATABASE_URL, { ...clientOptions, max: 10 });
    db = { sql, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
  } else {
    const embedded = await startEmbeddedPostgres(config.DATA_DIR);
    // PGlite is one backend behind the socket server; one connection keeps transactions from
    // interleaving and never exceeds the server's connection limit.
    const sql = postgres({ ...clientOptions, host: embedded.host, port: embedded.port, user: 'postgres', database: 'postgres', max: 1 });
    db = {
      sql,
      kind: 'embedded',
      close: async () => {
        await sql.end({ timeout: 5 });
        await embedded.stop();
      },
    };
  }
  await migrate(db.sql);
  return db;
}
