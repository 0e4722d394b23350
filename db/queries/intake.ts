import type { Sql, TransactionSql } from 'postgres';
import type { IntakeApplication } from '../../lib/intake/schema.ts';
import type { Touch } from '../../lib/leads/attribution.ts';
import type { Channel } from '../../lib/leads/notifications.ts';
import { describeVariants } from '../../lib/leads/pipeline.ts';
import { insertLead, variantsSeenBy } from './leads.ts';

type Db = Sql | TransactionSql;

/** The required consent's record: the wording's version and the page it was given on. */
export type ConsentRecord = { version: string; page: string };

/** The answers an application stores (the spam signals are not kept). */
export type IntakeAnswers = Omit<IntakeApplication, 'fax' | 'fillMs'>;

export type NewIntakeApplication = {
  id: string;
  application: IntakeAnswers;
  /** The required box's record; the marketing box is recorded under `marketingVersion` on the same page. */
  consent: ConsentRecord;
  marketingVersion: string;
  createdAt: Date;
  isSpam: boolean;
  visitorId: string | null;
  touches: { first: Touch | null; last: Touch | null };
  channels: readonly Channel[];
};

/**
 * What storing an application did: `created` a new one (and its lead); or nothing, as `repeat` of a
 * submission id already stored (with the stored row, to tell a retry of the same submission from another
 * one reusing the id).
 */
export type IntakeOutcome = { outcome: 'created'; id: string } | { outcome: 'repeat'; id: string; row: StoredIntakeApplication };

/**
 * Stores one Q4 intake application in one transaction: the application with its consent records (wording
 * version, page, time and the A/B variants the person saw), its inbox lead (with where the visitor came
 * from) and, unless it looks like spam, its notifications. A submission id already stored is a repeat:
 * nothing is written, so a retried submission never writes twice.
 *
 * Applying again, with the same work email as an earlier application, is a new application like any
 * other: its own row, lead and notifications, on the same person (db/queries/people.ts links leads by
 * email), so staff see both on the person's timeline. An earlier application is never rewritten by a
 * later one, nor its consent: anyone can type someone else's email, so a submission records only what it
 * was itself given, and the answer is the same whether or not the email applied before.
 */
export async function insertIntakeApplication(sql: Sql, row: NewIntakeApplication): Promise<IntakeOutcome> {
  const a = row.application;
  const created = await sql.begin(async (tx): Promise<boolean> => {
    const variants = row.visitorId ? describeVariants(await variantsSeenBy(tx, row.visitorId)) : null;
    const marketing = a.marketingConsent;
    const inserted = await tx`
    insert into q4_intake_applications (
      id, first_name, last_name, work_email, mobile, company, website, industry, city, monthly_marketing_budget, biggest_goal,
      how_did_you_hear, casl_consent, consent_version, consent_page, consent_variants, is_spam, created_at,
      marketing_consent, marketing_consent_version, marketing_consent_page, marketing_consent_variants, marketing_consent_at
    ) values (
      ${row.id}, ${a.firstName}, ${a.lastName}, ${a.workEmail}, ${a.mobile}, ${a.company}, ${a.website ?? null}, ${a.industry}, ${a.city},
      ${a.monthlyMarketingBudget}, ${a.biggestGoal}, ${a.howDidYouHear ?? null}, ${a.caslConsent}, ${row.consent.version}, ${row.consent.page},
      ${variants}, ${row.isSpam}, ${row.createdAt},
      ${marketing}, ${marketing ? row.marketingVersion : null}, ${marketing ? row.consent.page : null}, ${marketing ? variants : null},
      ${marketing ? row.createdAt : null}
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
      phone: a.mobile,
      budget: a.monthlyMarketingBudget,
      isSpam: row.isSpam,
      visitorId: row.visitorId,
      page: row.consent.page,
      touches: row.touches,
      // The optional box alone, of this submission alone: applying is not agreeing to marketing.
      marketingConsent: marketing,
      channels: row.isSpam ? [] : row.channels,
    });
    return true;
  });
  if (created) return { outcome: 'created', id: row.id };
  const stored = await findIntakeApplication(sql, row.id);
  if (!stored) throw new Error('intake id conflict without a stored row');
  return { outcome: 'repeat', id: row.id, row: stored };
}

export type StoredIntakeApplication = IntakeAnswers & {
  isSpam: boolean;
  id: string;
  consentVersion: string | null;
  consentPage: string | null;
  consentVariants: string | null;
  marketingConsentVersion: string | null;
  marketingConsentPage: string | null;
  marketingConsentVariants: string | null;
  marketingConsentAt: Date | null;
  createdAt: Date;
  /** When an application was last rewritten by a later one (before applying again made an application of its own); null since. */
  updatedAt: Date | null;
};

const APPLICATION_COLUMNS = (sql: Db) => sql`
  id, first_name, last_name, work_email, mobile, company, website, industry, city, monthly_marketing_budget,
  biggest_goal, how_did_you_hear, casl_consent, consent_version, consent_page, consent_variants, is_spam, created_at,
  marketing_consent, marketing_consent_version, marketing_consent_page, marketing_consent_variants, marketing_consent_at, updated_at`;

export async function findIntakeApplication(sql: Db, id: string): Promise<StoredIntakeApplication | undefined> {
  const [row] = await sql<StoredIntakeApplication[]>`select ${APPLICATION_COLUMNS(sql)} from q4_intake_applications where id = ${id}`;
  return row;
}

/** The applications among `ids` (a batch of the CSV export: db/queries/lead-export.ts); an erased one is not there. */
export function findIntakeApplications(sql: Db, ids: readonly string[]): Promise<StoredIntakeApplication[]> {
  return sql<StoredIntakeApplication[]>`select ${APPLICATION_COLUMNS(sql)} from q4_intake_applications where id = any(${ids as string[]})`;
}
