import type { RateRule } from '../http/rate-rules.ts';

// Staff sign-in throttling, pure: every figure in one place, and the decision from the counts. The
// counts live in the database (rate_limit_windows, one atomic upsert per rule), taken BEFORE a
// password or code is checked, so sending guesses at once or through several processes gains nothing;
// server/sign-in-guard.ts does the counting, the one-check-at-a-time gate and the check.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/**
 * The limits, and why these figures:
 * - `address`: 10 attempts per 15 minutes from one address (an IPv6 address by its /64). A person who
 *   mistypes tries two or three times; 10 in 15 minutes from one place is a script. A right password
 *   gives its attempt back, so an office behind one address can sign in all morning.
 * - `strangers`: on one account, from browsers that never signed in to it, 5 attempts per 15 minutes,
 *   then `strangersTrickle`: one per 30 seconds. An online guesser spreading over any number of
 *   addresses gets at most 5 + 30 guesses per 15 minutes (about 3,400 a day) against a password of 12 or
 *   more characters that is not one of the ~49,000 common ones, and no guess at all against the second
 *   factor where it is on. The account is never locked: the staff member signs in from their usual
 *   device at once (below), and from a new one within 30 seconds when no one is guessing.
 * - `device`: a browser holding this account's device cookie (a sign-in there succeeded before) is not
 *   held to the strangers' limit; it has 5 attempts per 15 minutes of its own, after which it is a
 *   stranger again (a stolen device cookie buys a guesser 5 guesses, not a way round the limit).
 */
export const SIGN_IN_RULES = {
  address: { limit: 10, windowMs: 15 * MINUTE },
  strangers: { limit: 5, windowMs: 15 * MINUTE },
  strangersTrickle: { limit: 1, windowMs: 30 * SECOND },
  device: { limit: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

export type SignInRuleName = keyof typeof SIGN_IN_RULES;

/** The rule names as stored in rate_limit_windows, apart from the site's request limits. */
export const signInRuleKey = (rule: SignInRuleName) => `sign-in:${rule}`;

/**
 * How long one check may hold its account's and address's gate (a lease) when its process dies before
 * letting go: argon2 takes about 100 ms, so 5 s is long enough for any check and short enough that a
 * crash keeps no one waiting.
 */
export const SIGN_IN_GATE_MS = 5 * SECOND;

/** A device cookie lasts a year (under the 400 days browsers allow a cookie). */
export const DEVICE_MAX_MS = 365 * DAY;

/** The second step of a two-factor sign-in waits 5 minutes for its code and allows 5 tries. */
export const PENDING_MS = 5 * MINUTE;
export const PENDING_TRIES = 5;

/** One rule's window after counting this attempt: its count (capped at limit + 1 once refused) and its end. */
export type SignInCount = { hits: number; windowEndMs: number };

export type SignInCounts = Partial<Record<SignInRuleName, SignInCount>>;

export type SignInVerdict = { allowed: true } | { allowed: false; why: 'address' | 'account'; retryAfterSeconds: number };

const within = (rule: SignInRuleName, count: SignInCount | undefined) => !count || count.hits <= SIGN_IN_RULES[rule].limit;
const secondsUntil = (endMs: number, nowMs: number) => Math.max(1, Math.ceil((endMs - nowMs) / SECOND));

/** Whether a known device still skips the strangers' limit: not once it has used up its own attempts. */
export const deviceStillKnown = (device: SignInCount) => within('device', device);

/**
 * Whether this attempt may be checked, from the counts it was given: the address's, and either its
 * device's (a known device still within its own limit) or the strangers' pair on the account (allowed
 * while either the 15-minute allowance or the 30-second trickle has room).
 */
export function signInVerdict(counts: SignInCounts, nowMs: number): SignInVerdict {
  if (!counts.address) throw new Error('every sign-in attempt is counted against its address');
  if (!within('address', counts.address)) return { allowed: false, why: 'address', retryAfterSeconds: secondsUntil(counts.address.windowEndMs, nowMs) };
  const { strangers, strangersTrickle } = counts;
  if (strangers && strangersTrickle && !within('strangers', strangers) && !within('strangersTrickle', strangersTrickle)) {
    return { allowed: false, why: 'account', retryAfterSeconds: secondsUntil(Math.min(strangers.windowEndMs, strangersTrickle.windowEndMs), nowMs) };
  }
  return { allowed: true };
}

/**
 * The counts this attempt really added one to (each within its rule: a count already past its limit
 * stays capped). It gives them back when nothing was checked (refused, or the gate was busy) or when it
 * was right, so only wrong guesses use up allowances.
 */
export function countsToGiveBack(counts: SignInCounts): SignInRuleName[] {
  return (Object.keys(counts) as SignInRuleName[]).filter((rule) => within(rule, counts[rule]));
}
