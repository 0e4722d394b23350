import postgres, { type Sql } from 'postgres';
import type { Config } from '../lib/config.ts';
import { migrate } from './migrate.ts';

export type Database = {
  sql: Sql;
  kind: 'postgres' | 'embedded';
  /** True once the database answered and migrations are applied. */
  isReady: () => boolean;
  /** Settles when isReady() turns true. */
  ready: Promise<void>;
  close: () => Promise<void>;
};

const clientOptions = {
  transform: postgres.camel,
  onnotice: () => {},
  connect_timeout: 5,
  idle_timeout: 60,
} as const;

const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 3000];

/**
 * Connects to DATABASE_URL, or starts embedded PGlite in DATA_DIR, and applies migrations.
 * With `retry`, a PostgreSQL that is down at boot does not stop start-up: the returned database is
 * not ready yet, and migrations are retried in the background until the server accepts connections.
 * Without it (tests, tools), a failure throws.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  { retry = false, log = (_: Record<string, unknown>) => {} } = {},
): Promise<Database> {
  if (!config.DATABASE_URL) {
    // Imported only here: a server on PostgreSQL never loads PGlite.
    const { startEmbeddedPostgres } = await import('./embedded.ts');
    const embedded = await startEmbeddedPostgres(config.DATA_DIR);
    // PGlite is one backend behind the socket server; one connection keeps transactions from
    // interleaving and never exceeds the server's connection limit.
    const sql = postgres({ ...clientOptions, host: embedded.host, port: embedded.port, user: 'postgres', database: 'postgres', max: 1 });
    await migrate(sql);
    return {
      sql,
      kind: 'embedded',
      isReady: () => true,
      ready: Promise.resolve(),
      close: async () => {
        await sql.end({ timeout: 5 });
        await embedded.stop();
      },
    };
  }

  const sql = postgres(config.DATABASE_URL, { ...clientOptions, max: 10 });
  let readyFlag = false;
  let closed = false;
  const migrateUntilDone = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await migrate(sql);
        readyFlag = true;
        if (attempt > 0) log({ msg: 'database is up', attempts: attempt + 1 });
        return;
      } catch (err) {
        if (!retry || closed) throw err;
        log({ msg: 'database not reachable, retrying', attempt: attempt + 1, code: (err as { code?: string }).code ?? 'unknown' });
        await Bun.sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]);
      }
    }
  };
  const ready = migrateUntilDone();
  if (!retry) await ready;
  else ready.catch(() => {});
  return {
    sql,
    kind: 'postgres',
    isReady: () => readyFlag,
    ready,
    close: async () => {
      closed = true;
      await sql.end({ timeout: 5 });
    },
  };
}
