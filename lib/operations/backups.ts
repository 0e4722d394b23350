import { addDays } from '../time/calendar.ts';
import { wallClock, zonedInstant } from '../time/zoned.ts';

// The rules of backups, pure: what a backup file is called, which ones to keep, and when the next
// daily one is due. The I/O is in features/operations/backup/.

/** The embedded database's folder as a gzipped tarball, or PostgreSQL's `pg_dump` custom format. */
export type BackupKind = 'embedded' | 'postgres';

const EXTENSIONS: Record<BackupKind, string> = { embedded: '.tar.gz', postgres: '.dump' };
const PREFIX = 'northline-backup-';
const NAME = /^northline-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z(\.tar\.gz|\.dump)$/;

/**
 * `northline-backup-2026-11-24T08-00-00Z.tar.gz`: the moment it was taken, in UTC (unambiguous across
 * daylight-saving changes, and names sort by time), to the second.
 */
export function backupFileName(at: Date, kind: BackupKind): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll(':', '-');
  return `${PREFIX}${stamp}Z${EXTENSIONS[kind]}`;
}

/** A backup file's time and kind from its name, or null for any other file. */
export function parseBackupFileName(name: string): { at: Date; kind: BackupKind } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, extension] = match;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  const kind: BackupKind = extension === '.dump' ? 'postgres' : 'embedded';
  // A date that does not exist (February 30) reads as another one: the name must come back the same.
  if (Number.isNaN(at.getTime()) || backupFileName(at, kind) !== name) return null;
  return { at, kind };
}

/**
 * The backups of `kind` beyond the newest `keep`, oldest first: the ones to delete. Files that are not
 * backups by their name, and backups of the other kind, are never chosen.
 */
export function backupsToPrune(names: readonly string[], kind: BackupKind, keep: number): string[] {
  const ours = names
    .map((name) => ({ name, parsed: parseBackupFileName(name) }))
    .filter((b) => b.parsed?.kind === kind)
    .sort((a, b) => (b.parsed?.at.getTime() ?? 0) - (a.parsed?.at.getTime() ?? 0));
  return ours
    .slice(Math.max(keep, 0))
    .map((b) => b.name)
    .reverse();
}

/** The daily backup's time of day on the agency's clocks. */
const DAILY_BACKUP = { hour: 3, minute: 0 } as const;

/** The first moment after `now` at which the wall clocks of `timeZone` show `at` (03:00 by default). */
export function nextBackupAt(now: Date, timeZone: string, at: { hour: number; minute: number } = DAILY_BACKUP): Date {
  const today = wallClock(now, timeZone);
  for (let days = 0; days <= 2; days++) {
    const candidate = zonedInstant(addDays(today, days), at.hour * 60 + at.minute, timeZone);
    if (candidate.getTime() > now.getTime()) return candidate;
  }
  throw new Error('no backup time within two days');
}
