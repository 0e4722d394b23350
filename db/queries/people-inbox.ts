import type { Sql, TransactionSql } from 'postgres';
import { containsPattern, INBOX_PAGE_SIZE, type LeadKind } from '../../lib/leads/pipeline.ts';
import type { InboxSort, PeopleInboxQuery } from '../../lib/leads/schema.ts';
import type { BoardCard, FollowUp, PersonRow, RowLead } from '../../lib/people/inbox.ts';
import { OPEN_STATUSES } from '../../lib/people/next-action.ts';
import { addDays } from '../../lib/time/calendar.ts';
import { wallClock, zonedInstant } from '../../lib/time/zoned.ts';
import { headlineCounts, matching } from './leads.ts';

// The inbox lists people, not leads: each root person (not merged into another) once, chosen when any
// of their leads (their own, and those of the people merged into them) matches the lead filters, in one
// of three orders each walked on its own index of `people` (db/migrations/0012_people.sql).

type Db = Sql | TransactionSql;
type Ctx = { staffId: string; now: Date; timeZone: string };

export type PeoplePage = { rows: PersonRow[]; total: number; overdue: number; failed: number };

const open = (sql: Db) => sql`(${sql.unsafe(OPEN_STATUSES.map((s) => `'${s}'`).join(', '))})`;

/** When a root person `r`'s next action makes them match the `due` filter, said of one lead `l` of theirs (which must be open). */
function dueMatching(sql: Db, f: PeopleInboxQuery, ctx: Ctx) {
  if (!f.due) return sql``;
  const openLead = sql`and l.status in ${open(sql)} and l.erased_at is null and not l.is_spam`;
  if (f.due === 'none') return sql`${openLead} and r.next_action_due is null`;
  if (f.due === 'overdue')
    return sql`${openLead} and (r.next_action_due < ${ctx.now} or (l.first_reached_at is null and l.status = 'new' and l.reply_by < ${ctx.now}))`;
  const { year, month, day } = wallClock(ctx.now, ctx.timeZone);
  return sql`${openLead} and r.next_action_due < ${zonedInstant(addDays({ year, month, day }, 1), 0, ctx.timeZone)}`;
}

/** Each order, written as its index of `people` is (people_due_idx, people_score_idx, people_latest_idx), so a page walks it. */
const ORDER: Record<InboxSort, string> = {
  due: 'p.next_action_due, p.latest_at desc, p.id',
  score: 'p.best_score desc nulls last, p.latest_at desc, p.id',
  newest: 'p.latest_at desc, p.id',
};

/**
 * The leads of a root person, as SQL: its own (leads_person_idx) and those of everyone merged into it
 * (people_merged_idx), two index lookups rather than a test of every lead's person.
 */
const leadsOf = (sql: Db, root: ReturnType<Sql['unsafe']>) =>
  sql`(select l.* from leads l where l.person_id = ${root} union all select l.* from people m join leads l on l.person_id = m.id where m.merged_into = ${root})`;

/**
 * One page of the people inbox in one statement: how many people match, the leads overdue and the
 * leads with a failed notification (the headlines, whatever the filters), and the page's rows. Which
 * people match is worked out from the leads the filters choose (one pass over them, as the lead inbox's
 * count already was); the page walks the chosen order's index of `people`, and only its 50 people have
 * their newest matching lead and their counts looked up (two index lookups each: leadsOf). A
 * materialized set of the matching people, shared by the count and the page, was slower on PGlite
 * (33 ms against 14 at 5,000 leads): the set's scan and the semi-join over it cost more than two hashes.
 */
