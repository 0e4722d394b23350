import type { Sql, TransactionSql } from 'postgres';
import { sourceOf, type Touch } from '../../lib/leads/attribution.ts';
import type { RawExportLead } from '../../lib/leads/export-raw.ts';
import type { Channel } from '../../lib/leads/notifications.ts';
import {
  type Actor,
  containsPattern,
  INBOX_PAGE_SIZE,
  type InboxRow,
  type Lead,
  type LeadEvent,
  type LeadKind,
  type LeadStatus,
  type SeenVariant,
} from '../../lib/leads/pipeline.ts';
import type { InboxFilters } from '../../lib/leads/schema.ts';
import { replyBy } from '../../lib/time/business-days.ts';
import { addDays, parseIsoDay } from '../../lib/time/calendar.ts';
import { zonedInstant } from '../../lib/time/zoned.ts';
import { enqueueNotifications, notifyWhenQueued, queuedWith } from './jobs.ts';
import { followStatusChange, linkPerson } from './people.ts';

// The back office's view of every audit and Q4 application (the `leads` table, written in the same
// transaction as the submission) and what staff do to them (`lead_events`).

type Db = Sql | TransactionSql;

export type NewLead = {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  name: string;
  business: string;
  email: string;
  /** The phone the person gave (the audit's phone, the application's mobile, the booking's phone). */
  phone?: string | null;
  score?: number;
  tier?: string;
  budget?: string;
  isSpam: boolean;
  visitorId: string | null;
  page: string | null;
  /** Where the visitor came from (server/attribution.ts): their first landing, and their latest from a campaign or another site. */
  touches: { first: Touch | null; last: Touch | null };
  /** Whether the person agreed to receive marketing email. */
  marketingConsent: boolean;
  /** The notifications to queue with it (none for likely spam: staff who mark it as not spam queue them). */
  channels: readonly Channel[];
};

/**
 * Files a new submission in the inbox, due by the 2-business-day promise, with its `submitted` event and
 * its notifications queued (db/queries/jobs.ts), in one statement of the submission's transaction: a
 * submission is several round trips already, and this part was three.
 */
export async function insertLead(tx: TransactionSql, lead: NewLead): Promise<void> {
  const { first, last } = lead.touches;
  const due = replyBy(lead.createdAt);
  const phone = lead.phone || null;
  const personId = await linkPerson(tx, { ...lead, phone, replyBy: due, score: lead.score ?? null });
  await tx`
    with lead as (
      insert into leads (kind, id, created_at, reply_by, name, business, email, phone, score, tier, budget, is_spam, visitor_id, page,
        first_touch, last_touch, source, marketing_consent, person_id)
      values (${lead.kind}, ${lead.id}, ${lead.createdAt}, ${due}, ${lead.name}, ${lead.business}, ${lead.email}, ${phone},
        ${lead.score ?? null}, ${lead.tier ?? null}, ${lead.budget ?? null}, ${lead.isSpam}, ${lead.visitorId}, ${lead.page},
        ${first ? tx.json(first) : null}, ${last ? tx.json(last) : null}, ${sourceOf(first).source}, ${lead.marketingConsent}, ${personId})
      returning kind, id, created_at, page
    ), submitted as (
      insert into lead_events (lead_kind, lead_id, kind, to_value, at) select kind, id, 'submitted', page, created_at from lead
    ), ${queuedWith(tx, tx`lead`, lead.channels, lead.createdAt)}
    ${notifyWhenQueued(tx)}`;
}

/**
 * When the lead stored under `kind` and `id` arrived and whether it was erased since (its row stays, its
 * details gone), or null when there is none: how a plain form post's id is chosen (server/api/form-submission.ts).
 */
export async function leadArrival(sql: Db, kind: LeadKind, id: string): Promise<{ createdAt: Date; erased: boolean } | null> {
  const [row] = await sql<{ createdAt: Date; erased: boolean }[]>`
    select created_at, erased_at is not null as erased from leads where kind = ${kind} and id = ${id}`;
  return row ?? null;
}

