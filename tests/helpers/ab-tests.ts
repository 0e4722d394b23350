import type { Sql } from 'postgres';

export const uid = (label: string) => `${label}-${crypto.randomUUID()}`;

/** An A/B test of the test's own, so no other test file's rows matter. */
export async function createTest(sql: Sql, opts: { allocation?: number; active?: boolean; weights?: number[]; startDaysAgo?: number } = {}) {
  const id = crypto.randomUUID();
  const name = uid('test');
  await sql`insert into ab_tests (id, name, description, is_active, traffic_allocation, start_date)
    values (${id}, ${name}, 'made by tests', ${opts.active ?? true}, ${opts.allocation ?? 100}, now() - make_interval(days => ${opts.startDaysAgo ?? 0}))`;
  const variantIds: string[] = [];
  for (const [i, weight] of (opts.weights ?? [1, 1]).entries()) {
    const vid = crypto.randomUUID();
    variantIds.push(vid);
    await sql`insert into ab_test_variants (id, test_id, name, is_control, weight, configuration)
      values (${vid}, ${id}, ${i === 0 ? 'Control' : `Variant ${i}`}, ${i === 0}, ${weight}, ${sql.json({ n: i })})`;
  }
  return { id, name, variantIds };
}

export const eventCount = async (sql: Sql, userId: string) => Number((await sql`select count(*) as n from ab_test_events where user_id = ${userId}`)[0].n);
