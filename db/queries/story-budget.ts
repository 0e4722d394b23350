import type { Sql } from 'postgres';

/** Rows older than this are deleted when a new day's row is made. */
const KEEP_DAYS = 31;

/**
 * Spends one unit of `day`'s budget if any is left: an atomic upsert, so concurrent requests from any
 * number of processes never spend more than `limit`. True when spent.
 */
export async function spendStoryBudget(sql: Sql, day: string, limit: number): Promise<boolean> {
  const [row] = await sql<{ used: number }[]>`
    insert into story_budget as b (day, used) values (${day}, 1)
    on conflict (day) do update set used = b.used + 1 where b.used < ${limit}
    returning used`;
  if (row?.used === 1) await sql`delete from story_budget where day < ${day}::date - ${KEEP_DAYS}::int`;
  return row !== undefined;
}
