import type { Sql, TransactionSql } from 'postgres';
import { type Actor, containsPattern, type LeadKind, type LeadStatus } from '../../lib/leads/pipeline.ts';
import { emailKey, phoneDigits } from '../../lib/people/identity.ts';
import { afterCall, afterStatusChange, type CallOutcome, firstAction, OPEN_STATUSES } from '../../lib/people/next-action.ts';
import type { Person, PersonActivity, PersonLead, PersonMerge } from '../../lib/people/person.ts';

export type { Person, PersonActivity, PersonLead, PersonMerge };

// People: one record per person, linking their leads by normalised email (lib/people/identity.ts). A
// merged person points at the one it was merged into (`merged_into`, always a root), so "the person"
// of a lead is its person's root, and a root's members are itself and those pointing at it. What staff
// do with a person (calls, emails, next actions, merges) is in `person_activities`.

type Db = Sql | TransactionSql;

/** The people a root stands for: itself and every person merged into it. */
const members = (sql: Db, rootId: string) => sql`(select id from people where id = ${rootId} or merged_into = ${rootId})`;

/**
 * Links a new lead to its person inside the submission's transaction: the person of its email (made
 * when new; an erased person's email is gone, so someone who comes back after erasure is a new
 * person), and on that person's root the newest lead's time, the best score and, for a lead that is
 * not spam, the first reply as next action when it is sooner than the one there. Returns the person's id.
 */
export async function linkPerson(
  tx: TransactionSql,
  lead: { kind: LeadKind; email: string; name: string; phone: string | null; createdAt: Date; replyBy: Date; score: number | null; isSpam: boolean },
): Promise<string> {
  const [person] = await tx<{ id: string; root: string }[]>`
    insert into people (id, email_key, name, phone, created_at, latest_at)
    values (${crypto.randomUUID()}, ${emailKey(lead.email)}, ${lead.name}, ${lead.phone}, ${lead.createdAt}, ${lead.createdAt})
    on conflict (email_key) do update set name = excluded.name, phone = coalesce(excluded.phone, people.phone)
    returning id, coalesce(merged_into, id) as root`;
  const sooner = lead.isSpam ? tx`false` : tx`(next_action_due is null or next_action_due > ${lead.replyBy})`;
  await tx`
    update people set latest_at = greatest(latest_at, ${lead.createdAt}), best_score = greatest(best_score, ${lead.score}),
      phone = coalesce(phone, ${lead.phone}),
      next_action_what = case when ${sooner} then ${firstAction(lead.kind)} else next_action_what end,
      next_action_by = case when ${sooner} then null else next_action_by end,
      next_action_due = case when ${sooner} then ${lead.replyBy}::timestamptz else next_action_due end
    where id = ${person.root}`;
  return person.id;
}

/** Works the newest lead's time and the best score of a root out again from its leads (after a merge or its undoing). */
async function refreshRoot(tx: TransactionSql, rootId: string): Promise<void> {
  await tx`
    update people p set latest_at = coalesce(a.latest, p.created_at), best_score = a.best
    from (select max(created_at) as latest, max(score) as best from leads where person_id in ${members(tx, rootId)} and not is_spam) a
    where p.id = ${rootId}`;
}

/** The root of a person (itself when not merged), or null when there is no such person. */
export async function rootOf(sql: Db, personId: string): Promise<string | null> {
  const [row] = await sql<{ root: string }[]>`select coalesce(merged_into, id) as root from people where id = ${personId}`;
  return row?.root ?? null;
}

const PERSON_COLUMNS = (sql: Db) => sql`
  p.id, p.name, p.email_key as email, p.phone, p.created_at, p.latest_at, p.best_score, p.next_action_due, p.next_action_what,
  u.username as next_action_by_email, p.erased_at`;

