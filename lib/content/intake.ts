import { absoluteUrl } from '../pages/meta.ts';
import { agency, figures, intake } from '../site.ts';
import type { FaqItem } from './faq.ts';
import { agencyReference } from './structured-data.ts';

// Copy for /q4-intake and its thank-you page. Every fact comes from lib/site.ts.

/** The intake by name and with its limit, where a page links to it in passing (the footer, on every page). */
export const intakeLink = { href: intake.path, label: `Q4 client intake: ${intake.q4Slots} slots` } as const;

export const intakeHero = {
  eyebrow: `Q4 intake · ${intake.q4Slots} client slots`,
  headline: 'Q4 Client Intake. 6 Slots. Toronto Only.',
  lead:
    `We take on ${intake.newClients2025} new clients in all of 2025, and ${intake.q4Slots} of those spots open this quarter. ` +
    `They go to Toronto cleaning companies, medspas, contractors and coaches who are ready to grow. ` +
    `The application takes about five minutes, and a real person reviews it within ${intake.reviewBusinessDays} business days.`,
  cta: 'Apply for a Q4 slot',
  note: `Packages typically from about ${intake.packagesFromMonthly} a month. Ad spend billed separately.`,
} as const;

/** Short proof points under the hero. */
export const trustBar = [
  { value: `${figures.yearsExperience} years`, label: `Marketing Toronto businesses since ${agency.foundedYear}` },
  { value: figures.businessesServed, label: 'Local businesses served' },
  { value: String(figures.experts), label: 'In-house marketing specialists' },
  { value: figures.clientRetention12Months, label: 'Of clients still with us after 12 months' },
] as const;

export const proofBullets = [
  {
    icon: 'calendar',
    title: 'Weekly strategy calls',
    text: 'Every week you get a call with the people doing the work. We go over what moved, what did not, and what we are changing next. You leave with decisions, not a slide deck.',
  },
  {
    icon: 'portal',
    title: 'Your own client portal',
    text: `Reporting is ${intake.reportingCadence} and lives in your portal. It includes a ${intake.resultsReportPages} page results report on leads, calls, bookings and cost per lead, plus a live task list, so you can see what we are working on any day of the week.`,
  },
  {
    icon: 'card',
    title: 'Ad spend billed separately',
    text: 'Your ad budget is charged by Google and Meta to your own card, in your own accounts. Our fee covers the work. We never mark up your media spend, and the accounts stay yours if you leave.',
  },
  {
    icon: 'data',
    title: `A ${intake.dataInvestment} data investment behind you`,
    text: `We pay ${intake.dataInvestment} a year for keyword, competitor, call-tracking and local-ranking tools. You get what they show about your market without paying for a single licence.`,
  },
  {
    icon: 'runway',
    title: `Month-to-month, with a ${intake.recommendedRunwayMonths}-month runway in mind`,
    text: `Month-to-month terms are available. We recommend planning for ${intake.recommendedRunwayMonths} months, because search rankings, reviews and retargeting audiences build on each other. Most of the payoff comes in the second half of that runway.`,
  },
] as const;

export type ProofIcon = (typeof proofBullets)[number]['icon'];

export const fitList = {
  goodFit: [
    'You serve customers in Toronto, and you want more of them from the neighbourhoods you already work in.',
    'You run a cleaning company, medspa, contracting firm or coaching practice, or another local service business.',
    `You can invest from about ${intake.packagesFromMonthly} a month in our work, plus an ad budget paid straight to the platforms.`,
    'You or someone on your team can call new leads back the same day.',
    'You can give us 30 minutes a week for a strategy call and quick approvals.',
  ],
  notYet: [
    'You want a one-off campaign or a quick burst of likes.',
    'You have no room in your calendar for more work in the next three months.',
    'Your customers are mostly outside Toronto.',
  ],
} as const;

export const howItWorks = [
  {
    title: 'Apply',
    text: `Fill in the short form below. We read every application ourselves and reply within ${intake.reviewBusinessDays} business days.`,
  },
  {
    title: `${intake.strategySessionMinutes} minute strategy session`,
    text: `If it looks like a fit, we book a ${intake.strategySessionMinutes} minute session. We come prepared with your Google presence, your competitors and your numbers, and we leave you with a plan whether or not you hire us.`,
  },
  {
    title: 'Join the cohort, or go first next time',
    text: `${intake.q4Slots} businesses join the Q4 cohort and start onboarding right away. If we are full or the timing is wrong, you get priority for the next intake.`,
  },
] as const;

