import type { industryOptions as auditIndustryOptions } from '../audit/schema.ts';
import type { IntakeFieldName, industryOptions as intakeIndustryOptions } from './schema.ts';

// The intake prefilled from the visitor's audit (/q4-intake?results={token}): what the audit already
// asked, so it is not asked twice. The intake asks nothing the audit has not for city, budget and goal.

type AuditIndustry = (typeof auditIndustryOptions)[number]['value'];
type IntakeIndustry = (typeof intakeIndustryOptions)[number]['value'];

/**
 * The audit's industries that mean the same as one of the intake's. The others are broader or narrower
 * ("Healthcare, clinics & medspas" holds dentists; "Professional services & coaching" holds lawyers;
 * "Other local service (cleaning, trades, and more)" holds cleaners and trades alike), so a guess would
 * put a business in the wrong list: the visitor picks for themselves.
 */
const SAME_INDUSTRY: Partial<Record<AuditIndustry, IntakeIndustry>> = {
  construction: 'contractors',
};

/** What an audit says about its visitor, as stored (phone and website may be missing). */
export type AuditContact = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  businessName: string;
  website: string | null;
  industry: string;
};

/** The intake's answers an audit already gave: name, work email, mobile, company, website, and the industry when the lists agree. */
export function intakePrefillFromAudit(audit: AuditContact): Partial<Record<IntakeFieldName, string>> {
  const industry = SAME_INDUSTRY[audit.industry as AuditIndustry];
  return {
    firstName: audit.firstName,
    lastName: audit.lastName,
    workEmail: audit.email,
    ...(audit.phone ? { mobile: audit.phone } : {}),
    company: audit.businessName,
    ...(audit.website ? { website: audit.website } : {}),
    ...(industry ? { industry } : {}),
  };
}
