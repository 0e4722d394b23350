import type { Sql, TransactionSql } from 'postgres';
import { intakePeriodStart } from '../../lib/intake/same-application.ts';
import type { IntakeApplication } from '../../lib/intake/schema.ts';
import { answerChanges, intakeAnswerRows } from '../../lib/leads/answers.ts';
import type { Touch } from '../../lib/leads/attribution.ts';
import type { Channel } from '../../lib/leads/notifications.ts';
import { describeVariants } from '../../lib/leads/pipeline.ts';
import { agency } from '../../lib/site.ts';
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
 * What storing an application did: `created` a new one (and its lead); `updated` the one the same person
 * sent earlier in this intake (lib/intake/same-application.ts), under that one's id; or nothing, as
 * `repeat` of a submission id already stored (with the stored row, to tell a retry of the same
 * submission from another one reusing the id).
 */
export type IntakeOutcome =
  | { outcome: 'created'; id: string }
  | { outcome: 'updated'; id: string }
  | { outcome: 'repeat'; id: string; row: StoredIntakeApplication };

/**
 * Stores one Q4 intake application in one transaction, by who sent it:
 *
 * - a submission id already stored is a repeat: nothing is written (a retried submission never writes twice);
 * - the same work email (letter case aside) as an application of the current intake that is neither
 *   erased nor spam: that application takes the new answers and both consent records, its lead the new
 *   name, business, email, budget and marketing consent, and its timeline one `resubmitted` event
 *   saying what changed (none when nothing did: a retry of that second submission). Its place in the
 *   inbox (arrival, reply-by time, status, owner) and its notifications stay as they were;
 * - otherwise a new application with its consent records (wording version, page, time and the A/B
 *   variants the person saw), its inbox lead (with where the visitor came from) and, unless it looks
 *   like spam, its notifications.
 *
 * Likely spam is never matched by email: it is stored as its own flagged row.
 */
export async function insertIntakeApplication(sql: Sql, row: NewIntakeApplication): Promise<IntakeOutcome> {
  const a = row.application;
  const outcome = (await sql.begin(async (tx): Promise<IntakeOutcome | null> => {
    if (!row.isSpam) {
      // Two submissions from the same person at once: one finds the other's application.
      await tx`select pg_advisory_xact_lock(hashtextextended('q4-intake:' || lower(${a.workEmail}::text), 0))`;
      const [sameId] = await tx`select 1 from q4_intake_applications where id = ${row.id}`;
      if (sameId) return null;
      const earlier = await currentApplicationOf(tx, a.workEmail, intakePeriodStart(row.createdAt, agency.timeZone));
      if (earlier) {
        await updateApplication(tx, earlier, row);
        return { outcome: 'updated', id: earlier };
      }
    }
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
    if (inserted.length === 0) return null;
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
      // The optional box alone: applying is not agreeing to marketing.
      marketingConsent: marketing,
      channels: row.isSpam ? [] : row.channels,
    });
    return { outcome: 'created', id: row.id };
  })) as IntakeOutcome | null;
  if (outcome) return outcome;
  const stored = await findIntakeApplication(sql, row.id);
  if (!stored) throw new Error('intake id conflict without a stored row');
  return { outcome: 'repeat', id: row.id, row: stored };
}

/**
 * The id of the application `email` sent in the intake that began at `since`, neither erased nor spam
 * (the newest, should there be several from before this rule), its lead locked for the update.
 */
async function currentApplicationOf(tx: TransactionSql, email: string, since: Date): Promise<string | null> {
  const [found] = await tx<{ id: string }[]>`
    select l.id from leads l join q4_intake_applications a on a.id = l.id
    where l.kind = 'intake' and lower(l.email) = lower(${email}::text) and l.erased_at is null and not l.is_spam
      and not a.is_spam and l.created_at >= ${since}
    order by l.created_at desc, l.id desc
    limit 1
    for update of l`;
  return found?.id ?? null;
}

/** The same person applied again: their application and lead take the new answers, with one event saying what changed. */
async function updateApplication(tx: TransactionSql, id: string, row: NewIntakeApplication): Promise<void> {
  const before = await findIntakeApplication(tx, id);
  if (!before) throw new Error(`intake lead ${id} without its application`);
  const a = row.application;
  // A box left unticked on a later form is not a withdrawal (the unsubscribe link is): consent once given stays, with its record.
  const newlyAgreed = a.marketingConsent && !before.marketingConsent;
  const variants = row.visitorId ? describeVariants(await variantsSeenBy(tx, row.visitorId)) : null;
  await tx`
    update q4_intake_applications set
      first_name = ${a.firstName}, last_name = ${a.lastName}, work_email = ${a.workEmail}, mobile = ${a.mobile}, company = ${a.company},
      website = ${a.website ?? null}, industry = ${a.industry}, city = ${a.city}, monthly_marketing_budget = ${a.monthlyMarketingBudget},
      biggest_goal = ${a.biggestGoal}, how_did_you_hear = ${a.howDidYouHear ?? null}, casl_consent = ${a.caslConsent},
      consent_version = ${row.consent.version}, consent_page = ${row.consent.page}, consent_variants = ${variants},
      ${
        newlyAgreed
          ? tx`marketing_consent = true, marketing_consent_version = ${row.marketingVersion}, marketing_consent_page = ${row.consent.page},
               marketing_consent_variants = ${variants}, marketing_consent_at = ${row.createdAt},`
          : tx``
      }
      updated_at = ${row.createdAt}
    where id = ${id}`;
  await tx`
    update leads set name = ${`${a.firstName} ${a.lastName}`}, business = ${a.company}, email = ${a.workEmail}, phone = ${a.mobile},
      budget = ${a.monthlyMarketingBudget}, marketing_consent = marketing_consent or ${a.marketingConsent}::boolean
    where kind = 'intake' and id = ${id}`;
  const after = await findIntakeApplication(tx, id);
  const changes = after ? answerChanges(intakeAnswerRows(before), intakeAnswerRows(after)) : [];
  if (changes.length === 0) return;
  await tx`
    insert into lead_events (lead_kind, lead_id, kind, to_value, note, at)
    values ('intake', ${id}, 'resubmitted', ${row.consent.page}, ${changes.join('\n')}, ${row.createdAt})`;
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
  /** When the same person last applied again in the same intake; null until then. */
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
