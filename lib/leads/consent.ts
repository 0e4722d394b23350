import { agency, mailingAddressLine } from '../site.ts';

// CASL express-consent wordings, each stored with a version. Canada's Anti-Spam Legislation asks that a
// request for consent say what will be sent, who is asking (name and mailing address), and that consent
// can be withdrawn. Each stored submission records the version it was given under, so whenever a
// wording changes its version must change too (consent.test.ts pins each pair).

const withdrawal = `I can withdraw my consent at any time by clicking the unsubscribe link in any email or by writing to ${agency.email}.`;

/**
 * Beside the Q4 intake's required checkbox: what the application itself needs (replies about it, the
 * strategy session's scheduling), and nothing more. Marketing is its own optional box (below), so
 * applying never signs anyone up for it.
 */
export const CONSENT_VERSION = 'casl-intake-2026-11-v2';
/**
 * Who asks and how to withdraw, the same for both of the intake's boxes: the form prints it once, under
 * them, and each box's recorded wording ends with it.
 */
const intakeConsentDetails = `From ${agency.legalName}, ${mailingAddressLine}; ${agency.email}. ${withdrawal}`;
/** The box's label, and the details printed under the boxes; the wording recorded is both, in that order. */
export const intakeConsent = {
  label: `Yes, send me emails and updates about my application from ${agency.name}: replies about my application and scheduling my strategy session.`,
  details: intakeConsentDetails,
} as const;
export const consentText = `${intakeConsent.label} ${intakeConsent.details}`;

/**
 * The intake's first wording, which bundled marketing with the application (until 2026-11). Applications
 * stored under it agreed to both; kept so their record still reads as what they agreed to.
 */
export const BUNDLED_CONSENT_VERSION = 'casl-intake-2024-10-v1';
const bundledConsentText =
  `Yes, send me emails and updates from ${agency.name} (${agency.legalName}, ${mailingAddressLine}; ${agency.email}): ` +
  'replies about my application, strategy session scheduling, marketing tips for local businesses and news about ' +
  `future client intakes. ${withdrawal}`;

/** Beside the Q4 intake's optional, unticked marketing box: recorded as the audit's is. */
export const INTAKE_MARKETING_CONSENT_VERSION = 'casl-intake-marketing-2026-11-v1';
/** The box's label, and the details printed under the boxes; the wording recorded is both, in that order. */
export const intakeMarketingConsent = {
  label: `Yes, also send me ${agency.name}'s marketing emails: practical tips for local businesses, offers, free workshop invitations and news about future client intakes, about twice a month.`,
  details: intakeConsentDetails,
} as const;
export const intakeMarketingConsentText = `${intakeMarketingConsent.label} ${intakeMarketingConsent.details}`;

/**
 * Beside the audit's optional, unticked box. Separate from the results email, which the person asks
 * for by submitting (a transactional message that needs no consent).
 */
export const AUDIT_MARKETING_CONSENT_VERSION = 'casl-audit-marketing-2026-11-v2';
/** The box's label, and the details printed under it; the wording recorded is both, in that order. */
export const auditMarketingConsent = {
  label: `Yes, also send me ${agency.name}'s marketing emails: practical tips for local businesses, offers and free workshop invitations, about twice a month.`,
  details: `From ${agency.legalName}, ${mailingAddressLine}; ${agency.email}. ${withdrawal}`,
} as const;
export const auditMarketingConsentText = `${auditMarketingConsent.label} ${auditMarketingConsent.details}`;

const wordings: Record<string, string> = {
  [CONSENT_VERSION]: consentText,
  [BUNDLED_CONSENT_VERSION]: bundledConsentText,
  [INTAKE_MARKETING_CONSENT_VERSION]: intakeMarketingConsentText,
  [AUDIT_MARKETING_CONSENT_VERSION]: auditMarketingConsentText,
};

/** The consent wording a person agreed to, by the version stored with their submission. */
export function consentWording(version: string | null): string {
  return (version && wordings[version]) ?? `The wording of consent version ${version ?? '(none recorded)'} (earlier than the current one).`;
}
