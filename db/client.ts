import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres, { type Sql } from 'postgres';
import type { Config } from '../lib/config.ts';
import { createLogger, type Logger } from '../server/log.ts';
import { ignoresCancelRequests } from './abortable.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { MigrationFailed, migrate } from './migrate.ts';

export type Database = {
  sql: Sql;
  kind: 'postgres' | 'embedded';
  /** True once the database answered and migrations are applied. */
  isReady: () => boolean;
  /** Settles when isReady() turns true. */
  ready: Promise<void>;
  /** Whether LISTEN reaches other processes' NOTIFY: PostgreSQL, unless through PgBouncer in transaction mode. */
  canListen: boolean;
  /** The embedded database's folder and hold on it (backups copy the folder); absent on PostgreSQL. */
  embedded?: EmbeddedHandle;
  /**
   * Ends every pooled connection once its statement in hand is answered (rolling back whatever it still
   * held: PostgreSQL ends the session, PGlite's socket server rolls back for a client that leaves); the
   * pool opens new ones as queries come. For after an error that may have left a connection in a state
   * the driver lost track of.
   */
  resetConnections: () => Promise<void>;
  close: () => Promise<void>;
};

export type EmbeddedHandle = {
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** Runs `work` once the database is open, while no statement runs (db/embedded.ts). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** Adds fields to what DATA_DIR's lock file says of this process (db/data-dir-lock.ts). */
  announce: (fields: Record<string, string>) => void;
};

// postgres.js has sql.close() (end the connections, keep the pool) but leaves it out of its types.
const resetConnectionsOf = (sql: Sql) => () => (sql as unknown as { close(): Promise<void> }).close();

/** How the site connects to PostgreSQL (ignored by the embedded database, which has one connection). */
export type ConnectionSettings = Partial<Pick<Config, 'DATABASE_POOL_MAX' | 'DATABASE_PGBOUNCER'>>;

const clientOptions = {
  transform: postgres.camel,
  onnotice: () => {},
  connect_timeout: 5,
  idle_timeout: 60,
  // postgres.js waits 3^n/100 s (up to 20 s) before reconnecting after the n-th failed attempt, counted
  // across the pool, so a few seconds' outage under traffic could keep the site down long after the
  // database was back. Retrying every second at most serves again within about a second of it.
  backoff: (retries: number) => Math.min(0.1 * retries, 1),
} as const;

/** Where start-up reports on the database: the server's logger; nothing for tests and tools. */
const quiet: Logger = createLogger(() => {});

const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 3000];

