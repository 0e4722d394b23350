import { expect, test } from 'bun:test';
import { agency, mailingAddressLine } from '../site.ts';
import { AUDIT_MARKETING_CONSENT_VERSION, auditMarketingConsentText, CONSENT_VERSION, consentText, consentWording } from './consent.ts';

const wordings = [consentText, auditMarketingConsentText];

test('each consent wording says who is asking, with their mailing address', () => {
  for (const text of wordings) {
    expect(text).toContain(agency.name);
    expect(text).toContain(mailingAddressLine);
  }
});

test('each consent wording says what will be sent and that consent can be withdrawn at any time', () => {
  expect(consentText).toContain('emails and updates');
  expect(auditMarketingConsentText).toContain('marketing emails');
  for (const text of wordings) expect(text).toContain('withdraw my consent at any time');
});

test('the version changes whenever the wording changes', () => {
  // Stored submissions point at a version; if this fails, bump the version and record the new hash.
  const hash = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex').slice(0, 16);
  expect([
    { version: CONSENT_VERSION, hash: hash(consentText) },
    { version: AUDIT_MARKETING_CONSENT_VERSION, hash: hash(auditMarketingConsentText) },
  ]).toEqual([
    { version: 'casl-intake-2024-10-v1', hash: 'cae93248e5e657d9' },
    { version: 'casl-audit-marketing-2026-11-v2', hash: '394fce66e7b1e4d9' },
  ]);
});

test('a stored version names its wording; an unknown one says so', () => {
  expect(consentWording(CONSENT_VERSION)).toBe(consentText);
  expect(consentWording(AUDIT_MARKETING_CONSENT_VERSION)).toBe(auditMarketingConsentText);
  expect(consentWording('casl-2019')).toContain('casl-2019');
  expect(consentWording(null)).toContain('none recorded');
});
