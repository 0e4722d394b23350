import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { unpackDataDir } from '../../../db/data-dir-archive.ts';
import { lockDataDir } from '../../../db/data-dir-lock.ts';
import { libpqTarget, runPgTool } from './postgres.ts';

// `bun run restore FILE`: a backup back into an empty DATA_DIR (the embedded database's tarball) or an
// empty database (PostgreSQL's dump). Never over data: restoring onto a database would mix two states
// of it, so a folder or database with anything in it is refused, and the operator moves it aside.

/** Refused before anything was written, with one line saying why. */
export class RestoreRefused extends Error {}

/** Unpacks an embedded database's backup into `dataDir`, which must be empty or missing; the leads it holds. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<{ leads: number }> {
  const dir = resolve(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new RestoreRefused(`${dir} is not empty: restore only into an empty or new DATA_DIR (move this one aside, or set DATA_DIR to a new folder).`);
  // Held while restoring, so a server started meanwhile on the same folder stops at once.
  const lock = await lockDataDir(dir);
  let restored = false;
  try {
    await unpackDataDir(file, dir);
    if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`${file} holds no embedded database`);
    const { countLeadsIn } = await import('../../../db/embedded.ts');
    const leads = await countLeadsIn(dir);
    restored = true;
    return { leads };
  } finally {
    lock.release();
    // It was empty: leave it so, for another try.
    if (!restored) for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
  }
}

/** Restores a PostgreSQL backup into the database at `databaseUrl`, which must hold no tables; the leads it holds. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<{ leads: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [{ relations }] = await sql<{ relations: number }[]>`
      select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`;
    const name = new URL(databaseUrl).pathname.slice(1);
    if (relations > 0)
      throw new RestoreRefused(
        `The database ${name} is not empty (${relations} tables, views or sequences): restore only into an empty database (create a new one and point DATABASE_URL at it).`,
      );
    const target = libpqTarget(databaseUrl);
    await runPgTool(['pg_restore', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`, file], target.env);
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from leads`;
    return { leads: count };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
