import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PREPARED_DATA_FILE } from '../lib/pages/assets.ts';
import { stdoutLog } from '../server/log.ts';
import { openDatabase } from './client.ts';
import { packDataDir } from './data-dir-archive.ts';
import { SITE_ENTRIES } from './data-dir-lock.ts';
import { migrations } from './migrations/index.ts';

// The embedded database's data folder, created and migrated once by the build (`bun run build`, and
// `bun server.ts` when it is missing or stale) and copied into an empty DATA_DIR at the first start
// (db/embedded.ts), so a server never runs initdb: creating a database in WebAssembly took the server
// to about 1 GB, against about 220 MB to open one. Migrations newer than the copy run at start as usual.
// `bun run build:binary` embeds it in the binary.

const INFO_FILE = 'dist/embedded-db.json';

/** What the copy depends on: PGlite's version (its data folder's format) and the migrations in it. */
async function fingerprint(): Promise<string> {
  const pglite = (await Bun.file(Bun.resolveSync('@electric-sql/pglite/package.json', import.meta.dir)).json()) as { version: string };
  const hash = createHash('sha256').update(`pglite ${pglite.version}\n`);
  for (const m of migrations) hash.update(`${m.name}\n${m.sql}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes the prepared copy when it is missing or out of date, in a process of its own: initdb's
 * gigabyte is that process's, and is gone when it exits (not the server's, which then starts small).
 */
export async function ensurePreparedData(): Promise<void> {
  const wanted = await fingerprint();
  const info = (await Bun.file(INFO_FILE)
    .json()
    .catch(() => null)) as { fingerprint?: string } | null;
  if (info?.fingerprint === wanted && (await Bun.file(PREPARED_DATA_FILE).exists())) return;
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'prepared-data.ts')], { stdout: 'inherit', stderr: 'inherit' });
  if ((await proc.exited) !== 0) throw new Error('could not prepare the embedded database (db/prepared-data.ts)');
}

async function writePreparedData(): Promise<void> {
  const started = performance.now();
  const folder = mkdtempSync(join(tmpdir(), 'tlm-prepared-'));
  try {
    const db = await openDatabase({ DATA_DIR: folder }, { preparedData: null });
    await db.close();
    mkdirSync(dirname(PREPARED_DATA_FILE), { recursive: true });
    const partial = `${PREPARED_DATA_FILE}.tmp-${process.pid}`;
    await packDataDir(folder, partial, (path) => !SITE_ENTRIES.has(path.split('/')[0]));
    renameSync(partial, PREPARED_DATA_FILE);
    await Bun.write(INFO_FILE, JSON.stringify({ fingerprint: await fingerprint(), migrations: migrations.map((m) => m.name) }, null, 2));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const bytes = Bun.file(PREPARED_DATA_FILE).size;
  stdoutLog.info('prepared the embedded database', { file: PREPARED_DATA_FILE, bytes, ms: Math.round(performance.now() - started) });
}

if (import.meta.main) await writePreparedData();
