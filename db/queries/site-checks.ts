import type { Sql, TransactionSql } from 'postgres';
import { computeAudit, type ScoredAnswers } from '../../lib/audit/scoring.ts';
import { SITE_CHECK_CACHE_MS, siteHomeOf, siteKeyOf, usableFindings } from '../../lib/audit/site-check.ts';
import { RETRY_WINDOW_MS, SITE_CHECK_CHANNEL } from '../../lib/leads/notifications.ts';
import type { Actor, LeadKind } from '../../lib/leads/pipeline.ts';
import type { SiteCheck, SiteCheckFinding, SiteCheckOutcome } from '../../lib/site-check/types.ts';
import { JOBS_CHANNEL } from './jobs.ts';
import type { ChangeOutcome } from './leads.ts';
import { changeLead } from './leads.ts';

// The audit's check of the prospect's website (issue 32, db/migrations/0016_site_checks.sql): one row per
// audit that gave a website (`site_checks`), and each site's latest check (`site_check_cache`, keyed by
// scheme, host and port), reused for an hour. What is checked is that site's home page, whatever page the
// audit named (lib/audit/site-check.ts says why): the row's `url` is the home page. The queue's job
// (features/site-check/audit-job.ts) runs it.

type Db = Sql | TransactionSql;

type CheckRow = {
  url: string;
  siteKey: string;
  status: SiteCheck['status'];
  reason: string | null;
  checkedAt: Date | null;
  checks: SiteCheckFinding[];
  requestedAt: Date;
};

/** A stored row as the contract says it (lib/site-check/types.ts SiteCheck). */
function asSiteCheck(row: Pick<CheckRow, 'url' | 'status' | 'reason' | 'checkedAt' | 'checks'>): SiteCheck {
  const checkedAt = row.checkedAt?.toISOString() ?? null;
  if (row.status === 'pending' || checkedAt === null) return { status: 'pending', url: row.url, checkedAt: null, checks: [] };
  if (row.status === 'done') return { status: 'done', url: row.url, checkedAt, checks: row.checks };
  if (row.status === 'refused') return { status: 'refused', url: row.url, checkedAt, checks: [], reason: (row.reason ?? 'bad-address') as never };
  return { status: 'failed', url: row.url, checkedAt, checks: [], reason: row.reason ?? 'The site could not be reached.' };
}

/**
 * In the audit's own transaction: its check of the website's home page, pending (its job is queued beside the
 * lead's notifications, channel 'site-check'). False when the website names no site that could be checked
 * (then nothing is queued).
 */
export async function insertPendingSiteCheck(tx: TransactionSql, auditId: string, url: string, now: Date): Promise<boolean> {
  const siteKey = siteKeyOf(url);
  const home = siteHomeOf(url);
  if (!siteKey || !home) return false;
  await tx`insert into site_checks (audit_id, url, site_key, requested_at) values (${auditId}, ${home}, ${siteKey}, ${now}) on conflict do nothing`;
  return true;
}

/** An audit's check, as its results, email and lead page show it; null when it gave no website (or was erased). */
export async function siteCheckOf(sql: Db, auditId: string): Promise<(SiteCheck & { requestedAt: Date }) | null> {
  const [row] = await sql<CheckRow[]>`
    select url, site_key, status, reason, checked_at, checks, requested_at from site_checks where audit_id = ${auditId}`;
  return row ? { ...asSiteCheck(row), requestedAt: row.requestedAt } : null;
}

/** What the job needs: the address to check (the home page; a row stored before that was so may name a page) and its site. */
export async function pendingCheckOf(sql: Db, auditId: string): Promise<{ url: string; siteKey: string } | null> {
  const [row] = await sql<{ url: string; siteKey: string }[]>`select url, site_key from site_checks where audit_id = ${auditId}`;
  return row ?? null;
}

/** The site's check of the last hour, if there is one (any outcome: a site that failed is not fetched again within the hour either). */
export async function cachedSiteCheck(sql: Db, siteKey: string, now: Date): Promise<SiteCheckOutcome | null> {
  const [row] = await sql<CheckRow[]>`
    select url, status, reason, checked_at, checks from site_check_cache
    where site_key = ${siteKey} and checked_at > ${new Date(now.getTime() - SITE_CHECK_CACHE_MS)}`;
  return row ? (asSiteCheck(row) as SiteCheckOutcome) : null;
}

/**
 * Records a check's outcome on the audit, in one transaction: the audit's check row, the site's cache
 * (when it was fetched now, not reused), the audit's score and its lead's by the findings (lib/audit/scoring.ts),
 * and the results email brought forward if it was waiting for the check. Caches older than an hour go.
 * False when the audit is gone meanwhile (erased): then nothing is written, not even the cache.
 */