const LIST_COLUMNS = (sql: Db) => sql`
  l.kind, l.id, l.created_at, l.reply_by, l.first_reached_at, l.name, l.business, l.email, l.phone, l.person_id, l.score, l.tier, l.budget, l.status,
  l.owner_id, u.username as owner_email, l.is_spam, l.erased_at, l.source, l.marketing_consent,
  exists (select 1 from jobs j where j.lead_kind = l.kind and j.lead_id = l.id and j.state = 'dead') as delivery_failed`;

/**
 * The inbox's filters as SQL on a lead `l`. Dates are whole days in `timeZone`, both ends included. A
 * search that is a phone number finds it by its digits (4 or more: "555-0188" finds "(416) 555 0188").
 * The people inbox (db/queries/people-inbox.ts) chooses a person when any of their leads matches.
 */
export function matching(sql: Db, f: InboxFilters, ctx: { staffId: string; now: Date; timeZone: string }) {
  const dayStart = (date: string, plusDays = 0) => zonedInstant(addDays(parseIsoDay(date), plusDays), 0, ctx.timeZone);
  const owner = f.owner === 'me' ? ctx.staffId : f.owner;
  return sql`
    l.is_spam = ${f.spam === true}
    ${f.type ? sql`and l.kind = ${f.type}` : sql``}
    ${f.status ? sql`and l.status = ${f.status}` : sql``}
    ${owner === 'none' ? sql`and l.owner_id is null` : owner ? sql`and l.owner_id = ${owner}` : sql``}
    ${f.overdue ? sql`and l.first_reached_at is null and l.status = 'new' and l.reply_by < ${ctx.now} and l.erased_at is null` : sql``}
    ${f.from ? sql`and l.created_at >= ${dayStart(f.from)}` : sql``}
    ${f.to ? sql`and l.created_at < ${dayStart(f.to, 1)}` : sql``}
    ${f.q ? searchMatching(sql, f.q) : sql``}
    ${f.source ? sql`and l.source = ${f.source}` : sql``}
    ${f.failed ? sql`and exists (select 1 from jobs j where j.lead_kind = l.kind and j.lead_id = l.id and j.state = 'dead')` : sql``}`;
}

/** A search that is a phone number, or part of one (digits, spaces and + ( ) . -), also finds leads by their phone's digits. */
function searchMatching(sql: Db, q: string) {
  const digits = q.replace(/\D/g, '');
  if (!/^[\d\s().+-]+$/.test(q) || digits.length < 4) return sql`and l.search like ${containsPattern(q)}`;
  return sql`and (l.search like ${containsPattern(q)} or regexp_replace(coalesce(l.phone, ''), '\\D', '', 'g') like ${`%${digits}%`})`;
}

export type InboxPage = { rows: InboxRow[]; total: number; overdue: number; failed: number };

/**
 * One page of the inbox, newest first, in one statement: the number of leads matching the filters, the
 * number overdue (whatever the filters) and the page's rows, each part on its own index (counting in a
 * window over the rows instead made PostgreSQL sort every match: 146 ms at 50,000 leads on PGlite),
 * each row with the start of its next booked session not yet over (bookings_lead_idx, per row of the page).
 */
