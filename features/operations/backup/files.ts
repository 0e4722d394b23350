import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type BackupKind, backupsToPrune } from '../../../lib/operations/backups.ts';

// BACKUP_DIR's housekeeping. A backup is written under a hidden name beside its final one and renamed
// once checked, so a half-made backup never looks like one, and the next run clears what a crash left.

const SCRATCH_PREFIX = '.northline-backup-';
/** A backup takes seconds; what is older than this was left by one that was interrupted, not one under way. */
const LEFTOVER_AFTER_MS = 60 * 60_000;

/** A hidden path beside the backup `name` for one step of making it (its copy, its partial file, its check). */
export const scratchPath = (dir: string, name: string, step: string) => join(dir, `.${name}.${step}`);

/** Makes `dir` if missing, and removes what an interrupted backup left in it. */
export async function prepareBackupDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(dir)) {
    if (!entry.startsWith(SCRATCH_PREFIX)) continue;
    const path = join(dir, entry);
    const { mtimeMs } = await stat(path);
    if (Date.now() - mtimeMs > LEFTOVER_AFTER_MS) await rm(path, { recursive: true, force: true });
  }
}

/** Deletes the backups of `kind` beyond the newest `keep` (lib/operations/backups.ts); returns their names. */
export async function pruneBackups(dir: string, kind: BackupKind, keep: number): Promise<string[]> {
  const doomed = backupsToPrune(await readdir(dir), kind, keep);
  for (const name of doomed) await rm(join(dir, name), { force: true });
  return doomed;
}
