import type { Transporter } from 'nodemailer';
import { type EmailMessage, emailText } from '../../../lib/leads/emails.ts';
import { emailHtml } from './EmailDocument.tsx';
import { DeliveryFailure } from './failure.ts';

// Email over SMTP with nodemailer (SMTP_URL; STARTTLS whenever the server offers it, nodemailer's
// default, and certificates checked). A small pool of connections is kept open while there is mail to
// send: a new connection per message (TCP, greeting, EHLO, STARTTLS, AUTH) cost more than the message.

export type OutgoingEmail = {
  to: readonly string[];
  replyTo: string;
  /** The same on every retry of a notification, so a mail server or app can drop a copy. */
  messageId: string;
  message: EmailMessage;
  /** An iCalendar invite (a booked session): sent as the text/calendar part mail apps offer to add, and as an .ics file. */
  invite?: { method: 'REQUEST' | 'CANCEL'; content: string };
};

export type Mailer = {
  /** False without SMTP_URL: emails are logged instead of sent. */
  configured: boolean;
  /** Hands the email to the SMTP server; resolves with its answer once it has accepted it. */
  send(email: OutgoingEmail, signal: AbortSignal): Promise<string>;
  /** Closes the connections it keeps open. */
  close(): void;
};

/** Connection, greeting and idle-socket limits: a mail server that hangs fails the try instead of holding it. */
const TIMEOUT_MS = 10_000;
/** As many as the worker sends at once (features/leads/delivery/worker.ts). */
const POOL_CONNECTIONS = 4;

/** Email addresses in a server's answer, cut to their domain: errors are logged and shown on leads. */
export const withoutMailboxes = (text: string): string => text.replace(/[^\s<>"'@,;:]+@([A-Za-z0-9.-]+)/g, '…@$1');

/**
 * Email addresses gone altogether, domain too: for the log, which keeps nothing about a person (a
 * prospect's domain is often their business's name). The job keeps the domain for staff until erasure.
 */
export const withoutAddresses = (text: string): string => text.replace(/[^\s<>"'@,;:]*@[A-Za-z0-9.-]+/g, '[address]');

type SmtpError = Error & { code?: string; responseCode?: number; command?: string };

/**
 * A nodemailer error as a failure. Only a 5xx refusal of the recipient or the message is final (550 no
 * such mailbox, 554 rejected). A 4xx is tried again: greylisting (451 at RCPT TO, the first time a
 * server meets a sender), a full mailbox (452), a busy server (421). So is 503 (bad sequence: the
 * session's state, not the message), and anything about the connection, TLS, the sign-in or the sender,
 * which is this site's set-up and may be put right while the retries run. An address nodemailer cannot
 * put in an envelope at all (no reply code) is final too.
 */
function failureOf(error: unknown): DeliveryFailure {
  const e = error as SmtpError;
  const code = e.responseCode;
  const refusedForGood = code !== undefined && code >= 500 && code !== 503 && /^(RCPT TO|DATA)/.test(e.command ?? '');
  const unaddressable = e.code === 'EENVELOPE' && code === undefined;
  return new DeliveryFailure(
    withoutMailboxes(`SMTP ${e.code ?? 'error'}${code ? ` ${code}` : ''}: ${e.message}`).slice(0, 500),
    refusedForGood || unaddressable,
  );
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string | undefined; from: string }): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      send: () => Promise.reject(new DeliveryFailure('SMTP_URL is not set')),
      close: () => {},
    };
  }
  // nodemailer is loaded with the first email, not at start-up: a server that has sent nothing yet does
  // not hold it (about 6 MB).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: POOL_CONNECTIONS,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      }),
    ));
  return {
    configured: true,
    async send({ to, replyTo, messageId, message, invite }, signal) {
      try {
        const info = await (await transporter()).sendMail({
          from,
          to: [...to],
          replyTo,
          subject: message.subject,
          text: emailText(message),
          html: emailHtml(message),
          messageId,
          ...(invite ? { icalEvent: { method: invite.method, filename: 'invite.ics', content: invite.content } } : {}),
          // Automatic mail: out-of-office replies and auto-responders leave it alone.
          headers: { 'Auto-Submitted': 'auto-generated' },
          signal,
        });
        return withoutMailboxes(String(info.response ?? 'accepted'));
      } catch (error) {
        throw failureOf(error);
      }
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