export async function inboxPage(sql: Sql, filters: InboxFilters, ctx: { staffId: string; now: Date; timeZone: string }): Promise<InboxPage> {
  const offset = ((filters.page ?? 1) - 1) * INBOX_PAGE_SIZE;
  const where = matching(sql, filters, ctx);
  const found = await sql<(Partial<InboxRow> & { total: string; overdue: string; failed: string })[]>`
    select c.total, c.overdue, c.failed, r.*
    from (
      select (select count(*) from leads l where ${where}) as total, ${headlineCounts(sql, ctx.now)}
    ) c
    left join lateral (
      -- The page's keys first (the inbox index alone, however deep the page), then their rows.
      select ${LIST_COLUMNS(sql)}, s.starts_at as next_session_at
      from (select kind, id from leads l where ${where} order by created_at desc, kind desc, id desc limit ${INBOX_PAGE_SIZE} offset ${offset}) p
      join leads l using (kind, id) left join users u on u.id = l.owner_id
      left join lateral (
        select b.starts_at from bookings b
        where b.lead_kind = l.kind and b.lead_id = l.id and b.status = 'booked' and b.ends_at > ${ctx.now}
        order by b.starts_at limit 1
      ) s on true
      order by l.created_at desc, l.kind desc, l.id desc
    ) r on true`;
  const rows = found.filter((r) => r.kind !== null).map(({ total: _t, overdue: _o, failed: _f, ...row }) => row as InboxRow);
  return { rows, total: Number(found[0].total), overdue: Number(found[0].overdue), failed: Number(found[0].failed) };
}

/** The inbox's headlines, whatever the filters: the leads overdue, and those with a notification that failed for good. */
export const headlineCounts = (sql: Db, now: Date) =>
  sql`(${overdueCountQuery(sql, now)}) as overdue, (select count(distinct (lead_kind, lead_id)) from jobs where state = 'dead') as failed`;

/** How many leads are past the 2-business-day promise with nobody having reached out (leads_overdue_idx), whatever the filters. */
export const overdueCountQuery = (sql: Db, now: Date) =>
  sql`select count(*) from leads where first_reached_at is null and status = 'new' and not is_spam and reply_by < ${now} and erased_at is null`;

/** That count on its own: what the inbox's headline says after a one-click status. */
export async function overdueLeadCount(sql: Db, now: Date): Promise<number> {
  const [{ count }] = await sql<{ count: string }[]>`${overdueCountQuery(sql, now)}`;
  return Number(count);
}

const EXPORT_BATCH = 1000;

/**
 * Every lead matching the filters, newest first, a batch at a time: each batch is its own short query
 * (keyset on the inbox's order), so an export of any size holds one batch in memory and never keeps
 * the database connection from other requests for long.
 */
/** A lead as the CSV export reads it: the inbox row, both touches (stored JSON) and each notification's state. */
export type ExportedLead = RawExportLead;

export async function* leadsForExport(sql: Sql, filters: InboxFilters, ctx: { staffId: string; now: Date; timeZone: string }): AsyncGenerator<ExportedLead[]> {
  const where = matching(sql, filters, ctx);
  let after: { at: string; kind: string; id: string } | null = null;
  for (;;) {
    const rows: (ExportedLead & { cursorAt: string })[] = await sql<(ExportedLead & { cursorAt: string })[]>`
      select ${LIST_COLUMNS(sql)}, l.first_touch::text as first_touch, l.last_touch::text as last_touch,
        (select string_agg(j.channel || ': ' || j.state, '; ' order by j.channel) from jobs j where j.lead_kind = l.kind and j.lead_id = l.id) as deliveries,
        l.created_at::text as cursor_at
      from leads l left join users u on u.id = l.owner_id
      where ${where} ${after ? sql`and (l.created_at, l.kind, l.id) < (${after.at}::timestamptz, ${after.kind}, ${after.id})` : sql``}
      order by l.created_at desc, l.kind desc, l.id desc
      limit ${EXPORT_BATCH}`;
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursorAt, kind: last.kind, id: last.id };
  }
}

/** The first-touch sources of the leads in the inbox, most leads first (the source filter's choices). */
export async function leadSources(sql: Db): Promise<{ source: string; count: number }[]> {
  return sql<{ source: string; count: number }[]>`
    select source, count(*)::int as count from leads where source is not null and not is_spam
    group by source order by count(*) desc, source limit 50`;
}

