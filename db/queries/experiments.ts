import type { Sql, TransactionSql } from 'postgres';
import type { Experiment, NewExperiment } from '../../lib/ab/experiments.ts';
import { applyFields, type SlotName } from '../../lib/content/slots.ts';
import { running } from './ab-tests.ts';
import { publishedVersion, publishSlotIn } from './content.ts';

// Experiments (issue 33): the A/B tests as the builder makes and runs them. One model: an experiment is
// a row of ab_tests with its slot, hypothesis, goal and shipped variant (migration 0018), so the spec's
// /api/ab-test answers and the dashboard see every experiment. Each change is one guarded statement (or
// one transaction), so two owners pressing at once, on any number of processes, cannot both win.

type Db = Sql | TransactionSql;

const columns = (sql: Db) => sql`
  t.id, t.name, t.slot, coalesce(t.hypothesis, t.description) as hypothesis, t.goal, t.is_active, t.traffic_allocation,
  t.start_date, t.end_date, t.created_at, t.shipped_variant_id,
  coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name, 'isControl', v.is_control, 'configuration', v.configuration)
    order by v.is_control desc, v.created_at, v.id) from ab_test_variants v where v.test_id = t.id), '[]') as variants`;

/** Every experiment, the running first, then the newest. */
export async function listExperiments(sql: Db): Promise<Experiment[]> {
  return sql<Experiment[]>`select ${columns(sql)} from ab_tests t order by t.is_active desc, t.created_at desc, t.name`;
}

export async function findExperiment(sql: Db, id: string): Promise<Experiment | null> {
  const [row] = await sql<Experiment[]>`select ${columns(sql)} from ab_tests t where t.id = ${id}`;
  return row ?? null;
}

/** The experiment running on `slot` now (at most one: migration 0018's index): its id and name; else null. */
export async function runningExperimentOn(sql: Db, slot: SlotName): Promise<{ id: string; name: string } | null> {
  const [row] = await sql<{ id: string; name: string }[]>`
    select id, name from ab_tests t where t.slot = ${slot} and ${running(sql)} order by t.start_date desc limit 1`;
  return row ?? null;
}

/** Stores a draft experiment (not running) with its variants; null when the name is taken. */
export async function createExperiment(sql: Sql, e: NewExperiment): Promise<string | null> {
  return (await sql.begin(async (tx) => {
    const [test] = await tx<{ id: string }[]>`
      insert into ab_tests (name, description, hypothesis, slot, goal, is_active, traffic_allocation)
      values (${e.name}, ${e.hypothesis}, ${e.hypothesis}, ${e.slot}, ${e.goal}, false, ${e.trafficAllocation})
      on conflict (name) do nothing returning id`;
    if (!test) return null;
    for (const [i, v] of e.variants.entries()) {
      // created_at orders the variants (control first, then as given): one statement each, a microsecond apart.
      await tx`
        insert into ab_test_variants (test_id, name, is_control, weight, configuration, created_at)
        values (${test.id}, ${v.name}, ${v.isControl}, 1, ${tx.json(v.fields as never)}, now() + ${i} * interval '1 millisecond')`;
    }
    return test.id;
  })) as string | null;
}

/** Why a change was refused: no such experiment, it is not in a state that allows it, or its slot already runs another. */
export type Refusal = 'not-found' | 'wrong-state' | 'slot-busy' | 'no-such-variant';
export type Outcome = { ok: true } | { ok: false; why: Refusal };

/** Starts a draft: running from now, for the share of visitors it was given. */
export async function startExperiment(sql: Sql, id: string): Promise<Outcome> {
  try {
    const started = await sql`
      update ab_tests set is_active = true, start_date = now(), end_date = null, updated_at = now()
      where id = ${id} and not is_active and end_date is null and shipped_variant_id is null and slot is not null
      returning id`;
    if (started.length === 1) return { ok: true };
  } catch (error) {
    // Migration 0018's unique index: another experiment already runs on the slot.
    if ((error as { code?: string }).code === '23505') return { ok: false, why: 'slot-busy' };
    throw error;
  }
  return refusal(sql, id);
}

/** Stops a running experiment: everyone sees the published copy at once, and its results stay. */
export async function stopExperiment(sql: Sql, id: string): Promise<Outcome> {
  const stopped = await sql`
    update ab_tests set is_active = false, end_date = least(coalesce(end_date, now()), now()), updated_at = now()
    where id = ${id} and is_active and shipped_variant_id is null returning id`;
  return stopped.length === 1 ? { ok: true } : refusal(sql, id);
}

/**
 * Ships a variant of a running or stopped experiment: its fields become the slot's published copy
 * (a new content version, by `by`) and the experiment ends, in one transaction. Shipping the control
 * keeps the copy as it is and ends the test.
 */
export async function shipExperiment(sql: Sql, id: string, variantId: string, by: string): Promise<Outcome> {
  return (await sql.begin(async (tx) => {
    const [test] = await tx<{ name: string; slot: SlotName | null; isActive: boolean; endDate: Date | null; shippedVariantId: string | null }[]>`
      select name, slot, is_active, end_date, shipped_variant_id from ab_tests where id = ${id} for update`;
    if (!test) return { ok: false, why: 'not-found' };
    const draft = !test.isActive && test.endDate === null;
    if (test.shippedVariantId || draft || !test.slot) return { ok: false, why: 'wrong-state' };
    const [variant] = await tx<{ name: string; isControl: boolean; configuration: Record<string, unknown> }[]>`
      select name, is_control, configuration from ab_test_variants where id = ${variantId} and test_id = ${id}`;
    if (!variant) return { ok: false, why: 'no-such-variant' };
    if (!variant.isControl) {
      // A variant holds the slot's whole fields; one stored before a field existed takes it from the published copy.
      const current = await publishedVersion(tx, test.slot);
      const fields = applyFields(test.slot, (current?.fields ?? {}) as never, variant.configuration);
      if (!fields.ok) return { ok: false, why: 'no-such-variant' };
      await publishSlotIn(tx, test.slot, fields.fields, by, `shipped “${variant.name}” of ${test.name}`);
    }
    await tx`
      update ab_tests set shipped_variant_id = ${variantId}, is_active = false,
        end_date = least(coalesce(end_date, now()), now()), updated_at = now()
      where id = ${id}`;
    return { ok: true };
  })) as Outcome;
}

/** Why a guarded update matched nothing. */
async function refusal(sql: Db, id: string): Promise<Outcome> {
  const [row] = await sql`select 1 from ab_tests where id = ${id}`;
  return { ok: false, why: row ? 'wrong-state' : 'not-found' };
}

/**
 * Pipeline figures per variant for the goal `value`: the leads of visitors assigned to each variant
 * after their assignment, how many were won and their won value (leads.won_value).
 */
export async function variantPipeline(sql: Db, testId: string): Promise<{ variantId: string; leads: number; won: number; value: number }[]> {
  return sql<{ variantId: string; leads: number; won: number; value: number }[]>`
    select a.variant_id, count(l.id)::int as leads, count(l.won_value)::int as won, coalesce(sum(l.won_value), 0)::float8 as value
    from ab_test_assignments a
    join leads l on l.visitor_id = a.user_id and l.created_at >= a.assigned_at and not l.is_spam and l.erased_at is null
    where a.test_id = ${testId}
    group by a.variant_id`;
}
