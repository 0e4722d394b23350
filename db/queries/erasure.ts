import type { Sql, TransactionSql } from 'postgres';
import { EVENT_TYPES } from '../../lib/ab/definitions.ts';
import { erasedTouch, parseStoredTouch } from '../../lib/leads/attribution.ts';
import { ERASED_CHANNEL } from '../../lib/leads/notifications.ts';
import type { Actor, ErasureReason, LeadKind } from '../../lib/leads/pipeline.ts';
import { forgetInAnalytics } from './analytics-counting.ts';
import { closeJobsOfErasedLead, enqueueNotifications, JOBS_CHANNEL } from './jobs.ts';
import { type ChangeOutcome, changeLead } from './leads.ts';
import { changePerson, clearPerson, leadKeysOfPerson, rootOf } from './people.ts';
import { forgetSiteCheckOfErased } from './site-checks.ts';

// Erasing a lead: staff on request (routes/admin/_lead-changes.ts) and the retention sweep
// (features/operations/retention/) both call `eraseLead`, so both erase the same things.

export type Erasure = {
  /** The member of staff who erased it on request; null for the retention sweep. */
  actor: Actor | null;
  now: Date;
  reason: ErasureReason;
  /** Whether a webhook receiver is configured: it is then told, with a signed `lead.erased` (once per lead). */
  notifyReceiver: boolean;
};

/**
 * Erases a lead, in one transaction on its locked row: 'erased' when it already was (nothing changes,
 * nothing is queued again), 'missing' when there is no such lead. What goes:
 *
 * - the stored submission (audit or application, with its consent record and results link) and the
 *   audit's contacts row; the audit's website check, and the site's cached check (its address and findings);
 * - on the lead: name, business, email (and so its search text), visitor id and page; both touches
 *   reduced to source and medium (lib/leads/attribution.ts erasedTouch); its marketing consent, whose record
 *   goes with the submission;
 * - on its timeline: every note (staff notes, delivery errors) and the page it was sent from;
 * - on its notifications: what the deliveries said (a refusal names the recipient's domain); those not
 *   yet sent never will be;
 * - the visitor: in every A/B assignment and event of theirs, and on any other lead from the same
 *   browser, their id becomes a fresh random pseudonym (each test counts the same visitors, and nothing
 *   links them to this lead or to the id still in their cookie); the events' data (a conversion names
 *   the audit) is dropped;
 * - in analytics: the campaigns and other sites its touches named that no other live lead came by, on
 *   every row that names them (db/queries/analytics-counting.ts forgetInAnalytics: no page view is
 *   linked to a lead); a campaign or site others came by names a crowd, not this person.
 *
 * What stays says that a lead of this kind arrived, when, how it scored and was handled, where it came
 * from (source and medium), and who erased it when (or that retention did). A receiver configured for
 * the lead webhook gets a `lead.erased` job, queued here so it is sent once the erasure commits.
 */
export function eraseLead(sql: Sql, kind: LeadKind, id: string, erasure: Erasure): Promise<ChangeOutcome> {
  return changeLead(sql, kind, id, async (tx) => {
    const personId = await eraseLockedLead(tx, kind, id, erasure);
    // The person's last lead gone: nothing is left to link, so the person record goes too.
    if (personId) {
      const root = await rootOf(tx, personId);
      const left = root ? (await leadKeysOfPerson(tx, root)).filter((l) => !l.erasedAt) : [];
      if (root && left.length === 0) await clearPerson(tx, root, erasure.now);
    }
    await recordErasure(tx, erasure, 1);
    return 'changed';
  });
}

/** One erasure in the anonymous log (PIPEDA: that it happened, when, by whom, how many leads), nothing about the person. */
const recordErasure = (tx: TransactionSql, erasure: Erasure, leads: number) =>
  tx`insert into erasures (at, actor_email, reason, leads) values (${erasure.now}, ${erasure.actor?.email ?? null}, ${erasure.reason}, ${leads})`;

