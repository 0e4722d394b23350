import type { Sql } from 'postgres';
import type { RateRule } from '../../lib/http/rate-rules.ts';

// Per-client request counts in PostgreSQL, shared by every process (RATE_LIMIT_STORE=postgres).

/**
 * Counts one request of `client` under `rule` in one statement: a window that has ended starts again at
 * `at`; a refused request leaves the count at limit + 1, so it never grows past what the answer needs.
 * Returns the window's count including this request, and when the window ends.
 */
export async function countRateHit(
  sql: Sql,
  { rule, client, at, limit, windowMs }: { rule: string; client: string; at: Date } & RateRule,
): Promise<{ hits: number; windowEnd: Date }> {
  const [row] = await sql<{ hits: number; windowEnd: Date }[]>`
    insert into rate_limit_windows as w (rule, client, window_start, window_end, hits)
    values (${rule}, ${client}, ${at}, ${new Date(at.getTime() + windowMs)}, 1)
    on conflict (rule, client) do update set
      window_start = case when w.window_end <= excluded.window_start then excluded.window_start else w.window_start end,
      window_end = case when w.window_end <= excluded.window_start then excluded.window_end else w.window_end end,
      hits = case when w.window_end <= excluded.window_start then 1 else least(w.hits + 1, ${limit + 1}) end
    returning hits, window_end`;
  return row;
}

/** Deletes the windows that ended before `at`. */
export async function pruneRateWindows(sql: Sql, at: Date): Promise<number> {
  return (await sql`delete from rate_limit_windows where window_end < ${at}`).count;
}

/**
 * Takes back one request counted by countRateHit (a staff sign-in that was right, or was never
 * checked), in the window it was counted in: a window that has started again since is left alone.
 */
export async function giveBackRateHit(sql: Sql, { rule, client, windowEnd }: { rule: string; client: string; windowEnd: Date }): Promise<void> {
  await sql`update rate_limit_windows set hits = greatest(hits - 1, 0) where rule = ${rule} and client = ${client} and window_end = ${windowEnd}`;
}
