import type { Sql, TransactionSql } from 'postgres';
import { decideAssignment } from '../../lib/ab/assign.ts';
import type { AbEventType, AbTestSummary, Assignment, HourlyArrivals, JudgedOn, ResultsReport, TestReport, VariantResult } from '../../lib/ab/definitions.ts';
import { type Goal, judgedOnOf } from '../../lib/ab/experiments.ts';
import { analyzeTest, type VariantCounts } from '../../lib/ab/stats.ts';
import type { SlotName } from '../../lib/content/slots.ts';

// A/B tests in the database: sticky assignment, events, results. Every function takes `sql` (or a
// transaction) so callers decide about deadlines and transactions.

type Db = Sql | TransactionSql;

type TestRow = {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  trafficAllocation: number;
  startDate: Date;
  endDate: Date | null;
  slot?: SlotName | null;
  goal: Goal;
  shippedVariantId?: string | null;
};
type VariantRow = { id: string; name: string; isControl: boolean; weight: number; configuration: Record<string, unknown> };

/** A running test with its variants in the stable order cumulative weights walk. */
export type RunningTest = { id: string; trafficAllocation: number; variants: VariantRow[] };

/** A test (as `t`) is running: active, started and not ended. */
export const running = (sql: Db) => sql`(t.is_active and t.start_date <= now() and (t.end_date is null or t.end_date > now()))`;

/** The named test if it is running now (active, started, not ended), with its variants; else null. */
export const loadRunningTest = (sql: Db, testName: string): Promise<RunningTest | null> => runningTestWhere(sql, sql`name = ${testName}`);

/** The experiment running on a content slot now (at most one: migration 0018's index), with its variants; else null. */
export const loadRunningTestOnSlot = (sql: Db, slot: SlotName): Promise<RunningTest | null> => runningTestWhere(sql, sql`slot = ${slot}`);

async function runningTestWhere(sql: Db, which: ReturnType<Db>): Promise<RunningTest | null> {
  const [test] = await sql<TestRow[]>`
    select id, traffic_allocation from ab_tests t
    where ${which} and ${running(sql)} order by start_date desc limit 1`;
  if (!test) return null;
  const variants = await sql<VariantRow[]>`
    select id, name, is_control, weight, configuration from ab_test_variants
    where test_id = ${test.id} order by is_control desc, created_at, id`;
  return { id: test.id, trafficAllocation: test.trafficAllocation, variants };
}

/** Processes hear of any change to the tests' definitions here (the trigger of migration 0006). */
export const AB_TESTS_CHANNEL = 'ab_tests_changed';

/**
 * A fingerprint of the experiments running now on the slots, with their variants: it changes when one
 * is stopped, shipped, ends, starts, or has a weight, allocation or configuration changed. One statement.
 */
export async function runningTestsVersion(sql: Db, slots: readonly SlotName[]): Promise<string> {
  const [row] = await sql<{ version: string }[]>`
    select md5(coalesce(json_agg(x order by x.id)::text, '')) as version from (
      select t.id, t.traffic_allocation,
        (select json_agg(v order by v.id) from ab_test_variants v where v.test_id = t.id) as variants
      from ab_tests t
      where t.slot = any(${slots as string[]}) and ${running(sql)}
    ) x`;
  return row.version;
}

function toAssignment(testId: string, v: VariantRow): Assignment {
  return { testId, variantId: v.id, variant: { configuration: v.configuration, name: v.name, isControl: v.isControl } };
}

/**
 * What the visitor sees, without writing anything: the stored variant, or else the deterministic
 * choice (lib/ab/assign.ts). Pure. A null userId (a crawler) and a visitor outside the traffic
 * allocation get the control; `member` says whether the visitor is (or will be) part of the test.
 */
export function previewAssignment(test: RunningTest, userId: string | null, storedVariantId?: string): { assignment: Assignment; member: boolean } | null {
  const decision = decideAssignment({ seed: test.id, userId, trafficAllocation: test.trafficAllocation, variants: test.variants, storedVariantId });
  if (!decision) return null;
  return { assignment: toAssignment(test.id, decision.variant), member: decision.kind !== 'outside' };
}

/**
 * Stores the visitor's membership of a running test (if they are in its traffic allocation) and
 * returns the stored variant. INSERT … ON CONFLICT (test_id, user_id) DO NOTHING and then a read of the
 * row, so concurrent first calls, from any number of processes, all answer the one row.
 */
