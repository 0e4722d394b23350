import { agency, figures, intake, type ServiceSlug } from '../site.ts';

// Copy for the home page's sections. Figures come from lib/site.ts; service titles and paths too.

export type ServiceIcon = 'megaphone' | 'chat' | 'magnet' | 'search' | 'target' | 'pen';

export type ServiceCard = { slug: ServiceSlug; icon: ServiceIcon; description: string; features: [string, string, string, string] };

export const servicesIntro = {
  eyebrow: 'What we do',
  heading: 'Everything it takes to get found, chosen and booked',
  text: `Comprehensive digital marketing for local service firms: we build the channels that bring in calls and bookings, then tune them every week. Take one service, or let us run the lot.`,
  learnMore: 'Learn More',
};

export const serviceCards: ServiceCard[] = [
  {
    slug: 'digital-marketing',
    icon: 'megaphone',
    description: 'One plan across search, ads, social and email, run by a team that knows Toronto neighbourhoods.',
    features: [
      'Strategy mapped to your service area',
      'Monthly budget plan by channel',
      'One dashboard for every lead',
      'Weekly check-ins with your strategist',
    ],
  },
  {
    slug: 'social-media-management',
    icon: 'chat',
    description: 'Posts, replies and reviews handled for you, so your feed shows real work and real customers.',
    features: [
      'Before-and-after content calendars',
      'Comments and messages answered daily',
      'Review requests after every job',
      'Instagram, Facebook and LinkedIn',
    ],
  },
  {
    slug: 'lead-generation',
    icon: 'magnet',
    description: 'Effective lead generation: landing pages and offers that turn clicks into booked estimates and consults.',
    features: ['Landing pages built to book', 'Call tracking and form routing', 'Lead scoring so you call the best first', 'Follow-up texts and emails'],
  },
  {
    slug: 'seo-services',
    icon: 'search',
    description: `Rank in Google Maps and local search for the jobs you want. Businesses with strong SEO see ${figures.seoMoreLeads} more leads.`,
    features: ['Google Business Profile tune-up', 'Neighbourhood service pages', 'Citations and local links', 'Monthly ranking report'],
  },
  {
    slug: 'google-ads',
    icon: 'target',
    description: `Search ads that show when people are ready to hire. Our campaigns typically return ${figures.roasRange} on ad spend.`,
    features: ['Keyword plans by postal code', 'Ad copy tested every month', 'Negative keywords to stop waste', 'Conversion tracking set up properly'],
  },
  {
    slug: 'content-marketing',
    icon: 'pen',
    description: `Articles, guides and emails that answer your customers' questions. Active blogs draw ${figures.blogTrafficIncrease} more traffic.`,
    features: [
      'Two articles a month, written for you',
      'Email newsletters that get opened',
      'Short videos and photo stories',
      'Free revisions until it sounds like you',
    ],
  },
];

export type PackageCard = {
  key: string;
  title: string;
  description: string;
  image: { src: string; alt: string; width: number; height: number };
  highlights: string[];
};

export const packagesIntro = {
  eyebrow: 'Packages',
  heading: 'Pick the help you need, pay for nothing you do not',
  text: 'Custom packages built around your season, your service area and your budget. Ad spend is always billed separately, so you see exactly where every dollar goes.',
  book: 'Book Now',
};

export const packages: PackageCard[] = [
  {
    key: 'individual',
    title: 'Individual Services',
    description: 'Need one thing done well? Hire us for a single channel, such as SEO or Google Ads, and keep the rest in-house.',
    image: {
      src: '/static/images/package-individual.svg',
      alt: 'A single magnifying glass over a map pin, standing for one focused service',
      width: 480,
      height: 300,
    },
    highlights: ['One channel, fully managed', 'Month-to-month terms', 'Monthly results report'],
  },
  {
    key: 'custom',
    title: 'Custom Package',
    description: 'Combine the two or three services that move your numbers most. We build the plan around your busy and slow seasons.',
    image: {
      src: '/static/images/package-custom.svg',
      alt: 'Search, growth and messaging cards side by side, standing for services combined into one plan',
      width: 480,
      height: 300,
    },
    highlights: ['Two or three services together', 'Budget shifted to what works', 'Weekly check-ins'],
  },
  {
    key: 'full-service',
    title: 'Full Service Package',
    description: 'We run all of your marketing: search, ads, social, content and email, with one strategist who knows your business.',
    image: {
      src: '/static/images/package-full-service.svg',
      alt: 'A rising bar chart under a rocket, standing for full-service growth',
      width: 480,
      height: 300,
    },
    highlights: ['Every channel, one team', 'Big data audience insights', 'Priority support and free revisions'],
  },
];

