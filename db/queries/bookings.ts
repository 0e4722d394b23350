import type { Sql, TransactionSql } from 'postgres';
import type { Touch } from '../../lib/leads/attribution.ts';
import type { Actor, LeadKind } from '../../lib/leads/pipeline.ts';
import { recordConversions } from './ab-tests.ts';
import { JOBS_CHANNEL } from './jobs.ts';
import { insertLead } from './leads.ts';

// Booked strategy sessions (the `bookings` table, db/migrations/0009_booking.sql): booking one with its
// lead, its minute claims (which make a double booking impossible in the database), its jobs and its
// A/B conversions in one transaction; moving, cancelling and marking one held or a no-show.

type Db = Sql | TransactionSql;

export type BookingStatus = 'booked' | 'cancelled' | 'held' | 'no-show';

export type Booking = {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  staffId: string | null;
  staffEmail: string | null;
  staffName: string | null;
  /** The staff member's video room link, when they set one. */
  staffMeetingUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  previousStartsAt: Date | null;
  /** Who had the session before a move gave it to someone else (their calendar's copy goes). */
  previousStaffId: string | null;
  status: BookingStatus;
  sequence: number;
  manageToken: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
  createdAt: Date;
  erasedAt: Date | null;
};

/** The slot was taken meanwhile: another booking claims one of its minutes (the claims' unique key). */
export class SlotTaken extends Error {
  constructor() {
    super('That time was just booked by someone else');
  }
}

/** The session was moved as many times as a visitor may (MOVES_PER_BOOKING): the page gives the agency's phone and email instead. */
export class MovesUsedUp extends Error {
  constructor() {
    super('This session was moved as many times as it can be online');
  }
}

/** The email address holds as many sessions still to come as one address may (UPCOMING_SESSIONS_PER_EMAIL). */
export class EmailHasSessions extends Error {
  constructor() {
    super('This email address has as many sessions booked as it can hold online');
  }
}

const UNIQUE_VIOLATION = '23505';
const violated = (error: unknown) =>
  (error as { code?: string })?.code === UNIQUE_VIOLATION ? String((error as { constraint_name?: string }).constraint_name ?? '') : null;
const isClaimConflict = (error: unknown) => violated(error)?.startsWith('booking_claims') === true;
/** Another transaction stored a booking (or its lead) under the same id first: a replay, answered from what it stored. */
const isIdConflict = (error: unknown) => violated(error) === 'leads_pkey' || violated(error) === 'bookings_pkey';

const BOOKING_COLUMNS = (sql: Db) => sql`
  b.id, b.lead_kind, b.lead_id, b.staff_id, u.username as staff_email, coalesce(s.display_name, split_part(u.username, '@', 1)) as staff_name, s.meeting_url as staff_meeting_url,
  b.starts_at, b.ends_at, b.previous_starts_at, b.previous_staff_id, b.status, b.sequence, b.manage_token, b.name, b.email, b.phone, b.note, b.created_at, b.erased_at`;

const FROM_BOOKINGS = (sql: Db) => sql`bookings b left join users u on u.id = b.staff_id left join booking_settings s on s.user_id = b.staff_id`;

export async function findBooking(sql: Db, id: string): Promise<Booking | null> {
  const [row] = await sql<Booking[]>`select ${BOOKING_COLUMNS(sql)} from ${FROM_BOOKINGS(sql)} where b.id = ${id}`;
  return row ?? null;
}

export async function findBookingByToken(sql: Db, token: string): Promise<Booking | null> {
  const [row] = await sql<Booking[]>`select ${BOOKING_COLUMNS(sql)} from ${FROM_BOOKINGS(sql)} where b.manage_token = ${token}`;
  return row ?? null;
}

/** Every minute a booking keeps its staff member from another: from its start to the end of its buffer. */
const claimMinutes = (tx: Db, booking: { id: string; staffId: string; startsAt: Date; blockedUntil: Date }) => tx`
  insert into booking_claims (staff_id, minute, booking_id)
  select ${booking.staffId}, m, ${booking.id}
  from generate_series(${booking.startsAt}::timestamptz, ${booking.blockedUntil}::timestamptz - interval '1 minute', interval '1 minute') as m`;