/**
 * Erases a person on request: every lead of theirs and of those merged into them (each as eraseLead
 * does), then the person record itself (lib: clearPerson: calls, emails, next actions, merges), in one
 * transaction, with one anonymous entry in the erasure log. 'missing' for no such person (or one merged
 * into another: erase that one), 'erased' when it already was.
 */
export function erasePerson(sql: Sql, rootId: string, erasure: Erasure): Promise<'changed' | 'missing' | 'erased'> {
  return changePerson(sql, rootId, async (tx) => {
    const live = (await leadKeysOfPerson(tx, rootId)).filter((l) => !l.erasedAt);
    for (const lead of live) await eraseLockedLead(tx, lead.kind, lead.id, erasure);
    await clearPerson(tx, rootId, erasure.now);
    await recordErasure(tx, erasure, live.length);
    return 'changed' as const;
  });
}

/** Erases one lead whose row the transaction holds locked; returns the lead's person. */
async function eraseLockedLead(tx: TransactionSql, kind: LeadKind, id: string, erasure: Erasure): Promise<string | null> {
  {
    const [lead] = await tx<{ visitorId: string | null; firstTouch: string | null; lastTouch: string | null; personId: string | null }[]>`
      select visitor_id, first_touch::text as first_touch, last_touch::text as last_touch, person_id from leads where kind = ${kind} and id = ${id}`;
    await deleteSubmission(tx, kind, id);
    const touches = [parseStoredTouch(lead.firstTouch), parseStoredTouch(lead.lastTouch)];
    // Only what is this person's alone: a campaign or a site another live lead came by names a crowd.
    const own = async (field: 'utm_campaign' | 'referrer', values: string[]) => {
      const shared = await tx<{ value: string }[]>`
        select distinct v.value from unnest(${values}::text[]) as v (value)
        where exists (select 1 from leads where erased_at is null and not (kind = ${kind} and id = ${id})
                        and (first_touch ->> ${field} = v.value or last_touch ->> ${field} = v.value))`;
      return values.filter((v) => !shared.some((s) => s.value === v));
    };
    await forgetInAnalytics(tx, {
      campaigns: await own(
        'utm_campaign',
        touches.flatMap((t) => (t?.utm_campaign ? [t.utm_campaign] : [])),
      ),
      hosts: await own(
        'referrer',
        touches.flatMap((t) => (t?.referrer ? [t.referrer] : [])),
      ),
    });
    const reduced = (stored: string | null) => {
      const kept = erasedTouch(parseStoredTouch(stored));
      return kept ? tx.json(kept) : null;
    };
    await tx`
      update leads set name = null, business = null, email = null, phone = null, visitor_id = null, page = null, marketing_consent = false,
        first_touch = ${reduced(lead.firstTouch)}, last_touch = ${reduced(lead.lastTouch)}, erased_at = ${erasure.now}
      where kind = ${kind} and id = ${id}`;
    await tx`update lead_events set note = null, to_value = case when kind in ('submitted', 'resubmitted') then null else to_value end
             where lead_kind = ${kind} and lead_id = ${id}`;
    await closeJobsOfErasedLead(tx, { kind, id }, erasure.now);
    await eraseBookings(tx, kind, id, erasure.now);
    if (lead.visitorId) await pseudonymizeVisitor(tx, lead.visitorId);
    await tx`insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, to_value, at)
             values (${kind}, ${id}, ${erasure.actor?.id ?? null}, ${erasure.actor?.email ?? null}, 'erased',
               ${erasure.reason === 'retention' ? 'retention' : null}, ${erasure.now})`;
    if (erasure.notifyReceiver) await enqueueNotifications(tx, { kind, id }, [ERASED_CHANNEL], erasure.now);
    return lead.personId;
  }
}

/**
 * The lead's sessions keep their times and outcomes, not the person: name, email, phone, note and
 * visitor id go, the manage link stops working (a new random token nobody has), a session still to
 * come is cancelled and its time freed, the lead's booking link is forgotten, and the sessions' events
 * leave the staff members' calendars.
 */