export async function peoplePage(sql: Sql, f: PeopleInboxQuery, ctx: Ctx): Promise<PeoplePage> {
  const offset = ((f.page ?? 1) - 1) * INBOX_PAGE_SIZE;
  const where = matching(sql, f, ctx);
  const due = dueMatching(sql, f, ctx);
  const order = sql.unsafe(ORDER[f.sort ?? 'due']);
  const p = sql.unsafe('p.id');
  // A root person `p` is chosen when a lead of theirs matches: their own or one of a person merged into
  // them (people_merged_idx: few). The count tests every root against the hashed set of the matching
  // leads' people (one pass over those leads, as the lead inbox's count already was). The page walks the
  // order's index of `people` (people_*_idx): with only the spam and next-action filters most people
  // match, so it tests each person it meets by their own leads (leads_person_idx) and stops at 50 (2.8
  // ms against 9 at 5,000 leads); with a narrower filter it tests them against the hashed set instead,
  // which a walk past thousands of people who do not match would cost far more than.
  const joinRoot = (root: ReturnType<Sql['unsafe']>) => (f.due ? sql`join people r on r.id = ${root}` : sql``);
  const hashed = sql`p.merged_into is null and (
    p.id in (select l.person_id from leads l ${joinRoot(sql.unsafe('l.person_id'))} where ${where} ${due})
    or p.id in (select m.merged_into from people m join leads l on l.person_id = m.id ${joinRoot(sql.unsafe('m.merged_into'))}
                where m.merged_into is not null and ${where} ${due}))`;
  // `offset 0` keeps each EXISTS a probe of the person's own leads: without it PostgreSQL may plan them
  // as hashed subplans, a pass over every lead before the first row (at 50,000 leads on PGlite: 4 ms
  // probed against 120 to 240 ms hashed).
  const probed = sql`p.merged_into is null and (
    exists (select 1 from leads l ${joinRoot(p)} where l.person_id = p.id and ${where} ${due} offset 0)
    or exists (select 1 from people m join leads l on l.person_id = m.id ${joinRoot(p)} where m.merged_into = p.id and ${where} ${due} offset 0))`;
  const broad = [f.q, f.type, f.status, f.owner, f.source, f.from, f.to, f.overdue, f.failed].every((v) => v === undefined);
  const found = await sql<(Record<string, unknown> & { total: string; overdue: string; failed: string })[]>`
    select c.total, c.overdue, c.failed, x.*
    from (
      select (select count(*) from people p where ${hashed}) as total, ${headlineCounts(sql, ctx.now)}
    ) c
    left join lateral (
      select p.id, p.name, p.email_key as email, p.phone, p.erased_at, p.next_action_due, p.next_action_what,
        k.kinds, coalesce(k.has_open_lead, false) as has_open_lead, coalesce(k.reply_overdue, false) as reply_overdue, k.next_session_at,
        t.kind as lead_kind, t.id as lead_id, t.created_at as lead_created_at, t.status as lead_status, t.business as lead_business,
        t.owner_email as lead_owner_email, t.score as lead_score, t.tier as lead_tier, t.budget as lead_budget, t.source as lead_source,
        t.is_spam as lead_is_spam, t.erased_at as lead_erased_at, t.marketing_consent as lead_marketing_consent,
        exists (select 1 from jobs j where j.lead_kind = t.kind and j.lead_id = t.id and j.state = 'dead') as lead_delivery_failed
      from (select p.id from people p where ${broad ? probed : hashed} order by ${order} limit ${INBOX_PAGE_SIZE} offset ${offset}) page
      join people p using (id)
      left join lateral (
        select array_agg(l.kind::text order by l.created_at desc) filter (where l.is_spam = ${f.spam === true}) as kinds,
          ${followUpFlags(sql, ctx.now)}, min(s.starts_at) as next_session_at
        from ${leadsOf(sql, p)} l
        left join lateral (
          select b.starts_at from bookings b
          where b.lead_kind = l.kind and b.lead_id = l.id and b.status = 'booked' and b.ends_at > ${ctx.now}
          order by b.starts_at limit 1
        ) s on true
      ) k on true
      join lateral (
        select l.kind, l.id, l.created_at, l.status, l.business, u.username as owner_email, l.score, l.tier, l.budget, l.source, l.is_spam, l.erased_at, l.marketing_consent
        from ${leadsOf(sql, p)} l ${f.due ? sql`join people r on r.id = p.id` : sql``} left join users u on u.id = l.owner_id
        where ${where} ${due}
        order by l.created_at desc, l.kind desc, l.id desc limit 1
      ) t on true
      order by ${order}
    ) x on true`;
  const rows = found.filter((r) => r.id !== null).map(toPersonRow);
  return { rows, total: Number(found[0].total), overdue: Number(found[0].overdue), failed: Number(found[0].failed) };
}

/** Over a person's leads `l`: whether one is still open, and whether one is past its reply-by time with nobody having reached out. */
const followUpFlags = (sql: Db, now: Date) => sql`
  bool_or(l.status in ${open(sql)} and not l.is_spam and l.erased_at is null) as has_open_lead,
  bool_or(l.first_reached_at is null and l.status = 'new' and not l.is_spam and l.erased_at is null and l.reply_by < ${now}) as reply_overdue`;

/**
 * What a person's inbox row says is next, read through one of their leads (the person it belongs to, or
 * the one that person was merged into): what the inbox's one-click status redraws after a change.
 */
