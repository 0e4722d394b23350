// Every business fact, external link and marketing figure lives here once; the header, footer,
// JSON-LD and copy all read from this file.

export const agency = {
  name: 'Northline Digital',
  legalName: 'Northline Digital Marketing Inc.',
  city: 'Toronto',
  region: 'ON',
  country: 'CA',
  foundedYear: 2018,
  phone: '+1-416-555-0142',
  phoneDisplay: '(416) 555-0142',
  email: 'hello@northlinedigital.ca',
  address: {
    street: '312 Adelaide Street West, Suite 400',
    city: 'Toronto',
    region: 'ON',
    postalCode: 'M5V 1R2',
    country: 'CA',
  },
  geo: { latitude: 43.6476, longitude: -79.3925 },
  priceRange: '$$',
  serviceRadiusMeters: 50000,
  hours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:00', closes: '18:00' },
    { days: ['Sunday'], opens: '09:00', closes: '16:00' },
  ],
  copyrightYear: 2024,
  /** Dates shown on the site (blog posts) are formatted in this zone, on the server. */
  timeZone: 'America/Toronto',
} as const;

export const mailingAddressLine = `${agency.address.street}, ${agency.address.city}, ${agency.address.region} ${agency.address.postalCode}`;

/** External pages on the agency's main site and its city subdomain. */
export const links = {
  mainSite: 'https://northlinedigital.ca',
  about: 'https://toronto.northlinedigital.ca/about',
  privacy: 'https://northlinedigital.ca/privacy-policy',
  terms: 'https://northlinedigital.ca/terms-of-service',
  booking: 'https://northlinedigital.ca/book-a-call',
  mainBlog: 'https://northlinedigital.ca/blog',
  servicesSite: 'https://northlinedigital.ca/services',
  bigDataAdvantage: 'https://northlinedigital.ca/big-data-advantage',
  successStories: 'https://northlinedigital.ca/success-stories',
  team: 'https://northlinedigital.ca/team',
} as const;

export const socialProfiles = [
  { name: 'Instagram', url: 'https://www.instagram.com/northlinedigital' },
  { name: 'LinkedIn', url: 'https://www.linkedin.com/company/northline-digital' },
  { name: 'Facebook', url: 'https://www.facebook.com/northlinedigital' },
  { name: 'YouTube', url: 'https://www.youtube.com/@northlinedigital' },
] as const;

export const otherLocations = [
  { city: 'Mississauga', url: 'https://mississauga.northlinedigital.ca' },
  { city: 'Vaughan', url: 'https://vaughan.northlinedigital.ca' },
  { city: 'Ottawa', url: 'https://ottawa.northlinedigital.ca' },
  { city: 'Hamilton', url: 'https://hamilton.northlinedigital.ca' },
] as const;

/** Marketing claims from the specification; copy everywhere reads these, never a literal. */
export const figures = {
  moreLeads: '300%',
  businessesServed: '200+',
  yearsExperience: 6,
  experts: 20,
  dataToolsPerYear: '$40K',
  intakeDataInvestment: '$30k–$40k',
  avgLeadIncrease90Days: '156%',
  clientRetention12Months: '89%',
  renewYear2: '80%',
  roasRange: '500–1000%',
  emailRoi: '42x',
  blogTrafficIncrease: '400%',
  seoMoreLeads: '68%',
  researchOnlineFirst: '80%',
  cheaperThanTraditional: '3x',
  revenueIncrease: '61%',
  typicalMonthlyCost: '$2,000–$10,000',
  seoTimeToResults: '3–6 months',
} as const;

/** Q4 intake facts from the specification's business constants. */
export const intake = {
  q4Slots: 6,
  newClients2025: 12,
  reviewBusinessDays: 2,
  strategySessionMinutes: '45–60',
  packagesFromMonthly: '$1,500',
  recommendedRunwayMonths: 9,
  monthToMonthAvailable: true,
  adSpendBilledSeparately: true,
  reportingCadence: 'weekly',
  resultsReportPages: '10–30',
  dataInvestment: figures.intakeDataInvestment,
  path: '/q4-intake',
  thankYouPath: '/q4-intake/thank-you',
} as const;

/** The six services; the slug is the path under /services. */
export const services = [
  { slug: 'digital-marketing', title: 'Digital Marketing' },
  { slug: 'social-media-management', title: 'Social Media Management' },
  { slug: 'lead-generation', title: 'Lead Generation' },
  { slug: 'seo-services', title: 'SEO Services' },
  { slug: 'google-ads', title: 'Google Ads' },
  { slug: 'content-marketing', title: 'Content Marketing' },
] as const;

export type ServiceSlug = (typeof services)[number]['slug'];

export const servicePath = (slug: ServiceSlug) => `/services/${slug}`;

/** A service's name, by slug. */
export const serviceTitle = (slug: ServiceSlug): string => services.find((s) => s.slug === slug)?.title ?? slug;

/** Header and mobile-menu links. `contact` resolves to `#contact` on the home page, `/#contact` elsewhere. */
export const navLinks = [
  { label: 'About', href: links.about, external: true },
  { label: 'Services', href: '/services', external: false },
  { label: 'Blog', href: '/blog', external: false },
  { label: 'Contact', href: '/#contact', external: false },
] as const;

export const contactHref = (onHome: boolean) => (onHome ? '#contact' : '/#contact');
