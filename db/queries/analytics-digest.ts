import type { Sql } from 'postgres';
import type { SourceWeek, WaitingLead, WeeklyFigures } from '../../lib/analytics/weekly-digest.ts';
import { isoDay } from '../../lib/time/calendar.ts';
import { overdueCountQuery } from './leads.ts';

// The owner's Monday email (lib/analytics/weekly-digest.ts): one row per week in `analytics_digests`,
// claimed by the first process to insert it, so it is sent once however many processes and machines
// look (as the staff's morning email claims `staff_digests`, db/queries/digests.ts: no advisory lock,
// so it works through PgBouncer and on the embedded database alike); and the week's figures.

export type WeeklyClaim = { week: string; claimedAt: Date; attempts: number };

/**
 * Claims the email for the week starting `week` (its Monday) at `now`: the first look inserts the row
 * (one process wins; the others insert nothing). A row another process left `sending` for longer than
 * `staleMs` (it died mid-send), or one whose send failed at least `retryMs` ago with tries left, is
 * taken again by one update, which the row lock makes one process's too. Null: not this process's to send.
 */
export async function claimWeeklyDigest(
  sql: Sql,
  { week, now }: { week: string; now: Date },
  retry: { staleMs: number; retryMs: number; attempts: number },
): Promise<WeeklyClaim | null> {
  const [fresh] = await sql<{ attempts: number }[]>`
    insert into analytics_digests (week_start, state, attempts, claimed_at) values (${week}, 'sending', 1, ${now})
    on conflict do nothing
    returning attempts`;
  if (fresh) return { week, claimedAt: now, attempts: fresh.attempts };
  const [again] = await sql<{ attempts: number }[]>`
    update analytics_digests set state = 'sending', attempts = attempts + 1, claimed_at = ${now}, finished_at = null
    where week_start = ${week} and attempts < ${retry.attempts}
      and ((state = 'sending' and claimed_at <= ${new Date(now.getTime() - retry.staleMs)})
        or (state = 'failed' and finished_at <= ${new Date(now.getTime() - retry.retryMs)}))
    returning attempts`;
  return again ? { week, claimedAt: now, attempts: again.attempts } : null;
}

/**
 * What came of a claim: sent, or failed. A failure trying again cannot help (`final`: a mailbox that does
 * not exist, or no LEAD_NOTIFY_EMAIL or SMTP_URL to send with) uses up the tries, so it is not taken
 * again; its detail says why. False when the claim is no longer this process's (it outlived `staleMs`
 * and another took it).
 */
export async function finishWeeklyDigest(
  sql: Sql,
  claim: WeeklyClaim,
  outcome: { state: 'sent' | 'failed'; detail: string; final?: boolean; attempts?: number },
  now: Date,
): Promise<boolean> {
  const rows = await sql`
    update analytics_digests set state = ${outcome.state}, finished_at = ${now}, detail = ${outcome.detail.slice(0, 500)},
      attempts = case when ${outcome.final === true} then greatest(attempts, ${outcome.attempts ?? 0}) else attempts end
    where week_start = ${claim.week} and state = 'sending' and claimed_at = ${claim.claimedAt}
    returning 1`;
  return rows.length > 0;
}

/** The leads past the reply promise shown by name; the email counts the rest. */
const WAITING_SHOWN = 10;

/**
 * The figures of the week from `days.from` to `days.to` (Toronto days; `start` and `end` their first
 * instant and the first after), and the leads waiting past the promise at `now` (as the inbox counts them).
 * Visitors come from the daily roll-up of a day once it has one, else from that day's visits.
 */
export async function weeklyFigures(
  sql: Sql,
  { week, start, end }: { week: WeeklyFigures['week']; start: Date; end: Date },
  now: Date,
): Promise<WeeklyFigures> {
  const [from, to] = [isoDay(week.from), isoDay(week.to)];
  const [visits, leads, [totals], waiting, [{ count: waitingCount }]] = await Promise.all([
    sql<{ source: string; visitors: number }[]>`
      select lower(source) as source, sum(visitors)::int as visitors from (
        select s.source, s.visitors from analytics_daily_sources s where s.day between ${from}::date and ${to}::date
        union all
        select v.source, 1 from analytics_visits v
        where v.day between ${from}::date and ${to}::date and not exists (select 1 from analytics_daily_sources s where s.day = v.day)
      ) x group by lower(source)`,
    sql<{ source: string; leads: number }[]>`
      select lower(coalesce(source, 'direct')) as source, count(*)::int as leads
      from leads where not is_spam and created_at >= ${start} and created_at < ${end}
      group by lower(coalesce(source, 'direct'))`,
    sql<{ booked: number; won: number; wonValue: string; wonWithoutValue: number }[]>`
      select
        (select count(*)::int from bookings b join leads l on l.kind = b.lead_kind and l.id = b.lead_id
          where not l.is_spam and b.status <> 'cancelled' and b.created_at >= ${start} and b.created_at < ${end}) as booked,
        count(*)::int as won, coalesce(sum(w.won_value), 0)::text as won_value, count(*) filter (where w.won_value is null)::int as won_without_value
      from (
        select l.won_value,
          (select max(e.at) from lead_events e where e.lead_kind = l.kind and e.lead_id = l.id and e.kind = 'status' and e.to_value = 'won') as won_at
        from leads l where l.status = 'won' and not l.is_spam
      ) w
      where w.won_at >= ${start} and w.won_at < ${end}`,
    sql<WaitingLead[]>`
      select kind, id, name, business, reply_by from leads
      where first_reached_at is null and status = 'new' and not is_spam and reply_by < ${now} and erased_at is null
      order by reply_by, kind, id limit ${WAITING_SHOWN}`,
    // The inbox's own count of leads past the promise (its headline), so the two always agree.
    sql<{ count: string }[]>`${overdueCountQuery(sql, now)}`,
  ]);
  const sources = new Map<string, SourceWeek>();
  for (const v of visits) sources.set(v.source, { source: v.source, visitors: v.visitors, leads: 0 });
  for (const l of leads) sources.set(l.source, { source: l.source, visitors: sources.get(l.source)?.visitors ?? 0, leads: l.leads });
  return {
    week,
    visitors: visits.reduce((sum, v) => sum + v.visitors, 0),
    leads: leads.reduce((sum, l) => sum + l.leads, 0),
    booked: totals.booked,
    won: totals.won,
    wonValue: Number(totals.wonValue),
    wonWithoutValue: totals.wonWithoutValue,
    sources: [...sources.values()],
    waiting,
    waitingCount: Number(waitingCount),
  };
}
