import { agency, figures } from '../site.ts';
import type { HERO_VARIANTS } from './definitions.ts';

// The three hero variants of the home page, defined once. Which one a visitor sees is the A/B test
// `hero-variant`'s sticky assignment, resolved on the server (routes/home-variants.ts) and passed to
// the HeroVariant island by key. The keys are the A/B system's `heroVariant` configuration values
// (lib/ab/definitions.ts); they are listed here too, checked against that list by type only, so the
// island's bundle never pulls in the A/B module and its zod. How many businesses we serve is said once,
// in the figures under the hero's buttons, so no variant's copy repeats it.

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

export const HERO_VARIANT_NAMES = ['control', 'variant-a', 'variant-b'] as const satisfies readonly (typeof HERO_VARIANTS)[number][];
export type HeroVariantName = (typeof HERO_VARIANT_NAMES)[number];

export const CONTROL_HERO: HeroVariantName = 'control';

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

export const isHeroVariantName = (name: unknown): name is HeroVariantName => HERO_VARIANT_NAMES.includes(name as HeroVariantName);
