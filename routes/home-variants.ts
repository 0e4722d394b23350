import { defaultContactFormConfig, type ContactFormConfig } from '../lib/contact-form-variants.ts';
import { heroVariantFor, type HeroVariantName } from '../lib/hero-variants.ts';
import type { AppContext } from './app-env.ts';
import { visitorId } from './visitor.ts';

/**
 * The home page's variants for this visitor, decided on the server so the HTML already holds them.
 * For now: the hero from the sticky visitor cookie (equal thirds; crawlers get Control) and the
 * default contact form. The A/B system replaces the body with stored assignments.
 */
export async function resolveHomeVariants(c: AppContext): Promise<{ hero: HeroVariantName; contactForm: ContactFormConfig }> {
  return { hero: heroVariantFor(visitorId(c)), contactForm: defaultContactFormConfig };
}
