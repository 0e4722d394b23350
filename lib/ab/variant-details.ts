import * as z from 'zod/mini';
import { auditFormFieldsSchema, heroFieldsSchema } from '../content/slots.ts';

// What a variant is, in the words a visitor sees, for the dashboard and the CSV: read from its stored
// configuration by shape, so any test that varies the hero or the audit form is described.
//   on the hero slot: the configuration holds the hero's fields (headline, button, brand...).
//   on the audit-form slot: the configuration holds the form's own title, button and fields.

export type VariantDetail = { label: string; text: string };

function optionalFields(showPhone: boolean, showCompany: boolean): string {
  if (showPhone && showCompany) return 'Phone and website';
  if (showPhone) return 'Phone only';
  if (showCompany) return 'Website only';
  return 'None';
}

/** Labelled lines saying what the variant shows; none for a configuration of another shape. */
export function variantDetails(configuration: unknown): VariantDetail[] {
  const hero = z.safeParse(heroFieldsSchema, configuration);
  if (hero.success) {
    const v = hero.data;
    const headline = v.brandName
      ? [
          { label: 'Headline', text: v.brandName },
          { label: 'Tagline', text: v.headline },
        ]
      : [{ label: 'Headline', text: v.headline }];
    return [...headline, { label: 'Button', text: v.ctaText }];
  }
  const form = z.safeParse(auditFormFieldsSchema, configuration);
  if (form.success) {
    const { formTitle, submitButtonText, showPhone, showCompany } = form.data;
    return [
      { label: 'Form title', text: formTitle },
      { label: 'Button', text: submitButtonText },
      { label: 'Optional fields', text: optionalFields(showPhone, showCompany) },
    ];
  }
  return [];
}

/** The same in one line, for a spreadsheet cell. */
export const variantSummary = (configuration: unknown) =>
  variantDetails(configuration)
    .map((d) => `${d.label}: ${d.text}`)
    .join(' | ');

/** A variant named for its role ("Control", "control group") needs no separate control badge. */
export const nameSaysControl = (name: string) => /\bcontrol\b/i.test(name);
