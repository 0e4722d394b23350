import type { Sql } from 'postgres';
import { OPEN_STATUSES } from '../../lib/people/next-action.ts';
import type { StaffRole } from '../../lib/staff/roles.ts';

// The staff's morning email (lib/people/digest.ts): who is due for each staff member, and one row per
// staff member and day in `staff_digests`, claimed by the first process to insert it, so each is sent
// once however many processes and machines look (no advisory lock: it works through PgBouncer and on the
// embedded database alike).

export type DigestStaff = { id: string; email: string; role: StaffRole };

/** Every staff account: each gets its own email. */
export const staffForDigest = (sql: Sql): Promise<DigestStaff[]> => sql<DigestStaff[]>`select id, username as email, role from users order by username, id`;

export type DigestClaim = { userId: string; day: string; claimedAt: Date; attempts: number };

/**
 * Claims a staff member's email for `day` at `now`: the first look of the day inserts the row (one
 * process wins; the others insert nothing). A row another process left `sending` for longer than
 * `staleMs` (it died mid-send), or one whose send failed at least `retryMs` ago with tries left, is taken
 * again by one update, which the row lock makes one process's too. Null: not this process's to send.
 */
export async function claimDigest(
  sql: Sql,
  { userId, day, now }: { userId: string; day: string; now: Date },
  retry: { staleMs: number; retryMs: number; attempts: number },
): Promise<DigestClaim | null> {
  const [fresh] = await sql<{ attempts: number }[]>`
    insert into staff_digests (user_id, day, state, attempts, claimed_at) values (${userId}, ${day}, 'sending', 1, ${now})
    on conflict do nothing
    returning attempts`;
  if (fresh) return { userId, day, claimedAt: now, attempts: fresh.attempts };
  const [again] = await sql<{ attempts: number }[]>`
    update staff_digests set state = 'sending', attempts = attempts + 1, claimed_at = ${now}, finished_at = null
    where user_id = ${userId} and day = ${day} and attempts < ${retry.attempts}
      and ((state = 'sending' and claimed_at <= ${new Date(now.getTime() - retry.staleMs)})
        or (state = 'failed' and finished_at <= ${new Date(now.getTime() - retry.retryMs)}))
    returning attempts`;
  return again ? { userId, day, claimedAt: now, attempts: again.attempts } : null;
}

/**
 * What came of a claim: sent, skipped (nothing due, or no SMTP_URL) or failed. A failure that trying again
 * cannot help (`final`: a mailbox that does not exist) uses up the tries, so it is not taken again. False
 * when the claim is no longer this process's (it outlived `staleMs` and another took it).
 */
export async function finishDigest(
  sql: Sql,
  claim: DigestClaim,
  outcome: { state: 'sent' | 'skipped' | 'failed'; detail: string; final?: boolean; attempts?: number },
  now: Date,
): Promise<boolean> {
  const rows = await sql`
    update staff_digests set state = ${outcome.state}, finished_at = ${now}, detail = ${outcome.detail.slice(0, 500)},
      attempts = case when ${outcome.final === true} then greatest(attempts, ${outcome.attempts ?? 0}) else attempts end
    where user_id = ${claim.userId} and day = ${claim.day} and state = 'sending' and claimed_at = ${claim.claimedAt}
    returning 1`;
  return rows.length > 0;
}

export type DigestRow = { personId: string; name: string | null; business: string | null; what: string | null; due: Date };

/** An open lead that counts: still being worked, not spam, not erased, of one of the root's people. */
const openLeadOf = (sql: Sql) => sql`
  l.person_id in (select m.id from people m where m.id = p.id or m.merged_into = p.id)
  and l.status = any(${[...OPEN_STATUSES]}::text[]) and not l.is_spam and l.erased_at is null`;

/**
 * People (roots, not erased) due before `before` with an open lead that `ownerId` owns, or, with null,
 * with no owner on any open lead; each with the business of their newest open lead.
 */
export function dueForDigest(sql: Sql, ownerId: string | null, before: Date): Promise<DigestRow[]> {
  const owned =
    ownerId === null
      ? sql`exists (select 1 from leads l where ${openLeadOf(sql)})
            and not exists (select 1 from leads l where ${openLeadOf(sql)} and l.owner_id is not null)`
      : sql`exists (select 1 from leads l where ${openLeadOf(sql)} and l.owner_id = ${ownerId})`;
  return sql<DigestRow[]>`
    select p.id as person_id, p.name, p.next_action_what as what, p.next_action_due as due,
      (select l.business from leads l where ${openLeadOf(sql)} order by l.created_at desc, l.id desc limit 1) as business
    from people p
    where p.merged_into is null and p.erased_at is null and p.next_action_due < ${before} and ${owned}
    order by p.next_action_due, p.id`;
}
