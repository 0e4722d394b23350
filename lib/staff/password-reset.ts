import * as z from 'zod/mini';

// Password reset by email, pure: how long a link works, what the pages say, and what their forms send.
// The server decides the rest with the account in hand (routes/admin/password-reset.tsx): whether a
// link is live, and whether a new password may be used (passwordProblem, lib/staff/accounts.ts).

const MINUTE = 60_000;

/** A link works for 30 minutes after it was asked for: long enough to open the email, short enough that an old inbox opens nothing. */
export const RESET_LIFETIME_MS = 30 * MINUTE;

export const RESET_PATH = '/admin/password-reset';
/** The page a link opens: the token in the path, never in a query (query strings are logged more often). */
export const resetLinkPath = (token: string) => `${RESET_PATH}/${token}`;

/** The one answer to a request, whether or not the address has an account, so the form tells no one who does. */
export const RESET_SENT = 'If that address belongs to a staff account, we have sent it a link to set a new password. The link works for 30 minutes, once.';
/** A link used before, run out, replaced by a newer one, or never made: one answer for all. */
export const RESET_LINK_DEAD = 'This link has already been used or has run out.';
export const RESET_DONE = 'Your password is set. Sign in with it.';
export const RESET_EMAIL_MISSING = 'Enter your work email address.';
export const RESET_EMAIL_INVALID = 'Enter a work email address, like maya@northlinedigital.ca';
export const RESET_EMAIL_TOO_LONG = 'An email address has at most 254 characters';
export const RESET_AGAIN_DIFFERS = 'The two passwords differ. Type the same new password twice.';

/** The request form: a work email, trimmed and lower-cased as accounts are stored. */
export const resetRequestSchema = z.object({
  email: z.pipe(
    z
      .string({ error: RESET_EMAIL_MISSING })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, RESET_EMAIL_MISSING), z.maxLength(254, { error: RESET_EMAIL_TOO_LONG })),
    z.email({ error: RESET_EMAIL_INVALID }),
  ),
});

/** A text field; empty when the form left it out. */
const text = z._default(z.string(), '');

/** The new password and its confirmation: whether the password may be used is the server's to say, with the account's email. */
export const newPasswordSchema = z.object({ password: text, again: text });

/** The problem with the confirmation, once the password itself is fine; null when they match. */
export const againProblem = (password: string, again: string): string | null => (password === again ? null : RESET_AGAIN_DIFFERS);
