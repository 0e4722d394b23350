import type { Sql } from 'postgres';
import { endEverySession } from './staff-sessions.ts';

// The `users` table as staff accounts (lib/staff/accounts.ts): `username` is the work email, `password` an
// argon2id hash.

export type StaffAccount = { id: string; email: string };

/**
 * Creates the account, or gives an existing one a new password hash and signs it out everywhere (its
 * sessions, remembered devices and waiting second steps), in one transaction.
 */
export async function saveStaffAccount(sql: Sql, email: string, passwordHash: string): Promise<{ outcome: 'created' | 'reset'; sessionsEnded: number }> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: string; created: boolean }[]>`
      insert into users (username, password) values (${email}, ${passwordHash})
      on conflict (username) do update set password = excluded.password
      returning id, (xmax = 0) as created
    `;
    if (row.created) return { outcome: 'created' as const, sessionsEnded: 0 };
    return { outcome: 'reset' as const, sessionsEnded: await endEverySession(tx, row.id) };
  });
}

/**
 * Changes the password of an account whose hash is still `oldHash` (two changes at once: the second
 * finds it changed) and signs it out everywhere, in one transaction. False when the hash had changed.
 */
export async function changeStaffPassword(sql: Sql, userId: string, oldHash: string, newHash: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const changed = await tx`update users set password = ${newHash} where id = ${userId} and password = ${oldHash} returning 1`;
    if (changed.length === 0) return false;
    await endEverySession(tx, userId);
    return true;
  });
}

/** The account with this email, for the commands. */
export async function findStaffAccount(sql: Sql, email: string): Promise<StaffAccount | null> {
  const [row] = await sql<StaffAccount[]>`select id, username as email from users where username = ${email}`;
  return row ?? null;
}

/** Every account, and whether it signs in with a code as well. */
export async function listStaffAccounts(sql: Sql): Promise<(StaffAccount & { twoFactor: boolean })[]> {
  return sql<(StaffAccount & { twoFactor: boolean })[]>`
    select u.id, u.username as email, t.confirmed_at is not null as two_factor
    from users u left join staff_two_factor t on t.user_id = u.id order by u.username`;
}

/** Removes the account; false when there was none. */
export async function removeStaffAccount(sql: Sql, email: string): Promise<boolean> {
  const rows = await sql`delete from users where username = ${email} returning id`;
  return rows.length > 0;
}