/** Which lead a booking belongs to: the audit behind a results link, the lead behind a staff link, or the latest lead with the email. */
export type LeadHint = { resultsToken?: string; leadToken?: string; email: string };

async function leadFor(tx: TransactionSql, hint: LeadHint): Promise<{ kind: LeadKind; id: string; ownerId: string | null } | null> {
  type Found = { kind: LeadKind; id: string; ownerId: string | null };
  if (hint.resultsToken) {
    const [row] = await tx<Found[]>`
      select l.kind, l.id, l.owner_id from business_audits a join leads l on l.kind = 'audit' and l.id = a.id
      where a.results_token = ${hint.resultsToken} and l.erased_at is null`;
    if (row) return row;
  }
  if (hint.leadToken) {
    const [row] = await tx<Found[]>`select kind, id, owner_id from leads where booking_token = ${hint.leadToken} and erased_at is null`;
    if (row) return row;
  }
  const [row] = await tx<Found[]>`
    select kind, id, owner_id from leads
    where lower(email) = ${hint.email.toLowerCase()} and erased_at is null and not is_spam
    order by created_at desc limit 1`;
  return row ?? null;
}

/** The owner of the lead a booking would attach to, to offer them first (null: none, or no such lead). */
export async function ownerForHint(sql: Sql, hint: Omit<LeadHint, 'email'> & { email?: string }): Promise<string | null> {
  if (!hint.resultsToken && !hint.leadToken && !hint.email) return null;
  return sql.begin(async (tx) => (await leadFor(tx, { ...hint, email: hint.email ?? '' }))?.ownerId ?? null) as Promise<string | null>;
}

/** What the visitor's lead link or results link prefills on the booking form. */
export async function prefillFor(
  sql: Sql,
  hint: { resultsToken?: string; leadToken?: string },
): Promise<{ name: string; email: string; phone: string } | null> {
  if (hint.resultsToken) {
    const [row] = await sql<{ name: string; email: string; phone: string }[]>`
      select first_name || ' ' || last_name as name, email, coalesce(phone, '') as phone from business_audits where results_token = ${hint.resultsToken}`;
    if (row) return row;
  }
  if (hint.leadToken) {
    const [row] = await sql<{ name: string; email: string; phone: string }[]>`
      select coalesce(name, '') as name, coalesce(email, '') as email, coalesce(phone, '') as phone
      from leads where booking_token = ${hint.leadToken} and erased_at is null`;
    if (row) return row;
  }
  return null;
}

export type NewBooking = {
  id: string;
  staffId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
  manageToken: string;
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
  visitorId: string | null;
  page: string | null;
  touches: { first: Touch | null; last: Touch | null };
  hint: LeadHint;
  /** Whether the staff member's calendar takes writes (CalDAV): then the event is written by a job. */
  writesCalendar: boolean;
  /** Sessions still to come that `email` may hold, this one included (UPCOMING_SESSIONS_PER_EMAIL): EmailHasSessions beyond. */
  upcomingPerEmail: number;
  now: Date;
};

/** Reminders are due this long before the session; one already past when booked is not queued. */
export const REMINDERS: ReadonlyArray<{ channel: 'reminder-24h' | 'reminder-1h'; beforeMs: number }> = [
  { channel: 'reminder-24h', beforeMs: 24 * 3600_000 },
  { channel: 'reminder-1h', beforeMs: 3600_000 },
];

/**
 * Queues a booking's notifications for its `revision` (sequence), in the caller's transaction: the
 * emails to the visitor and the staff member, the calendar write, and (for a booked session) its
 * reminders. A job is retried until the session starts (a reminder, until it would be pointless).
 */
