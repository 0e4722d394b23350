// `bun run restore FILE`: a backup made by `bun run backup` (or the daily one) back into an empty
// DATA_DIR (the embedded database's .tar.gz), or, with DATABASE_URL, into an empty PostgreSQL database
// (a .dump). A folder or database that holds anything is refused with one line, exit 1: move it aside
// or make a new one. Then start the server on it; migrations newer than the backup run then.
// A person runs it, so it answers in one plain sentence (console), not the server's JSON log lines.

import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { RestoreRefused, restoreEmbedded, restorePostgres } from '../features/operations/backup/restore.ts';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { parseBackupFileName } from '../lib/operations/backups.ts';

const USAGE = 'Usage: bun run restore FILE (a .tar.gz into an empty DATA_DIR; with DATABASE_URL, a .dump into an empty database)';

/** What a backup is by its name, also after it was renamed (by its extension). */
function kindOf(file: string): 'embedded' | 'postgres' | null {
  const parsed = parseBackupFileName(basename(file));
  if (parsed) return parsed.kind;
  if (/\.(tar\.gz|tgz)$/.test(file)) return 'embedded';
  if (/\.dump$/.test(file)) return 'postgres';
  return null;
}

async function main(): Promise<string> {
  const config = loadConfig(process.env);
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) throw new RestoreRefused(USAGE);
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  const kind = kindOf(file);
  if (!kind) throw new RestoreRefused(`${file} is not a backup by its name (a .tar.gz of the embedded database or a .dump of PostgreSQL).`);
  if (config.DATABASE_URL) {
    if (kind !== 'postgres') throw new RestoreRefused(`${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`);
    const { leads } = await restorePostgres(resolve(file), config.DATABASE_URL);
    return `Restored ${leads} leads from ${file} into the database ${new URL(config.DATABASE_URL).pathname.slice(1)}.`;
  }
  if (kind !== 'embedded') throw new RestoreRefused(`${file} is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into.`);
  const { leads } = await restoreEmbedded(resolve(file), config.DATA_DIR);
  return `Restored ${leads} leads from ${file} into ${resolve(config.DATA_DIR)} (DATA_DIR).`;
}

try {
  console.log(await main());
  process.exit(0);
} catch (error) {
  console.error(error instanceof RestoreRefused || error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error)?.message ?? error}`);
  process.exit(1);
}
