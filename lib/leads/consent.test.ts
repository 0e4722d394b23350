import { expect, test } from 'bun:test';
import { agency, mailingAddressLine } from '../site.ts';
import {
  AUDIT_MARKETING_CONSENT_VERSION,
  auditMarketingConsentText,
  BUNDLED_CONSENT_VERSION,
  CONSENT_VERSION,
  consentText,
  consentWording,
  INTAKE_MARKETING_CONSENT_VERSION,
  intakeConsent,
  intakeMarketingConsent,
  intakeMarketingConsentText,
} from './consent.ts';

const wordings = [consentText, intakeMarketingConsentText, auditMarketingConsentText, consentWording(BUNDLED_CONSENT_VERSION)];

test('each consent wording says who is asking, with their mailing address', () => {
  for (const text of wordings) {
    expect(text).toContain(agency.name);
    expect(text).toContain(mailingAddressLine);
  }
});

test('each consent wording says what will be sent and that consent can be withdrawn at any time', () => {
  expect(consentText).toContain('emails and updates');
  expect(intakeMarketingConsentText).toContain('marketing emails');
  expect(auditMarketingConsentText).toContain('marketing emails');
  for (const text of wordings) expect(text).toContain('withdraw my consent at any time');
});

test("the intake's required box covers the application only; marketing is the optional box's", () => {
  expect(consentText).toContain('replies about my application and scheduling my strategy session');
  for (const marketing of ['marketing', 'tips', 'offers', 'future client intakes']) expect(consentText).not.toContain(marketing);
  expect(intakeMarketingConsentText).toContain('news about future client intakes');
  // The first wording bundled both: the applications stored under it read as what they agreed to.
  expect(consentWording(BUNDLED_CONSENT_VERSION)).toContain('marketing tips for local businesses');
});

test("the intake's two boxes share their details (printed once under them), and each recorded wording ends with them", () => {
  expect(intakeConsent.details).toBe(intakeMarketingConsent.details);
  expect(consentText).toBe(`${intakeConsent.label} ${intakeConsent.details}`);
  expect(intakeMarketingConsentText).toBe(`${intakeMarketingConsent.label} ${intakeMarketingConsent.details}`);
});

test('the version changes whenever the wording changes', () => {
  // Stored submissions point at a version; if this fails, bump the version and record the new hash.
  const hash = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex').slice(0, 16);
  expect([
    { version: CONSENT_VERSION, hash: hash(consentText) },
    { version: BUNDLED_CONSENT_VERSION, hash: hash(consentWording(BUNDLED_CONSENT_VERSION)) },
    { version: INTAKE_MARKETING_CONSENT_VERSION, hash: hash(intakeMarketingConsentText) },
    { version: AUDIT_MARKETING_CONSENT_VERSION, hash: hash(auditMarketingConsentText) },
  ]).toEqual([
    { version: 'casl-intake-2026-11-v2', hash: '48992c971295568d' },
    { version: 'casl-intake-2024-10-v1', hash: 'cae93248e5e657d9' },
    { version: 'casl-intake-marketing-2026-11-v1', hash: 'd48f7075079587fd' },
    { version: 'casl-audit-marketing-2026-11-v2', hash: '394fce66e7b1e4d9' },
  ]);
});

test('a stored version names its wording; an unknown one says so', () => {
  expect(consentWording(CONSENT_VERSION)).toBe(consentText);
  expect(consentWording(INTAKE_MARKETING_CONSENT_VERSION)).toBe(intakeMarketingConsentText);
  expect(consentWording(AUDIT_MARKETING_CONSENT_VERSION)).toBe(auditMarketingConsentText);
  expect(consentWording('casl-2019')).toContain('casl-2019');
  expect(consentWording(null)).toContain('none recorded');
});