async function queueBookingJobs(
  tx: TransactionSql,
  booking: { id: string; leadKind: LeadKind; leadId: string; startsAt: Date },
  revision: number,
  { emails, calendar, reminders }: { emails: boolean; calendar: boolean; reminders: boolean },
  now: Date,
): Promise<void> {
  const rows: [string, Date, Date][] = [];
  const untilStart = new Date(Math.max(booking.startsAt.getTime(), now.getTime() + 3600_000));
  if (emails) rows.push(['booking-visitor', now, untilStart], ['booking-staff', now, untilStart]);
  if (calendar) rows.push(['booking-calendar', now, new Date(now.getTime() + 24 * 3600_000)]);
  if (reminders)
    for (const r of REMINDERS) {
      const at = new Date(booking.startsAt.getTime() - r.beforeMs);
      if (at.getTime() > now.getTime()) rows.push([r.channel, at, booking.startsAt]);
    }
  if (rows.length === 0) return;
  await tx`
    with queued as (
      insert into jobs (lead_kind, lead_id, channel, booking_id, revision, run_at, give_up_at, created_at)
      select ${booking.leadKind}, ${booking.leadId}, r.channel, ${booking.id}, ${revision}, r.run_at::timestamptz, r.give_up_at::timestamptz, ${now}
      from unnest(${rows.map((r) => r[0])}::text[], ${rows.map((r) => r[1].toISOString())}::text[], ${rows.map((r) => r[2].toISOString())}::text[])
        as r (channel, run_at, give_up_at)
      on conflict do nothing
      returning id
    )
    select pg_notify(${JOBS_CHANNEL}, '') where exists (select 1 from queued)`;
}

/** A booking's jobs of earlier revisions that have not run are not true any more: skipped, in the change's transaction. */
const skipEarlierJobs = (tx: TransactionSql, bookingId: string, now: Date, why: string) => tx`
  update jobs set state = 'skipped', detail = ${why}, lease_token = null, leased_until = null, finished_at = ${now}
  where booking_id = ${bookingId} and state in ('queued', 'running') and channel <> 'booking-calendar'`;

const bookingEvent = (tx: Db, lead: { kind: LeadKind; id: string }, what: string, note: string | null, at: Date, actor?: Actor | null) => tx`
  insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, to_value, note, at)
  values (${lead.kind}, ${lead.id}, ${actor?.id ?? null}, ${actor?.email ?? null}, 'booking', ${what}, ${note}, ${at})`;

/** The first key of the lock a booking's id takes while it is written (the second is the id's hash): "bk". */
const BOOKING_ID_LOCK = 0x626b;
/** The first key of the lock a booking's email address takes, after its id's, to count its sessions to come: "be". */
const BOOKING_EMAIL_LOCK = 0x6265;

/**
 * Books a session, in one transaction: the lead it belongs to (found, or created as a `booking` lead),
 * the booking, its minute claims (SlotTaken when another booking holds one of them), the lead moved to
 * `session booked` (from new or contacted) with both on its timeline, the jobs, and a `booked` A/B
 * conversion for each running test the visitor is in. A repeated id books nothing: `created: false`
 * with the stored booking, to tell a retry from another booking reusing the id (the caller compares
 * the answers). Copies of one post sent at once take turns on a lock of their id for the length of the
 * transaction, so the first books and each other finds its booking (on PGlite and PostgreSQL alike);
 * should one still meet the first's row at its insert, it is answered the same way, never with an error.
 */
