import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
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

/** A new data directory holding a migrated, empty database (the template is made on first use). */
export async function freshDataDir(): Promise<string> {
  await ensureTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'tlm-data-'));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
