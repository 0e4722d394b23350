import type { Sql } from 'postgres';
import {
  competitorAnalysisOptions,
  currentChallengeOptions,
  currentMarketingOptions,
  industryOptions,
  marketingBudgetOptions,
  monthlyRevenueOptions,
  onlinePresenceOptions,
  previousAgencyOptions,
  primaryGoalOptions,
  timeframeOptions,
} from '../lib/audit/schema.ts';
import { computeAudit } from '../lib/audit/scoring.ts';
import { budgetOptions, industryOptions as intakeIndustryOptions } from '../lib/intake/schema.ts';
import { CONSENT_VERSION } from '../lib/leads/consent.ts';
import { LEAD_STATUSES } from '../lib/leads/pipeline.ts';
import { replyBy } from '../lib/time/business-days.ts';
import { DAY_MS, HOUR_MS } from '../lib/time/calendar.ts';

// Synthetic leads for the demo and the inbox benchmark: audits (7 in 10) and Q4 applications spread
// over the last `days` days, most handled, some new and overdue, a few flagged as spam. Ids start with
// `demo`, so a rerun replaces them and nothing else; a lead past `new` has the event of that change.
// About one lead in six comes from someone who sent one before (the same email address), so the
// inbox's people have several leads as real ones do; each email is a person (`people`, ids `demo…`
// too), made in SQL once the leads are in, as linkPerson (db/queries/people.ts) would have made them:
// the newest lead's time, the best score, and for someone with an open lead the next action that
// lead's status calls for (the first reply, a follow-up, or getting ready for their session).

const FIRST = ['Maya', 'Arjun', 'Sofia', 'Kwame', 'Mei', 'Liam', 'Priya', 'Daniel', 'Fatima', 'Noah', 'Chloé', 'Hiroshi', 'Amara', 'Mateo', 'Zoë', 'Omar'];
const LAST = [
  'Chen',
  'Patel',
  'Rossi',
  'Mensah',
  'Nguyen',
  'Tremblay',
  'Singh',
  'Kowalski',
  'Haddad',
  'Brown',
  'Côté',
  'Tanaka',
  'Okafor',
  'Silva',
  'Lévesque',
  'Ali',
];
const TRADE = [
  'Bakery',
  'Dental',
  'Renovations',
  'Cleaning Co.',
  'Medspa',
  'Fitness Studio',
  'Law Office',
  'Auto Care',
  'Coaching',
  'Realty',
  'Café',
  'Landscaping',
];
const AREA = [
  'Leslieville',
  'Roncesvalles',
  'Yorkville',
  'Danforth',
  'Liberty Village',
  'North York',
  'Scarborough',
  'Etobicoke',
  'The Junction',
  'Kensington',
];

