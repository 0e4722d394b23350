// `bun run backup`: a backup now, into BACKUP_DIR, checked by restoring it, keeping the newest
// BACKUP_KEEP (features/operations/backup/). On PostgreSQL (DATABASE_URL) it runs pg_dump; on the embedded
// database it asks the server that holds DATA_DIR, when one runs (the folder is that server's alone),
// through the control socket named in DATA_DIR's lock file (server/control-socket.ts), and otherwise
// opens the folder itself. Prints one line for a person (on stderr when no backup was made, and exits 1).

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirInUse, dataDirHolder } from '../db/data-dir-lock.ts';
import { createBackupService } from '../features/operations/backup/service.ts';
import type { BackupAttempt } from '../features/operations/backup/status.ts';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { systemClock } from '../server/clock.ts';
import { withDeadline } from '../server/deadline.ts';
import { createLogger } from '../server/log.ts';

class Refused extends Error {}

/**
 * A person reads what this prints, in a terminal or in a cron job's mail: the backup service's warnings
 * and errors go to stderr as plain sentences (`Warning: …`), not the server's JSON lines, and the one
 * result line to stdout (stderr when no backup was made).
 */
const log = createLogger(({ level, msg, time: _time, ...fields }) => {
  if (level === 'info') return;
  const details = Object.entries(fields).map(([name, value]) => `${name}: ${value}`);
  console.error(`${level === 'warn' ? 'Warning' : 'Error'}: ${msg}${details.length ? ` (${details.join(', ')})` : ''}`);
});

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function describe(attempt: BackupAttempt, madeBy: string): string {
  if (!attempt.ok) return `Backup failed: ${attempt.error}`;
  const check =
    attempt.verified === 'restored'
      ? 'checked by restoring it and counting its leads'
      : `checked only by reading its table of contents (${attempt.note ?? 'no scratch database'})`;
  return `Backup made${madeBy}: ${attempt.file} (${megabytes(attempt.bytes)}, ${attempt.leads} leads, ${check}; ${(attempt.ms / 1000).toFixed(1)} s)`;
}

function report(attempt: BackupAttempt, madeBy: string): number {
  if (attempt.ok) console.log(describe(attempt, madeBy));
  else console.error(describe(attempt, madeBy));
  return attempt.ok ? 0 : 1;
}

/** Asks the server holding DATA_DIR to make the backup, and waits for its answer. */
async function askServer(dataDir: string): Promise<BackupAttempt> {
  const holder = dataDirHolder(dataDir);
  if (!holder.control || !existsSync(holder.control))
    throw new Refused(
      `A server (pid ${holder.pid ?? '?'}) holds ${dataDir} but takes no backup requests (it started before they existed): restart it, or stop it and run bun run backup again.`,
    );
  const response = await withDeadline(60 * 60_000, (signal) => fetch('http://localhost/backup', { method: 'POST', unix: holder.control, signal }));
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const attempt = (await response.json()) as BackupAttempt;
  return { ...attempt, at: new Date(attempt.at) } as BackupAttempt;
}

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  let db: Database;
  if (config.DATABASE_URL) {
    db = await openDatabase(config, { migrations: false });
  } else {
    const dataDir = resolve(config.DATA_DIR);
    if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Refused(`There is no database in ${dataDir} (DATA_DIR): nothing to back up.`);
    try {
      db = await openDatabase(config, { migrations: false });
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      return report(await askServer(dataDir), ` by the running server (pid ${dataDirHolder(dataDir).pid})`);
    }
  }
  try {
    return report(await createBackupService({ db, config, log, now: systemClock }).run('request'), '');
  } finally {
    await db.close();
  }
}

try {
  process.exit(await main());
} catch (error) {
  console.error(error instanceof Refused || error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error)?.message ?? error}`);
  process.exit(1);
}
