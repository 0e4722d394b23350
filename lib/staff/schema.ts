import * as z from 'zod/mini';
import { safeNext } from './session.ts';

// What the back office's own forms send (sign-in, its second step, the account page), checked by the
// server (server/api/validate.ts validForm). Whether a password or a code is right, and whether a new
// password may be used, the server decides with the account in hand; these say only what was sent. Pure.

export const SIGN_IN_MISSING = 'Enter your work email and your password.';
export const CODE_MISSING = 'Enter the 6-digit code from your app, or a recovery code.';

/** Where to go once signed in: a back-office path (safeNext), else the inbox. */
const next = z.pipe(
  z.optional(z.string()),
  z.transform((path) => safeNext(path)),
);

/** A text field; empty when the form left it out. */
const text = z._default(z.string(), '');

/** What a code field keeps: a code is short, so anything past 64 characters names no code. */
const CODE_MAX = 64;

export const signInSchema = z.object({
  next,
  // As accounts are stored: trimmed and lower-cased; past an address's longest it simply names no account.
  email: z.string({ error: SIGN_IN_MISSING }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, SIGN_IN_MISSING),
    z.overwrite((email) => email.slice(0, 254)),
  ),
  password: z.string({ error: SIGN_IN_MISSING }).check(z.minLength(1, SIGN_IN_MISSING)),
});

export const signInCodeSchema = z.object({
  next,
  code: z.string({ error: CODE_MISSING }).check(
    z.trim(),
    z.minLength(1, CODE_MISSING),
    z.overwrite((code) => code.slice(0, CODE_MAX)),
  ),
});

/** The account page's password change: each field's problem is the server's to say, all at once. */
export const passwordChangeSchema = z.object({ current: text, password: text, again: text });

/** Turning two-factor sign-in on (the app's code) or off (the password). */
export const enrolmentCodeSchema = z.object({
  code: z.pipe(
    text,
    z.transform((code) => code.slice(0, CODE_MAX)),
  ),
});
export const passwordConfirmSchema = z.object({ password: text });
