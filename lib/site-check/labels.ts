import type { ServiceSlug } from '../site.ts';
import type { SiteCheckKey } from './types.ts';

/** Each check as an owner reads it (results page, email, lead page). */
export const SITE_CHECK_LABELS: Record<SiteCheckKey, string> = {
  https: 'Secure connection (HTTPS)',
  'https-redirect': 'Plain http:// sent to the secure site',
  hsts: 'Browsers told to always use HTTPS',
  ttfb: 'Server response time',
  'page-weight': 'Home page size',
  title: 'Page title for search results',
  'meta-description': 'Description for search results',
  h1: 'One clear main heading',
  viewport: 'Set up for phones',
  canonical: 'Preferred address (canonical link)',
  'local-business-schema': 'Business details for Google (address and phone)',
  'open-graph': 'Previews when your link is shared',
  'image-alt': 'Images described for search and screen readers',
  'tel-link': 'Tap-to-call phone number',
  'contact-form': 'Contact form',
  'analytics-tag': 'Visitor tracking (analytics or ads)',
  'google-business-link': 'Link to your Google Business Profile or map',
  robots: 'Directions for search engines (robots.txt)',
  sitemap: 'Sitemap for search engines',
  'copyright-year': 'Copyright year up to date',
};

/** The service page that fixes each check when it fails: what the finding links to. */
export const SITE_CHECK_FIXED_BY: Record<SiteCheckKey, ServiceSlug> = {
  https: 'seo-services',
  'https-redirect': 'seo-services',
  hsts: 'seo-services',
  ttfb: 'seo-services',
  'page-weight': 'seo-services',
  title: 'seo-services',
  'meta-description': 'seo-services',
  h1: 'content-marketing',
  viewport: 'digital-marketing',
  canonical: 'seo-services',
  'local-business-schema': 'seo-services',
  'open-graph': 'social-media-management',
  'image-alt': 'content-marketing',
  'tel-link': 'lead-generation',
  'contact-form': 'lead-generation',
  'analytics-tag': 'google-ads',
  'google-business-link': 'seo-services',
  robots: 'seo-services',
  sitemap: 'seo-services',
  'copyright-year': 'digital-marketing',
};
