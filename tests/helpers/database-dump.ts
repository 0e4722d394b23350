import { type Database, openDatabase } from '../../db/client.ts';
import type { ScratchDatabase } from './isolated-db.ts';

// Everything a database holds, as text per table, to search for what should not be there. On
// PostgreSQL it is `pg_dump --data-only` of the database (split at its COPY blocks); on the embedded
// database, which no other program can read, every row of every table of every schema but the
// system's, as JSON.

export type TableDump = { table: string; text: string };

export async function dumpDatabase(scratch: ScratchDatabase): Promise<{ kind: 'postgres' | 'embedded'; tables: TableDump[] }> {
  if (scratch.env.DATABASE_URL) return { kind: 'postgres', tables: pgDump(scratch.env.DATABASE_URL) };
  const db = await openDatabase({ DATA_DIR: scratch.env.DATA_DIR });
  try {
    return { kind: 'embedded', tables: await rowsAsJson(db) };
  } finally {
    await db.close();
  }
}

function pgDump(url: string): TableDump[] {
  const dumped = Bun.spawnSync(['pg_dump', '--data-only', '--no-owner', '--dbname', url]);
  if (dumped.exitCode !== 0) throw new Error(`pg_dump failed: ${dumped.stderr.toString()}`);
  const tables: TableDump[] = [];
  let current: TableDump | null = null;
  for (const line of dumped.stdout.toString().split('\n')) {
    const copy = line.match(/^COPY ([\w."]+) /);
    if (copy) {
      current = { table: copy[1].replaceAll('"', ''), text: '' };
      tables.push(current);
    } else if (line === '\\.') current = null;
    else if (current) current.text += `${line}\n`;
  }
  if (tables.length === 0) throw new Error('pg_dump wrote no table data');
  return tables;
}

async function rowsAsJson(db: Database): Promise<TableDump[]> {
  const tables = await db.sql<{ tableSchema: string; tableName: string }[]>`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by table_schema, table_name`;
  const dumps: TableDump[] = [];
  for (const { tableSchema, tableName } of tables) {
    const rows = await db.sql.unsafe<{ row: string }[]>(`select row_to_json(t)::text as row from "${tableSchema}"."${tableName}" t`);
    dumps.push({ table: `${tableSchema}.${tableName}`, text: rows.map((r) => r.row).join('\n') });
  }
  return dumps;
}

/** How many times each of `values` occurs in `text`, ignoring case. */
export function occurrences(text: string, values: readonly string[]): Record<string, number> {
  const haystack = text.toLowerCase();
  const found: Record<string, number> = {};
  for (const value of values) {
    const needle = value.toLowerCase();
    let count = 0;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
    found[value] = count;
  }
  return found;
}