export async function findLead(sql: Db, kind: LeadKind, id: string): Promise<Lead | null> {
  const [row] = await sql<Lead[]>`
    select ${LIST_COLUMNS(sql)}, l.visitor_id, l.page, l.first_touch::text as first_touch, l.last_touch::text as last_touch,
      l.won_value::float8 as won_value
    from leads l left join users u on u.id = l.owner_id
    where l.kind = ${kind} and l.id = ${id}`;
  return row ?? null;
}

/** Everything that happened to a lead, oldest first; owner changes name the staff account by email. */
export async function leadTimeline(sql: Db, kind: LeadKind, id: string): Promise<LeadEvent[]> {
  return sql<LeadEvent[]>`
    select e.id::text, e.kind, e.actor_email,
      case when e.kind = 'owner' then coalesce(f.username, e.from_value) else e.from_value end as from_value,
      case when e.kind = 'owner' then coalesce(t.username, e.to_value) else e.to_value end as to_value,
      e.note, e.at
    from lead_events e
    left join users f on e.kind = 'owner' and f.id = e.from_value
    left join users t on e.kind = 'owner' and t.id = e.to_value
    where e.lead_kind = ${kind} and e.lead_id = ${id}
    order by e.at, e.id`;
}

/** The A/B variants the visitor behind a lead was assigned (their `vid` cookie at submission). */
export async function variantsSeenBy(sql: Db, visitorId: string | null): Promise<SeenVariant[]> {
  if (!visitorId) return [];
  return sql<SeenVariant[]>`
    select t.name as test_name, v.name as variant_name, a.assigned_at
    from ab_test_assignments a join ab_tests t on t.id = a.test_id join ab_test_variants v on v.id = a.variant_id
    where a.user_id = ${visitorId}
    order by t.name`;
}

type Change = { actor: Actor; now: Date };

type LockedLead = { status: LeadStatus; ownerId: string | null; isSpam: boolean; erasedAt: Date | null; wonValue: string | null };

/**
 * Runs `change` on the lead's row, locked for the transaction: 'missing' when there is no such lead,
 * 'erased' when it was erased (nothing about an erased lead changes), else what `change` says. Every
 * change to a lead goes through here (erasure too: db/queries/erasure.ts).
 */
export function changeLead(
  sql: Sql,
  kind: LeadKind,
  id: string,
  change: (tx: TransactionSql, lead: LockedLead) => Promise<ChangeOutcome>,
): Promise<ChangeOutcome> {
  return sql.begin(async (tx) => {
    const [lead] = await tx<
      LockedLead[]
    >`select status, owner_id, is_spam, erased_at, won_value::text from leads where kind = ${kind} and id = ${id} for update`;
    if (!lead) return 'missing';
    if (lead.erasedAt) return 'erased';
    return change(tx, lead);
  }) as Promise<ChangeOutcome>;
}

const addEvent = (
  tx: TransactionSql,
  kind: LeadKind,
  id: string,
  event: { kind: LeadEvent['kind']; from?: string | null; to?: string | null; note?: string | null },
  { actor, now }: Change,
) =>
  tx`insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, from_value, to_value, note, at)
     values (${kind}, ${id}, ${actor.id}, ${actor.email}, ${event.kind}, ${event.from ?? null}, ${event.to ?? null}, ${event.note ?? null}, ${now})`;

export type ChangeOutcome = 'changed' | 'unchanged' | 'missing' | 'erased';

/** An amount in CAD as the database keeps it (numeric(12, 2) read as text): "2500.00". */
const centsText = (amount: number) => amount.toFixed(2);

/**
 * Moves the lead to `status` (with an optional note on the same event). Marked won with `wonValue`, the
 * monthly retainer in CAD the reports count, its own `won value` event when it is new or different.
 */
