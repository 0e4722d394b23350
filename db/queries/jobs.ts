import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import { type Channel, type Delivery, ERASED_CHANNEL, type JobState, RETRY_WINDOW_MS, SITE_CHECK_CHANNEL } from '../../lib/leads/notifications.ts';
import type { Actor, LeadKind } from '../../lib/leads/pipeline.ts';

// The notification queue (the `jobs` table, db/migrations/0005_lead_delivery.sql): one row per
// (lead, channel), queued in the transaction that stores the lead, claimed by one worker at a time
// under a lease, retried on failure until its give-up time, then dead until staff retry it.

type Db = Sql | TransactionSql;

/** Workers are told at once that there is work (LISTEN on PostgreSQL; polling covers the rest). */
export const JOBS_CHANNEL = 'lead_jobs';

/** A claimed job, as the worker delivers it. */
export type Job = {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  channel: Channel;
  /** A booking's job (its emails, calendar write, reminders): the booking, and its sequence the job was queued for. */
  bookingId: string | null;
  revision: number;
  /** A staff member's email from a person's page (channel 'staff-message'): the activity holding its subject and text. */
  activityId: string | null;
  attempts: number;
  giveUpAt: Date;
  leaseToken: string;
};

/**
 * The `queued` step of a statement that queues a lead's notifications: one row per channel for the lead
 * the `lead` step returns (kind, id), due at `now`, retried for 24 hours. A (lead, channel) already
 * queued is left alone, so nothing is ever queued twice.
 */
export function queuedWith(sql: Db, lead: PendingQuery<Row[]>, channels: readonly Channel[], now: Date) {
  const giveUpAt = new Date(now.getTime() + RETRY_WINDOW_MS);
  return sql`queued as (
    insert into jobs (lead_kind, lead_id, channel, run_at, give_up_at, created_at)
    select l.kind, l.id, c.channel, ${now}, ${giveUpAt}, ${now} from ${lead} l, unnest(${[...channels]}::text[]) as c (channel)
    on conflict do nothing
    returning id
  )`;
}

/** Ends a statement with a `queued` step: tells listening workers, when the transaction commits (never when it rolls back). */
export const notifyWhenQueued = (sql: Db) => sql`select pg_notify(${JOBS_CHANNEL}, '') where exists (select 1 from queued)`;

/** Queues the notifications of a stored lead, in the caller's transaction (a lead marked as not spam). */
export async function enqueueNotifications(tx: TransactionSql, lead: { kind: LeadKind; id: string }, channels: readonly Channel[], now: Date): Promise<void> {
  if (channels.length === 0) return;
  await tx`with lead as (select ${lead.kind}::text as kind, ${lead.id}::varchar as id), ${queuedWith(tx, tx`lead`, channels, now)} ${notifyWhenQueued(tx)}`;
}

/** What an erased lead's notifications that were never sent say. */
export const ERASED_BEFORE_SENT = 'Erased before it was sent: nothing was sent';

/**
 * An erased lead's notifications, in the erasure's transaction: those not sent yet never will be (a
 * worker sending one right now loses its lease, so nothing it says afterwards is recorded), and what
 * the deliveries said is forgotten (a mail server's refusal names the recipient's domain). Each keeps
 * its channel and state.
 */
export async function closeJobsOfErasedLead(tx: TransactionSql, lead: { kind: LeadKind; id: string }, now: Date): Promise<void> {
  await tx`
    update jobs set
      state = case when state in ('queued', 'running') then 'skipped' else state end,
      detail = case when state in ('queued', 'running') then ${ERASED_BEFORE_SENT} end,
      last_error = null, lease_token = null, leased_until = null, finished_at = coalesce(finished_at, ${now})
    where lead_kind = ${lead.kind} and lead_id = ${lead.id}`;
}

/** Jobs whose worker vanished (killed mid-delivery) go back to the queue once their lease runs out. */
export async function reclaimExpiredLeases(sql: Db, now: Date): Promise<number> {
  const rows = await sql`
    update jobs set state = 'queued', lease_token = null, leased_until = null, run_at = ${now}
    where state = 'running' and leased_until < ${now}
    returning id`;
  return rows.length;
}

/**
 * The queue's two lanes, each with slots of its own in a worker (features/leads/delivery/worker.ts): the
 * audits' website checks (channel 'site-check', which may wait seconds on a stranger's site), and every
 * other job (the emails, webhooks and booking jobs people are waiting for), so no number of checks of sites
 * that never answer can hold the slots a delivery needs.
 */