async function storeAssignment(sql: Db, test: RunningTest, userId: string, source: string): Promise<Assignment | null> {
  const stored = await storedVariantId(sql, test.id, userId);
  const preview = previewAssignment(test, userId, stored);
  if (!preview || stored || !preview.member) return preview?.assignment ?? null;
  await sql`
    insert into ab_test_assignments (test_id, variant_id, user_id, source)
    values (${test.id}, ${preview.assignment.variantId}, ${userId}, ${source})
    on conflict (test_id, user_id) do nothing`;
  const winner = await storedVariantId(sql, test.id, userId);
  const variant = test.variants.find((v) => v.id === winner);
  return variant ? toAssignment(test.id, variant) : preview.assignment;
}

/**
 * The visitor's variant of the named test, stored (sticky) with their first-touch `source`, or null
 * when no such test is running. A null userId (a crawler) gets the control and nothing is stored; so
 * does a visitor outside the traffic allocation.
 */
export async function assignVariant(sql: Db, testName: string, userId: string | null, source: string): Promise<Assignment | null> {
  const test = await loadRunningTest(sql, testName);
  if (!test) return null;
  return userId === null ? (previewAssignment(test, null)?.assignment ?? null) : storeAssignment(sql, test, userId, source);
}

export async function storedVariantId(sql: Db, testId: string, userId: string): Promise<string | undefined> {
  const [row] = await sql<{ variantId: string }[]>`select variant_id from ab_test_assignments where test_id = ${testId} and user_id = ${userId}`;
  return row?.variantId;
}

export type EventOutcome = 'recorded' | 'unknown-test' | 'unknown-variant' | 'not-running' | 'not-assigned' | 'other-variant';

/**
 * Records one event. Only members of the test are counted, in their own variant, so results cannot be
 * skewed from the browser. The page decides a visitor's variant without writing; the visitor's first
 * event is their exposure and stores the assignment, provided the variant the event names is the one
 * the assignment rules give them. A visitor outside the traffic allocation records nothing, and nothing
 * is recorded for a test that is not running (stopped, ended or not started).
 */
export async function recordEvent(
  sql: Db,
  event: { testId: string; variantId: string; eventType: AbEventType; eventData?: Record<string, unknown> | null; userId: string; source: string },
): Promise<EventOutcome> {
  const [row] = await sql<{ testName: string | null; running: boolean | null; variantInTest: boolean; assignedVariant: string | null }[]>`
    select t.name as test_name, ${running(sql)} as running,
      exists (select 1 from ab_test_variants where id = ${event.variantId} and test_id = ${event.testId}) as variant_in_test,
      (select variant_id from ab_test_assignments where test_id = ${event.testId} and user_id = ${event.userId}) as assigned_variant
    from (select 1) as one left join ab_tests t on t.id = ${event.testId}`;
  if (row.testName === null) return 'unknown-test';
  if (!row.variantInTest) return 'unknown-variant';
  if (!row.running) return 'not-running';
  let assigned = row.assignedVariant;
  if (assigned === null) {
    const test = await loadRunningTest(sql, row.testName);
    const preview = test && previewAssignment(test, event.userId);
    if (!test || !preview?.member) return 'not-assigned';
    if (preview.assignment.variantId !== event.variantId) return 'other-variant';
    assigned = (await storeAssignment(sql, test, event.userId, event.source))?.variantId ?? null;
  }
  if (assigned !== event.variantId) return 'other-variant';
  await sql`
    insert into ab_test_events (test_id, variant_id, user_id, event_type, event_data)
    values (${event.testId}, ${event.variantId}, ${event.userId}, ${event.eventType}, ${event.eventData ? sql.json(event.eventData as never) : null})`;
  return 'recorded';
}

/** The goals a visitor converts on: a submitted form (`conversion`, the spec's event type), and a booked strategy session. */
export type ConversionGoal = 'conversion' | 'booked';

/**
 * One 'conversion' (or 'booked') event for every running test the visitor is assigned to, but those on the
 * slots in `exceptSlots`, written by the server (call it inside the transaction that stores the submission). Returns
 * how many were written.
 */
