import type { Sql, TransactionSql } from 'postgres';
import type { StaffRole } from '../../lib/staff/roles.ts';
import { endEverySession } from './staff-sessions.ts';

// The `users` table as staff accounts (lib/staff/accounts.ts): `username` is the work email, `password` an
// argon2id hash.

export type StaffAccount = { id: string; email: string; role: StaffRole };

/**
 * Creates the account with `role` (the very first account is an owner whatever is asked: someone must
 * be able to do everything), or gives an existing one a new password hash and signs it out everywhere
 * (its sessions, remembered devices and waiting second steps), in one transaction. An existing account's
 * role is left as it is (setStaffRole changes it).
 */
export async function saveStaffAccount(
  sql: Sql,
  email: string,
  passwordHash: string,
  role: StaffRole = 'staff',
): Promise<{ outcome: 'created' | 'reset'; role: StaffRole; sessionsEnded: number }> {
  return sql.begin(async (tx) => {
    // Two first accounts made at once: the second waits, and sees the first.
    await tx`lock table users in share row exclusive mode`;
    const [row] = await tx<{ id: string; created: boolean; role: StaffRole }[]>`
      insert into users (username, password, role)
      values (${email}, ${passwordHash}, case when exists (select 1 from users) then ${role} else 'owner' end)
      on conflict (username) do update set password = excluded.password
      returning id, role, (xmax = 0) as created
    `;
    if (row.created) return { outcome: 'created' as const, role: row.role, sessionsEnded: 0 };
    return { outcome: 'reset' as const, role: row.role, sessionsEnded: await endEverySession(tx, row.id) };
  });
}

/**
 * Gives an existing account `role`. Refused ('last-owner') when it would leave no owner at all; 'same'
 * when it had that role already; 'missing' when there is no such account.
 */
export async function setStaffRole(sql: Sql, email: string, role: StaffRole): Promise<'changed' | 'same' | 'missing' | 'last-owner'> {
  return sql.begin(async (tx) => {
    await tx`lock table users in share row exclusive mode`;
    const [account] = await tx<{ id: string; role: StaffRole }[]>`select id, role from users where username = ${email}`;
    if (!account) return 'missing' as const;
    if (account.role === role) return 'same' as const;
    if (role !== 'owner' && (await isLastOwner(tx, account))) return 'last-owner' as const;
    await tx`update users set role = ${role} where id = ${account.id}`;
    return 'changed' as const;
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
  const [row] = await sql<StaffAccount[]>`select id, username as email, role from users where username = ${email}`;
  return row ?? null;
}

/** Every account, its role, and whether it signs in with a code as well. */
export async function listStaffAccounts(sql: Sql): Promise<(StaffAccount & { twoFactor: boolean })[]> {
  return sql<(StaffAccount & { twoFactor: boolean })[]>`
    select u.id, u.username as email, u.role, t.confirmed_at is not null as two_factor
    from users u left join staff_two_factor t on t.user_id = u.id order by u.username`;
}

/**
 * Removes the account: 'missing' when there is none, 'last-owner' (nothing removed) when it is the only
 * owner left, since then nobody could erase a lead, publish or manage the accounts.
 */
export async function removeStaffAccount(sql: Sql, email: string): Promise<'removed' | 'missing' | 'last-owner'> {
  return sql.begin(async (tx) => {
    await tx`lock table users in share row exclusive mode`;
    const [account] = await tx<{ id: string; role: StaffRole }[]>`select id, role from users where username = ${email}`;
    if (!account) return 'missing' as const;
    if (await isLastOwner(tx, account)) return 'last-owner' as const;
    await tx`delete from users where id = ${account.id}`;
    return 'removed' as const;
  }) as Promise<'removed' | 'missing' | 'last-owner'>;
}

/** Whether `account` is an owner and no other account is (call with the users table locked). */
async function isLastOwner(tx: TransactionSql, account: { id: string; role: StaffRole }): Promise<boolean> {
  if (account.role !== 'owner') return false;
  const [{ others }] = await tx<{ others: number }[]>`select count(*)::int as others from users where role = 'owner' and id <> ${account.id}`;
  return others === 0;
}