export function changeStatus(
  sql: Sql,
  kind: LeadKind,
  id: string,
  status: LeadStatus,
  note: string | undefined,
  change: Change,
  wonValue?: number,
): Promise<ChangeOutcome> {
  return changeLead(sql, kind, id, async (tx, lead) => {
    const value = status === 'won' && wonValue !== undefined ? centsText(wonValue) : null;
    const newValue = value !== null && value !== lead.wonValue;
    if (lead.status === status && !note && !newValue) return 'unchanged';
    // Moving a lead on from new says staff reached the person: the reply-by promise is kept then, if not already.
    await tx`update leads set status = ${status},
               first_reached_at = case when ${lead.status === 'new' && status !== 'new'} then coalesce(first_reached_at, ${change.now}) else first_reached_at end,
               won_value = coalesce(${value}::numeric, won_value)
             where kind = ${kind} and id = ${id}`;
    if (lead.status !== status || note) await addEvent(tx, kind, id, { kind: 'status', from: lead.status, to: status, note }, change);
    if (newValue) await addEvent(tx, kind, id, { kind: 'won value', from: lead.wonValue, to: value }, change);
    if (lead.status !== status) await followStatusChange(tx, { kind, id }, { from: lead.status, to: status }, change);
    return 'changed';
  });
}

/** Gives the lead to a staff account (`none`: to nobody); 'missing' also when the account does not exist. */
export function changeOwner(sql: Sql, kind: LeadKind, id: string, owner: string, change: Change): Promise<ChangeOutcome> {
  return changeLead(sql, kind, id, async (tx, lead) => {
    const ownerId = owner === 'none' ? null : owner;
    if (ownerId && (await tx`select 1 from users where id = ${ownerId}`).length === 0) return 'missing';
    if (lead.ownerId === ownerId) return 'unchanged';
    await tx`update leads set owner_id = ${ownerId} where kind = ${kind} and id = ${id}`;
    await addEvent(tx, kind, id, { kind: 'owner', from: lead.ownerId, to: ownerId }, change);
    return 'changed';
  });
}

export function addNote(sql: Sql, kind: LeadKind, id: string, note: string, change: Change): Promise<ChangeOutcome> {
  return changeLead(sql, kind, id, async (tx) => {
    await addEvent(tx, kind, id, { kind: 'note', note }, change);
    return 'changed';
  });
}

/**
 * Flags the lead as spam or not, on the lead and on the stored submission. A lead that was held back as
 * spam and is now marked as not spam gets the notifications it never had (`channels`), queued in the
 * same transaction; nothing already queued is queued again.
 */
export function setSpam(sql: Sql, kind: LeadKind, id: string, isSpam: boolean, change: Change, channels: readonly Channel[]): Promise<ChangeOutcome> {
  return changeLead(sql, kind, id, async (tx, lead) => {
    if (lead.isSpam === isSpam) return 'unchanged';
    await tx`update leads set is_spam = ${isSpam} where kind = ${kind} and id = ${id}`;
    if (kind === 'audit') await tx`update business_audits set is_spam = ${isSpam} where id = ${id}`;
    else await tx`update q4_intake_applications set is_spam = ${isSpam} where id = ${id}`;
    await addEvent(tx, kind, id, { kind: 'spam', from: String(lead.isSpam), to: String(isSpam) }, change);
    if (!isSpam) await enqueueNotifications(tx, { kind, id }, channels, change.now);
    return 'changed';
  });
}

/** Views by one person closer together than this are one entry in the access log (a reload, the page after a change). */
const VIEW_WINDOW_MS = 10 * 60_000;

/** A staff member opened the lead's detail (PIPEDA: who saw whose data, and when). */
export async function recordView(sql: Sql, kind: LeadKind, id: string, { actor, now }: Change): Promise<void> {
  await sql`
    insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, at)
    select ${kind}, ${id}, ${actor.id}, ${actor.email}, 'viewed', ${now}
    where not exists (
      select 1 from lead_events
      where lead_kind = ${kind} and lead_id = ${id} and kind = 'viewed' and actor_id = ${actor.id} and at > ${new Date(now.getTime() - VIEW_WINDOW_MS)}
    )`;
}
