import type { Sql } from 'postgres';
import { createPasswordReset } from '../../db/queries/password-resets.ts';
import { findStaffAccount } from '../../db/queries/staff.ts';
import type { Config } from '../../lib/config.ts';
import { agency } from '../../lib/site.ts';
import { RESET_LIFETIME_MS } from '../../lib/staff/password-reset.ts';
import { passwordResetEmail } from '../../lib/staff/reset-email.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { withDatabaseDeadline, withDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';
import { createMailer, type Mailer, withoutAddresses } from '../leads/delivery/mailer.ts';

// Password reset emails, sent after the request has been answered: the answer to POST
// /admin/password-reset is the same page, in the same time, whether or not the address has an account
// and however slow the mail server is, so nothing here is awaited by the request. The work is held in
// this process only (a token is never written anywhere but its hash and the email): a restart in the
// middle loses the email, and the staff member asks again.

export type ResetAsk = {
  /** The address asked for, trimmed and lower-cased (lib/staff/password-reset.ts). */
  email: string;
  /** A new random 256-bit token, and its SHA-256 (server/staff-auth.ts): made for every ask, used only when the account exists. */
  token: string;
  tokenHash: string;
  requestId: string;
};

export type PasswordResets = {
  /** Starts the work for one ask and returns at once. */
  ask(ask: ResetAsk): void;
  /** Resolves once every ask started so far is done (shutdown, tests). */
  idle(): Promise<void>;
};

/** How long the mail server has to accept one email before the try is given up (and logged). */
const SEND_TIMEOUT_MS = 30_000;

export function createPasswordResets({
  sql,
  config,
  now,
  log,
  mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
}: {
  sql: Sql;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_SITE_URL'>;
  now: Clock;
  log: Logger;
  mailer?: Mailer;
}): PasswordResets {
  const running = new Set<Promise<void>>();

  const work = async ({ email, token, tokenHash, requestId }: ResetAsk): Promise<void> => {
    const account = await withDatabaseDeadline(sql, (db) => findStaffAccount(db, email));
    // Never the address nor the token in the log: the request id ties the line to its request.
    if (!account) {
      log.info('password reset asked for an address with no account', { event: 'security', requestId });
      return;
    }
    if (!mailer.configured) {
      log.warn('password reset email not sent: SMTP_URL is not set', { event: 'security', requestId, staffId: account.id });
      return;
    }
    const at = now();
    const expiresAt = new Date(at.getTime() + RESET_LIFETIME_MS);
    await withDatabaseDeadline(sql, (db) => createPasswordReset(db, { tokenHash, userId: account.id, now: at, expiresAt }));
    const message = passwordResetEmail({ email: account.email, token, siteUrl: config.PUBLIC_SITE_URL, expiresAt });
    const messageId = `<password-reset.${crypto.randomUUID()}@${new URL(config.PUBLIC_SITE_URL).hostname}>`;
    await withDeadline(SEND_TIMEOUT_MS, (signal) => mailer.send({ to: [account.email], replyTo: agency.email, messageId, message }, signal));
    log.info('password reset email sent', { event: 'security', requestId, staffId: account.id });
  };

  return {
    ask(ask) {
      // A macrotask later: the request's answer is on its way before any of this starts.
      const done = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => work(ask))
        .catch((error) => {
          log.error('password reset email failed', {
            requestId: ask.requestId,
            error: withoutAddresses(String((error as Error)?.message ?? error)).slice(0, 500),
          });
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    idle: async () => {
      await Promise.all([...running]);
    },
  };
}
