// JSON-LD builders for the service pages and the guide. Every URL is absolute, from the site URL.
import { absoluteUrl } from '../page-meta.ts';
import { agency } from '../site.ts';

export type Crumb = { name: string; path: string };

export function breadcrumbList(siteUrl: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: absoluteUrl(siteUrl, crumb.path) })),
  };
}

/** The agency as the provider or publisher of a page's subject. */
export function agencyReference(siteUrl: string) {
  return {
    '@type': 'LocalBusiness',
    name: agency.name,
    url: absoluteUrl(siteUrl, '/'),
    telephone: agency.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.address.street,
      addressLocality: agency.address.city,
      addressRegion: agency.address.region,
      postalCode: agency.address.postalCode,
      addressCountry: agency.address.country,
    },
  };
}

export function serviceJsonLd(siteUrl: string, s: { name: string; description: string; path: string; serviceType: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    serviceType: s.serviceType,
    description: s.description,
    url: absoluteUrl(siteUrl, s.path),
    provider: agencyReference(siteUrl),
    areaServed: { '@type': 'City', name: agency.city },
  };
}