export async function createBooking(sql: Sql, b: NewBooking): Promise<{ created: boolean; booking: Booking }> {
  let created: boolean;
  try {
    created = await sql.begin(async (tx) => {
      // The id's own lock (the two-key form: apart from any single-key lock), released at commit or rollback.
      await tx`select pg_advisory_xact_lock(${BOOKING_ID_LOCK}::int, hashtext(${b.id}))`;
      const [existing] = await tx`select 1 from bookings where id = ${b.id}`;
      if (existing) return false;
      // Bookings of one address sent at once (under different ids) count one after another.
      await tx`select pg_advisory_xact_lock(${BOOKING_EMAIL_LOCK}::int, hashtext(lower(${b.email})))`;
      const [{ upcoming }] = await tx<{ upcoming: number }[]>`
        select count(*)::int as upcoming from bookings where lower(email) = lower(${b.email}) and status = 'booked' and starts_at > ${b.now}`;
      if (upcoming >= b.upcomingPerEmail) throw new EmailHasSessions();
      let lead = await leadFor(tx, b.hint);
      if (!lead) {
        await insertLead(tx, {
          kind: 'booking',
          id: b.id,
          createdAt: b.now,
          name: b.name,
          business: '',
          email: b.email,
          phone: b.phone,
          isSpam: false,
          visitorId: b.visitorId,
          page: b.page,
          touches: b.touches,
          marketingConsent: false,
          channels: [],
        });
        lead = { kind: 'booking', id: b.id, ownerId: null };
      }
      const inserted = await tx`
        insert into bookings (id, lead_kind, lead_id, staff_id, starts_at, ends_at, blocked_until, manage_token, name, email, phone, note,
          visitor_id, created_at, updated_at)
        values (${b.id}, ${lead.kind}, ${lead.id}, ${b.staffId}, ${b.startsAt}, ${b.endsAt}, ${b.blockedUntil}, ${b.manageToken}, ${b.name},
          ${b.email}, ${b.phone}, ${b.note}, ${b.visitorId}, ${b.now}, ${b.now})
        on conflict (id) do nothing
        returning id`;
      if (inserted.length === 0) return false;
      await claimMinutes(tx, b);
      const [before] = await tx<{ status: string }[]>`select status from leads where kind = ${lead.kind} and id = ${lead.id} for update`;
      if (before && (before.status === 'new' || before.status === 'contacted')) {
        await tx`update leads set status = 'session booked' where kind = ${lead.kind} and id = ${lead.id}`;
        await tx`insert into lead_events (lead_kind, lead_id, kind, from_value, to_value, at)
                 values (${lead.kind}, ${lead.id}, 'status', ${before.status}, 'session booked', ${b.now})`;
      }
      await bookingEvent(tx, lead, 'booked', b.startsAt.toISOString(), b.now);
      await queueBookingJobs(
        tx,
        { id: b.id, leadKind: lead.kind, leadId: lead.id, startsAt: b.startsAt },
        0,
        { emails: true, calendar: b.writesCalendar, reminders: true },
        b.now,
      );
      if (b.visitorId) await recordConversions(tx, b.visitorId, { goal: 'booked' }, { eventType: 'booked' });
      return true;
    });
  } catch (error) {
    if (isClaimConflict(error)) throw new SlotTaken();
    if (!isIdConflict(error)) throw error;
    created = false;
  }
  const booking = await findBooking(sql, b.id);
  if (!booking) throw new Error('booking id conflict without a stored booking');
  return { created, booking };
}

/**
 * Moves a booked session to another start (and possibly another staff member), in one transaction:
 * its claims are replaced (SlotTaken when the new time is held), its sequence goes up by one, the jobs
 * of the old time that have not run are skipped and the new time's are queued. Null when there is no
 * booked session under the token. A booked session's sequence is the number of times it was moved
 * (only a cancellation raises it otherwise, and that ends it): once it reaches `maxMoves`, MovesUsedUp,
 * decided under the row's lock, so moves sent at once cannot pass the cap together.
 */
export async function moveBooking(
  sql: Sql,
  token: string,
  to: { staffId: string; startsAt: Date; endsAt: Date; blockedUntil: Date; writesCalendar: boolean; previousWritesCalendar: boolean },
  now: Date,
  maxMoves: number,
): Promise<Booking | null> {
  try {
    const id = await sql.begin(async (tx) => {
      const [b] = await tx<{ id: string; leadKind: LeadKind; leadId: string; startsAt: Date; sequence: number; staffId: string | null }[]>`
        select id, lead_kind, lead_id, starts_at, sequence, staff_id from bookings
        where manage_token = ${token} and status = 'booked' and erased_at is null for update`;
      if (!b) return null;
      if (b.sequence >= maxMoves) throw new MovesUsedUp();
      const sequence = b.sequence + 1;
      await tx`delete from booking_claims where booking_id = ${b.id}`;
      await tx`
        update bookings set staff_id = ${to.staffId}, starts_at = ${to.startsAt}, ends_at = ${to.endsAt}, blocked_until = ${to.blockedUntil},
          previous_starts_at = ${b.startsAt}, sequence = ${sequence}, updated_at = ${now},
          previous_staff_id = case when staff_id is distinct from ${to.staffId} then staff_id else previous_staff_id end
        where id = ${b.id}`;
      await claimMinutes(tx, { id: b.id, staffId: to.staffId, startsAt: to.startsAt, blockedUntil: to.blockedUntil });
      await skipEarlierJobs(tx, b.id, now, 'The session was moved: the new time was sent instead');
      await bookingEvent(tx, { kind: b.leadKind, id: b.leadId }, 'moved', `${b.startsAt.toISOString()} → ${to.startsAt.toISOString()}`, now);
      const calendar = to.writesCalendar || (b.staffId !== to.staffId && to.previousWritesCalendar);
      await queueBookingJobs(
        tx,
        { id: b.id, leadKind: b.leadKind, leadId: b.leadId, startsAt: to.startsAt },
        sequence,
        { emails: true, calendar, reminders: true },
        now,
      );
      return b.id;
    });
    return id ? findBooking(sql, id) : null;
  } catch (error) {
    if (isClaimConflict(error)) throw new SlotTaken();
    throw error;
  }
}