export type JobLane = 'site-checks' | 'deliveries';

/** The lane a job runs in. */
export const laneOf = (job: Pick<Job, 'channel'>): JobLane => (job.channel === SITE_CHECK_CHANNEL ? 'site-checks' : 'deliveries');

/**
 * Claims up to `limit` due jobs for one worker, of one lane when `lane` is given (else of both): FOR
 * UPDATE SKIP LOCKED, so concurrent workers (in other processes) never take the same row, and a lease
 * until `leasedUntil` (longer than any delivery's own deadline), after which another worker may take it again.
 */
export async function claimDueJobs(
  sql: Db,
  { limit, now, leasedUntil, lane }: { limit: number; now: Date; leasedUntil: Date; lane?: JobLane },
): Promise<Job[]> {
  if (limit <= 0) return [];
  const leaseToken = crypto.randomUUID();
  const inLane = lane === undefined ? sql`` : lane === 'site-checks' ? sql`and channel = ${SITE_CHECK_CHANNEL}` : sql`and channel <> ${SITE_CHECK_CHANNEL}`;
  return sql<Job[]>`
    update jobs j set state = 'running', attempts = j.attempts + 1, lease_token = ${leaseToken}, leased_until = ${leasedUntil}
    from (
      select id from jobs where state = 'queued' and run_at <= ${now} ${inLane}
      order by run_at, id limit ${limit} for update skip locked
    ) due
    where j.id = due.id
    returning j.id::text, j.lead_kind, j.lead_id, j.channel, j.booking_id, j.revision, j.activity_id::text, j.attempts, j.give_up_at, j.lease_token::text`;
}

/** A worker still delivering keeps its jobs: their leases are pushed out to `leasedUntil`. */
export async function renewLeases(sql: Db, jobs: readonly Job[], leasedUntil: Date): Promise<void> {
  if (jobs.length === 0) return;
  // Lease tokens are random per claim: a row matching one of ours by id and token is still ours.
  await sql`
    update jobs set leased_until = ${leasedUntil}
    where state = 'running' and id = any(${jobs.map((j) => j.id)}::bigint[]) and lease_token = any(${jobs.map((j) => j.leaseToken)}::uuid[])`;
}

/** The lead event a finished delivery leaves, from the row a statement just changed. */
const deliveryEventFrom = (tx: Db, changed: PendingQuery<Row[]>, what: string, note: string | null, at: Date) => tx`
  insert into lead_events (lead_kind, lead_id, kind, from_value, to_value, note, at)
  select lead_kind, lead_id, 'delivery', channel, ${what}, ${note}, ${at} from ${changed}`;

/**
 * Ends a job this worker still holds: delivered or skipped, with what the delivery said, on the job and
 * on the lead's timeline, in one statement. False when the lease was lost meanwhile (another worker has
 * it now).
 */
export async function finishJob(sql: Sql, job: Job, outcome: { state: 'delivered' | 'skipped'; detail: string }, now: Date): Promise<boolean> {
  const rows = await sql`
    with done as (
      update jobs set state = ${outcome.state}, detail = ${outcome.detail}, lease_token = null, leased_until = null, finished_at = ${now}
      where id = ${job.id} and lease_token = ${job.leaseToken} and state = 'running'
      returning lead_kind, lead_id, channel
    ), event as (${deliveryEventFrom(sql, sql`done`, outcome.state, outcome.detail, now)} returning 1)
    select 1 from event`;
  return rows.length > 0;
}

/**
 * A failed try, in one statement: queued again for `retryAt`, or dead (null: out of time, or a permanent
 * failure), shown on the lead with its error. False when the lease was lost meanwhile.
 */
export async function failJob(sql: Sql, job: Job, { error, retryAt }: { error: string; retryAt: Date | null }, now: Date): Promise<boolean> {
  const mine = sql`id = ${job.id} and lease_token = ${job.leaseToken} and state = 'running'`;
  if (retryAt) {
    const rows =
      await sql`update jobs set state = 'queued', run_at = ${retryAt}, last_error = ${error}, lease_token = null, leased_until = null where ${mine} returning id`;
    return rows.length > 0;
  }
  const rows = await sql`
    with dead as (
      update jobs set state = 'dead', last_error = ${error}, lease_token = null, leased_until = null, finished_at = ${now}
      where ${mine}
      returning lead_kind, lead_id, channel
    ), event as (${deliveryEventFrom(sql, sql`dead`, 'dead', error, now)} returning 1)
    select 1 from event`;
  return rows.length > 0;
}

