import { describe, expect, test } from 'bun:test';
import { backupFileName, backupsToPrune, nextBackupAt, parseBackupFileName } from './backups.ts';

const TORONTO = 'America/Toronto';

describe('backup file names', () => {
  test('carry the moment in UTC to the second, and the kind in the extension', () => {
    const at = new Date('2026-11-24T08:00:00.987Z');
    expect(backupFileName(at, 'embedded')).toBe('northline-backup-2026-11-24T08-00-00Z.tar.gz');
    expect(backupFileName(at, 'postgres')).toBe('northline-backup-2026-11-24T08-00-00Z.dump');
  });

  test('read back to their time and kind', () => {
    expect(parseBackupFileName('northline-backup-2026-11-24T08-00-00Z.tar.gz')).toEqual({ at: new Date('2026-11-24T08:00:00Z'), kind: 'embedded' });
    expect(parseBackupFileName('northline-backup-2027-01-02T03-04-05Z.dump')).toEqual({ at: new Date('2027-01-02T03:04:05Z'), kind: 'postgres' });
  });

  test.each([
    'notes.txt',
    'northline-backup-2026-11-24T08-00-00Z.tar',
    'northline-backup-2026-11-24T08-00-00Z.tar.gz.partial',
    '.northline-backup-2026-11-24T08-00-00Z.tar.gz',
    'northline-backup-2026-02-30T08-00-00Z.dump',
    'northline-backup-2026-11-24T25-00-00Z.dump',
    'northline-backup-2026-11-24T08:00:00Z.dump',
    'xnorthline-backup-2026-11-24T08-00-00Z.dump',
  ])('%p is not a backup', (name) => {
    expect(parseBackupFileName(name)).toBeNull();
  });
});

describe('which backups to keep', () => {
  const day = (d: number, kind: 'embedded' | 'postgres' = 'embedded') => backupFileName(new Date(Date.UTC(2026, 10, d, 8)), kind);

  test('the newest `keep` of the kind stay; the rest go, oldest first', () => {
    const names = [day(3), day(1), day(5), day(2), day(4)];
    expect(backupsToPrune(names, 'embedded', 2)).toEqual([day(1), day(2), day(3)]);
    expect(backupsToPrune(names, 'embedded', 5)).toEqual([]);
    expect(backupsToPrune(names, 'embedded', 14)).toEqual([]);
  });

  test('other files and the other kind are never chosen', () => {
    const names = ['readme.txt', '.northline-backup-2026-11-01T08-00-00Z.tar.gz.partial', day(1, 'postgres'), day(2, 'postgres'), day(3), day(4)];
    expect(backupsToPrune(names, 'embedded', 1)).toEqual([day(3)]);
    expect(backupsToPrune(names, 'postgres', 1)).toEqual([day(1, 'postgres')]);
  });
});

describe('the daily backup time', () => {
  test('is 03:00 in Toronto: later the same night, or the next night once past', () => {
    // 02:59:59 EST is 07:59:59 UTC.
    expect(nextBackupAt(new Date('2026-11-24T07:59:59Z'), TORONTO)).toEqual(new Date('2026-11-24T08:00:00Z'));
    expect(nextBackupAt(new Date('2026-11-24T08:00:00Z'), TORONTO)).toEqual(new Date('2026-11-25T08:00:00Z'));
    expect(nextBackupAt(new Date('2026-11-24T20:00:00Z'), TORONTO)).toEqual(new Date('2026-11-25T08:00:00Z'));
    // In summer (EDT, UTC-4) it is 07:00 UTC.
    expect(nextBackupAt(new Date('2026-07-01T12:00:00Z'), TORONTO)).toEqual(new Date('2026-07-02T07:00:00Z'));
  });

  test('keeps to 03:00 across the daylight-saving changes and the end of a month or year', () => {
    // Spring forward, 8 March 2026: 02:00 EST becomes 03:00 EDT; 03:00 EDT is 07:00 UTC.
    expect(nextBackupAt(new Date('2026-03-08T05:00:00Z'), TORONTO)).toEqual(new Date('2026-03-08T07:00:00Z'));
    // Fall back, 1 November 2026: 01:00 happens twice; 03:00 EST is 08:00 UTC, once.
    expect(nextBackupAt(new Date('2026-11-01T05:30:00Z'), TORONTO)).toEqual(new Date('2026-11-01T08:00:00Z'));
    expect(nextBackupAt(new Date('2026-11-30T09:00:00Z'), TORONTO)).toEqual(new Date('2026-12-01T08:00:00Z'));
    expect(nextBackupAt(new Date('2026-12-31T09:00:00Z'), TORONTO)).toEqual(new Date('2027-01-01T08:00:00Z'));
  });

  test('takes another time of day', () => {
    expect(nextBackupAt(new Date('2026-11-24T07:59:59Z'), TORONTO, { hour: 23, minute: 30 })).toEqual(new Date('2026-11-25T04:30:00Z'));
  });
});
