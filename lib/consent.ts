import { agency, mailingAddressLine } from './site.ts';

// The CASL express-consent wording shown beside the intake form's checkbox. Canada's Anti-Spam
// Legislation asks that a request for consent say what will be sent, who is asking (name and mailing
// address), and that consent can be withdrawn. Each stored application records CONSENT_VERSION, so
// whenever this wording changes the version must change too (consent.test.ts pins the pair).

export const CONSENT_VERSION = 'casl-intake-2024-10-v1';

export const consentText =
  `Yes, send me emails and updates from ${agency.name} (${agency.legalName}, ${mailingAddressLine}; ${agency.email}): ` +
  'replies about my application, strategy session scheduling, marketing tips for local businesses and news about ' +
  'future client intakes. I can withdraw my consent at any time by clicking the unsubscribe link in any email or by ' +
  `writing to ${agency.email}.`;
