import { agency, figures } from '../site.ts';

// The spec's three hero variants (its "local constant"), defined once. They are the seed of the hero
// slot: the control is the slot's first published copy (lib/content/slots.ts), and migration 0019 wrote
// each variant's copy into the seeded `hero-variant` test's configurations, so the test's variants are
// hero fields like any experiment's. How many businesses we serve is said once, in the figures under
// the hero's buttons, so no variant's copy repeats it.

export type HeroVariant = {
  /** The name a person reads: Control, Variant A, Variant B. */
  name: string;
  headline: string;
  subheadline: string;
  ctaText: string;
  ctaStyle: 'default' | 'gradient';
  backgroundClass: string;
  /** Variant B: the brand name shown above the tagline. */
  brandName?: string;
  /** Variant B: the brand name stands out in colour. */
  highlightBrand?: boolean;
  /** Variant B: the tagline sits on its own line under the brand. */
  separateTagline?: boolean;
};

export const HERO_VARIANT_NAMES = ['control', 'variant-a', 'variant-b'] as const;
export type HeroVariantName = (typeof HERO_VARIANT_NAMES)[number];

/** The line above every variant's headline. */
export const heroBadge = 'Toronto team · weekly check-ins';

export const heroVariants: Record<HeroVariantName, HeroVariant> = {
  control: {
    name: 'Control',
    headline: 'Digital marketing that fills your calendar',
    subheadline: `Toronto cleaning companies, medspas, contractors and coaches get up to ${figures.moreLeads} more leads with SEO, Google Ads and social media run by a team that answers to you.`,
    ctaText: 'Get Your Free Audit',
    ctaStyle: 'default',
    backgroundClass: 'bg-gradient-to-b from-blue-50 via-white to-white',
  },
  'variant-a': {
    name: 'Variant A',
    headline: 'Your competitors are booking your customers right now',
    subheadline: `Every week you are hard to find online is a week of jobs going to someone else. Our clients get up to ${figures.moreLeads} more leads, and we take only a few new ones each month.`,
    ctaText: 'Claim Your Free Audit Today',
    ctaStyle: 'gradient',
    backgroundClass: 'bg-gradient-to-b from-amber-50 via-white to-white',
  },
  'variant-b': {
    name: 'Variant B',
    headline: 'Local marketing, done for you.',
    subheadline: `Up to ${figures.moreLeads} more leads for Toronto service businesses. Hand us your marketing and get back to running the business.`,
    ctaText: 'Start Your Free Audit',
    ctaStyle: 'gradient',
    backgroundClass: 'bg-gradient-to-br from-slate-50 via-blue-50 to-indigo-50',
    brandName: agency.name,
    highlightBrand: true,
    separateTagline: true,
  },
};
