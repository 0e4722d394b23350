import type { Sql, TransactionSql } from 'postgres';
import { AUDIT_FIELDS, type AuditAnswers } from '../../lib/audit/schema.ts';
import { type AuditRecord, type AuditResult, computeAudit } from '../../lib/audit/scoring.ts';
import { isLikelySpam } from '../../lib/forms/spam.ts';
import { sameAnswers } from '../../lib/forms/submission.ts';
import type { Touch } from '../../lib/leads/attribution.ts';
import { AUDIT_MARKETING_CONSENT_VERSION } from '../../lib/leads/consent.ts';
import { type Channel, SITE_CHECK_CHANNEL } from '../../lib/leads/notifications.ts';
import { describeVariants } from '../../lib/leads/pipeline.ts';
import type { SiteCheck } from '../../lib/site-check/types.ts';
import { recordConversions } from './ab-tests.ts';
import { insertLead, variantsSeenBy } from './leads.ts';
import { insertPendingSiteCheck, siteCheckOf } from './site-checks.ts';

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

/** The audits among `ids` (a batch of the CSV export: db/queries/lead-export.ts); an erased one is not there. */
export function findAudits(sql: Db, ids: readonly string[]): Promise<StoredAudit[]> {
  return sql<StoredAudit[]>`select ${auditColumns(sql)} from business_audits where id = any(${ids as string[]})`;
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

/** 256 random bits, base64url: the audit's private results link (lib/audit/results-link.ts). */
const newResultsToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

/** `siteCheck`: the website's check (pending on a new audit), null when no website was given (or for likely spam). */
type StoredSubmission = { audit: StoredAudit; resultsToken: string; queued: boolean; siteCheck: SiteCheck | null };

const withoutRequestedAt = (check: (SiteCheck & { requestedAt: Date }) | null): SiteCheck | null => {
  if (!check) return null;
  const { requestedAt: _, ...rest } = check;
  return rest as SiteCheck;
};

/**
 * The one transaction behind a submission: the business_audits row (with its results token and the
 * marketing consent record), the contacts row and the inbox's leads row for the lead (with where the
 * visitor came from), its notifications in the queue, and one A/B `conversion` for each running test
 * the visitor (the `vid` cookie; null for a crawler) is assigned to (their browser's first view event
 * stored the assignment), all or nothing. Conversions are written here, by the server, so the browser
 * can neither fake nor lose them. A repeat of a stored id returns the stored row and writes nothing.
 * Likely spam (lib/forms/spam.ts) is stored flagged, with no conversion and no notification (staff who mark it
 * as not spam queue them then), and answered like any other submission.
 */
export async function storeAuditSubmission(
  sql: Sql,
  answers: AuditAnswers,
  {
    visitor,
    now,
    page,
    touches,
    channels,
  }: { visitor: string | null; now: Date; page: string; touches: { first: Touch | null; last: Touch | null }; channels: readonly Channel[] },
): Promise<StoredSubmission | 'conflict'> {
  const id = answers.id ?? crypto.randomUUID();
  const result = computeAudit(answers);
  const isSpam = isLikelySpam(answers);
  return sql.begin(async (tx) => {
    const consent = {
      given: answers.marketingConsent,
      version: AUDIT_MARKETING_CONSENT_VERSION,
      page,
      variants: answers.marketingConsent && visitor ? describeVariants(await variantsSeenBy(tx, visitor)) : null,
    };
    const resultsToken = newResultsToken();
    const inserted = await insertAudit(tx, id, answers, result, { isSpam, createdAt: now, resultsToken, consent });
    if (!inserted) {
      const existing = await findAudit(tx, id);
      const token = await resultsTokenOf(tx, id);
      if (!existing || !token) throw new Error('audit id conflict without a stored row');
      if (!sameAnswers(existing, answers, AUDIT_FIELDS)) return 'conflict';
      // A replay queues nothing: the first post's check (as it stands now) is the answer's.
      return { audit: existing, resultsToken: token, queued: false, siteCheck: withoutRequestedAt(await siteCheckOf(tx, id)) };
    }
    // The website is checked in the background (issue 32): its row pending now, its job beside the notifications.
    const checking = !isSpam && answers.website ? await insertPendingSiteCheck(tx, id, answers.website, now) : false;
    await insertAuditContact(tx, answers, result, { isSpam, createdAt: now });
    await insertLead(tx, {
      kind: 'audit',
      id,
      createdAt: now,
      name: `${answers.firstName} ${answers.lastName}`,
      business: answers.businessName,
      email: answers.email,
      phone: answers.phone,
      score: result.auditScore,
      tier: result.packageTier,
      isSpam,
      visitorId: visitor,
      page,
      touches,
      marketingConsent: answers.marketingConsent,
      channels: isSpam ? [] : checking ? [SITE_CHECK_CHANNEL, ...channels] : channels,
    });
    // An experiment on the audit-form slot varies the home page's form: an audit sent from the guide or a
    // service page (the default form) is not a conversion of the variant the visitor saw on the home page.
    const exceptSlots = page === '/' ? [] : (['audit-form'] as const);
    if (visitor !== null && !isSpam) await recordConversions(tx, visitor, { auditId: id }, { exceptSlots });
    const siteCheck: SiteCheck | null = checking ? { status: 'pending', url: answers.website, checkedAt: null, checks: [] } : null;
    return { audit: inserted, resultsToken, queued: !isSpam, siteCheck };
  }) as Promise<StoredSubmission | 'conflict'>;
}