export const intakeFaq: readonly FaqItem[] = [
  {
    topic: 'cost',
    question: 'How much does it cost?',
    answer: `Packages typically start from about ${intake.packagesFromMonthly} a month, depending on the services and the size of your market. Ad spend is separate and is paid directly to Google or Meta from your own accounts.`,
  },
  {
    topic: 'contract',
    question: 'Do I have to sign a long contract?',
    answer: `No. Month-to-month is available. We recommend a ${intake.recommendedRunwayMonths}-month runway because SEO and reviews take time to compound, and we will tell you plainly if the numbers are not moving.`,
  },
  {
    topic: 'slots',
    question: `Why only ${intake.q4Slots} slots?`,
    answer: `We cap growth at ${intake.newClients2025} new clients for 2025 so every account gets senior people and a proper onboarding. ${intake.q4Slots} of those spots open in Q4.`,
  },
  {
    topic: 'reporting',
    question: 'How will I know it is working?',
    answer: `You get ${intake.reportingCadence} reporting in your client portal, a ${intake.resultsReportPages} page results report, a live task list and a strategy call every week. We track calls, form leads and bookings, not just clicks.`,
  },
  {
    topic: 'not selected',
    question: 'What happens if I am not selected?',
    answer: 'You move to the front of the line for the next intake, and we send you three rapid growth plays you can put to work yourself while you wait.',
  },
];

export const intakeFormIntro = {
  heading: 'Apply for a Q4 slot',
  text: `About five minutes. Fields marked * are required. We reply within ${intake.reviewBusinessDays} business days.`,
  /** Above the form when it came prefilled from the visitor's audit results. */
  prefilled: 'We filled in what you told us in your audit. Check it over, then answer the rest.',
} as const;

export const thankYou = {
  headline: "You're on the Q4 list.",
  lead: `Thanks for applying. Our team reads every application, and within ${intake.reviewBusinessDays} business days we will email you. If it looks like a fit, that email has a link to book your ${intake.strategySessionMinutes} minute strategy session.`,
  notAFit: {
    heading: 'Not a fit for Q4? You still leave with something.',
    text: 'If the timing or the match is not right this quarter, you get priority for our next intake, plus three rapid growth plays you can start this week:',
  },
  plays: [
    {
      title: 'Tune up your Google Business Profile',
      text: 'Choose the most specific primary category, list every neighbourhood you serve, add ten recent photos of real jobs, and post one update a week. It is free and it is where most local searches end.',
    },
    {
      title: 'Ask for a review after every job',
      text: 'Text each happy customer a direct review link the same day, while the result is fresh. A steady trickle of new reviews beats a burst once a year.',
    },
    {
      title: 'Answer new leads within minutes',
      text: 'Send website forms to your phone and turn on a missed-call text back. The first business to reply usually wins the booking, even against a bigger competitor.',
    },
  ],
  rush: {
    label: 'Tip',
    text: "Need to start sooner? Reply 'Rush' with your ideal start date and we will move your application to the front of the line.",
    linkText: `Send 'Rush' to ${agency.email}`,
  },
  mailtoRush: `mailto:${agency.email}?subject=${encodeURIComponent('Rush')}&body=${encodeURIComponent('Ideal start date: ')}`,
} as const;

export const intakeMeta = {
  title: 'Q4 Client Intake: 6 Slots for Toronto Businesses | Northline Digital',
  description: `Apply for one of ${intake.q4Slots} Q4 client slots at ${agency.name}. For Toronto cleaners, medspas, contractors and coaches. Packages from about ${intake.packagesFromMonthly} a month; reply within ${intake.reviewBusinessDays} business days.`,
} as const;

export const thankYouMeta = {
  title: "You're on the Q4 list | Northline Digital",
  description: `Thanks for applying for a Q4 client slot. We reply within ${intake.reviewBusinessDays} business days.`,
} as const;

/** Structured data for /q4-intake: the page, the service on offer with the agency as provider, and the FAQ. */
export function intakeJsonLd(siteUrl: string): object[] {
  const pageUrl = absoluteUrl(siteUrl, intake.path);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      '@id': pageUrl,
      url: pageUrl,
      name: intakeMeta.title,
      description: intakeMeta.description,
      inLanguage: 'en-CA',
      isPartOf: { '@type': 'WebSite', name: agency.name, url: absoluteUrl(siteUrl, '/') },
      mainEntity: {
        '@type': 'Service',
        name: 'Q4 client intake: done-for-you local marketing',
        serviceType: 'Digital marketing',
        description: `Done-for-you digital marketing for ${intake.q4Slots} Toronto local service businesses joining in Q4, with weekly strategy calls and ${intake.reportingCadence} reporting.`,
        provider: agencyReference(siteUrl),
        areaServed: { '@type': 'City', name: agency.city },
        audience: { '@type': 'BusinessAudience', audienceType: 'Cleaning companies, medspas, contractors and coaches' },
        offers: {
          '@type': 'Offer',
          url: pageUrl,
          availability: 'https://schema.org/LimitedAvailability',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            minPrice: Number(intake.packagesFromMonthly.replace(/\D/g, '')),
            priceCurrency: 'CAD',
            unitText: 'MONTH',
          },
        },
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: intakeFaq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    },
  ];
}