export async function recordConversions(
  tx: Db,
  userId: string,
  eventData?: Record<string, unknown> | null,
  { exceptSlots = [], eventType = 'conversion' }: { exceptSlots?: readonly SlotName[]; eventType?: ConversionGoal } = {},
): Promise<number> {
  const rows = await tx`
    insert into ab_test_events (test_id, variant_id, user_id, event_type, event_data)
    select a.test_id, a.variant_id, a.user_id, ${eventType}, ${eventData ? tx.json(eventData as never) : null}
    from ab_test_assignments a join ab_tests t on t.id = a.test_id
    where a.user_id = ${userId} and ${running(tx)} ${exceptSlots.length > 0 ? tx`and (t.slot is null or t.slot not in ${tx(exceptSlots as SlotName[])})` : tx``}
    returning id`;
  return rows.length;
}

/** Every test, newest first (spec: A/B test fields). */
export async function listTests(sql: Db): Promise<AbTestSummary[]> {
  return (await testRows(sql)).map(toSummary);
}

const testRows = (sql: Db) => sql<TestRow[]>`
  select id, name, description, is_active, traffic_allocation, start_date, end_date, slot, goal, shipped_variant_id from ab_tests
  order by is_active desc, start_date desc, name`;

function toSummary(t: TestRow): AbTestSummary {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    isActive: t.isActive,
    startDate: t.startDate.toISOString(),
    endDate: t.endDate ? t.endDate.toISOString() : null,
    trafficAllocation: t.trafficAllocation,
  };
}

/**
 * Which visitors a results query counts: today, everyone in one test. Both results queries read the
 * test's visitors through `visitorsOf` alone, so a narrower scope (the visitors' first-touch source,
 * say) is one more field here and one more condition there, and every count and the chart follow.
 */
export type ResultsScope = {
  testId: string;
  /** Only the visitors whose first touch had this source (lib/leads/attribution.ts sourceOf), stored with their assignment. */
  source?: string;
};

/**
 * Each visitor of the scope once per variant, with when they were first seen, first clicked, first
 * converted (a submitted form) and first booked a session. A visitor counts as seen from their first
 * event of any kind: someone who clicked, converted or booked has seen the variant even if their view
 * event was lost, so neither goal ever exceeds the viewers.
 */
function visitorsOf(sql: Db, scope: ResultsScope) {
  return sql`
    select e.variant_id, e.user_id,
      min(e.timestamp) as seen_at,
      min(e.timestamp) filter (where e.event_type = 'click') as clicked_at,
      min(e.timestamp) filter (where e.event_type = 'conversion') as converted_at,
      min(e.timestamp) filter (where e.event_type = 'booked') as booked_at
    from ab_test_events e
    ${scope.source ? sql`join ab_test_assignments a on a.test_id = e.test_id and a.user_id = e.user_id and a.source = ${scope.source}` : sql``}
    where e.test_id = ${scope.testId}
    group by e.variant_id, e.user_id`;
}

/**
 * The scope's key in the archive of a test whose raw rows were deleted (db/queries/ab-archive.ts): its
 * source, or '' for every visitor (a source is never empty).
 */
export const archiveScope = (scope: ResultsScope): string => scope.source ?? '';

/** A variant with its counts of unique visitors in the scope, and what it is (its configuration). */
export type CountedVariant = VariantCounts & { configuration: Record<string, unknown> };

/**
 * Every variant of the scope's test, control first, with unique viewers, clickers, converters and bookers: those
 * of the raw rows, plus those archived when a test's raw rows were deleted (a year after it ended; none
 * for a test still running).
 */
export async function variantCounts(sql: Db, scope: ResultsScope): Promise<CountedVariant[]> {
  const rows = await sql<(CountedVariant & { views: string; clicks: string; conversions: string; booked: string })[]>`
    select v.id, v.name, v.is_control, v.weight, v.configuration,
      count(f.user_id) + coalesce(max(ac.views), 0) as views,
      count(f.clicked_at) + coalesce(max(ac.clicks), 0) as clicks,
      count(f.converted_at) + coalesce(max(ac.conversions), 0) as conversions,
      count(f.booked_at) + coalesce(max(ac.booked), 0) as booked
    from ab_test_variants v
    left join (${visitorsOf(sql, scope)}) f on f.variant_id = v.id
    left join ab_test_archive_counts ac on ac.test_id = v.test_id and ac.scope = ${archiveScope(scope)} and ac.variant_id = v.id
    where v.test_id = ${scope.testId}
    group by v.id
    order by v.is_control desc, v.created_at, v.id`;
  return rows.map((r) => ({ ...r, views: Number(r.views), clicks: Number(r.clicks), conversions: Number(r.conversions), booked: Number(r.booked) }));
}