async function eraseBookings(tx: TransactionSql, kind: LeadKind, id: string, now: Date): Promise<void> {
  await tx`delete from booking_claims where booking_id in (
             select id from bookings where lead_kind = ${kind} and lead_id = ${id} and status = 'booked' and starts_at > ${now})`;
  await tx`
    update bookings set name = null, email = null, phone = null, note = null, visitor_id = null, erased_at = ${now}, updated_at = ${now},
      manage_token = ${crypto.randomUUID().replaceAll('-', '')} || substr(md5(id), 1, 24),
      status = case when status = 'booked' and starts_at > ${now} then 'cancelled' else status end
    where lead_kind = ${kind} and lead_id = ${id}`;
  await tx`update leads set booking_token = null where kind = ${kind} and id = ${id}`;
  // The staff member's calendar holds the session under the person's name: the event is removed by a
  // calendar job (queued here, so it runs once the erasure commits; features/booking/deliver.ts).
  await tx`
    with queued as (
      insert into jobs (lead_kind, lead_id, channel, booking_id, revision, run_at, give_up_at, created_at)
      select b.lead_kind, b.lead_id, 'booking-calendar', b.id, b.sequence + 1, ${now}, ${new Date(now.getTime() + 24 * 3600_000)}, ${now}
      from bookings b join booking_settings s on s.user_id = b.staff_id and s.calendar_kind = 'caldav'
      where b.lead_kind = ${kind} and b.lead_id = ${id}
      on conflict do nothing
      returning id
    ) select pg_notify(${JOBS_CHANNEL}, '') where exists (select 1 from queued)`;
}

async function deleteSubmission(tx: TransactionSql, kind: LeadKind, id: string): Promise<void> {
  if (kind === 'booking') return;
  if (kind === 'intake') {
    await tx`delete from q4_intake_applications where id = ${id}`;
    return;
  }
  // The audit's website check, and the site's cached check with it (its address and findings).
  await forgetSiteCheckOfErased(tx, id);
  // The audit's contacts row was written with the audit's email and time (db/queries/audits.ts insertAuditContact).
  await tx`
    delete from contacts c using business_audits a
    where a.id = ${id} and c.source = 'business-audit' and c.email = a.email and c.created_at = a.created_at`;
  await tx`delete from business_audits where id = ${id}`;
}

/**
 * Gives the visitor a fresh random id everywhere the database holds theirs. Events are looked up
 * through the visitor's assignments: an event is only ever recorded for a member of the test, in the
 * variant they were assigned (db/queries/ab-tests.ts), and (test, variant, type, visitor) is the events'
 * index.
 */
async function pseudonymizeVisitor(tx: TransactionSql, visitorId: string): Promise<void> {
  const pseudonym = crypto.randomUUID();
  const memberships = await tx<{ testId: string; variantId: string }[]>`
    update ab_test_assignments set user_id = ${pseudonym} where user_id = ${visitorId} returning test_id, variant_id`;
  for (const { testId, variantId } of memberships) {
    await tx`
      update ab_test_events set user_id = ${pseudonym}, event_data = null
      where test_id = ${testId} and variant_id = ${variantId} and event_type = any(${[...EVENT_TYPES]}::text[]) and user_id = ${visitorId}`;
  }
  await tx`update leads set visitor_id = ${pseudonym} where visitor_id = ${visitorId}`;
}

/**
 * Up to `limit` leads due for erasure by the retention rule: arrived before `arrivedBefore`, not erased,
 * and never won (a lead once moved to won stays, whatever its status now).
 */
export function leadsDueForErasure(sql: Sql, arrivedBefore: Date, limit: number): Promise<{ kind: LeadKind; id: string }[]> {
  return sql<{ kind: LeadKind; id: string }[]>`
    select l.kind, l.id from leads l
    where l.created_at < ${arrivedBefore} and l.erased_at is null and l.status <> 'won'
      and not exists (select 1 from lead_events e where e.lead_kind = l.kind and e.lead_id = l.id and e.kind = 'status' and e.to_value = 'won')
    order by l.created_at, l.kind, l.id
    limit ${limit}`;
}
