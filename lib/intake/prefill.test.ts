import { expect, test } from 'bun:test';
import { industryOptions as auditIndustries } from '../audit/schema.ts';
import { intakePrefillFromAudit } from './prefill.ts';
import { intakeSchema } from './schema.ts';

const audit = {
  firstName: 'Dana',
  lastName: 'Okafor',
  email: 'dana@okafor-build.ca',
  phone: '416-555-0142',
  businessName: 'Okafor Build & Reno',
  website: 'https://okafor-build.ca',
  industry: 'construction',
};

test("the audit's name, email, phone, business, website and a matching industry", () => {
  expect(intakePrefillFromAudit(audit)).toEqual({
    firstName: 'Dana',
    lastName: 'Okafor',
    workEmail: 'dana@okafor-build.ca',
    mobile: '416-555-0142',
    company: 'Okafor Build & Reno',
    website: 'https://okafor-build.ca',
    industry: 'contractors',
  });
});

test('a missing phone or website is left for the visitor; so is every industry whose meaning differs between the lists', () => {
  const prefill = intakePrefillFromAudit({ ...audit, phone: null, website: null, industry: 'healthcare' });
  expect(prefill).toEqual({ firstName: 'Dana', lastName: 'Okafor', workEmail: 'dana@okafor-build.ca', company: 'Okafor Build & Reno' });
  const mapped = auditIndustries.map((o) => [o.value, intakePrefillFromAudit({ ...audit, industry: o.value }).industry]).filter(([, v]) => v);
  expect(mapped).toEqual([['construction', 'contractors']]);
});

test('what is prefilled passes the intake schema as it is (nothing the visitor would have to fix)', () => {
  const complete = {
    ...intakePrefillFromAudit(audit),
    city: 'Toronto',
    monthlyMarketingBudget: '2500-5000',
    biggestGoal: 'Two more basement renovations a month.',
    caslConsent: 'true',
  };
  expect(intakeSchema.safeParse(complete).success).toBe(true);
});