/**
 * Connects to DATABASE_URL, or starts embedded PGlite in DATA_DIR, and applies migrations.
 * With `background` (the server), the database comes up while the server already answers: pages that
 * need no data are served at once and the rest answer 503 until `isReady()`. A PostgreSQL that is down
 * at boot is retried until it accepts connections; an embedded database that cannot open, or a migration
 * either database refuses (MigrationFailed), is fatal (`onFatal`), and a folder another process holds
 * throws DataDirInUse at once. Without it (tests, tools), the database is ready when this returns, or it throws.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & ConnectionSettings,
  {
    background = false,
    log = quiet,
    onFatal = (_: unknown) => {},
    statementTimeoutMs,
    preparedData,
    migrations = true,
  }: {
    background?: boolean;
    log?: Logger;
    onFatal?: (error: unknown) => void;
    /**
     * How long a statement may run: the server passes its request deadline, so a query whose work is past
     * it stops on the server too. On PostgreSQL, every connection's `statement_timeout` and
     * `idle_in_transaction_session_timeout`; on the embedded database, where statement_timeout cannot go
     * off, db/statement-watchdog.ts stops the statement (from when the database is ready: migrations are
     * not cut short).
     */
    statementTimeoutMs?: number;
    /**
     * The migrated data folder an empty DATA_DIR starts from (db/prepared-data.ts): the build's, by
     * default; the binary's own; null to create the database with initdb (the build itself does).
     */
    preparedData?: string | null;
    /** False to leave the schema as it is (`bun run backup` copies the database as it stands). */
    migrations?: boolean;
  } = {},
): Promise<Database> {
  if (!config.DATABASE_URL) {
    // PGlite is one backend behind a socket server on a Unix socket whose path is known before it
    // starts, so the client exists at once (queries before then fail fast with ENOENT). One connection
    // keeps transactions from interleaving and never exceeds the socket server's connection limit.
    // Before anything else: a second server on the same folder stops here (DataDirInUse).
    const lock = await lockDataDir(config.DATA_DIR);
    const path = join(tmpdir(), `tlm-pglite-${process.pid}-${crypto.randomUUID().slice(0, 8)}.sock`);
    const sql = postgres({ ...clientOptions, path, user: 'postgres', database: 'postgres', max: 1 });
    ignoresCancelRequests(sql);
    let readyFlag = false;
    let closed = false;
    const ready = (async () => {
      // Imported only here: a server on PostgreSQL never loads PGlite.
      const { startEmbeddedPostgres } = await import('./embedded.ts');
      const embedded = await startEmbeddedPostgres(config.DATA_DIR, path, { prepared: preparedData });
      try {
        if (migrations) await migrate(sql);
        // PGlite runs PostgreSQL without its background workers, so autovacuum never gathers the
        // planner's statistics: gather them at each start (a few hundred ms at 50,000 leads), for the
        // site's own tables: the system catalogs' serve none of its queries, and took a second more.
        const tables = await sql<{ name: string }[]>`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = current_schema()`;
        if (tables.length > 0) await sql.unsafe(`analyze ${tables.map((t) => t.name).join(', ')}`);
        if (statementTimeoutMs)
          await embedded
            .limitStatements(statementTimeoutMs)
            .catch((error) => log.warn('statements on the embedded database will not be stopped', { error: String(error) }));
      } catch (err) {
        await embedded.stop();
        lock.release();
        throw err;
      }
      readyFlag = true;
      return embedded;
    })();
    if (!background) await ready;
    // Closing while it opens (a SIGTERM during boot) ends the client under the migrations: not a failure.
    else ready.catch((err) => closed || onFatal(err));
    return {
      sql,
      kind: 'embedded',
      isReady: () => readyFlag,
      ready: ready.then(() => {}),
      canListen: false,
      embedded: {
        dataDir: resolve(config.DATA_DIR),
        exclusive: async (work) => (await ready).exclusive(work),
        announce: lock.announce,
      },
      resetConnections: resetConnectionsOf(sql),
      close: async () => {
        closed = true;
        await sql.end({ timeout: 5 });
        const embedded = await ready.catch(() => null);
        await embedded?.stop();
        lock.release();
      },
    };
  }

  const pgbouncer = config.DATABASE_PGBOUNCER ?? false;
  const timeouts = statementTimeoutMs ? { statement_timeout: statementTimeoutMs, idle_in_transaction_session_timeout: statementTimeoutMs } : undefined;
  const sql = postgres(config.DATABASE_URL, {
    ...clientOptions,
    max: config.DATABASE_POOL_MAX ?? 10,
    // PgBouncer in transaction mode gives each transaction whichever server connection is free: a
    // statement prepared on one is unknown on the next, and startup parameters it does not track are
    // refused (the timeouts are then the role's: checked below).
    prepare: !pgbouncer,
    ...(timeouts && !pgbouncer ? { connection: timeouts } : {}),
  });
  let readyFlag = false;
  let closed = false;
  const migrateUntilDone = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        if (migrations) await migrate(sql);
        else await sql`select 1`;
        readyFlag = true;
        if (attempt > 0) log.info('database is up', { attempts: attempt + 1 });
        if (statementTimeoutMs && pgbouncer) await warnWithoutTimeout(sql, log, statementTimeoutMs);
        return;
      } catch (err) {
        // A migration the database refused fails the same way every time: fatal, not retried.
        if (!background || closed || err instanceof MigrationFailed) throw err;
        log.warn('database not reachable, retrying', { attempt: attempt + 1, code: (err as { code?: string }).code ?? 'unknown' });
        await Bun.sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]);
      }
    }
  };
  const ready = migrateUntilDone();
  if (!background) await ready;
  else ready.catch((err) => closed || onFatal(err));
  return {
    sql,
    kind: 'postgres',
    isReady: () => readyFlag,
    ready,
    canListen: !pgbouncer,
    resetConnections: resetConnectionsOf(sql),
    close: async () => {
      closed = true;
      await sql.end({ timeout: 5 });
    },
  };
}

/** Behind PgBouncer the timeouts are the database role's own: a role without them is worth a warning. */
async function warnWithoutTimeout(sql: Sql, log: Logger, ms: number): Promise<void> {
  const [row] = await sql<{ statementTimeout: string }[]>`select current_setting('statement_timeout') as statement_timeout`.catch(() => []);
  if (row?.statementTimeout === '0')
    log.warn(
      `statement_timeout is not set for this role behind PgBouncer: a query that misses the ${ms} ms deadline keeps running (ALTER ROLE … SET statement_timeout = '${ms}ms', and idle_in_transaction_session_timeout)`,
    );
}
