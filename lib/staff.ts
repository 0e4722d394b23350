import * as z from 'zod/mini';

// Staff accounts: the spec's `users` table, where `username` is the staff member's work email and
// `password` holds an argon2id hash (never the password). Accounts are made only by the staff commands
// (scripts/staff.ts): there is no sign-up page.

export const STAFF_PASSWORD_MIN = 12;
/** Long enough for any passphrase; short enough that hashing it costs nothing unusual. */
export const STAFF_PASSWORD_MAX = 256;

/** A work email, trimmed and lower-cased, so one person has one account whatever the capitals. */
export const staffEmailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'An email address has at most 254 characters' })),
  z.email({ error: 'Enter a work email address, like maya@northlinedigital.ca' }),
);

export const staffPasswordSchema = z
  .string()
  .check(
    z.minLength(STAFF_PASSWORD_MIN, { error: `A staff password has at least ${STAFF_PASSWORD_MIN} characters` }),
    z.maxLength(STAFF_PASSWORD_MAX, { error: `A staff password has at most ${STAFF_PASSWORD_MAX} characters` }),
  );
