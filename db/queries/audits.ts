import type { Sql, TransactionSql } from 'postgres';
import { AUDIT_FIELDS, type AuditAnswers } from '../../lib/audit/schema.ts';
import type { AuditRecord, AuditResult } from '../../lib/audit/scoring.ts';

type Db = Sql | TransactionSql;

/** A stored business_audits row as the API answers it (postgres.js returns numeric columns as strings). */
export type StoredAudit = Omit<AuditRecord, 'createdAt'> & { createdAt: Date };

/** The stored row's columns: the 16 answers, then what the site worked out from them. */
const AUDIT_COLUMNS = ['id', ...AUDIT_FIELDS, 'recommendedServices', 'packageTier', 'estimatedValue', 'auditScore', 'createdAt'] as const;

const auditColumns = (sql: Db) => sql(AUDIT_COLUMNS.map((c) => c.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)));

/** The optional marketing consent asked on the audit form, as recorded (lib/leads/consent.ts). */
export type MarketingConsentRecord = { given: boolean; version: string; page: string; variants: string | null };

/**
 * Inserts the audit under `id` with its private results token; a repeat of the same id writes nothing.
 * Returns the new row, or null when the id was already stored.
 */
export async function insertAudit(
  sql: Db,
  id: string,
  answers: AuditAnswers,
  result: AuditResult,
  { isSpam, createdAt, resultsToken, consent }: { isSpam: boolean; createdAt: Date; resultsToken: string; consent: MarketingConsentRecord },
): Promise<StoredAudit | null> {
  const rows = await sql<StoredAudit[]>`
    insert into business_audits (
      id, first_name, last_name, email, phone, business_name, industry, website, monthly_revenue, current_marketing,
      marketing_budget, primary_goals, timeframe, current_challenges, online_presence, competitor_analysis, previous_agency,
      recommended_services, package_tier, estimated_value, audit_score, is_spam, created_at,
      results_token, marketing_consent, consent_version, consent_page, consent_variants
    ) values (
      ${id}, ${answers.firstName}, ${answers.lastName}, ${answers.email}, ${answers.phone || null}, ${answers.businessName},
      ${answers.industry}, ${answers.website || null}, ${answers.monthlyRevenue}, ${sql.array(answers.currentMarketing)},
      ${answers.marketingBudget}, ${sql.array(answers.primaryGoals)}, ${answers.timeframe}, ${sql.array(answers.currentChallenges)},
      ${answers.onlinePresence}, ${answers.competitorAnalysis}, ${answers.previousAgency}, ${sql.array(result.recommendedServices)},
      ${result.packageTier}, ${result.estimatedValue}, ${result.auditScore}, ${isSpam}, ${createdAt},
      ${resultsToken}, ${consent.given}, ${consent.given ? consent.version : null}, ${consent.given ? consent.page : null},
      ${consent.given ? consent.variants : null}
    )
    on conflict (id) do nothing
    returning ${auditColumns(sql)}`;
  return rows[0] ?? null;
}

export async function findAudit(sql: Db, id: string): Promise<StoredAudit | null> {
  const rows = await sql<StoredAudit[]>`select ${auditColumns(sql)} from business_audits where id = ${id}`;
  return rows[0] ?? null;
}

/** An audit's results token (for the link the API answers and the results email carries). */
export async function resultsTokenOf(sql: Db, id: string): Promise<string | null> {
  const [row] = await sql<{ resultsToken: string | null }[]>`select results_token from business_audits where id = ${id}`;
  return row?.resultsToken ?? null;
}

/** The audit a results link names (whatever its age: the page decides whether it has expired). */
export async function findAuditByResultsToken(sql: Db, token: string): Promise<StoredAudit | null> {
  const rows = await sql<StoredAudit[]>`select ${auditColumns(sql)} from business_audits where results_token = ${token}`;
  return rows[0] ?? null;
}

/** The marketing consent given on an audit, for the back office. */
export async function auditConsent(sql: Db, id: string): Promise<(MarketingConsentRecord & { at: Date }) | null> {
  const [row] = await sql<{ given: boolean; version: string | null; page: string | null; variants: string | null; at: Date }[]>`
    select marketing_consent as given, consent_version as version, consent_page as page, consent_variants as variants, created_at as at
    from business_audits where id = ${id}`;
  return row?.given ? { given: true, version: row.version ?? '', page: row.page ?? '', variants: row.variants, at: row.at } : null;
}

/** The lead behind an audit, as a contacts row (source 'business-audit', created at the audit's time: erasure finds it by both). */
export async function insertAuditContact(
  sql: Db,
  answers: AuditAnswers,
  result: AuditResult,
  { isSpam, createdAt }: { isSpam: boolean; createdAt: Date },
): Promise<void> {
  const message = `Free business audit: score ${result.auditScore}/100, ${answers.industry}, revenue ${answers.monthlyRevenue}, budget ${answers.marketingBudget}, timeframe ${answers.timeframe}.`;
  await sql`
    insert into contacts (first_name, last_name, email, phone, business, service, message, source, is_spam, created_at)
    values (${answers.firstName}, ${answers.lastName}, ${answers.email}, ${answers.phone || null}, ${answers.businessName},
      ${result.recommendedServices[0] ?? null}, ${message}, 'business-audit', ${isSpam}, ${createdAt})`;
}
