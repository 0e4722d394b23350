// Migrations in the order they apply. Imported as text so a compiled binary carries them. A migration
// may have a step in TypeScript, run in the same transaction after its SQL, for what SQL cannot work out.
import type { TransactionSql } from 'postgres';
import { AB_VARIANT_IDS } from '../../lib/ab/definitions.ts';
import { DEFAULT_SLOT_FIELDS, heroFieldsOfVariant, SLOT_NAMES } from '../../lib/content/slots.ts';
import { firstAction } from '../../lib/people/next-action.ts';
import { replyBy } from '../../lib/time/business-days.ts';
import init from './0001_init.sql' with { type: 'text' };
import abTestsSeed from './0002_ab_tests_seed.sql' with { type: 'text' };
import storyBudget from './0003_story_budget.sql' with { type: 'text' };
import backOffice from './0004_back_office.sql' with { type: 'text' };
import leadDelivery from './0005_lead_delivery.sql' with { type: 'text' };
import sharedState from './0006_shared_state.sql' with { type: 'text' };
import staffSecurity from './0007_staff_security.sql' with { type: 'text' };
import retention from './0008_retention.sql' with { type: 'text' };
import booking from './0009_booking.sql' with { type: 'text' };
import abBooked from './0010_ab_booked.sql' with { type: 'text' };
import intakeConsents from './0011_intake_consents.sql' with { type: 'text' };
import people from './0012_people.sql' with { type: 'text' };
import passwordReset from './0013_password_reset.sql' with { type: 'text' };
import analytics from './0014_analytics.sql' with { type: 'text' };
import reports from './0015_reports.sql' with { type: 'text' };
import siteChecks from './0016_site_checks.sql' with { type: 'text' };
import staffRoles from './0017_staff_roles.sql' with { type: 'text' };
import experiments from './0018_experiments.sql' with { type: 'text' };
import experimentBuilder from './0019_experiment_builder.sql' with { type: 'text' };

export type Migration = { name: string; sql: string; after?: (tx: TransactionSql) => Promise<void> };

export const migrations: ReadonlyArray<Migration> = [
  { name: '0001_init', sql: init },
  { name: '0002_ab_tests_seed', sql: abTestsSeed },
  { name: '0003_story_budget', sql: storyBudget },
  { name: '0004_back_office', sql: backOffice, after: setReplyByOfEarlierLeads },
  { name: '0005_lead_delivery', sql: leadDelivery },
  { name: '0006_shared_state', sql: sharedState },
  { name: '0007_staff_security', sql: staffSecurity },
  { name: '0008_retention', sql: retention },
  { name: '0009_booking', sql: booking },
  { name: '0010_ab_booked', sql: abBooked },
  { name: '0011_intake_consents', sql: intakeConsents },
  { name: '0012_people', sql: people, after: linkEarlierLeadsToPeople },
  { name: '0013_password_reset', sql: passwordReset },
  { name: '0014_analytics', sql: analytics },
  { name: '0015_reports', sql: reports },
  { name: '0016_site_checks', sql: siteChecks },
  { name: '0017_staff_roles', sql: staffRoles },
  { name: '0018_experiments', sql: experiments, after: seedContentSlots },
  { name: '0019_experiment_builder', sql: experimentBuilder, after: heroVariantsAsFields },
];

/** The seeded hero test's variants hold the spec's hero copy as hero fields (lib/content/slots.ts). */
async function heroVariantsAsFields(tx: TransactionSql): Promise<void> {
  const ids = AB_VARIANT_IDS.hero;
  const seeded = [
    [ids.control, heroFieldsOfVariant('control')],
    [ids.variantA, heroFieldsOfVariant('variant-a')],
    [ids.variantB, heroFieldsOfVariant('variant-b')],
  ] as const;
  for (const [id, fields] of seeded) await tx`update ab_test_variants set configuration = ${tx.json(fields)} where id = ${id}`;
}

/** Each content slot's version 1: the spec's control copy, as lib/content/slots.ts holds it. */
async function seedContentSlots(tx: TransactionSql): Promise<void> {
  for (const slot of SLOT_NAMES) {
    await tx`insert into content_versions (slot, version, fields, reason) values (${slot}, 1, ${tx.json(DEFAULT_SLOT_FIELDS[slot])}, 'the first copy')`;
  }
}

/** The leads copied in by 0004 get their reply-by time by the Ontario business-day rule. */
async function setReplyByOfEarlierLeads(tx: TransactionSql): Promise<void> {
  const leads = await tx<{ kind: string; id: string; createdAt: Date }[]>`select kind, id, created_at from leads`;
  for (let i = 0; i < leads.length; i += 500) {
    const batch = leads.slice(i, i + 500).map((l) => [l.kind, l.id, replyBy(l.createdAt).toISOString()]);
    await tx`
      update leads set reply_by = v.reply_by::timestamptz
      from (values ${tx(batch)}) as v (kind, id, reply_by)
      where leads.kind = v.kind and leads.id = v.id`;
  }
}

/**
 * The leads stored before people existed get theirs: one person per normalised email (an erased lead,
 * which has none, an erased person of its own), their phones, when staff first reached them (the first
 * status change away from new), and for every person with an open lead nobody has reached, its reply as
 * the next action, due by its promise.
 */
async function linkEarlierLeadsToPeople(tx: TransactionSql): Promise<void> {
  await tx`
    update leads l set phone = coalesce(
      (select nullif(a.phone, '') from business_audits a where l.kind = 'audit' and a.id = l.id),
      (select a.mobile from q4_intake_applications a where l.kind = 'intake' and a.id = l.id),
      (select b.phone from bookings b where l.kind = 'booking' and b.id = l.id))`;
  await tx`
    insert into people (id, email_key, name, phone, created_at, latest_at, best_score)
    select gen_random_uuid()::text, k, (array_agg(name order by created_at desc))[1], (array_agg(phone order by phone is null, created_at desc))[1],
      min(created_at), max(created_at), max(score) filter (where not is_spam)
    from (select lower(trim(email)) as k, name, phone, created_at, score, is_spam from leads where email is not null) x
    group by k`;
  await tx`update leads l set person_id = p.id from people p where l.email is not null and p.email_key = lower(trim(l.email))`;
  await tx`
    insert into people (id, created_at, latest_at, erased_at)
    select md5(kind || ':' || id)::uuid::text, created_at, created_at, erased_at from leads where person_id is null`;
  await tx`update leads set person_id = md5(kind || ':' || id)::uuid::text where person_id is null`;
  await tx`
    update leads l set first_reached_at = coalesce(
      (select min(e.at) from lead_events e where e.lead_kind = l.kind and e.lead_id = l.id and e.kind = 'status' and e.from_value = 'new'), l.created_at)
    where l.status <> 'new'`;
  const firsts = await tx<{ personId: string; kind: 'audit' | 'intake' | 'booking'; replyBy: Date }[]>`
    select distinct on (person_id) person_id, kind, reply_by from leads
    where first_reached_at is null and status = 'new' and not is_spam and erased_at is null
    order by person_id, reply_by`;
  for (let i = 0; i < firsts.length; i += 500) {
    const batch = firsts.slice(i, i + 500).map((f) => [f.personId, firstAction(f.kind), f.replyBy.toISOString()]);
    await tx`
      update people set next_action_what = v.what, next_action_due = v.due::timestamptz
      from (values ${tx(batch)}) as v (id, what, due) where people.id = v.id`;
  }
}
