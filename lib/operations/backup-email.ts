import type { EmailMessage } from '../leads/emails.ts';
import { agency } from '../site.ts';
import { formatClockTime, formatWeekdayDate } from '../time/display.ts';

// The team's alert when a backup fails (features/operations/backup/service.ts sends it to LEAD_NOTIFY_EMAIL), as
// content: rendered as text and HTML by the same mailer as the lead emails. Pure.

export type BackupFailure = {
  at: Date;
  /** What went wrong, in the words of whatever failed (no personal data: paths and error messages). */
  error: string;
  /** BACKUP_DIR as configured. */
  backupDir: string;
  /** The last backup that worked, if this process knows of one. */
  lastSuccess: { at: Date; file: string } | null;
};

const when = (at: Date) => `${formatWeekdayDate(at)} at ${formatClockTime(at)}`;

export function backupFailedEmail(failure: BackupFailure): EmailMessage {
  return {
    subject: `Website backup failed: ${formatWeekdayDate(failure.at)}`,
    preheader: 'The leads are safe in the database, but the latest copy of them was not made.',
    heading: 'The website’s backup failed',
    blocks: [
      {
        kind: 'paragraph',
        text: `The website tried to back up its database on ${when(failure.at)}, Toronto time, and could not. Nothing is lost: the leads are still in the database. But until a backup works, a broken disk or server could lose them.`,
      },
      {
        kind: 'facts',
        rows: [
          { label: 'What went wrong', value: failure.error },
          { label: 'Backup folder', value: failure.backupDir },
          {
            label: 'Last good backup',
            value: failure.lastSuccess ? `${when(failure.lastSuccess.at)} (${failure.lastSuccess.file})` : 'None since the website last started',
          },
        ],
      },
      {
        kind: 'steps',
        title: 'What to do',
        items: [
          'Check that the backup folder exists, that the website can write to it, and that the disk is not full.',
          'Then run `bun run backup` on the server: it makes a backup at once and says whether it worked.',
          'The website shows backup "failed" at /healthz until a backup works.',
        ],
      },
    ],
    footer: [`Sent to the ${agency.name} team by the website when a backup fails (LEAD_NOTIFY_EMAIL).`],
  };
}
