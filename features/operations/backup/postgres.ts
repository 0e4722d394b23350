import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import postgres, { type Sql } from 'postgres';
import { backupFileName } from '../../../lib/operations/backups.ts';
import { scratchPath } from './files.ts';
import type { BackupMade } from './status.ts';

// A backup of PostgreSQL: `pg_dump --format=custom` of DATABASE_URL, checked by `pg_restore` into a
// scratch database (or, without the right to create one, by reading its table of contents with
// `pg_restore --list`). The client tools come from the system (postgresql-client), and must be of the
// server's major version or newer.

/** A libpq connection string without its password, and the password in the environment (not on a command line `ps` shows). */
export function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; throws with its first lines of complaint when it fails. */
export async function runPgTool(command: string[], env: Record<string, string>): Promise<string> {
  let proc: ReturnType<typeof Bun.spawn>;
  try {
    proc = Bun.spawn(command, { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  } catch {
    throw new Error(`${command[0]} was not found: install the PostgreSQL client tools (postgresql-client) of the server's version or newer`);
  }
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout as ReadableStream).text(),
    new Response(proc.stderr as ReadableStream).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`${command[0]} failed: ${err.trim().split('\n').slice(0, 3).join(' ') || `exit ${code}`}`);
  return out;
}

/** `url` naming another database on the same server. */
const onDatabase = (url: string, name: string) => {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Backs up the database at `databaseUrl` into `dir`; the file is named by `at`. */
export async function backUpPostgres({ sql, databaseUrl, dir, at }: { sql: Sql; databaseUrl: string; dir: string; at: Date }): Promise<BackupMade> {
  const started = performance.now();
  const name = backupFileName(at, 'postgres');
  const partial = scratchPath(dir, name, 'partial');
  const target = libpqTarget(databaseUrl);
  try {
    // pg_dump reads the snapshot this transaction exports, so the count is of exactly what it dumps.
    const connection = await sql.reserve();
    let leads: number;
    try {
      await connection`begin isolation level repeatable read read only`;
      await connection`set local idle_in_transaction_session_timeout = 0`;
      const [{ snapshot }] = await connection<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
      [{ count: leads }] = await connection<{ count: number }[]>`select count(*)::int as count from leads`;
      await runPgTool(
        ['pg_dump', '--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${target.dbname}`],
        target.env,
      );
      await connection`commit`;
    } finally {
      connection.release();
    }
    const check = await checkDump(partial, databaseUrl);
    if (check.leads !== null && check.leads !== leads) throw new Error(`the backup restored ${check.leads} leads, but the database held ${leads}`);
    const file = join(dir, name);
    await rename(partial, file);
    const verified = check.leads === null ? { verified: 'listed' as const, note: check.reason } : { verified: 'restored' as const };
    return { at, file, bytes: Bun.file(file).size, leads, ...verified, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Restores the dump into a scratch database beside the site's and counts its leads; when the site's role
 * may not create a database (many managed services), reads the dump's table of contents instead and
 * answers `leads: null`, with `reason`.
 */
async function checkDump(file: string, databaseUrl: string): Promise<{ leads: number | null; reason?: string }> {
  const scratchName = `${new URL(databaseUrl).pathname.slice(1) || 'postgres'}_backup_check_${crypto.randomUUID().slice(0, 8)}`.slice(0, 63);
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    try {
      await admin.unsafe(`create database ${quoteIdent(scratchName)}`);
    } catch (error) {
      const listing = await runPgTool(['pg_restore', '--list', file], {});
      if (!/TABLE DATA \S+ leads /.test(listing)) throw new Error('the backup has no data for the leads table');
      return { leads: null, reason: `could not create a scratch database (${(error as Error).message}); read the backup's table of contents instead` };
    }
    try {
      const scratchUrl = onDatabase(databaseUrl, scratchName);
      const target = libpqTarget(scratchUrl);
      await runPgTool(['pg_restore', '--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.dbname}`, file], target.env);
      const scratch = postgres(scratchUrl, { max: 1, onnotice: () => {} });
      try {
        const [{ count }] = await scratch<{ count: number }[]>`select count(*)::int as count from leads`;
        return { leads: count };
      } finally {
        await scratch.end({ timeout: 5 });
      }
    } finally {
      await admin.unsafe(`drop database if exists ${quoteIdent(scratchName)} with (force)`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}