/**
 * A job that is not due yet after all (the results email waiting for its website check): queued again for
 * `runAt`, the try not counted. The wait is for a pending check only, read under the check row's lock: a
 * check recorded meanwhile (db/queries/site-checks.ts recordSiteCheck, which updates that row first and then
 * wakes the queued email) either committed before (the email is due `now`) or waits for this to commit (and
 * then finds the email queued and wakes it), so no finished check leaves its email waiting. False when the
 * lease was lost meanwhile.
 */
export function deferJob(sql: Sql, job: Job, runAt: Date, now: Date): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [check] = await tx<{ status: string }[]>`select status from site_checks where audit_id = ${job.leadId} for update`;
    const at = check?.status === 'pending' ? runAt : now;
    const rows = await tx`
      update jobs set state = 'queued', run_at = ${at}, attempts = greatest(attempts - 1, 0), lease_token = null, leased_until = null
      where id = ${job.id} and lease_token = ${job.leaseToken} and state = 'running'
      returning id`;
    return rows.length > 0;
  }) as Promise<boolean>;
}

/** A worker stopping (SIGTERM) puts the jobs it still holds back in the queue, the try not counted. */
export async function releaseJobs(sql: Db, jobs: readonly Job[], now: Date): Promise<void> {
  for (const job of jobs) {
    await sql`
      update jobs set state = 'queued', attempts = greatest(attempts - 1, 0), lease_token = null, leased_until = null, run_at = ${now}
      where id = ${job.id} and lease_token = ${job.leaseToken} and state = 'running'`;
  }
}

/**
 * Staff press Retry on a dead (or skipped) notification: it is queued now with a fresh 24 hours, and the
 * lead's timeline says who did it. 'unchanged' when it is not dead or skipped (already queued, sending
 * or delivered: pressing twice sends once); 'erased' when the lead was erased (nothing is sent but its
 * erasure notice).
 */
export function retryDelivery(
  sql: Sql,
  lead: { kind: LeadKind; id: string },
  channel: Channel,
  actor: Actor,
  now: Date,
): Promise<'retried' | 'unchanged' | 'missing' | 'erased'> {
  return sql.begin(async (tx) => {
    const [job] = await tx<(Job & { state: JobState; erased: boolean })[]>`
      select j.id::text, j.lead_kind, j.lead_id, j.channel, j.state, l.erased_at is not null as erased
      from jobs j join leads l on l.kind = j.lead_kind and l.id = j.lead_id
      where j.lead_kind = ${lead.kind} and j.lead_id = ${lead.id} and j.channel = ${channel} and j.booking_id is null and j.activity_id is null for update of j`;
    if (!job) return 'missing';
    // The one notification of an erased lead is its erasure notice, which carries nothing personal.
    if (job.erased && job.channel !== ERASED_CHANNEL) return 'erased';
    if (job.state !== 'dead' && job.state !== 'skipped') return 'unchanged';
    await tx`
      update jobs set state = 'queued', attempts = 0, run_at = ${now}, give_up_at = ${new Date(now.getTime() + RETRY_WINDOW_MS)}, finished_at = null
      where id = ${job.id}`;
    await tx`insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, from_value, to_value, at)
             values (${job.leadKind}, ${job.leadId}, ${actor.id}, ${actor.email}, 'delivery', ${job.channel}, 'retried', ${now})`;
    await tx`select pg_notify(${JOBS_CHANNEL}, '')`;
    return 'retried';
  }) as Promise<'retried' | 'unchanged' | 'missing' | 'erased'>;
}

/** A lead's notifications, in channel order. */
export function leadDeliveries(sql: Db, kind: LeadKind, id: string): Promise<Delivery[]> {
  return sql<Delivery[]>`
    select channel, state, attempts, run_at, last_error, detail, finished_at from jobs
    where lead_kind = ${kind} and lead_id = ${id} and booking_id is null and activity_id is null
    order by array_position(array['staff-email', 'prospect-email', 'webhook', 'erased-webhook'], channel)`;
}