export const deliverIntro = {
  eyebrow: 'How we deliver',
  heading: 'A boutique team with big-agency tools',
  text: `Since ${agency.foundedYear}, ${agency.name} has helped Toronto service businesses grow with a 1:1 boutique approach: you get a named strategist, not a ticket queue.`,
};

export const deliverPoints: { title: string; text: string }[] = [
  { title: '1:1 boutique approach', text: 'One strategist owns your account from the first call, and knows your services, margins and busy season.' },
  { title: 'Weekly check-ins', text: 'A short call every week: what ran, what it brought in, and what we change next.' },
  { title: 'Free revisions', text: 'Ads, posts and pages are revised until you are happy with them, at no extra cost.' },
  { title: 'Social media engagement', text: 'We answer comments and messages quickly, so local buyers get a reply while they are still deciding.' },
  { title: 'Individual or full service', text: 'Start with one service, add more when it pays, or hand us the whole plan from day one.' },
  {
    title: 'Big data tools',
    text: `We invest over ${figures.dataToolsPerYear} a year in data tools, so you see search demand and competitor moves in your area.`,
  },
];

export const deliverStats: { value: string; label: string }[] = [
  { value: `${figures.yearsExperience} years`, label: `Helping local businesses since ${agency.foundedYear}` },
  { value: `${figures.experts}`, label: 'Marketing experts on the team' },
  { value: figures.avgLeadIncrease90Days, label: 'Average lead increase in the first 90 days' },
  { value: figures.clientRetention12Months, label: 'Client retention after 12 months' },
  { value: figures.renewYear2, label: 'Clients who renew for year 2' },
  { value: `${figures.dataToolsPerYear}+`, label: 'Spent each year on big data tools' },
];

export type Testimonial = { name: string; business: string; content: string };

export const testimonialsIntro = {
  eyebrow: 'Client stories',
  heading: 'Toronto owners who stopped worrying about where the next job comes from',
};

export const testimonials: Testimonial[] = [
  {
    name: 'Marisol Reyes',
    business: 'Spotless Nest Cleaning, Leslieville',
    content:
      'We used to live on referrals and slow Januaries. Six months in, recurring cleaning bookings from Google are our biggest source of new clients, and I finally know which ads pay.',
  },
  {
    name: 'Dr. Priya Nandakumar',
    business: 'Lumen Aesthetics Medspa, Yorkville',
    content:
      'They understood the rules on advertising treatments and still made our Instagram feel warm. Consult requests doubled and the weekly check-in takes fifteen minutes.',
  },
  {
    name: 'Tom Kowalczyk',
    business: 'Kowalczyk Renovations, Etobicoke',
    content:
      'I wanted basement and kitchen jobs, not handyman calls. They rebuilt our ads around those searches and the quote requests we get now are the ones I want.',
  },
  {
    name: 'Andrea Okafor',
    business: 'Clear Path Career Coaching, North York',
    content:
      'I am a one-person practice and did not want a big agency. My strategist writes my newsletter, fills my discovery calls, and revises anything I am not happy with.',
  },
  {
    name: 'Jason Liu',
    business: 'Harbourfront HVAC Services, Scarborough',
    content:
      'Our Google Maps listing went from page two to the top three in our area. The phone rings in the shoulder season now, which has never happened before.',
  },
  {
    name: 'Samira Haddad',
    business: 'Bloom Wellness Studio, The Junction',
    content: 'Month-to-month terms made it easy to say yes. A year later we are still here because the reports show exactly what each dollar brought in.',
  },
];

/**
 * What sits beside (or, on a phone, below) the audit form wherever it appears: a line above the
 * section's heading, a paragraph, the checked points. The heading itself is the form's title.
 */
export type AuditIntro = { eyebrow: string; text: string; points: readonly string[] };

/**
 * True before the audit and after it (the intro stays beside the results, server-rendered): the results
 * email (lib/leads/emails.ts auditResultsEmail) and the results view say the same.
 */
export const auditPoints = [
  'No cost and no obligation',
  'Results on screen right away, and a copy by email',
  `A strategist reaches out within ${intake.reviewBusinessDays} business days`,
] as const;

export const contactIntro: AuditIntro = {
  eyebrow: 'Free · 4 short steps · about 2 minutes',
  text: 'You get a score out of 100, an estimate of the monthly revenue you are missing, and the services that would close the gap first.',
  points: auditPoints,
};

/** Initials for a testimonial avatar: the first letters of the first and last words, skipping titles. */
export function initials(name: string): string {
  const words = name
    .replace(/^(Dr|Mr|Mrs|Ms)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}