/** Small seeded PRNG (mulberry32), so a rerun writes the same data. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BATCH = 500;

export async function seedDemoLeads(sql: Sql, { count, days = 90, now = new Date() }: { count: number; days?: number; now?: Date }): Promise<void> {
  const rand = seededRandom(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const some = <T extends { value: string }>(list: readonly T[]) => list.filter(() => rand() < 0.3).map((o) => o.value);
  const staff = await sql<{ id: string }[]>`select id from users order by username`;

  await sql.begin(async (tx) => {
    await tx`delete from leads where id like 'demo%'`;
    await tx`delete from people where id like 'demo%' and not exists (select 1 from leads where person_id = people.id)`;
    await tx`delete from business_audits where id like 'demo%'`;
    await tx`delete from q4_intake_applications where id like 'demo%'`;
  });

  for (let start = 0; start < count; start += BATCH) {
    const audits: Record<string, unknown>[] = [];
    const intakes: Record<string, unknown>[] = [];
    const leads: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const id = `demo0000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
      // Newest first by index, with some jitter, so the first pages are recent.
      const createdAt = new Date(now.getTime() - (i / count) * days * DAY_MS - rand() * 3_600_000);
      // Every sixth lead or so is from the person of a lead a few places older (their name and email, another
      // submission); a person's name is drawn from their own number, so each of their leads carries it.
      const person = i >= 6 && rand() < 0.17 ? i - 1 - Math.floor(rand() * 5) : i;
      const who = seededRandom(person + 1);
      const first = FIRST[Math.floor(who() * FIRST.length)];
      const last = LAST[Math.floor(who() * LAST.length)];
      const business = `${pick(AREA)} ${pick(TRADE)}`;
      const email = `${first}.${last}.${person}@example.com`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
      const isSpam = rand() < 0.03;
      const age = now.getTime() - createdAt.getTime();
      const status = age < 3 * DAY_MS && rand() < 0.7 ? 'new' : rand() < 0.01 ? 'new' : pick(LEAD_STATUSES.slice(1));
      const owner = status !== 'new' && staff.length > 0 ? pick(staff).id : null;
      // A handled lead was reached some hours to a few days after it came in (never after now).
      const reachedAt = status === 'new' ? null : new Date(Math.min(createdAt.getTime() + (1 + Math.floor(rand() * 96)) * HOUR_MS, now.getTime()));
      const lead = {
        id,
        created_at: createdAt,
        reply_by: replyBy(createdAt),
        name: `${first} ${last}`,
        business,
        email,
        status,
        owner_id: owner,
        first_reached_at: reachedAt,
        is_spam: isSpam,
        page: '/',
      };
      if (rand() < 0.7) {
        const answers = {
          website: rand() < 0.8 ? `https://${business.toLowerCase().replace(/[^a-z]+/g, '')}.ca` : null,
          monthlyRevenue: pick(monthlyRevenueOptions).value,
          currentMarketing: some(currentMarketingOptions),
          marketingBudget: pick(marketingBudgetOptions).value,
          primaryGoals: some(primaryGoalOptions),
          timeframe: pick(timeframeOptions).value,
          currentChallenges: some(currentChallengeOptions),
          onlinePresence: pick(onlinePresenceOptions).value,
          competitorAnalysis: pick(competitorAnalysisOptions).value,
          previousAgency: pick(previousAgencyOptions).value,
        };
        const result = computeAudit(answers as Parameters<typeof computeAudit>[0]);
        audits.push({
          id,
          first_name: first,
          last_name: last,
          email,
          phone: null,
          business_name: business,
          industry: pick(industryOptions).value,
          website: answers.website,
          monthly_revenue: answers.monthlyRevenue,
          current_marketing: answers.currentMarketing,
          marketing_budget: answers.marketingBudget,
          primary_goals: answers.primaryGoals,
          timeframe: answers.timeframe,
          current_challenges: answers.currentChallenges,
          online_presence: answers.onlinePresence,
          competitor_analysis: answers.competitorAnalysis,
          previous_agency: answers.previousAgency,
          recommended_services: result.recommendedServices,
          package_tier: result.packageTier,
          estimated_value: result.estimatedValue,
          audit_score: result.auditScore,
          is_spam: isSpam,
          created_at: createdAt,
        });
        leads.push({ ...lead, kind: 'audit', score: result.auditScore, tier: result.packageTier, budget: null });
      } else {
        const budget = pick(budgetOptions).value;
        intakes.push({
          id,
          first_name: first,
          last_name: last,
          work_email: email,
          mobile: `416-555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
          company: business,
          website: null,
          industry: pick(intakeIndustryOptions).value,
          city: 'Toronto',
          monthly_marketing_budget: budget,
          biggest_goal: 'Fill the calendar for the spring season.',
          how_did_you_hear: null,
          casl_consent: 'true',
          consent_version: CONSENT_VERSION,
          consent_page: '/q4-intake',
          is_spam: isSpam,
          created_at: createdAt,
        });
        leads.push({ ...lead, kind: 'intake', score: null, tier: null, budget, page: '/q4-intake' });
      }
    }
    await sql.begin(async (tx) => {
      if (audits.length) {
        await tx`insert into business_audits ${tx(audits as never, Object.keys(audits[0]) as never)}`;
      }
      if (intakes.length) await tx`insert into q4_intake_applications ${tx(intakes as never, Object.keys(intakes[0]) as never)}`;
      await tx`insert into leads ${tx(leads as never, Object.keys(leads[0]) as never)}`;
      await tx`insert into lead_events (lead_kind, lead_id, kind, to_value, at)
               select kind, id, 'submitted', page, created_at from leads where id = any(${leads.map((l) => l.id as string)}) and kind = any(${['audit', 'intake']})`;
      // A handled lead got its status from its owner when they reached the person, as staff would have
      // set it: the reports (speed to lead, won leads and their dates) and the timeline read these.
      await tx`insert into lead_events (lead_kind, lead_id, actor_id, actor_email, kind, from_value, to_value, at)
               select l.kind, l.id, l.owner_id, u.username, 'status', 'new', l.status, l.first_reached_at
               from leads l left join users u on u.id = l.owner_id
               where l.id = any(${leads.map((l) => l.id as string)}) and l.status <> 'new'`;
    });
  }
  await sql.begin(async (tx) => {
    await tx`
      insert into people (id, email_key, name, created_at, latest_at, best_score, next_action_due, next_action_what)
      select id, email_key, name, created_at, latest_at, best_score,
        -- Someone with nothing open (won, lost, not a fit, spam) has no next action at all, so the inbox's
        -- "next action due" order puts them last, as it does real ones.
        case when what is not null then due end, what
      from (
        select 'demo' || md5(lower(trim(email))) as id, lower(trim(email)) as email_key, (array_agg(name order by created_at desc))[1] as name,
          min(created_at) as created_at, max(created_at) as latest_at, max(score) filter (where not is_spam) as best_score,
          -- A follow-up or a session's preparation is two days after they were reached, or, for someone
          -- reached long ago, sometime in the coming week (staff keep moving those on; a demo full of
          -- months-old follow-ups would look abandoned).
          coalesce(min(reply_by) filter (where not is_spam and status = 'new'),
            greatest(min(first_reached_at) filter (where not is_spam and status in ('session booked', 'contacted')) + interval '2 days',
              ${now}::timestamptz + (abs(hashtext(lower(trim(email)))) % 168) * interval '1 hour')) as due,
          case
            when bool_or(not is_spam and status = 'new') then 'Reply to their first message'
            when bool_or(not is_spam and status = 'session booked') then 'Prepare for their strategy session'
            when bool_or(not is_spam and status = 'contacted') then 'Follow up'
          end as what
        from leads where id like 'demo%' group by lower(trim(email))
      ) demo_people
      on conflict (email_key) do nothing`;
    await tx`update leads l set person_id = p.id from people p where l.id like 'demo%' and p.email_key = lower(trim(l.email))`;
  });
}
