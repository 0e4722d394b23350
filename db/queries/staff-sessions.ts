import type { Sql, TransactionSql } from 'postgres';
import type { StaffRole } from '../../lib/staff/roles.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../lib/staff/session.ts';

// Signed-in staff browsers (staff_sessions). Rows are found by the SHA-256 of the cookie's id.

/** A session and its account; the role is read with it, so a changed role counts from the next request. */
export type StoredSession = { userId: string; email: string; role: StaffRole; twoFactor: boolean; createdAt: Date; lastSeenAt: Date };

/** The account a password is checked against; null when no account has this email. */
export async function findStaffLogin(sql: Sql, email: string): Promise<{ id: string; email: string; passwordHash: string } | null> {
  const [row] = await sql<
    { id: string; email: string; passwordHash: string }[]
  >`select id, username as email, password as password_hash from users where username = ${email}`;
  return row ?? null;
}

/**
 * Starts a session for the account whose password hash is still `passwordHash` (a password changed
 * while this sign-in was being checked starts nothing), and clears every session that has run out
 * (signing in is rare: a fine time to tidy). False when the password had changed.
 */
export async function createSession(sql: Sql, idHash: string, userId: string, now: Date, passwordHash: string): Promise<boolean> {
  await sql`delete from staff_sessions where created_at <= ${new Date(now.getTime() - SESSION_MAX_MS)} or last_seen_at <= ${new Date(now.getTime() - SESSION_IDLE_MS)}`;
  const rows = await sql`
    insert into staff_sessions (id_hash, user_id, created_at, last_seen_at)
    select ${idHash}, id, ${now}, ${now} from users where id = ${userId} and password = ${passwordHash}
    returning 1`;
  return rows.length > 0;
}

/**
 * Signs an account out everywhere: every session, every remembered device, every second step waiting
 * for a code, and every password reset link still out (a password changed on the account page or by
 * staff:add makes an emailed link useless). Returns how many sessions ended.
 */
export async function endEverySession(sql: Sql | TransactionSql, userId: string): Promise<number> {
  const ended = await sql`delete from staff_sessions where user_id = ${userId} returning 1`;
  await sql`delete from staff_devices where user_id = ${userId}`;
  await sql`delete from staff_sign_in_pending where user_id = ${userId}`;
  await sql`delete from staff_password_resets where user_id = ${userId}`;
  return ended.length;
}

/** Ends every session of the account but the one kept (its id's hash); how many ended. */
export async function endOtherSessions(sql: Sql, userId: string, keptIdHash: string): Promise<number> {
  const ended = await sql`delete from staff_sessions where user_id = ${userId} and id_hash <> ${keptIdHash} returning 1`;
  return ended.length;
}

export async function findSession(sql: Sql, idHash: string): Promise<StoredSession | null> {
  const [row] = await sql<StoredSession[]>`
    select s.user_id, u.username as email, u.role, s.created_at, s.last_seen_at,
      exists (select 1 from staff_two_factor t where t.user_id = u.id and t.confirmed_at is not null) as two_factor
    from staff_sessions s join users u on u.id = s.user_id
    where s.id_hash = ${idHash}`;
  return row ?? null;
}

export async function touchSession(sql: Sql, idHash: string, now: Date): Promise<void> {
  await sql`update staff_sessions set last_seen_at = ${now} where id_hash = ${idHash}`;
}

export async function deleteSession(sql: Sql, idHash: string): Promise<void> {
  await sql`delete from staff_sessions where id_hash = ${idHash}`;
}
