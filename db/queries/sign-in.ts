import type { Sql, TransactionSql } from 'postgres';
import { signInRuleKey } from '../../lib/staff/sign-in-throttle.ts';

// What staff sign-in keeps between requests, besides sessions: the one-check-at-a-time gates, the
// browsers an account signed in from (device cookies), and the second step waiting for its code.
// Tokens are found by their SHA-256; the tokens themselves are only in cookies.

/**
 * Claims every key's gate for `holder` in one statement: a key is free when it has no row or its lease
 * ran out. Returns the keys it got; the caller lets go of them (and of all of them when it did not get
 * every one). Keys are claimed in the order given, the same order for every caller, so two claims never
 * wait on each other in a circle.
 */
export async function claimGates(sql: Sql, keys: string[], holder: string, now: Date, leaseMs: number): Promise<string[]> {
  const until = new Date(now.getTime() + leaseMs);
  const rows = await sql<{ key: string }[]>`
    insert into staff_sign_in_gates as g (key, holder, expires_at)
    select key, ${holder}, ${until} from unnest(${sql.array(keys)}::text[]) with ordinality as k (key, n) order by n
    on conflict (key) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where g.expires_at <= ${now}
    returning key`;
  return rows.map((r) => r.key);
}

/** Lets go of the gates `holder` holds among `keys` (a lease taken over after running out is not touched). */
export async function releaseGates(sql: Sql, keys: string[], holder: string): Promise<void> {
  if (keys.length === 0) return;
  await sql`delete from staff_sign_in_gates where key = any(${sql.array(keys)}::text[]) and holder = ${holder}`;
}

/** The account a device token belongs to, and when it was given; null for an unknown token. */
export async function findDevice(sql: Sql, tokenHash: string): Promise<{ userId: string; createdAt: Date } | null> {
  const [row] = await sql<{ userId: string; createdAt: Date }[]>`select user_id, created_at from staff_devices where token_hash = ${tokenHash}`;
  return row ?? null;
}

/**
 * Remembers a browser that signed in to the account (replacing the token it brought, if any), and
 * forgets the account's devices older than `oldest`, and all but its newest `keep`.
 */
export async function rememberDevice(
  sql: Sql,
  { tokenHash, userId, now, replacing, oldest, keep }: { tokenHash: string; userId: string; now: Date; replacing: string | null; oldest: Date; keep: number },
): Promise<void> {
  await sql.begin(async (tx) => {
    if (replacing) await tx`delete from staff_devices where token_hash = ${replacing}`;
    await tx`insert into staff_devices (token_hash, user_id, created_at) values (${tokenHash}, ${userId}, ${now})`;
    await tx`
      delete from staff_devices where user_id = ${userId} and (created_at < ${oldest} or token_hash in (
        select token_hash from staff_devices where user_id = ${userId} order by created_at desc offset ${keep}))`;
  });
}

/** Starts the second step for `userId` (and clears second steps that have run out: a fine time to tidy). */
export async function createPending(sql: Sql, idHash: string, userId: string, now: Date, lifetimeMs: number): Promise<void> {
  await sql`delete from staff_sign_in_pending where expires_at <= ${now}`;
  await sql`insert into staff_sign_in_pending (id_hash, user_id, expires_at) values (${idHash}, ${userId}, ${new Date(now.getTime() + lifetimeMs)})`;
}

export type Pending = { userId: string; email: string; passwordHash: string; tries: number };

/** The account a live second step is for; null when there is none or it ran out. */
export async function findPending(sql: Sql, idHash: string, now: Date): Promise<Pending | null> {
  const [row] = await sql<Pending[]>`
    select p.user_id, u.username as email, u.password as password_hash, p.tries
    from staff_sign_in_pending p join users u on u.id = p.user_id
    where p.id_hash = ${idHash} and p.expires_at > ${now}`;
  return row ?? null;
}

/** Counts one try of a second step; null when the step is gone or ran out. */
export async function countPendingTry(sql: Sql, idHash: string, now: Date): Promise<number | null> {
  const [row] = await sql<{ tries: number }[]>`
    update staff_sign_in_pending set tries = tries + 1 where id_hash = ${idHash} and expires_at > ${now} returning tries`;
  return row?.tries ?? null;
}

/** Ends a second step; true when it was still there (only one request can end it). */
export async function endPending(sql: Sql, idHash: string): Promise<boolean> {
  return (await sql`delete from staff_sign_in_pending where id_hash = ${idHash} returning 1`).length > 0;
}

/**
 * Forgets the account's own sign-in counts (the strangers' allowance and its 30-second trickle, keyed
 * by the email), so a staff member who just proved they own the mailbox can sign in at once. The
 * per-address counts are the address's, not the account's: they stay.
 */
export async function clearAccountThrottle(sql: Sql | TransactionSql, email: string): Promise<void> {
  const rules = [signInRuleKey('strangers'), signInRuleKey('strangersTrickle')];
  await sql`delete from rate_limit_windows where rule = any(${sql.array(rules)}::text[]) and client = ${email}`;
}
