import { expect, test } from 'bun:test';
import { heroFieldsOfVariant } from '../content/slots.ts';
import { agency } from '../site.ts';
import { defaultContactFormConfig } from './contact-form-variants.ts';
import { heroVariants } from './hero-variants.ts';
import { nameSaysControl, variantDetails, variantSummary } from './variant-details.ts';

test('a hero variant is its headline and button, from its fields; the brand variant shows brand and tagline', () => {
  expect(variantDetails(heroFieldsOfVariant('control'))).toEqual([
    { label: 'Headline', text: heroVariants.control.headline },
    { label: 'Button', text: heroVariants.control.ctaText },
  ]);
  expect(variantDetails(heroFieldsOfVariant('variant-b'))).toEqual([
    { label: 'Headline', text: agency.name },
    { label: 'Tagline', text: heroVariants['variant-b'].headline },
    { label: 'Button', text: heroVariants['variant-b'].ctaText },
  ]);
});

test('a contact-form variant is its own title, button and optional fields', () => {
  expect(variantDetails(defaultContactFormConfig)).toEqual([
    { label: 'Form title', text: 'Get Your Free Business Audit' },
    { label: 'Button', text: 'Get My Free Audit' },
    { label: 'Optional fields', text: 'Phone and website' },
  ]);
  const short = { formTitle: 'See Where Your Next 20 Customers Are Hiding', submitButtonText: 'Show Me My Growth Plan', showPhone: false, showCompany: true };
  expect(variantSummary(short)).toBe(
    'Form title: See Where Your Next 20 Customers Are Hiding | Button: Show Me My Growth Plan | Optional fields: Website only',
  );
});

test('any other configuration, or none, describes nothing (never throws)', () => {
  for (const odd of [
    { n: 1 },
    { heroVariant: 'variant-a' },
    { ...heroFieldsOfVariant('control'), ctaStyle: 'loud' },
    { formTitle: 'x' },
    null,
    'control',
    42,
    [],
  ])
    expect(variantDetails(odd)).toEqual([]);
  expect(variantSummary({ n: 1 })).toBe('');
});

test('the control badge is dropped when the name already says so', () => {
  expect(nameSaysControl('Control')).toBe(true);
  expect(nameSaysControl('Original (control)')).toBe(true);
  expect(nameSaysControl('Standard form')).toBe(false);
  expect(nameSaysControl('Controlled copy')).toBe(false);
});
