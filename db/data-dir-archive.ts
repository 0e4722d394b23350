import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

// An embedded database's folder as one gzipped tarball, and back: the prepared data folder the build
// makes (db/prepared-data.ts) and the embedded database's backups (features/operations/backup/). Both ways stream
// (node-tar, zlib): a 230 MB folder passes through in a few MB of memory.

/**
 * node-tar reads each file whole (up to 16 MB at a time) by default; 1 MB reads kept a backup of 116 MB
 * of files at about 55 MB more memory at its peak, against 120 MB with the default.
 */
const READ_SIZE = 1024 * 1024;

/** Writes the files of `dir` (those `keep` accepts, by their path inside it: "base/5/1259") to `file`. */
export async function packDataDir(dir: string, file: string, keep: (path: string) => boolean = () => true): Promise<void> {
  const inside = (path: string) => path.replace(/^\.\//, '');
  await tar.c(
    { gzip: { level: 6 }, file, cwd: dir, portable: true, maxReadSize: READ_SIZE, filter: (path) => keep(inside(path)) },
    readdirSync(dir).filter((name) => keep(name)),
  );
}

/**
 * Writes the tarball at `file` into `dir` (made if missing). Read as a stream, so it also reads a file
 * embedded in a compiled binary. Absolute paths and `..` in it are refused (node-tar's defaults).
 * It is unpacked beside, then moved in with PG_VERSION last: a folder left half-written by a crash has
 * no PG_VERSION, so it is taken for an empty one next time, not for a database.
 */
export async function unpackDataDir(file: string, dir: string): Promise<void> {
  const unpacking = join(dir, '.unpacking');
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  try {
    await pipeline(Readable.from(Bun.file(file).stream()), tar.x({ cwd: unpacking, strict: true }));
    const names = readdirSync(unpacking).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
    for (const name of names) renameSync(join(unpacking, name), join(dir, name));
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
}