export async function followUpOfLead(sql: Db, kind: LeadKind, id: string, now: Date): Promise<FollowUp | null> {
  const [row] = await sql<FollowUp[]>`
    select r.next_action_due, r.next_action_what, coalesce(k.has_open_lead, false) as has_open_lead, coalesce(k.reply_overdue, false) as reply_overdue
    from leads x join people p on p.id = x.person_id join people r on r.id = coalesce(p.merged_into, p.id)
    left join lateral (select ${followUpFlags(sql, now)} from ${leadsOf(sql, sql.unsafe('r.id'))} l) k on true
    where x.kind = ${kind} and x.id = ${id}`;
  return row ?? null;
}

function toPersonRow(r: Record<string, unknown>): PersonRow {
  const lead = {} as Record<string, unknown>;
  const person = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(r)) {
    if (key.startsWith('lead') && key.length > 4 && key[4] === key[4].toUpperCase()) lead[key[4].toLowerCase() + key.slice(5)] = value;
    else if (!['total', 'overdue', 'failed'].includes(key)) person[key] = value;
  }
  return { ...(person as Omit<PersonRow, 'lead' | 'kinds'>), kinds: (person.kinds as LeadKind[] | null) ?? [], lead: lead as RowLead };
}

/** The open leads (new, contacted, session booked; not erased) of each root person named, for a bulk action. Ids that are merged people act on their root. */
export function openLeadsOfPeople(sql: Db, ids: readonly string[]): Promise<{ root: string; kind: LeadKind; id: string; isSpam: boolean }[]> {
  return sql<{ root: string; kind: LeadKind; id: string; isSpam: boolean }[]>`
    with roots as (select distinct coalesce(merged_into, id) as root from people where id = any(${ids as string[]}))
    select coalesce(m.merged_into, m.id) as root, l.kind, l.id, l.is_spam
    from roots join people m on m.id = roots.root or m.merged_into = roots.root
    join leads l on l.person_id = m.id
    where l.status in ${open(sql)} and l.erased_at is null
    order by root, l.created_at, l.kind, l.id`;
}

/** The most cards a column of the board shows (the rest are a link to the list, filtered by that status): a column of 30 made the board a page 6,000 px long. */
export const BOARD_COLUMN_MAX = 12;

/**
 * The pipeline board: each root person once, as their newest open lead (or, with none open, their
 * newest lead), in the column of its status; up to BOARD_COLUMN_MAX a column, the soonest next action
 * first, with each column's full count and how many other open leads the person has (once the card's
 * lead is closed, the person shows again under the next of them). Spam and erased leads are not on it.
 * With `q`, only the people a lead of whom has it in their name, business or email (the inbox's search).
 */
export function boardCards(sql: Db, q?: string): Promise<BoardCard[]> {
  return sql<BoardCard[]>`
    with board as (
      select distinct on (coalesce(m.merged_into, m.id)) coalesce(m.merged_into, m.id) as person_id, l.kind, l.id, l.status, l.business,
        l.created_at, l.owner_id, l.score,
        count(*) filter (where l.status in ${open(sql)}) over (partition by coalesce(m.merged_into, m.id)) - (l.status in ${open(sql)})::int as other_open_leads
      from leads l join people m on m.id = l.person_id
      where not l.is_spam and l.erased_at is null ${q ? sql`and coalesce(m.merged_into, m.id) in (select coalesce(n.merged_into, n.id) from leads s join people n on n.id = s.person_id where s.search like ${containsPattern(q)})` : sql``}
      order by coalesce(m.merged_into, m.id), (l.status in ${open(sql)}) desc, l.created_at desc, l.kind desc, l.id desc
    ), ranked as (
      select b.*, p.name, p.phone, p.email_key as email, p.next_action_due, p.next_action_what,
        row_number() over (partition by b.status order by p.next_action_due nulls last, b.created_at desc, b.id) as rank,
        count(*) over (partition by b.status) as in_column
      from board b join people p on p.id = b.person_id
    )
    select r.person_id, r.name, r.phone, r.email, r.next_action_due, r.next_action_what, r.kind, r.id, r.status, r.business, r.created_at,
      u.username as owner_email, r.score, r.in_column::int as in_column, r.other_open_leads::int as other_open_leads
    from ranked r left join users u on u.id = r.owner_id
    where r.rank <= ${BOARD_COLUMN_MAX}
    order by r.status, r.rank`;
}
