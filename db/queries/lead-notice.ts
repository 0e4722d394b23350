import type { Sql } from 'postgres';
import { scoreBreakdown } from '../../lib/audit/scoring.ts';
import { usableFindings } from '../../lib/audit/site-check.ts';
import { parseStoredTouch } from '../../lib/leads/attribution.ts';
import type { LeadNotice } from '../../lib/leads/emails.ts';
import type { LeadKind } from '../../lib/leads/pipeline.ts';
import type { ServiceSlug } from '../../lib/site.ts';
import { findAudit, resultsTokenOf } from './audits.ts';
import { findIntakeApplication } from './intake.ts';
import { siteCheckOf } from './site-checks.ts';

/**
 * A lead as its notifications tell it (lib/leads/emails.ts), read when a notification is delivered, so
 * the queue itself holds no personal data. 'erased' when staff erased it on request meanwhile (then
 * nothing is sent), null when there is no such lead.
 */
export async function leadNotice(sql: Sql, kind: LeadKind, id: string): Promise<LeadNotice | 'erased' | null> {
  const [lead] = await sql<
    { createdAt: Date; replyBy: Date; page: string | null; firstTouch: string | null; marketingConsent: boolean; erasedAt: Date | null }[]
  >`
    select created_at, reply_by, page, first_touch::text as first_touch, marketing_consent, erased_at from leads where kind = ${kind} and id = ${id}`;
  if (!lead) return null;
  if (lead.erasedAt) return 'erased';
  const base = {
    kind,
    id,
    createdAt: lead.createdAt,
    replyBy: lead.replyBy,
    page: lead.page,
    marketingConsent: lead.marketingConsent,
    firstTouch: parseStoredTouch(lead.firstTouch),
  };
  if (kind === 'audit') {
    const audit = await findAudit(sql, id);
    if (!audit) return 'erased';
    const resultsToken = await resultsTokenOf(sql, id);
    const siteCheck = await siteCheckOf(sql, id);
    return {
      ...base,
      firstName: audit.firstName,
      lastName: audit.lastName,
      business: audit.businessName,
      email: audit.email,
      phone: audit.phone,
      industry: audit.industry,
      audit: {
        score: Math.round(Number(audit.auditScore)),
        tier: audit.packageTier,
        estimatedValue: String(audit.estimatedValue),
        breakdown: scoreBreakdown(audit, usableFindings(siteCheck)),
        recommended: audit.recommendedServices as ServiceSlug[],
        resultsToken,
        answers: { monthlyRevenue: audit.monthlyRevenue, marketingBudget: audit.marketingBudget, primaryGoals: audit.primaryGoals },
        siteCheck,
      },
      application: null,
    };
  }
  const application = await findIntakeApplication(sql, id);
  if (!application) return 'erased';
  return {
    ...base,
    firstName: application.firstName,
    lastName: application.lastName,
    business: application.company,
    email: application.workEmail,
    phone: application.mobile,
    industry: application.industry,
    audit: null,
    application: {
      budget: application.monthlyMarketingBudget,
      city: application.city,
      website: application.website ?? null,
      biggestGoal: application.biggestGoal,
    },
  };
}

/** When the lead was erased, for its erasure notice; null when it was not (or does not exist). */
export async function erasedAtOf(sql: Sql, kind: LeadKind, id: string): Promise<Date | null> {
  const [lead] = await sql<{ erasedAt: Date | null }[]>`select erased_at from leads where kind = ${kind} and id = ${id}`;
  return lead?.erasedAt ?? null;
}
