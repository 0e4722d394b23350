import { expect, test } from 'bun:test';
import { heroVariants } from '../ab/hero-variants.ts';
import {
  applyFields,
  changedFields,
  DEFAULT_SLOT_FIELDS,
  fieldLabel,
  fieldsFromForm,
  heroBackground,
  heroFieldsOfVariant,
  isSlotName,
  SLOT_FIELDS,
  showValue,
} from './slots.ts';

test('the slots keep the spec field names, and the editor lists every field of each schema', () => {
  expect(Object.keys(SLOT_FIELDS.hero)).toEqual(['headline', 'subheadline', 'ctaText', 'ctaStyle', 'brandName', 'highlightBrand', 'separateTagline']);
  expect(Object.keys(SLOT_FIELDS['audit-form'])).toEqual(['formTitle', 'submitButtonText', 'showPhone', 'showCompany']);
  expect(Object.keys(DEFAULT_SLOT_FIELDS.hero).sort()).toEqual(Object.keys(SLOT_FIELDS.hero).sort());
  expect(isSlotName('hero')).toBe(true);
  expect(isSlotName('footer')).toBe(false);
  expect(isSlotName('__proto__')).toBe(false);
});

test('applyFields changes the fields given and keeps the rest; refuses unknown fields, wrong types and sizes by name', () => {
  const hero = DEFAULT_SLOT_FIELDS.hero;
  expect(applyFields('hero', hero, { ctaText: 'Book a call' })).toEqual({ ok: true, fields: { ...hero, ctaText: 'Book a call' } });
  expect(applyFields('hero', hero, {})).toEqual({ ok: true, fields: hero });
  expect(applyFields('hero', hero, { colour: 'red' })).toMatchObject({ ok: false, field: 'colour' });
  expect(applyFields('hero', hero, { __proto__: { x: 1 } })).toMatchObject({ ok: true });
  expect(applyFields('hero', hero, { ctaStyle: 'neon' })).toEqual({ ok: false, field: 'ctaStyle', message: 'ctaStyle: must be one of default, gradient' });
  expect(applyFields('hero', hero, { headline: '' })).toMatchObject({ ok: false, field: 'headline' });
  expect(applyFields('hero', hero, { headline: 'x'.repeat(121) })).toMatchObject({ ok: false, field: 'headline' });
  // One line each, and no invisible characters that reorder what visitors read.
  expect(applyFields('hero', hero, { headline: 'Booked \u202esolid' })).toMatchObject({ ok: false, field: 'headline' });
  expect(applyFields('hero', hero, { subheadline: 'One\ntwo' })).toMatchObject({ ok: false, field: 'subheadline' });
  expect(applyFields('audit-form', DEFAULT_SLOT_FIELDS['audit-form'], { submitButtonText: 'Send\u2028now' })).toMatchObject({
    ok: false,
    field: 'submitButtonText',
  });
  expect(applyFields('hero', hero, { highlightBrand: 'true' })).toEqual({
    ok: false,
    field: 'highlightBrand',
    message: 'highlightBrand: must be true or false',
  });
  expect(applyFields('audit-form', DEFAULT_SLOT_FIELDS['audit-form'], null)).toMatchObject({ ok: false, field: 'fields' });
  expect(applyFields('audit-form', DEFAULT_SLOT_FIELDS['audit-form'], ['formTitle'])).toMatchObject({ ok: false, field: 'fields' });
});

test('a plain form: text trimmed, a ticked box true and an absent one false, other names ignored', () => {
  expect(fieldsFromForm('audit-form', { formTitle: '  Free audit ', submitButtonText: 'Go', showPhone: 'on', _csrf: 'x', extra: 'y' })).toEqual({
    formTitle: 'Free audit',
    submitButtonText: 'Go',
    showPhone: true,
    showCompany: false,
  });
});

test('the history names what changed; the first version lists every field', () => {
  expect(changedFields({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toEqual([{ field: 'b', before: 'x', after: 'y' }]);
  expect(changedFields(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1 }]);
});

test('the spec hero variants as fields, each with its own background', () => {
  expect(heroFieldsOfVariant('control')).toEqual(DEFAULT_SLOT_FIELDS.hero);
  for (const name of ['control', 'variant-a', 'variant-b'] as const) {
    expect(heroBackground(heroFieldsOfVariant(name))).toBe(heroVariants[name].backgroundClass);
  }
  expect(heroFieldsOfVariant('variant-b')).toMatchObject({ brandName: 'Northline Digital', highlightBrand: true, separateTagline: true });
});

test('a change reads as the editor words it: the field’s label, a choice by its label, flags as yes or no', () => {
  expect(fieldLabel('hero', 'ctaStyle')).toBe('Button style');
  expect(fieldLabel('audit-form', 'showPhone')).toBe('Ask for a phone number');
  expect(fieldLabel('hero', 'colour')).toBe('colour');
  expect(showValue('hero', 'ctaStyle', 'gradient')).toBe('Blue gradient');
  expect(showValue('hero', 'ctaStyle', 'default')).toBe('Plain blue');
  expect(showValue('hero', 'headline', 'Booked solid')).toBe('“Booked solid”');
  expect(showValue('audit-form', 'showPhone', false)).toBe('no');
  expect(showValue('hero', 'brandName', undefined)).toBe('(none)');
  // An emptied text reads as such, and a label carries no editing hint into the history.
  expect(showValue('hero', 'brandName', '')).toBe('(empty)');
  expect(fieldLabel('hero', 'brandName')).toBe('Brand name above the headline');
});
