import { cp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import type { EmbeddedHandle } from '../../../db/client.ts';
import { SITE_ENTRIES } from '../../../db/data-dir-lock.ts';
import { backupFileName } from '../../../lib/operations/backups.ts';
import { scratchPath } from './files.ts';
import { packAndCheck, packAndCheckElsewhere } from './pack-and-check.ts';
import type { BackupMade } from './status.ts';

// A backup of the embedded database: a consistent copy of its folder, made while PGlite runs no
// statement, packed as a gzipped tarball and checked by restoring it.
//
// Why a copy of the folder: PGlite's own dumpDataDir() reads every file into memory, tars it there and
// gzips it, all while holding the database: at 50,000 leads (228 MB folder) it held every query for
// 11.3 s and took 480 MB more memory. The pg_dump here (15) refuses PGlite's PostgreSQL 17, and
// PGlite's WebAssembly pg_dump runs on the site's one connection (DEALLOCATE ALL, which drops
// postgres.js's prepared statements) for as long as the dump takes. Copying the folder held queries
// for about 0.2–1 s at that size and 10 MB; packing and checking it afterwards, without holding anything,
// happens in another process for the server (features/operations/backup/pack-and-check.ts).
//
// Why it is consistent: PGlite is one PostgreSQL backend with no background processes; nothing writes
// to the folder while its lock is held, and what is on disk is what a crash at that moment would leave
// (every commit is in the write-ahead log), which PostgreSQL recovers from when the copy is opened. A
// CHECKPOINT first keeps that recovery, and the WAL to copy, short. Only the WAL from the checkpoint's
// redo point to the current insert position is needed: PostgreSQL keeps recycled segments ahead of it
// (129 MB of the 228 MB at 50,000 leads), which are left out.

/**
 * Backs up the embedded database behind `sql` into `dir`, and checks the copy; the file is named by `at`.
 * With `elsewhere`, packing and checking run in a process of their own.
 */
export async function backUpEmbedded({
  sql,
  embedded,
  dir,
  at,
  elsewhere,
}: {
  sql: Sql;
  embedded: EmbeddedHandle;
  dir: string;
  at: Date;
  elsewhere: boolean;
}): Promise<BackupMade> {
  const started = performance.now();
  const name = backupFileName(at, 'embedded');
  const copy = scratchPath(dir, name, 'copy');
  const partial = scratchPath(dir, name, 'partial');
  const check = scratchPath(dir, name, 'check');
  try {
    await sql`checkpoint`;
    // In one transaction on the one connection, nothing else commits between the count and the copy.
    const leads = await sql.begin(async (tx) => {
      const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from leads`;
      const [wal] = await tx<{ redo: string; insert: string }[]>`
        select pg_walfile_name(redo_lsn) as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as insert from pg_control_checkpoint()`;
      await embedded.exclusive(() =>
        cp(embedded.dataDir, copy, {
          recursive: true,
          filter: (source) => wanted(source.slice(embedded.dataDir.length + 1), wal),
        }),
      );
      return count;
    });
    const restored = await (elsewhere ? packAndCheckElsewhere : packAndCheck)({ copy, partial, check });
    if (restored !== leads) throw new Error(`the backup restored ${restored} leads, but the database held ${leads}`);
    const file = join(dir, name);
    await rename(partial, file);
    return { at, file, bytes: Bun.file(file).size, leads, verified: 'restored', ms: Math.round(performance.now() - started) };
  } finally {
    await Promise.all([copy, partial, check].map((path) => rm(path, { recursive: true, force: true })));
  }
}

const WAL_SEGMENT = /^pg_wal\/([0-9A-F]{24})$/;

/** Whether a path inside the data folder belongs in the backup. */
function wanted(path: string, wal: { redo: string; insert: string }): boolean {
  if (SITE_ENTRIES.has(path.split('/')[0])) return false;
  const segment = WAL_SEGMENT.exec(path)?.[1];
  return segment === undefined || (segment >= wal.redo && segment <= wal.insert);
}
