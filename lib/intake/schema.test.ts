import { describe, expect, test } from 'bun:test';
import { INVISIBLE } from '../../tests/fixtures/invisible-text.ts';
import { WEBSITE_MESSAGE } from '../forms/web-address.ts';
import {
  budgetOptions,
  CONSENT_REQUIRED_MESSAGE,
  emptyIntakeForm,
  type IntakeFormValues,
  industryOptions,
  intakeLimits,
  intakeSchema,
  requiredIntakeFields,
} from './schema.ts';

const valid: IntakeFormValues = {
  firstName: 'Priya',
  lastName: 'Raman',
  workEmail: 'priya@sparkleclean.ca',
  mobile: '(416) 555-0199',
  company: 'Sparkle Clean Co.',
  website: 'https://sparkleclean.ca',
  industry: 'cleaners',
  city: 'Toronto',
  monthlyMarketingBudget: '2500-5000',
  biggestGoal: 'Fill weekday slots with recurring residential clients.',
  howDidYouHear: 'Google',
  caslConsent: 'true',
};

/** The message for each failing field, first one per field. */
function errors(input: unknown): Record<string, string> {
  const result = intakeSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('intakeSchema', () => {
  test('a complete application passes and comes out trimmed', () => {
    const result = intakeSchema.parse({ ...valid, firstName: '  Priya ', city: ' Toronto' });
    expect(result.firstName).toBe('Priya');
    expect(result.city).toBe('Toronto');
    expect(result.industry).toBe('cleaners');
  });

  test('the option values are exactly the spec lists, each with a readable label', () => {
    expect(industryOptions.map((o) => o.value)).toEqual(['cleaners', 'medspas', 'contractors', 'coaches', 'other-local-service']);
    expect(budgetOptions.map((o) => o.value)).toEqual(['under-1000', '1000-2500', '2500-5000', '5000-10000', '10000+']);
    for (const option of [...industryOptions, ...budgetOptions]) expect(option.label).not.toBe(option.value);
  });

  test('the empty form fails on every required field and only those', () => {
    expect(Object.keys(errors(emptyIntakeForm)).sort()).toEqual([...requiredIntakeFields].sort());
  });

  test.each(requiredIntakeFields.map((f) => [f]))('%s missing, empty or blank is refused', (field) => {
    const { [field]: _, ...without } = valid;
    expect(Object.keys(errors(without))).toEqual([field]);
    expect(Object.keys(errors({ ...valid, [field]: '' }))).toEqual([field]);
    expect(Object.keys(errors({ ...valid, [field]: '   ' }))).toEqual([field]);
  });

  // Every required text answer of the form, with its own "is required" message.
  const requiredText = {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    workEmail: 'Work email is required',
    mobile: 'Mobile number is required',
    company: 'Company name is required',
    city: 'City is required',
    biggestGoal: 'Biggest goal is required',
  } as const;

  test.each(Object.entries(requiredText))('%s of invisible characters only is as empty as an empty one: %p', (field, message) => {
    expect(errors({ ...valid, [field]: '' })).toEqual({ [field]: message });
    for (const c of INVISIBLE) {
      expect(errors({ ...valid, [field]: c })).toEqual({ [field]: message });
      expect(errors({ ...valid, [field]: ` ${c}${c} ` })).toEqual({ [field]: message });
    }
    // The goal may span lines: lines of nothing visible are still nothing.
    expect(errors({ ...valid, [field]: `\u200b\n\u3164\n\u00ad` })).toEqual({ [field]: message });
  });

  test('visible answers with such a character inside them still pass', () => {
    expect(errors({ ...valid, firstName: 'Zoë\u200b', company: 'Glow 💆‍♀️ Spa', city: '토론토' })).toEqual({});
  });

  test('each required text answer has an upper bound', () => {
    for (const [field, max] of Object.entries(intakeLimits)) {
      const value = field === 'workEmail' ? `${'a'.repeat(max)}@x.ca` : field === 'website' ? `https://${'a'.repeat(max)}.ca` : 'a'.repeat(max + 1);
      expect(errors({ ...valid, [field]: value })[field]).toBeString();
    }
  });

  test('required messages are clear', () => {
    expect(errors({ ...valid, firstName: '' }).firstName).toBe('First name is required');
    expect(errors({ ...valid, industry: '' }).industry).toBe('Please select your industry');
    expect(errors({ ...valid, monthlyMarketingBudget: '' }).monthlyMarketingBudget).toBe('Please select your monthly marketing budget');
  });

  test('the work email must be a valid address', () => {
    expect(errors({ ...valid, workEmail: 'priya@' }).workEmail).toBe('Enter a valid email address, like you@yourcompany.ca');
    expect(errors({ ...valid, workEmail: 'not an email' }).workEmail).toBeString();
    expect(errors({ ...valid, workEmail: 'priya@sparkle.ca' })).toEqual({});
  });

  test('the mobile number needs an area code and phone characters only', () => {
    expect(errors({ ...valid, mobile: '555-0199' }).mobile).toBeString();
    expect(errors({ ...valid, mobile: 'call me' }).mobile).toBeString();
    expect(errors({ ...valid, mobile: '+1 416 555 0199' })).toEqual({});
    expect(errors({ ...valid, mobile: '416.555.0199' })).toEqual({});
  });

  test('industry and budget must come from the lists', () => {
    expect(errors({ ...valid, industry: 'restaurants' }).industry).toBe('Please select your industry');
    expect(errors({ ...valid, monthlyMarketingBudget: '100-200' }).monthlyMarketingBudget).toBeString();
  });

  test('consent must be exactly the text true', () => {
    for (const consent of ['false', '', 'TRUE', 'yes', undefined, true]) {
      expect(errors({ ...valid, caslConsent: consent }).caslConsent).toBe(CONSENT_REQUIRED_MESSAGE);
    }
    expect(CONSENT_REQUIRED_MESSAGE).toBe('You must agree to receive emails and updates');
  });

  test('the marketing box is optional and apart: absent is false, ticked is true, it never stands in for the required box', () => {
    expect(intakeSchema.parse(valid).marketingConsent).toBe(false);
    expect(intakeSchema.parse({ ...valid, marketingConsent: true }).marketingConsent).toBe(true);
    expect(Object.keys(errors({ ...valid, marketingConsent: 'yes' }))).toEqual(['marketingConsent']);
    expect(Object.keys(errors({ ...valid, caslConsent: 'false', marketingConsent: true }))).toEqual(['caslConsent']);
  });

  test('website and how-did-you-hear are optional; empty answers become undefined', () => {
    const result = intakeSchema.parse({ ...valid, website: '', howDidYouHear: '  ' });
    expect(result.website).toBeUndefined();
    expect(result.howDidYouHear).toBeUndefined();
    const { website: _w, howDidYouHear: _h, ...without } = valid;
    expect(errors(without)).toEqual({});
  });

  test('a website follows the one rule of lib/forms/web-address.ts: a bare domain is stored with https://', () => {
    expect(intakeSchema.parse({ ...valid, website: ' sparkleclean.ca ' }).website).toBe('https://sparkleclean.ca');
    expect(intakeSchema.parse({ ...valid, website: 'http://sparkleclean.ca/about' }).website).toBe('http://sparkleclean.ca/about');
    for (const website of ['javascript:alert(1)', 'ftp://sparkleclean.ca', 'sparkleclean', 'mailto:a@sparkleclean.ca']) {
      expect(errors({ ...valid, website }).website).toBe(WEBSITE_MESSAGE);
    }
  });

  test('an optional id must be a version 4 UUID', () => {
    for (const id of ['abc', '00000000-0000-0000-0000-000000000000', 'a8b7c6d5-0000-1000-8000-000000000001']) expect(errors({ ...valid, id }).id).toBeString();
    expect(errors({ ...valid, id: crypto.randomUUID() })).toEqual({});
  });
});
