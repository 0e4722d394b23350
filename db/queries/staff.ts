import type { Sql } from 'postgres';

// The `users` table as staff accounts (lib/staff.ts): `username` is the work email, `password` an
// argon2id hash.

export type StaffAccount = { id: string; email: string };

/** Creates the account, or gives an existing one a new password hash. */
export async function saveStaffAccount(sql: Sql, email: string, passwordHash: string): Promise<'created' | 'reset'> {
  const [row] = await sql<{ created: boolean }[]>`
    insert into users (username, password) values (${email}, ${passwordHash})
    on conflict (username) do update set password = excluded.password
    returning (xmax = 0) as created
  `;
  return row.created ? 'created' : 'reset';
}

export async function listStaffAccounts(sql: Sql): Promise<StaffAccount[]> {
  return sql<StaffAccount[]>`select id, username as email from users order by username`;
}

/** Removes the account; false when there was none. */
export async function removeStaffAccount(sql: Sql, email: string): Promise<boolean> {
  const rows = await sql`delete from users where username = ${email} returning id`;
  return rows.length > 0;
}
