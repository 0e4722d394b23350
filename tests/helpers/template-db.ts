import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/client.ts';
import { migrations } from '../../db/migrations/index.ts';

// Opening a new PGlite data directory unpacks the build's prepared copy (db/prepared-data.ts) and
// starts PostgreSQL (a second or two); copying a migrated one costs milliseconds. One template per
// migration set is made once, from the prepared copy, and copied for every test database.

const migrationsHash = createHash('sha256')
  .update(migrations.map((m) => m.name + m.sql).join('\n'))
  .digest('hex')
  .slice(0, 12);
export const templateDir = join(tmpdir(), `tlm-pglite-template-${migrationsHash}`);

async function ensureTemplate(): Promise<void> {
  if (existsSync(join(templateDir, 'PG_VERSION'))) return;
  const building = `${templateDir}.tmp-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const db = await openDatabase({ DATA_DIR: building });
  await db.close();
  try {
    renameSync(building, templateDir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

let swept = false;
/**
 * Removes the data directories of test processes that are gone: what a run left that ended before it
 * cleaned up (bun test runs no exit handlers), such as the one database a process's API tests share
 * (tests/helpers/db.ts). Each directory's name carries the pid of the process that made it.
 */
function sweepLeftovers(): void {
  if (swept) return;
  swept = true;
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.match(/^tlm-data-(\d+)-/)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** A new data directory holding a migrated, empty database (the template is made on first use). */
export async function freshDataDir(): Promise<string> {
  await ensureTemplate();
  sweepLeftovers();
  const dir = mkdtempSync(join(tmpdir(), `tlm-data-${process.pid}-`));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