/** A root person's record, or null. */
export async function findPerson(sql: Db, rootId: string): Promise<Person | null> {
  const [row] = await sql<Person[]>`
    select ${PERSON_COLUMNS(sql)} from people p left join users u on u.id = p.next_action_by where p.id = ${rootId} and p.merged_into is null`;
  return row ?? null;
}

/** Every lead of a root person (its own and those of people merged into it), newest first. */
export function leadsOfPerson(sql: Db, rootId: string): Promise<PersonLead[]> {
  return sql<PersonLead[]>`
    select l.kind, l.id, l.created_at, l.reply_by, l.first_reached_at, l.status, l.name, l.business, l.email, l.phone, l.score, l.tier,
      l.budget, l.owner_id, u.username as owner_email, l.is_spam, l.erased_at, l.source, l.person_id
    from leads l left join users u on u.id = l.owner_id
    where l.person_id in ${members(sql, rootId)}
    order by l.created_at desc, l.kind desc, l.id desc`;
}

/** What staff did with a root person and those merged into it, oldest first, each email with its delivery. */
export function activitiesOfPerson(sql: Db, rootId: string): Promise<PersonActivity[]> {
  return sql<PersonActivity[]>`
    select a.id::text, a.person_id, a.kind, a.outcome, a.subject, a.body, a.note, a.lead_kind, a.lead_id, a.actor_email, a.at,
      j.state as delivery_state, j.detail as delivery_detail, j.last_error as delivery_error
    from person_activities a left join jobs j on j.activity_id = a.id
    where a.person_id in ${members(sql, rootId)}
    order by a.at, a.id`;
}

/** The merges into a root that can still be undone (not undone, and the person merged in still points here). */
export function undoableMerges(sql: Db, rootId: string): Promise<PersonMerge[]> {
  return sql<PersonMerge[]>`
    select m.id::text, m.into_id, m.from_id, f.name as from_name, f.email_key as from_email, m.actor_email, m.at
    from person_merges m join people f on f.id = m.from_id
    where m.into_id = ${rootId} and m.undone_at is null and f.merged_into = ${rootId}
    order by m.at desc`;
}

/** Other people with the same phone number as this root: a hint staff may act on (merge), never merged silently. */
export async function samePhonePeople(sql: Db, rootId: string): Promise<{ id: string; name: string | null; email: string | null }[]> {
  const [me] = await sql<{ phone: string | null }[]>`select phone from people where id = ${rootId}`;
  const digits = phoneDigits(me?.phone);
  if (digits.length < 7) return [];
  return sql`
    select p.id, p.name, p.email_key as email from people p
    where p.merged_into is null and p.erased_at is null and p.id <> ${rootId}
      and p.id in (select coalesce(q.merged_into, q.id) from people q join leads l on l.person_id = q.id
                   where l.phone is not null and right(regexp_replace(l.phone, '\\D', '', 'g'), 10) = ${digits.slice(-10)})
    limit 10`;
}

export type PersonSummary = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  leads: { type: LeadKind; id: string; createdAt: Date; status: LeadStatus }[];
  nextAction: { due: Date; what: string } | null;
  overdue: boolean;
};

/**
 * People whose name, business, email or phone contains `q` (or everyone, newest first), up to `limit`:
 * the search of /admin/api/people. A person is overdue when their next action is past due, or a lead of
 * theirs is past its reply-by time with nobody having reached out.
 */
