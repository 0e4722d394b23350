import type { Sql } from 'postgres';
import { isConnectionError } from './errors.ts';
import { migrations as allMigrations } from './migrations/index.ts';

// Any fixed number: every instance of the site takes the same transaction-scoped advisory lock, so two
// servers starting together apply each migration once and the second sees the first one's result.
const MIGRATION_LOCK_ID = 72_435_010;

/**
 * A migration the database refused (not a lost connection): trying again would fail the same way, so the
 * server stops with this one line. Its transaction rolled back: nothing of it, or of those after it, was applied.
 */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

export async function migrate(sql: Sql, migrations = allMigrations): Promise<string[]> {
  return sql.begin(async (tx) => {
    // A migration may take longer than a request's deadline, which the server's connections carry.
    await tx`set local statement_timeout = 0`;
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
    await tx`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`;
    const done = new Set((await tx<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      try {
        await tx.unsafe(m.sql);
        await m.after?.(tx);
      } catch (error) {
        throw isConnectionError(error) ? error : new MigrationFailed(m.name, error);
      }
      await tx`insert into schema_migrations (name) values (${m.name})`;
      applied.push(m.name);
    }
    return applied;
  });
}
