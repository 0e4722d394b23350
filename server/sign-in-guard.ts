import { randomUUID } from 'node:crypto';
import { countRateHit, giveBackRateHit, pruneRateWindows } from '../db/queries/rate-limits.ts';
import { claimGates, releaseGates } from '../db/queries/sign-in.ts';
import { clientKey } from '../lib/http/client-address.ts';
import {
  countsToGiveBack,
  deviceStillKnown,
  SIGN_IN_GATE_MS,
  SIGN_IN_RULES,
  type SignInCounts,
  type SignInRuleName,
  signInRuleKey,
  signInVerdict,
} from '../lib/staff/sign-in-throttle.ts';
import { withDatabaseDeadline } from './deadline.ts';
import type { AppContext } from './deps.ts';
import { clientAddress } from './middleware/rate-limit.ts';

// Every staff password or code check goes through here (lib/staff/sign-in-throttle.ts has the figures):
//   1. the attempt is counted, atomically, in the database (rate_limit_windows) BEFORE anything is
//      checked: against its address, and against the account as a stranger's or as its known device's;
//   2. over a limit: refused (429), nothing checked;
//   3. the account's and the address's gates are claimed in one statement (a lease row each): another
//      check of either still running means this one is refused (429, Retry-After: 1), nothing checked;
//   4. the check runs, the gates are let go of;
//   5. an attempt that was not checked, or was right, gives its counts back.
// Whatever the processes and however many guesses arrive at once, an account sees at most one check at
// a time and no more than its limits allow. The database is used on every kind (the embedded one too),
// whatever RATE_LIMIT_STORE says: a count kept in one process's memory is what let guesses through.

export type SignInAttempt = {
  /** The account tried, as its lower-cased email, whether or not an account has it (the same limits either way). */
  email: string;
  /** The SHA-256 of this browser's device token, when it belongs to the account (server/staff-device.ts). */
  device: string | null;
};

export type Guarded<T> =
  | { outcome: 'checked'; result: T }
  | { outcome: 'throttled'; why: 'address' | 'account'; retryAfterSeconds: number }
  | { outcome: 'busy' };

/** Runs `check` for `attempt` if its limits and gates allow; `right` says whether its result was a right password or code. */
export async function guardedCheck<T>(c: AppContext, attempt: SignInAttempt, check: () => Promise<T>, right: (result: T) => boolean): Promise<Guarded<T>> {
  const { sql, now, config } = c.get('deps');
  if (config.RATE_LIMITS === 'off') return { outcome: 'checked', result: await check() };

  const address = clientKey(clientAddress(c));
  const at = now();
  const clientOf: Record<SignInRuleName, string> = { address, strangers: attempt.email, strangersTrickle: attempt.email, device: attempt.device ?? '' };
  const counts: SignInCounts = {};
  const count = async (rules: SignInRuleName[]) => {
    const rows = await withDatabaseDeadline(sql, (db) =>
      Promise.all(rules.map((rule) => countRateHit(db, { rule: signInRuleKey(rule), client: clientOf[rule], at, ...SIGN_IN_RULES[rule] }))),
    );
    rules.forEach((rule, i) => {
      counts[rule] = { hits: rows[i].hits, windowEndMs: rows[i].windowEnd.getTime() };
    });
  };
  await count(attempt.device ? ['address', 'device'] : ['address']);
  // The account's counts only for an address still within its limit (a refused address adds no rows,
  // whatever emails it sends), and the strangers' only for a stranger: no device, or one that used up
  // its own attempts.
  if (signInVerdict(counts, at.getTime()).allowed && !(counts.device && deviceStillKnown(counts.device))) await count(['strangers', 'strangersTrickle']);

  const giveBack = () =>
    withDatabaseDeadline(sql, (db) =>
      Promise.all(
        countsToGiveBack(counts).map((rule) =>
          giveBackRateHit(db, { rule: signInRuleKey(rule), client: clientOf[rule], windowEnd: new Date(counts[rule]?.windowEndMs ?? 0) }),
        ),
      ),
    );

  const verdict = signInVerdict(counts, at.getTime());
  if (!verdict.allowed) {
    await giveBack();
    return { outcome: 'throttled', why: verdict.why, retryAfterSeconds: verdict.retryAfterSeconds };
  }

  // Always the account first, then the address: every claim takes its rows in the same order.
  const gates = [`account:${attempt.email}`, `address:${address}`];
  const holder = randomUUID();
  const claimed = await withDatabaseDeadline(sql, (db) => claimGates(db, gates, holder, at, SIGN_IN_GATE_MS));
  if (claimed.length < gates.length) {
    await withDatabaseDeadline(sql, (db) => releaseGates(db, claimed, holder));
    await giveBack();
    return { outcome: 'busy' };
  }
  let result: T;
  try {
    result = await check();
  } finally {
    await withDatabaseDeadline(sql, (db) => releaseGates(db, gates, holder));
  }
  if (right(result)) await giveBack();
  // Windows that have ended are deleted now and then (with RATE_LIMIT_STORE=postgres the request limits do it too).
  pruneRateWindows(sql, at).catch(() => {});
  return { outcome: 'checked', result };
}
