import type { Sql } from 'postgres';

// Two-factor sign-in per account (staff_two_factor, staff_recovery_codes): the TOTP secret, kept as
// the apps need it (README: "Two-factor sign-in"), the last time step accepted, and the recovery codes'
// SHA-256 hashes.

export type TwoFactor = { secret: string; confirmedAt: Date | null; lastStep: number | null };

export async function twoFactorOf(sql: Sql, userId: string): Promise<TwoFactor | null> {
  const [row] = await sql<TwoFactor[]>`select secret, confirmed_at, last_step::float8 as last_step from staff_two_factor where user_id = ${userId}`;
  return row ?? null;
}

/** Whether the account signs in with a code as well as its password. */
export async function hasTwoFactor(sql: Sql, userId: string): Promise<boolean> {
  return (await sql`select 1 from staff_two_factor where user_id = ${userId} and confirmed_at is not null`).length > 0;
}

/** Starts (or starts again) enrolment with a new secret; false when two-factor sign-in is already on. */
export async function startEnrolment(sql: Sql, userId: string, secret: string, now: Date): Promise<boolean> {
  const rows = await sql`
    insert into staff_two_factor as t (user_id, secret, created_at) values (${userId}, ${secret}, ${now})
    on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at where t.confirmed_at is null
    returning 1`;
  return rows.length > 0;
}

/**
 * Turns two-factor sign-in on with the secret the staff member enrolled (`step`: the time step of the
 * code that confirmed it, which cannot then be used to sign in) and its recovery codes' hashes, in one
 * transaction. False when enrolment was not waiting with this secret (cancelled, started again, or on).
 */
export async function confirmEnrolment(sql: Sql, userId: string, secret: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
  return sql.begin(async (tx) => {
    const on = await tx`
      update staff_two_factor set confirmed_at = ${now}, last_step = ${step}
      where user_id = ${userId} and secret = ${secret} and confirmed_at is null returning 1`;
    if (on.length === 0) return false;
    await tx`delete from staff_recovery_codes where user_id = ${userId}`;
    await tx`insert into staff_recovery_codes ${tx(codeHashes.map((codeHash) => ({ userId, codeHash })))}`;
    return true;
  });
}

/** Drops an enrolment that was never confirmed. */
export async function cancelEnrolment(sql: Sql, userId: string): Promise<void> {
  await sql`delete from staff_two_factor where user_id = ${userId} and confirmed_at is null`;
}

/**
 * Takes a code's time step for a sign-in: only a step later than the last one taken, so a code (or an
 * older one) is accepted once, whichever process sees it first. False: already used.
 */
export async function acceptStep(sql: Sql, userId: string, step: number): Promise<boolean> {
  const rows = await sql`
    update staff_two_factor set last_step = ${step}
    where user_id = ${userId} and confirmed_at is not null and (last_step is null or last_step < ${step}) returning 1`;
  return rows.length > 0;
}

/** Uses up one recovery code; false when it is not one of the account's, or was used. */
export async function spendRecoveryCode(sql: Sql, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await sql`
    update staff_recovery_codes set used_at = ${now}
    where user_id = ${userId} and code_hash = ${codeHash} and used_at is null returning 1`;
  return rows.length > 0;
}

export async function recoveryCodesLeft(sql: Sql, userId: string): Promise<number> {
  const [{ left }] = await sql<{ left: number }[]>`select count(*)::int as left from staff_recovery_codes where user_id = ${userId} and used_at is null`;
  return left;
}

/** Turns two-factor sign-in off: the secret and the recovery codes are deleted. False when it was not on. */
export async function turnOffTwoFactor(sql: Sql, userId: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`delete from staff_recovery_codes where user_id = ${userId}`;
    return (await tx`delete from staff_two_factor where user_id = ${userId} returning confirmed_at`).some((r) => r.confirmedAt !== null);
  });
}