/**
 * New viewers and converters per variant per hour (hours since the Unix epoch), for the daily chart
 * (lib/ab/daily.ts makes Toronto days of them). Hours, not days, because the database's clock need
 * not be Toronto's; Toronto's offset from UTC is always whole hours, so no hour straddles its midnight.
 * Archived arrivals are added as the counts are (see variantCounts).
 */
export async function hourlyArrivals(sql: Db, scope: ResultsScope): Promise<HourlyArrivals[]> {
  return sql<HourlyArrivals[]>`
    with visitors as (${visitorsOf(sql, scope)})
    select variant_id, hour, sum(viewers)::int as viewers, sum(conversions)::int as conversions
    from (
      select variant_id, floor(extract(epoch from seen_at) / 3600)::int as hour, 1 as viewers, 0 as conversions from visitors
      union all
      select variant_id, floor(extract(epoch from converted_at) / 3600)::int, 0, 1 from visitors where converted_at is not null
      union all
      select variant_id, hour, viewers, conversions from ab_test_archive_hours where test_id = ${scope.testId} and scope = ${archiveScope(scope)}
    ) arrivals
    group by variant_id, hour
    order by hour, variant_id`;
}

/** One test's row as the API lists it, or null. */
async function findTest(sql: Db, testId: string): Promise<(AbTestSummary & { judgedOn: JudgedOn }) | null> {
  const [row] = await sql<TestRow[]>`
    select id, name, description, is_active, traffic_allocation, start_date, end_date, goal from ab_tests where id = ${testId}`;
  return row ? { ...toSummary(row), judgedOn: judgedOnOf(row.goal) } : null;
}

/** Results of one test (GET /api/ab-test/results/{testId}), or null when there is no such test. */
export async function testResults(sql: Db, testId: string, now: Date): Promise<VariantResult[] | null> {
  const test = await findTest(sql, testId);
  return test ? analyzeTest(await variantCounts(sql, { testId }), new Date(test.startDate), now, test.judgedOn) : null;
}

/** One test's results and what each variant is, for the CSV; null when there is no such test. */
export async function testResultsReport(sql: Db, testId: string, now: Date, { source }: { source?: string } = {}): Promise<ResultsReport | null> {
  const found = await findTest(sql, testId);
  if (!found) return null;
  const { judgedOn, ...test } = found;
  const counted = await variantCounts(sql, { testId, source });
  return { test, results: analyzeTest(counted, new Date(test.startDate), now, judgedOn), configurations: configurationsOf(counted) };
}

const configurationsOf = (variants: CountedVariant[]) => Object.fromEntries(variants.map((v) => [v.id, v.configuration]));

/**
 * The first-touch sources of the visitors in experiments, most visitors first (the dashboard's filter):
 * each visitor once, however many tests they were in; an archived test adds the visitors who were in
 * no other test when its raw rows were deleted.
 */
export async function experimentSources(sql: Db): Promise<{ source: string; visitors: number }[]> {
  return sql<{ source: string; visitors: number }[]>`
    select source, sum(visitors)::int as visitors from (
      select source, count(distinct user_id) as visitors from ab_test_assignments where source is not null group by source
      union all
      select source, visitors from ab_test_archive_sources
    ) s
    group by source order by sum(visitors) desc, source limit 50`;
}

/**
 * Everything the dashboard shows: every test with its results, what each variant is, and its arrivals
 * by the hour; with `source`, of the visitors who first came from it only.
 */
export async function dashboardData(sql: Db, now: Date, { source }: { source?: string } = {}): Promise<TestReport[]> {
  const reports: TestReport[] = [];
  for (const row of await testRows(sql)) {
    const test = toSummary(row);
    const scope = { testId: test.id, source };
    const [counted, hourly] = await Promise.all([variantCounts(sql, scope), hourlyArrivals(sql, scope)]);
    reports.push({
      test,
      slot: row.slot ?? null,
      shippedVariantId: row.shippedVariantId ?? null,
      results: analyzeTest(counted, new Date(test.startDate), now, judgedOnOf(row.goal)),
      configurations: configurationsOf(counted),
      hourly,
    });
  }
  return reports;
}
