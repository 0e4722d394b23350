import { expect, test } from 'bun:test';
import { CONSENT_VERSION, consentText } from './consent.ts';
import { agency, mailingAddressLine } from './site.ts';

test('the consent wording says who is asking, with their mailing address', () => {
  expect(consentText).toContain(agency.name);
  expect(consentText).toContain(mailingAddressLine);
});

test('the consent wording says what will be sent and that consent can be withdrawn at any time', () => {
  expect(consentText).toContain('emails and updates');
  expect(consentText).toContain('withdraw my consent at any time');
});

test('the version changes whenever the wording changes', () => {
  // Stored applications point at a version; if this fails, bump CONSENT_VERSION and record the new hash.
  const hash = new Bun.CryptoHasher('sha256').update(consentText).digest('hex').slice(0, 16);
  expect({ version: CONSENT_VERSION, hash }).toEqual({ version: 'casl-intake-2024-10-v1', hash: 'cae93248e5e657d9' });
});