/**
 * Cancels a booked session (by the visitor's token, or by staff): the slot is freed (its claims
 * deleted), its sequence goes up, its reminders and other unsent jobs are skipped, the cancellation is
 * sent to both and to the calendar, and the lead goes back from `session booked` to the status the
 * booking moved it from (New stays New: nobody on staff reached them).
 * Null when there is no booked session under the token (already cancelled, held, or erased).
 */
export async function cancelBooking(
  sql: Sql,
  token: string,
  now: Date,
  { writesCalendar, actor }: { writesCalendar: boolean; actor?: Actor },
): Promise<Booking | null> {
  const id = await sql.begin(async (tx) => {
    const [b] = await tx<{ id: string; leadKind: LeadKind; leadId: string; startsAt: Date; sequence: number }[]>`
      select id, lead_kind, lead_id, starts_at, sequence from bookings
      where manage_token = ${token} and status = 'booked' and erased_at is null for update`;
    if (!b) return null;
    const sequence = b.sequence + 1;
    await tx`delete from booking_claims where booking_id = ${b.id}`;
    await tx`update bookings set status = 'cancelled', sequence = ${sequence}, updated_at = ${now} where id = ${b.id}`;
    await skipEarlierJobs(tx, b.id, now, 'The session was cancelled');
    await bookingEvent(tx, { kind: b.leadKind, id: b.leadId }, 'cancelled', b.startsAt.toISOString(), now, actor);
    // Back to where the booking found the lead, only while it is still at `session booked` (a status staff
    // gave it since stays) and no other session is still booked for it: the status it moved from, as its
    // timeline recorded it (new or contacted; anything else, contacted). A visitor's own booking and
    // cancelling reach nobody: New stays New, its reply-by promise (first_reached_at) untouched.
    const [back] = await tx<{ status: string }[]>`
      with moved_from as (
        select from_value from lead_events
        where lead_kind = ${b.leadKind} and lead_id = ${b.leadId} and kind = 'status' and to_value = 'session booked'
          and from_value is distinct from 'session booked'
        order by at desc, id desc limit 1
      )
      update leads l set status = case
          when (select from_value from moved_from) in ('new', 'contacted') then (select from_value from moved_from)
          when not exists (select 1 from moved_from) and l.first_reached_at is null then 'new'
          else 'contacted' end
      where l.kind = ${b.leadKind} and l.id = ${b.leadId} and l.status = 'session booked'
        and not exists (select 1 from bookings where lead_kind = ${b.leadKind} and lead_id = ${b.leadId} and status = 'booked')
      returning l.status`;
    if (back)
      await tx`insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, from_value, to_value, at)
               values (${b.leadKind}, ${b.leadId}, ${actor?.id ?? null}, ${actor?.email ?? null}, 'status', 'session booked', ${back.status}, ${now})`;
    await queueBookingJobs(
      tx,
      { id: b.id, leadKind: b.leadKind, leadId: b.leadId, startsAt: b.startsAt },
      sequence,
      { emails: true, calendar: writesCalendar, reminders: false },
      now,
    );
    return b.id;
  });
  return id ? findBooking(sql, id) : null;
}

/**
 * Staff record how a session went: held, or a no-show (who is sent a warm email with a link to book
 * again). Only a session that has started and is still `booked`, or one marked the other way a moment
 * ago, changes; null otherwise.
 */
