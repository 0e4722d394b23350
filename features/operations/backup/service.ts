import { resolve } from 'node:path';
import type { Database } from '../../../db/client.ts';
import type { Config } from '../../../lib/config.ts';
import { backupFailedEmail } from '../../../lib/operations/backup-email.ts';
import { nextBackupAt } from '../../../lib/operations/backups.ts';
import { agency } from '../../../lib/site.ts';
import type { Clock } from '../../../lib/time/clock.ts';
import { withDeadline } from '../../../server/deadline.ts';
import type { Logger } from '../../../server/log.ts';
import { createMailer, type Mailer, withoutMailboxes } from '../../leads/delivery/mailer.ts';
import { backUpEmbedded } from './embedded.ts';
import { prepareBackupDir, pruneBackups } from './files.ts';
import { backUpPostgres } from './postgres.ts';
import { type BackupAttempt, backupStatus, recordBackupAttempt } from './status.ts';

// Backups, one at a time: make one now (`bun run backup`, or the server asked by it), or every day at
// 03:00 Toronto time (the server on the embedded database). Each is checked, the oldest beyond
// BACKUP_KEEP are deleted, and a failure is recorded (/healthz), logged and emailed to LEAD_NOTIFY_EMAIL.

export type BackupService = {
  /** Makes a backup now, or waits for the one under way and then makes another. Never throws: the attempt says. */
  run: (reason: 'schedule' | 'request') => Promise<BackupAttempt>;
  /** Starts the daily backup; returns how to stop it. */
  schedule: (options?: { checkEveryMs?: number }) => () => void;
  /** Settles once no backup is under way. */
  idle: () => Promise<void>;
};

export type BackupServiceOptions = {
  db: Pick<Database, 'sql' | 'kind' | 'embedded'>;
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_KEEP' | 'DATABASE_URL' | 'SMTP_URL' | 'MAIL_FROM' | 'LEAD_NOTIFY_EMAIL'>;
  log: Logger;
  /** The clock, so tests can move time. */
  now: Clock;
  mailer?: Mailer;
  /** Pack and check an embedded backup in a process of its own (the server: its memory and event loop stay the site's). */
  checkElsewhere?: boolean;
};

/** How long sending the failure email may take. */
const ALERT_TIMEOUT_MS = 30_000;
/** The daily backup starts within this long of 03:00. */
const CHECK_EVERY_MS = 15_000;

export function createBackupService({ db, config, log, now, mailer, checkElsewhere = false }: BackupServiceOptions): BackupService {
  const dir = resolve(config.BACKUP_DIR);
  let queue: Promise<unknown> = Promise.resolve();

  const makeOne = async (at: Date) => {
    await prepareBackupDir(dir);
    if (db.kind === 'embedded') {
      if (!db.embedded) throw new Error('the embedded database has no folder to back up');
      return backUpEmbedded({ sql: db.sql, embedded: db.embedded, dir, at, elsewhere: checkElsewhere });
    }
    if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
    return backUpPostgres({ sql: db.sql, databaseUrl: config.DATABASE_URL, dir, at });
  };

  const attempt = async (reason: 'schedule' | 'request'): Promise<BackupAttempt> => {
    const at = now();
    try {
      const made = await makeOne(at);
      const pruned = await pruneBackups(dir, db.kind, config.BACKUP_KEEP);
      const done: BackupAttempt = { ok: true, ...made };
      recordBackupAttempt(done);
      log.info('backup made', { reason, file: made.file, bytes: made.bytes, leads: made.leads, verified: made.verified, ms: made.ms, pruned: pruned.length });
      if (made.note) log.warn('backup checked by its table of contents only', { file: made.file, note: made.note });
      return done;
    } catch (error) {
      const failed: BackupAttempt = { ok: false, at, error: withoutMailboxes(String((error as Error)?.message ?? error)).slice(0, 500) };
      const lastSuccess = backupStatus().lastSuccess;
      recordBackupAttempt(failed);
      log.error('backup failed', { reason, dir, error: failed.error });
      await alert({ at, error: failed.error, backupDir: config.BACKUP_DIR, lastSuccess });
      return failed;
    }
  };

  const alert = async (failure: Parameters<typeof backupFailedEmail>[0]) => {
    const to = config.LEAD_NOTIFY_EMAIL ?? [];
    const sender = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
    try {
      if (!sender.configured || to.length === 0) return;
      const domain = config.MAIL_FROM.match(/@([^>\s]+)>?\s*$/)?.[1] ?? agency.email.split('@')[1];
      const messageId = `<backup-failed.${failure.at.getTime()}@${domain}>`;
      await withDeadline(ALERT_TIMEOUT_MS, (signal) => sender.send({ to, replyTo: agency.email, messageId, message: backupFailedEmail(failure) }, signal));
      log.info('backup failure emailed', { recipients: to.length });
    } catch (error) {
      log.error('backup failure could not be emailed', { error: String((error as Error)?.message ?? error) });
    } finally {
      if (!mailer) sender.close();
    }
  };

  const run = (reason: 'schedule' | 'request') => {
    const next = queue.then(() => attempt(reason));
    queue = next;
    return next;
  };

  const schedule = ({ checkEveryMs = CHECK_EVERY_MS }: { checkEveryMs?: number } = {}) => {
    // Polled against the clock rather than one long timer: a suspended machine, or a test's clock, moves on.
    let due = nextBackupAt(now(), agency.timeZone);
    let running = false;
    const timer = setInterval(() => {
      if (running || now().getTime() < due.getTime()) return;
      running = true;
      void run('schedule').finally(() => {
        due = nextBackupAt(now(), agency.timeZone);
        running = false;
      });
    }, checkEveryMs);
    timer.unref();
    log.info('daily backup scheduled', { dir, next: due.toISOString(), keep: config.BACKUP_KEEP });
    return () => clearInterval(timer);
  };

  return { run, schedule, idle: () => queue.then(() => {}) };
}
