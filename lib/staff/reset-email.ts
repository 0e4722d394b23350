import type { EmailMessage } from '../leads/emails.ts';
import { agency } from '../site.ts';
import { formatClockTime, formatWeekdayDate } from '../time/display.ts';
import { RESET_PATH, resetLinkPath } from './password-reset.ts';

// The email with a staff member's password reset link, as content: rendered as text and HTML by the
// same mailer as the lead emails (features/staff/password-reset.ts sends it). Pure. The subject and the
// preheader carry neither the address nor the link: both show on lock screens and in mail logs.

export type PasswordResetEmail = {
  /** The account's work email, said in the body so the reader knows which account it is for. */
  email: string;
  /** The token the link carries (only its SHA-256 is stored). */
  token: string;
  /** PUBLIC_SITE_URL: where the link points. */
  siteUrl: string;
  expiresAt: Date;
};

export function passwordResetEmail({ email, token, siteUrl, expiresAt }: PasswordResetEmail): EmailMessage {
  const link = `${siteUrl.replace(/\/+$/, '')}${resetLinkPath(token)}`;
  return {
    subject: `Set a new password for the ${agency.name} back office`,
    preheader: 'The link works for 30 minutes, once.',
    heading: 'Set a new password',
    blocks: [
      { kind: 'paragraph', text: `Someone asked to set a new password for the back office account ${email}. If it was you, choose your new password here:` },
      { kind: 'button', label: 'Set a new password', href: link },
      {
        kind: 'paragraph',
        text: `The link works once, until ${formatClockTime(expiresAt)} on ${formatWeekdayDate(expiresAt)}, Toronto time (30 minutes after it was asked for). Asking again makes this link stop working.`,
      },
      {
        kind: 'paragraph',
        text: 'Setting the new password signs your account out on every browser and device. If you use two-factor sign-in, signing in still asks for your code.',
      },
      { kind: 'paragraph', text: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
    ],
    footer: [`Sent by the ${agency.name} website to a staff account because a new password was asked for at ${RESET_PATH}.`],
  };
}