export async function markOutcome(sql: Sql, id: string, outcome: 'held' | 'no-show', actor: Actor, now: Date): Promise<Booking | null> {
  const changed = await sql.begin(async (tx) => {
    const [b] = await tx<{ id: string; leadKind: LeadKind; leadId: string; status: BookingStatus; sequence: number; startsAt: Date }[]>`
      select id, lead_kind, lead_id, status, sequence, starts_at from bookings
      where id = ${id} and status in ('booked', 'held', 'no-show') and starts_at <= ${now} and erased_at is null for update`;
    if (!b || b.status === outcome) return false;
    await tx`update bookings set status = ${outcome}, updated_at = ${now} where id = ${id}`;
    await bookingEvent(tx, { kind: b.leadKind, id: b.leadId }, outcome, b.startsAt.toISOString(), now, actor);
    if (outcome === 'no-show')
      await tx`
        with queued as (
          insert into jobs (lead_kind, lead_id, channel, booking_id, revision, run_at, give_up_at, created_at)
          values (${b.leadKind}, ${b.leadId}, 'no-show', ${id}, ${b.sequence}, ${now}, ${new Date(now.getTime() + 24 * 3600_000)}, ${now})
          on conflict do nothing returning id
        ) select pg_notify(${JOBS_CHANNEL}, '') where exists (select 1 from queued)`;
    return true;
  });
  return changed ? findBooking(sql, id) : null;
}

/** The sessions staff see: upcoming ones, and those that started in the last `pastDays` days, in time order. */
export async function sessionsAround(sql: Sql, now: Date, pastDays = 14): Promise<(Booking & { business: string | null })[]> {
  return sql<(Booking & { business: string | null })[]>`
    select ${BOOKING_COLUMNS(sql)}, nullif(l.business, '') as business
    from ${FROM_BOOKINGS(sql)} join leads l on l.kind = b.lead_kind and l.id = b.lead_id
    where b.status <> 'cancelled' and b.erased_at is null and b.starts_at >= ${new Date(now.getTime() - pastDays * 86_400_000)}
    order by b.starts_at, b.id`;
}

/** A lead's sessions, newest first, for its page. */
export function bookingsOfLead(sql: Db, kind: LeadKind, id: string): Promise<Booking[]> {
  return sql<Booking[]>`
    select ${BOOKING_COLUMNS(sql)} from ${FROM_BOOKINGS(sql)} where b.lead_kind = ${kind} and b.lead_id = ${id} order by b.starts_at desc`;
}

/** The busy time of each staff member's bookings that overlap a window, as [start, blocked until). */
export async function bookedTimes(sql: Db, window: { start: Date; end: Date }): Promise<Map<string, { start: Date; end: Date }[]>> {
  const rows = await sql<{ staffId: string; start: Date; end: Date }[]>`
    select staff_id, starts_at as start, blocked_until as end from bookings
    where status <> 'cancelled' and staff_id is not null and starts_at < ${window.end} and blocked_until > ${window.start}
    order by starts_at`;
  const byStaff = new Map<string, { start: Date; end: Date }[]>();
  for (const r of rows) byStaff.set(r.staffId, [...(byStaff.get(r.staffId) ?? []), { start: r.start, end: r.end }]);
  return byStaff;
}

/** When each staff member was last given a booking, for round robin among those free. */
export async function lastBookedAt(sql: Db): Promise<Map<string, Date>> {
  const rows = await sql<{ staffId: string; at: Date }[]>`
    select staff_id, max(created_at) as at from bookings where staff_id is not null group by staff_id`;
  return new Map(rows.map((r) => [r.staffId, r.at]));
}

/** The link staff send a lead to book with: its token, made the first time it is asked for. */
export async function bookingTokenOf(sql: Sql, kind: LeadKind, id: string, fresh: string): Promise<string | null> {
  const [row] = await sql<{ token: string }[]>`
    update leads set booking_token = coalesce(booking_token, ${fresh}) where kind = ${kind} and id = ${id} and erased_at is null
    returning booking_token as token`;
  return row?.token ?? null;
}

/** The booking link's token a lead has already (null: none was made yet, or the lead was erased). */
export async function existingBookingToken(sql: Db, kind: LeadKind, id: string): Promise<string | null> {
  const [row] = await sql<{ token: string | null }[]>`select booking_token as token from leads where kind = ${kind} and id = ${id} and erased_at is null`;
  return row?.token ?? null;
}