export async function searchPeople(sql: Db, q: string | undefined, now: Date, limit = 50): Promise<PersonSummary[]> {
  const digits = q ? q.replace(/\D/g, '') : '';
  const matching = q
    ? sql`and p.id in (select coalesce(q.merged_into, q.id) from people q join leads l on l.person_id = q.id
          where l.search like ${containsPattern(q)}
          ${digits.length >= 4 ? sql`or regexp_replace(coalesce(l.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql``})`
    : sql``;
  const rows = await sql<
    (Omit<PersonSummary, 'leads' | 'nextAction' | 'overdue'> & { due: Date | null; what: string | null; leads: string; overdue: boolean })[]
  >`
    select p.id, p.name, p.email_key as email, p.phone, p.next_action_due as due, p.next_action_what as what,
      (select coalesce(json_agg(json_build_object('type', l.kind, 'id', l.id, 'createdAt', l.created_at, 'status', l.status)
                                order by l.created_at desc), '[]')::text
       from leads l where l.person_id in (select id from people m where m.id = p.id or m.merged_into = p.id)) as leads,
      (p.next_action_due < ${now} or exists (
        select 1 from leads l where l.person_id in (select id from people m where m.id = p.id or m.merged_into = p.id)
          and l.first_reached_at is null and l.status = 'new' and not l.is_spam and l.erased_at is null and l.reply_by < ${now})) as overdue
    from people p
    where p.merged_into is null and p.erased_at is null ${matching}
    order by p.latest_at desc, p.id
    limit ${limit}`;
  return rows.map(({ due, what, leads, ...p }) => ({
    ...p,
    leads: (JSON.parse(leads) as { type: LeadKind; id: string; createdAt: string; status: LeadStatus }[]).map((l) => ({
      ...l,
      createdAt: new Date(l.createdAt),
    })),
    nextAction: due && what ? { due, what } : null,
  }));
}

export type PersonChange = { actor: Actor; now: Date };
export type PersonOutcome = 'changed' | 'missing' | 'erased';

/** Runs `change` on a root person's row, locked: 'missing' (no such person, or merged into another), 'erased', or what it says. */
export function changePerson<T>(sql: Sql, rootId: string, change: (tx: TransactionSql) => Promise<T>): Promise<T | 'missing' | 'erased'> {
  return sql.begin(async (tx) => {
    const [person] = await tx<
      { mergedInto: string | null; erasedAt: Date | null }[]
    >`select merged_into, erased_at from people where id = ${rootId} for update`;
    if (!person || person.mergedInto) return 'missing';
    if (person.erasedAt) return 'erased';
    return change(tx);
  }) as Promise<T | 'missing' | 'erased'>;
}

/** Staff reached the person: their open leads' 2-business-day promise is kept at `now` (once: the first contact counts). */
const markReached = (tx: TransactionSql, rootId: string, now: Date) =>
  tx`update leads set first_reached_at = ${now}
     where person_id in ${members(tx, rootId)} and first_reached_at is null and erased_at is null and status = any(${[...OPEN_STATUSES]}::text[])`;

const insertActivity = (
  tx: TransactionSql,
  rootId: string,
  a: {
    kind: PersonActivity['kind'];
    outcome?: string | null;
    subject?: string | null;
    body?: string | null;
    note?: string | null;
    lead?: { kind: LeadKind; id: string } | null;
  },
  { actor, now }: PersonChange,
) =>
  tx<{ id: string }[]>`
    insert into person_activities (person_id, kind, outcome, subject, body, note, lead_kind, lead_id, actor_id, actor_email, at)
    values (${rootId}, ${a.kind}, ${a.outcome ?? null}, ${a.subject ?? null}, ${a.body ?? null}, ${a.note ?? null},
      ${a.lead?.kind ?? null}, ${a.lead?.id ?? null}, ${actor.id}, ${actor.email}, ${now})
    returning id::text`;

/** Sets (or, with null, marks done) the root's next action, recorded on its timeline. */
async function writeNextAction(tx: TransactionSql, rootId: string, action: { due: Date; what: string } | null, change: PersonChange): Promise<void> {
  await tx`update people set next_action_due = ${action?.due ?? null}, next_action_what = ${action?.what ?? null},
             next_action_by = ${action ? change.actor.id : null} where id = ${rootId}`;
  await insertActivity(
    tx,
    rootId,
    { kind: 'next-action', outcome: action ? 'set' : 'done', note: action?.what ?? null, subject: action?.due.toISOString() ?? null },
    change,
  );
}

/**
 * A call logged on a person: its outcome and note on the timeline, the promise kept on their open
 * leads, and the next action it proposes (lib/people/next-action.ts afterCall) set, for staff to change.
 */
export function logCall(
  sql: Sql,
  rootId: string,
  call: { outcome: CallOutcome; note?: string },
  change: PersonChange,
): Promise<{ id: string; nextAction: { due: Date; what: string } } | 'missing' | 'erased'> {
  return changePerson(sql, rootId, async (tx) => {
    const [row] = await insertActivity(tx, rootId, { kind: 'call', outcome: call.outcome, note: call.note ?? null }, change);
    await markReached(tx, rootId, change.now);
    const next = afterCall(call.outcome, change.now);
    await writeNextAction(tx, rootId, { due: next.due, what: next.what }, change);
    return { id: row.id, nextAction: { due: next.due, what: next.what } };
  });
}

/** Staff set the next action (or mark it done with null). */
export function setNextAction(sql: Sql, rootId: string, action: { due: Date; what: string } | null, change: PersonChange): Promise<PersonOutcome> {
  return changePerson(sql, rootId, async (tx) => {
    await writeNextAction(tx, rootId, action, change);
    return 'changed' as const;
  });
}

/** How long the same email from the same staff member counts as the one already sent. */
export const SAME_EMAIL_WINDOW_MS = 10 * 60_000;

/**
 * An email sent from a template on a person's page: recorded on the timeline with its subject and text,
 * queued as a `staff-message` job on the lead it is about (the worker sends it with the staff member as
 * reply-to: features/leads/delivery/), the promise kept, and the proposed next action set. The same
 * email (writer, lead, subject and text) again within SAME_EMAIL_WINDOW_MS is the one already sent, not
 * another: a double click, or the form sent again from the browser's history. The person's row is
 * locked (changePerson), so two at once run one after the other and the second finds the first.
 */
export function recordEmail(
  sql: Sql,
  rootId: string,
  email: { template: string; subject: string; body: string; lead: { kind: LeadKind; id: string }; next: { due: Date; what: string } },
  change: PersonChange,
): Promise<{ id: string; again?: true } | 'missing' | 'erased' | 'no-such-lead'> {
  return changePerson(sql, rootId, async (tx) => {
    const [lead] =
      await tx`select 1 from leads where kind = ${email.lead.kind} and id = ${email.lead.id} and erased_at is null and person_id in ${members(tx, rootId)}`;
    if (!lead) return 'no-such-lead' as const;
    const [sent] = await tx<{ id: string }[]>`
      select id::text from person_activities
      where person_id = ${rootId} and kind = 'email' and actor_id = ${change.actor.id}
        and lead_kind = ${email.lead.kind} and lead_id = ${email.lead.id} and subject = ${email.subject} and body = ${email.body}
        and at > ${new Date(change.now.getTime() - SAME_EMAIL_WINDOW_MS)}
      limit 1`;
    if (sent) return { id: sent.id, again: true };
    const [row] = await insertActivity(
      tx,
      rootId,
      { kind: 'email', outcome: email.template, subject: email.subject, body: email.body, lead: email.lead },
      change,
    );
    await tx`
      with queued as (
        insert into jobs (lead_kind, lead_id, channel, activity_id, run_at, give_up_at, created_at)
        values (${email.lead.kind}, ${email.lead.id}, 'staff-message', ${row.id}, ${change.now}, ${new Date(change.now.getTime() + 24 * 3600_000)}, ${change.now})
        returning id
      ) select pg_notify('lead_jobs', '') where exists (select 1 from queued)`;
    await markReached(tx, rootId, change.now);
    await writeNextAction(tx, rootId, email.next, change);
    return { id: row.id };
  });
}

/**
 * Merges person `fromId` (with everyone merged into it) into `intoId`, both roots: the merged people
 * point at `intoId`, which keeps its own record and takes the sooner of the two next actions. Recorded
 * (person_merges) with who pointed where, so it can be undone. 'same' when they are already one person.
 */
export function mergePeople(sql: Sql, fromId: string, intoId: string, change: PersonChange): Promise<{ mergeId: string } | 'same' | 'missing' | 'erased'> {
  return sql.begin(async (tx) => {
    const locked = await tx<{ id: string; mergedInto: string | null; erasedAt: Date | null; nextActionDue: Date | null; nextActionWhat: string | null }[]>`
      select id, merged_into, erased_at, next_action_due, next_action_what from people where id in (${fromId}, ${intoId}) order by id for update`;
    const from = locked.find((p) => p.id === fromId);
    const into = locked.find((p) => p.id === intoId);
    if (fromId === intoId) return 'same';
    if (!from || !into || from.mergedInto || into.mergedInto) return 'missing';
    if (from.erasedAt || into.erasedAt) return 'erased';
    const moved = await tx<{ id: string }[]>`update people set merged_into = ${intoId} where merged_into = ${fromId} returning id`;
    await tx`update people set merged_into = ${intoId} where id = ${fromId}`;
    const [merge] = await tx<{ id: string }[]>`
      insert into person_merges (into_id, from_id, moved, actor_id, actor_email, at)
      values (${intoId}, ${fromId}, ${moved.map((m) => m.id)}, ${change.actor.id}, ${change.actor.email}, ${change.now}) returning id::text`;
    if (from.nextActionDue && (!into.nextActionDue || from.nextActionDue < into.nextActionDue))
      await tx`update people set next_action_due = ${from.nextActionDue}, next_action_what = ${from.nextActionWhat} where id = ${intoId}`;
    await refreshRoot(tx, intoId);
    await insertActivity(tx, intoId, { kind: 'merge', note: fromId }, change);
    return { mergeId: merge.id };
  }) as Promise<{ mergeId: string } | 'same' | 'missing' | 'erased'>;
}

/**
 * Undoes a merge: the person merged in, and those who pointed at it then, are their own again. 'gone'
 * when it was undone already or a later change (another merge, an erasure) took the person elsewhere.
 */
export function undoMerge(sql: Sql, mergeId: string, change: PersonChange): Promise<{ intoId: string; fromId: string } | 'missing' | 'gone'> {
  return sql.begin(async (tx) => {
    const [merge] = await tx<{ intoId: string; fromId: string; moved: string[]; undoneAt: Date | null }[]>`
      select into_id, from_id, moved, undone_at from person_merges where id = ${mergeId} for update`;
    if (!merge) return 'missing';
    const [from] = await tx<
      { mergedInto: string | null; erasedAt: Date | null }[]
    >`select merged_into, erased_at from people where id = ${merge.fromId} for update`;
    if (merge.undoneAt || !from || from.mergedInto !== merge.intoId || from.erasedAt) return 'gone';
    await tx`update people set merged_into = null where id = ${merge.fromId}`;
    if (merge.moved.length > 0) await tx`update people set merged_into = ${merge.fromId} where id = any(${merge.moved}) and merged_into = ${merge.intoId}`;
    await tx`update person_merges set undone_at = ${change.now} where id = ${mergeId}`;
    await refreshRoot(tx, merge.intoId);
    await refreshRoot(tx, merge.fromId);
    await insertActivity(tx, merge.intoId, { kind: 'unmerge', note: merge.fromId }, change);
    return { intoId: merge.intoId, fromId: merge.fromId };
  }) as Promise<{ intoId: string; fromId: string } | 'missing' | 'gone'>;
}

/** Every lead of a root person, for erasure (locked by the caller's transaction). */
export function leadKeysOfPerson(tx: TransactionSql, rootId: string): Promise<{ kind: LeadKind; id: string; erasedAt: Date | null }[]> {
  return tx<{ kind: LeadKind; id: string; erasedAt: Date | null }[]>`
    select kind, id, erased_at from leads where person_id in ${members(tx, rootId)} order by kind, id for update`;
}

/**
 * What is left of a root person once their leads are erased: the record keeps its id and its erasure
 * time, nothing else; what staff did (calls, emails with their jobs, next actions, merges) is deleted.
 */
export async function clearPerson(tx: TransactionSql, rootId: string, now: Date): Promise<void> {
  const ids = (await tx<{ id: string }[]>`select id from people where id = ${rootId} or merged_into = ${rootId}`).map((p) => p.id);
  await tx`delete from person_activities where person_id = any(${ids})`;
  await tx`delete from person_merges where into_id = any(${ids}) or from_id = any(${ids})`;
  await tx`
    update people set email_key = null, name = null, phone = null, next_action_due = null, next_action_what = null, next_action_by = null,
      best_score = null, erased_at = coalesce(erased_at, ${now})
    where id = any(${ids})`;
}

/**
 * An email staff wrote on a person's page, as its job sends it: subject, text, who wrote it, and the
 * lead's address now (null once the lead was erased). Null when the activity is gone (the person erased).
 */
export async function staffMessageOf(
  sql: Db,
  activityId: string,
): Promise<{ subject: string; body: string; actorEmail: string | null; kind: LeadKind; to: string | null } | null> {
  const [row] = await sql<{ subject: string; body: string; actorEmail: string | null; kind: LeadKind; to: string | null }[]>`
    select a.subject, a.body, a.actor_email, l.kind, case when l.erased_at is null then l.email end as to
    from person_activities a join leads l on l.kind = a.lead_kind and l.id = a.lead_id
    where a.id = ${activityId} and a.kind = 'email'`;
  return row ?? null;
}

/** The root of the person an email address belongs to (normalised as people are matched), or null. */
export async function personOfEmail(sql: Db, email: string): Promise<string | null> {
  const [row] = await sql<{ root: string }[]>`select coalesce(merged_into, id) as root from people where email_key = ${emailKey(email)}`;
  return row?.root ?? null;
}

/** How a staff member signs: their booking display name, or null (then their email's local part: lib/people/templates.ts). */
export async function staffDisplayName(sql: Db, userId: string): Promise<string | null> {
  const [row] = await sql<{ displayName: string | null }[]>`select display_name from booking_settings where user_id = ${userId}`;
  return row?.displayName ?? null;
}

/**
 * After a lead's status changed (in the change's transaction): the person's next action follows
 * (lib/people/next-action.ts afterStatusChange): a first reply done becomes a follow-up, and a person
 * with every lead closed has nothing left to do.
 */
export async function followStatusChange(
  tx: TransactionSql,
  lead: { kind: LeadKind; id: string },
  step: { from: LeadStatus; to: LeadStatus },
  change: PersonChange,
): Promise<void> {
  const [person] = await tx<{ root: string; nextActionWhat: string | null; erasedAt: Date | null }[]>`
    select coalesce(p.merged_into, p.id) as root, r.next_action_what, r.erased_at
    from leads l join people p on p.id = l.person_id join people r on r.id = coalesce(p.merged_into, p.id)
    where l.kind = ${lead.kind} and l.id = ${lead.id}`;
  if (!person || person.erasedAt) return;
  const [open] = await tx<{ n: number }[]>`
    select count(*)::int as n from leads
    where person_id in ${members(tx, person.root)} and status = any(${[...OPEN_STATUSES]}::text[]) and not is_spam and erased_at is null`;
  const next = afterStatusChange({ ...step, openLeadsLeft: open.n, nextActionWhat: person.nextActionWhat }, change.now);
  if (next === null) return;
  await writeNextAction(tx, person.root, next === 'clear' ? null : { due: next.due, what: next.what }, change);
}
