import * as z from 'zod/mini';
import { contactFormConfigSchema, heroConfigSchema } from './definitions.ts';
import { heroVariants } from './hero-variants.ts';

// What a variant is, in the words a visitor sees, for the dashboard and the CSV: read from its stored
// configuration by shape, so any test that varies the hero or the audit form is described.
//   hero-variant: the configuration names one of the local heroes in lib/ab/hero-variants.ts.
//   contact-form-optimization: the configuration holds the form's own title, button and fields.

export type VariantDetail = { label: string; text: string };

function optionalFields(showPhone: boolean, showCompany: boolean): string {
  if (showPhone && showCompany) return 'Phone and website';
  if (showPhone) return 'Phone only';
  if (showCompany) return 'Website only';
  return 'None';
}

/** Labelled lines saying what the variant shows; none for a configuration of another shape. */
export function variantDetails(configuration: unknown): VariantDetail[] {
  const hero = z.safeParse(heroConfigSchema, configuration);
  if (hero.success) {
    const v = heroVariants[hero.data.heroVariant];
    const headline = v.brandName
      ? [
          { label: 'Headline', text: v.brandName },
          { label: 'Tagline', text: v.headline },
        ]
      : [{ label: 'Headline', text: v.headline }];
    return [...headline, { label: 'Button', text: v.ctaText }];
  }
  const form = z.safeParse(contactFormConfigSchema, configuration);
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
