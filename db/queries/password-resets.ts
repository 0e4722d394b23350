import type { Sql } from 'postgres';
import { clearAccountThrottle } from './sign-in.ts';
import { endEverySession } from './staff-sessions.ts';

// Password reset links (staff_password_resets, migration 0013): found by the SHA-256 of the token the
// link carries; the token itself is only in the email.

/**
 * Keeps a new link for the account: its older links stop working (deleted), and links that ran out
 * for anyone are cleared (asking is rare: a fine time to tidy). The account's row is locked first, so
 * two requests at once leave one live link, not two.
 */
export async function createPasswordReset(
  sql: Sql,
  { tokenHash, userId, now, expiresAt }: { tokenHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select 1 from users where id = ${userId} for update`;
    await tx`delete from staff_password_resets where user_id = ${userId} or expires_at <= ${now}`;
    await tx`insert into staff_password_resets (token_hash, user_id, created_at, expires_at) values (${tokenHash}, ${userId}, ${now}, ${expiresAt})`;
  });
}

/** The account a live link (not used, not run out) is for; null otherwise. */
export async function findLiveReset(sql: Sql, tokenHash: string, now: Date): Promise<{ userId: string; email: string } | null> {
  const [row] = await sql<{ userId: string; email: string }[]>`
    select r.user_id, u.username as email
    from staff_password_resets r join users u on u.id = r.user_id
    where r.token_hash = ${tokenHash} and r.used_at is null and r.expires_at > ${now}`;
  return row ?? null;
}

/**
 * Uses a live link, in one transaction: the link is marked used (only one request can: a replay or a
 * second tab finds it used), the password set, every session, remembered device and waiting second
 * step of the account ended, and the account's sign-in throttle forgotten. Two-factor sign-in is left
 * as it is: the next sign-in still asks for the code. The account, or null when the link was not live.
 */
export async function usePasswordReset(
  sql: Sql,
  { tokenHash, passwordHash, now }: { tokenHash: string; passwordHash: string; now: Date },
): Promise<{ userId: string; email: string; sessionsEnded: number } | null> {
  return sql.begin(async (tx) => {
    const [used] = await tx<{ userId: string }[]>`
      update staff_password_resets set used_at = ${now}
      where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}
      returning user_id`;
    if (!used) return null;
    const [account] = await tx<{ email: string }[]>`update users set password = ${passwordHash} where id = ${used.userId} returning username as email`;
    if (!account) return null;
    const sessionsEnded = await endEverySession(tx, used.userId);
    await clearAccountThrottle(tx, account.email);
    return { userId: used.userId, email: account.email, sessionsEnded };
  });
}
