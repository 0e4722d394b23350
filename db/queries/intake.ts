import type { Sql, TransactionSql } from 'postgres';
import type { IntakeApplication } from '../../lib/intake/schema.ts';
import type { Touch } from '../../lib/leads/attribution.ts';
import type { Channel } from '../../lib/leads/notifications.ts';
import { describeVariants } from '../../lib/leads/pipeline.ts';
import { insertLead, variantsSeenBy } from './leads.ts';

export type ConsentRecord = { version: string; page: string };

/**
 * Stores one Q4 intake application with its consent record (wording version, page, time and the A/B
 * variants the person saw), its inbox lead (with where the visitor came from) and, unless it looks like
 * spam, its notifications, in one transaction. Idempotent on `id`: a repeat of the same id stores
 * nothing and reports `created: false` with the stored row (to tell a retry of the same submission from
 * another one reusing the id), so a retried submission never writes twice.
 */
export async function insertIntakeApplication(
  sql: Sql,
  row: {
    id: string;
    application: Omit<IntakeApplication, 'fax' | 'fillMs'>;
    consent: ConsentRecord;
    createdAt: Date;
    isSpam: boolean;
    visitorId: string | null;
    touches: { first: Touch | null; last: Touch | null };
    channels: readonly Channel[];
  },
): Promise<{ id: string; created: true } | { id: string; created: false; row: StoredIntakeApplication }> {
  const a = row.application;
  const created = await sql.begin(async (tx) => {
    const variants = row.visitorId ? describeVariants(await variantsSeenBy(tx, row.visitorId)) : null;
    const inserted = await tx`
    insert into q4_intake_applications (
      id, first_name, last_name, work_email, mobile, company, website, industry, city, monthly_marketing_budget, biggest_goal,
      how_did_you_hear, casl_consent, consent_version, consent_page, consent_variants, is_spam, created_at
    ) values (
      ${row.id}, ${a.firstName}, ${a.lastName}, ${a.workEmail}, ${a.mobile}, ${a.company}, ${a.website ?? null}, ${a.industry}, ${a.city},
      ${a.monthlyMarketingBudget}, ${a.biggestGoal}, ${a.howDidYouHear ?? null}, ${a.caslConsent}, ${row.consent.version}, ${row.consent.page},
      ${variants}, ${row.isSpam}, ${row.createdAt}
    )
    on conflict (id) do nothing
    returning id`;
    if (inserted.length === 0) return false;
    await insertLead(tx, {
      kind: 'intake',
      id: row.id,
      createdAt: row.createdAt,
      name: `${a.firstName} ${a.lastName}`,
      business: a.company,
      email: a.workEmail,
      budget: a.monthlyMarketingBudget,
      isSpam: row.isSpam,
      visitorId: row.visitorId,
      page: row.consent.page,
      touches: row.touches,
      marketingConsent: a.caslConsent === 'true',
      channels: row.isSpam ? [] : row.channels,
    });
    return true;
  });
  if (created) return { id: row.id, created: true };
  const stored = await findIntakeApplication(sql, row.id);
  if (!stored) throw new Error('intake id conflict without a stored row');
  return { id: row.id, created: false, row: stored };
}

export type StoredIntakeApplication = Omit<IntakeApplication, 'fax' | 'fillMs'> & {
  isSpam: boolean;
  id: string;
  consentVersion: string | null;
  consentPage: string | null;
  consentVariants: string | null;
  createdAt: Date;
};

export async function findIntakeApplication(sql: Sql | TransactionSql, id: string): Promise<StoredIntakeApplication | undefined> {
  const [row] = await sql<StoredIntakeApplication[]>`
    select id, first_name, last_name, work_email, mobile, company, website, industry, city, monthly_marketing_budget,
           biggest_goal, how_did_you_hear, casl_consent, consent_version, consent_page, consent_variants, is_spam, created_at
    from q4_intake_applications where id = ${id}`;
  return row;
}