export function recordSiteCheck(sql: Sql, auditId: string, outcome: SiteCheckOutcome, { now, fetched }: { now: Date; fetched: boolean }): Promise<boolean> {
  return sql.begin(async (tx) => {
    const checkedAt = new Date(outcome.checkedAt);
    const reason = outcome.status === 'done' ? null : outcome.reason;
    const [row] = await tx<{ siteKey: string }[]>`
      update site_checks set url = ${outcome.url}, status = ${outcome.status}, reason = ${reason}, checked_at = ${checkedAt}, checks = ${tx.json(outcome.checks as never)}
      where audit_id = ${auditId}
      returning site_key`;
    if (!row) return false;
    await tx`delete from site_check_cache where checked_at <= ${new Date(now.getTime() - SITE_CHECK_CACHE_MS)}`;
    if (fetched)
      await tx`
        insert into site_check_cache (site_key, url, status, reason, checked_at, checks)
        values (${row.siteKey}, ${outcome.url}, ${outcome.status}, ${reason}, ${checkedAt}, ${tx.json(outcome.checks as never)})
        on conflict (site_key) do update set url = excluded.url, status = excluded.status, reason = excluded.reason,
          checked_at = excluded.checked_at, checks = excluded.checks`;
    const [audit] = await tx<ScoredAnswers[]>`
      select website, monthly_revenue, current_marketing, marketing_budget, primary_goals, timeframe, current_challenges,
        online_presence, competitor_analysis, previous_agency
      from business_audits where id = ${auditId}`;
    if (audit) {
      const { auditScore } = computeAudit(audit, usableFindings(outcome));
      await tx`update business_audits set audit_score = ${auditScore} where id = ${auditId}`;
      await tx`update leads set score = ${auditScore} where kind = 'audit' and id = ${auditId} and erased_at is null`;
    }
    // The results email waits for the check (features/site-check/audit-job.ts): it can go now.
    const woken = await tx`
      update jobs set run_at = ${now} where lead_kind = 'audit' and lead_id = ${auditId} and channel = 'prospect-email' and state = 'queued' and run_at > ${now}
      returning id`;
    if (woken.length > 0) await tx`select pg_notify(${JOBS_CHANNEL}, '')`;
    return true;
  }) as Promise<boolean>;
}

/**
 * Staff re-run an audit's check from the lead's page: pending again, the site's cached check forgotten (so
 * the site is fetched afresh), and its job queued now with a fresh 24 hours, said on the timeline. 'unchanged'
 * while a check is already pending, 'missing' for no such lead or an audit that gave no website.
 */
export function rerunSiteCheck(sql: Sql, lead: { kind: LeadKind; id: string }, actor: Actor, now: Date): Promise<ChangeOutcome | 'no-website'> {
  return changeLead(sql, lead.kind, lead.id, async (tx) => {
    if (lead.kind !== 'audit') return 'no-website' as ChangeOutcome;
    const [check] = await tx<{ status: string; siteKey: string }[]>`
      select status, site_key from site_checks where audit_id = ${lead.id} for update`;
    if (!check) return 'no-website' as ChangeOutcome;
    const [job] = await tx<{ id: string; state: string }[]>`
      select id::text, state from jobs where lead_kind = ${lead.kind} and lead_id = ${lead.id} and channel = ${SITE_CHECK_CHANNEL} for update`;
    if (check.status === 'pending' && job && (job.state === 'queued' || job.state === 'running')) return 'unchanged';
    await tx`update site_checks set status = 'pending', reason = null, checked_at = null, checks = '[]', requested_at = ${now} where audit_id = ${lead.id}`;
    await tx`delete from site_check_cache where site_key = ${check.siteKey}`;
    const giveUpAt = new Date(now.getTime() + RETRY_WINDOW_MS);
    if (job)
      await tx`
        update jobs set state = 'queued', attempts = 0, run_at = ${now}, give_up_at = ${giveUpAt}, finished_at = null, last_error = null, detail = null,
          lease_token = null, leased_until = null
        where id = ${job.id}`;
    else
      await tx`insert into jobs (lead_kind, lead_id, channel, run_at, give_up_at, created_at) values (${lead.kind}, ${lead.id}, ${SITE_CHECK_CHANNEL}, ${now}, ${giveUpAt}, ${now})`;
    await tx`insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, from_value, to_value, at)
             values (${lead.kind}, ${lead.id}, ${actor.id}, ${actor.email}, 'delivery', ${SITE_CHECK_CHANNEL}, 'retried', ${now})`;
    await tx`select pg_notify(${JOBS_CHANNEL}, '')`;
    return 'changed';
  }) as Promise<ChangeOutcome | 'no-website'>;
}

/** In an erasure's transaction, before the audit row goes (taking its check with it): the site's cached check too. */
export async function forgetSiteCheckOfErased(tx: TransactionSql, auditId: string): Promise<void> {
  await tx`delete from site_check_cache where site_key in (select site_key from site_checks where audit_id = ${auditId})`;
  await tx`delete from site_checks where audit_id = ${auditId}`;
}

/** The retention sweep: cached checks older than an hour are never read again, and hold a site's address and findings. */
export async function forgetStaleSiteChecks(sql: Db, now: Date): Promise<number> {
  const rows = await sql`delete from site_check_cache where checked_at <= ${new Date(now.getTime() - SITE_CHECK_CACHE_MS)} returning 1`;
  return rows.length;
}
