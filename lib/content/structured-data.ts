// JSON-LD builders for the home page, the service pages and the guide, from lib/site.ts. Every URL is
// absolute, from the site URL.
import { absoluteUrl } from '../pages/meta.ts';
import { agency, links, socialProfiles } from '../site.ts';

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
    address: postalAddress(),
  };
}

function postalAddress() {
  return {
    '@type': 'PostalAddress',
    streetAddress: agency.address.street,
    addressLocality: agency.address.city,
    addressRegion: agency.address.region,
    postalCode: agency.address.postalCode,
    addressCountry: agency.address.country,
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

/** The home page's organisation. */
export function organizationJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: agency.name,
    legalName: agency.legalName,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/static/images/apple-touch-icon.png'),
    foundingDate: String(agency.foundedYear),
    email: agency.email,
    telephone: agency.phone,
    sameAs: [links.mainSite, ...socialProfiles.map((p) => p.url)],
  };
}

/** The home page's local business: address, geo, hours, price range and service area. */
export function localBusinessJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${absoluteUrl(siteUrl, '/')}#business`,
    name: agency.name,
    url: absoluteUrl(siteUrl, '/'),
    image: absoluteUrl(siteUrl, '/static/images/og-default.png'),
    telephone: agency.phone,
    email: agency.email,
    priceRange: agency.priceRange,
    address: postalAddress(),
    geo: { '@type': 'GeoCoordinates', latitude: agency.geo.latitude, longitude: agency.geo.longitude },
    openingHoursSpecification: agency.hours.map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: [...h.days], opens: h.opens, closes: h.closes })),
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', latitude: agency.geo.latitude, longitude: agency.geo.longitude },
      geoRadius: agency.serviceRadiusMeters,
    },
    parentOrganization: { '@id': `${absoluteUrl(siteUrl, '/')}#organization` },
  };
}
