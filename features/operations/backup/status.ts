// What this process knows of its backups: the last attempt and the last one that worked. /healthz
// reports a failure from it (routes/healthz.ts); a metrics endpoint can read the rest.

export type BackupMade = {
  at: Date;
  /** The backup file's path. */
  file: string;
  bytes: number;
  /** Leads in the database when the backup was taken, and in the backup once restored (the same). */
  leads: number;
  /** How the file was checked: restored into a scratch folder or database, or (PostgreSQL without the right to create a database) its table of contents read. */
  verified: 'restored' | 'listed';
  /** Why it was only listed. */
  note?: string;
  ms: number;
};

export type BackupAttempt = ({ ok: true } & BackupMade) | { ok: false; at: Date; error: string };

export type BackupStatus = {
  /** `failed` while the last attempt failed; `none` before the first one. */
  state: 'none' | 'ok' | 'failed';
  last: BackupAttempt | null;
  lastSuccess: BackupMade | null;
};

let last: BackupAttempt | null = null;
let lastSuccess: BackupMade | null = null;

export function backupStatus(): BackupStatus {
  return { state: last === null ? 'none' : last.ok ? 'ok' : 'failed', last, lastSuccess };
}

export function recordBackupAttempt(attempt: BackupAttempt): void {
  last = attempt;
  if (attempt.ok) {
    const { ok: _, ...made } = attempt;
    lastSuccess = made;
  }
}
