import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import initdbWasm from '@electric-sql/pglite/initdb.wasm' with { type: 'file' };
import pgliteData from '@electric-sql/pglite/pglite.data' with { type: 'file' };
// Imported as files and handed to PGlite, so `bun build --compile` embeds them in the binary.
import pgliteWasm from '@electric-sql/pglite/pglite.wasm' with { type: 'file' };
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PREPARED_DATA_FILE } from '../lib/pages/assets.ts';
import { unpackDataDir } from './data-dir-archive.ts';
import { type InterruptiblePglite, openInterruptiblePglite, withSharedMemory } from './statement-watchdog.ts';

export type EmbeddedPostgres = {
  stop: () => Promise<void>;
  /**
   * Runs `work` while no statement runs: PGlite's own lock, which its socket server takes for every
   * message. What is on disk then is the database as of the last statement (backups copy it).
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** From now on, a statement running longer than `ms` is stopped (db/statement-watchdog.ts). */
  limitStatements: (ms: number) => Promise<void>;
};

/**
 * PGlite's memory is the server's and never shrinks once touched: PostgreSQL's default 128 MB of shared
 * buffers showed as 140 MB of growth under the soak, and 32 MB were all resident from the start. 8 MB
 * (1,024 pages) holds the hot pages of the leads and the tests; the rest of the data files sit in the
 * operating system's page cache, which is shared with everything else on the machine and given back
 * when it needs memory.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

const compile = async (path: string) => WebAssembly.compile(await Bun.file(path).bytes());

// Compiled once a process, with its memory shared (db/statement-watchdog.ts): the server's database and
// a backup's check share it.
let compiled: Promise<WebAssembly.Module> | undefined;
const pgliteModule = () => {
  compiled ??= Bun.file(pgliteWasm)
    .bytes()
    .then((bytes) => WebAssembly.compile(withSharedMemory(bytes)));
  return compiled;
};

/**
 * Opens (or creates) PGlite in dataDir. A folder without a database gets a copy of `prepared`, the
 * migrated data folder the build makes (db/prepared-data.ts), when there is one: creating a database
 * runs initdb (a second PostgreSQL in WebAssembly, and a copy of its heap), which took the process to
 * about 1 GB, and the memory stayed taken. Without it (the build itself), initdb runs, on a PGlite of its
 * own (initdb does not run on shared memory), closed before the database is opened.
 */
async function openPglite(dataDir: string, prepared: string | null): Promise<InterruptiblePglite> {
  mkdirSync(dataDir, { recursive: true });
  const hasDatabase = () => existsSync(join(dataDir, 'PG_VERSION'));
  if (!hasDatabase() && prepared && existsSync(prepared)) await unpackDataDir(prepared, dataDir);
  if (!hasDatabase()) {
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile(pgliteWasm), compile(initdbWasm)]);
    const creating = await PGlite.create({ dataDir, pgliteWasmModule, initdbWasmModule, fsBundle: Bun.file(pgliteData), startParams: START_PARAMS });
    await creating.close();
  }
  return openInterruptiblePglite(dataDir, await pgliteModule(), { fsBundle: Bun.file(pgliteData), startParams: START_PARAMS });
}

/** Opens (or creates) PGlite in dataDir and serves it on the Unix socket `socketPath`. */
export async function startEmbeddedPostgres(
  dataDir: string,
  socketPath: string,
  { prepared = PREPARED_DATA_FILE }: { prepared?: string | null } = {},
): Promise<EmbeddedPostgres> {
  const { pg, limitStatements, stopWatching } = await openPglite(dataDir, prepared);
  const server = new PGLiteSocketServer({ db: pg, path: socketPath, maxConnections: 1 });
  await server.start();
  return {
    stop: async () => {
      stopWatching();
      await server.stop();
      await pg.close();
    },
    exclusive: (work) => pg.runExclusive(work),
    limitStatements,
  };
}

/**
 * The number of leads in the embedded database in `dataDir`, opened on its own (no server, no
 * migrations) and closed again: how a backup is checked once restored. Its memory (about 70 MB) is
 * given back to the system by a full collection once it is closed.
 */
export async function countLeadsIn(dataDir: string): Promise<number> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database`);
  const { pg } = await openPglite(dataDir, null);
  try {
    const { rows } = await pg.query<{ count: number }>('select count(*)::int as count from leads');
    return rows[0].count;
  } finally {
    await pg.close();
    Bun.gc(true);
  }
}
