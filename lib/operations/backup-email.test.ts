import { expect, test } from 'bun:test';
import { emailText } from '../leads/emails.ts';
import { backupFailedEmail } from './backup-email.ts';

test('the failed-backup email says when, what went wrong, where, and the last good backup, in Toronto time', () => {
  const message = backupFailedEmail({
    at: new Date('2026-11-24T08:00:00Z'),
    error: "ENOTDIR: not a directory, mkdir '/srv/backups'",
    backupDir: '/srv/backups',
    lastSuccess: { at: new Date('2026-11-23T08:00:05Z'), file: '/srv/backups/northline-backup-2026-11-23T08-00-05Z.tar.gz' },
  });
  expect(message.subject).toBe('Website backup failed: Tuesday, November 24, 2026');
  const text = emailText(message);
  expect(text).toContain('Tuesday, November 24, 2026 at 3:00 a.m., Toronto time');
  expect(text).toContain("ENOTDIR: not a directory, mkdir '/srv/backups'");
  expect(text).toContain('Monday, November 23, 2026 at 3:00 a.m. (/srv/backups/northline-backup-2026-11-23T08-00-05Z.tar.gz)');
  expect(text).toContain('bun run backup');
});

test('without a backup that worked, it says so', () => {
  const text = emailText(backupFailedEmail({ at: new Date('2026-07-01T07:00:00Z'), error: 'disk full', backupDir: './backups', lastSuccess: null }));
  expect(text).toContain('None since the website last started');
  expect(text).toContain('Wednesday, July 1, 2026 at 3:00 a.m.');
});
