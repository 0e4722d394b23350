import { absoluteUrl } from './page-meta.ts';
import { agency, links, socialProfiles } from './site.ts';

// Structured data (schema.org JSON-LD) for the agency, built from lib/site.ts.

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
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.address.street,
      addressLocality: agency.address.city,
      addressRegion: agency.address.region,
      postalCode: agency.address.postalCode,
      addressCountry: agency.address.country,
    },
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
