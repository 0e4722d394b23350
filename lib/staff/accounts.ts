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

/**
 * The passwords attackers try first: zxcvbn's list of common passwords (@zxcvbn-ts/language-common,
 * MIT; about 49,000, most common first, lower-case, from leaked password sets), far past the 10,000 most
 * common. Loaded only when a password is being set (the CLI, the account page): it is some 6 MB of
 * strings a server that never changes a password need not hold.
 */
export async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common']);
}

export const PASSWORD_MESSAGES = {
  tooShort: `A staff password has at least ${STAFF_PASSWORD_MIN} characters`,
  tooLong: `A staff password has at most ${STAFF_PASSWORD_MAX} characters`,
  onlySpaces: 'A password of only spaces is too easy to guess: use words or other characters',
  oneCharacter: 'A password of one character repeated is too easy to guess',
  common: 'That password is on the list of common passwords attackers try first. Choose another: three or four unrelated words work well',
  email: 'Your password cannot be your email address',
} as const;

/** How a password is compared with the list and the email: what a person would call the same password. */
const comparable = (password: string) => password.trim().toLowerCase();

/**
 * A new staff password (the one rule for `bun run staff:add` and the account page): at least 12 and at
 * most 256 characters; not only whitespace; not one character repeated; not a common password nor the
 * account's own email, compared without case and without surrounding whitespace (`  Password1234 ` is
 * `password1234`, which is on the list).
 */
export function staffPasswordSchema({ email, common }: { email: string; common: ReadonlySet<string> }) {
  const own = comparable(email);
  return z.string().check(
    z.minLength(STAFF_PASSWORD_MIN, { error: PASSWORD_MESSAGES.tooShort }),
    z.maxLength(STAFF_PASSWORD_MAX, { error: PASSWORD_MESSAGES.tooLong }),
    z.refine((p) => p.trim() !== '', { error: PASSWORD_MESSAGES.onlySpaces }),
    z.refine((p) => p.trim() === '' || new Set(p).size > 1, { error: PASSWORD_MESSAGES.oneCharacter }),
    z.refine((p) => !common.has(comparable(p)), { error: PASSWORD_MESSAGES.common }),
    z.refine((p) => comparable(p) !== own, { error: PASSWORD_MESSAGES.email }),
  );
}

/** The first thing wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string, context: { email: string; common: ReadonlySet<string> }): string | null {
  const result = z.safeParse(staffPasswordSchema(context), password);
  return result.success ? null : result.error.issues[0].message;
}
