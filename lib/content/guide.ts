// The copy of /what-is-digital-marketing, section by section in the page's order. Figures and
// external links come from lib/site.ts.
import { agency, figures, links, servicePath } from '../site.ts';
import { type AuditIntro, auditPoints } from './home.ts';
import type { IconName } from './icons.ts';

export const guideMeta = {
  path: '/what-is-digital-marketing',
  title: 'What is Digital Marketing? A Guide for Toronto Businesses | Northline Digital',
  headline: 'What is Digital Marketing? A Plain-Language Guide for Toronto Business Owners',
  description:
    'What digital marketing is, how SEO, pay-per-click, social media and data analysis work together, what it costs and how long it takes, explained for Toronto local business owners.',
  keywords: [
    'what is digital marketing',
    'digital marketing Toronto',
    'digital marketing for small business',
    'SEO',
    'pay-per-click',
    'social media marketing',
    'digital marketing glossary',
    'digital marketing cost',
  ],
  datePublished: '2024-09-16',
  dateModified: '2024-11-04',
} as const;

export const guideHero = {
  eyebrow: 'A plain-language guide',
  heading: 'What is Digital Marketing?',
  intro: `Everything a ${agency.city} business owner needs to know before spending a dollar online: what digital marketing is, how the pieces fit together, what it costs and how to tell whether it is working. No jargon, and a glossary for when you meet some anyway.`,
  cta: 'Start Learning',
} as const;

export const definition = {
  heading: 'Digital marketing, defined',
  parts: [
    {
      title: 'Digital marketing',
      text: 'Digital marketing is every way a business reaches and wins customers online: showing up in Google searches and on Maps, ads on search and social platforms, social media profiles, email, and the website that ties them together. What sets it apart from flyers, radio or a bus-shelter ad is that almost everything can be measured, so you can see which dollars brought in customers and move money toward what works.',
    },
    {
      title: 'A digital marketer',
      text: 'A digital marketer plans, runs and measures those channels. On any given day that means researching what customers search for, writing ads and posts, fixing a slow web page, checking which campaign made the phone ring and deciding where next month’s budget should go. A good one speaks in leads, bookings and revenue, not in likes.',
    },
    {
      title: 'A digital marketing strategy',
      text: 'A strategy is the written plan that connects your business goals to specific channels, budgets and numbers. It answers who your best customers are, where they look for help, what will make them choose you, how much you will spend in each channel, and which results will count as success. Without one, marketing becomes a string of disconnected experiments.',
    },
  ],
} as const;

export const approach = {
  heading: 'Our hands-off approach',
  intro: `Most owners we meet do not want to become marketers. They want the phone to ring with the right customers while they run the business. So ${agency.name} takes the work off your plate: we plan, build, publish and optimize, and you spend a short weekly check-in approving the direction and hearing the results.`,
  detail: `Behind that sits more than ${figures.dataToolsPerYear} a year in data and research tools, a team of ${figures.experts} specialists and ${figures.yearsExperience} years of local campaigns. You get the benefit without having to learn any of it.`,
  links: [
    {
      label: 'Our big data advantage',
      href: links.bigDataAdvantage,
      text: 'How our research tools find the searches, audiences and competitors that matter in your market.',
    },
    { label: 'Client success stories', href: links.successStories, text: 'Real results from Toronto cleaners, medspas, contractors and coaches.' },
    { label: 'Meet the team', href: links.team, text: 'The strategists, writers, designers and analysts who would work on your account.' },
  ],
} as const;

export type GuideComponent = { icon: IconName; title: string; text: string; link: { href: string; label: string } };

export const components = {
  heading: 'The four components of digital marketing',
  intro: 'Most successful local campaigns combine four disciplines. Each works on its own, but together they reinforce each other.',
  items: [
    {
      icon: 'search',
      title: 'Search engine optimization (SEO)',
      text: 'Making your website and Google Business Profile the best answer for the searches your customers make, so you appear in the map and the top results without paying per click. Slow to build, but the leads keep coming.',
      link: { href: servicePath('seo-services'), label: 'Our SEO services' },
    },
    {
      icon: 'pointer',
      title: 'Pay-per-click advertising (PPC)',
      text: 'Ads on Google and other platforms where you pay only when someone clicks. They put you at the top of results the day they launch, which makes them the fastest way to test an offer or fill a quiet week.',
      link: { href: servicePath('google-ads'), label: 'Our Google Ads management' },
    },
    {
      icon: 'chat',
      title: 'Social media marketing',
      text: 'Building trust and staying top of mind on Instagram, Facebook and LinkedIn with posts that show your real work, conversations with followers, and small, well-targeted local ads.',
      link: { href: servicePath('social-media-management'), label: 'Our social media management' },
    },
    {
      icon: 'chart',
      title: 'Data analysis',
      text: 'Tracking every call, form and booking back to its source, then using those numbers to cut waste and back what works. It is the part that turns marketing from a cost into an investment.',
      link: { href: servicePath('digital-marketing'), label: 'Our full-service digital marketing' },
    },
  ] satisfies GuideComponent[],
} as const;

export const reasons = {
  heading: 'Why digital marketing matters for your business',
  items: [
    {
      icon: 'search',
      title: 'Your customers look online first',
      text: `${figures.researchOnlineFirst} of consumers research a business online before they buy. If they cannot find you, they find a competitor.`,
    },
    {
      icon: 'dollar',
      title: 'It costs less per customer',
      text: `Digital marketing is about ${figures.cheaperThanTraditional} cheaper than traditional advertising, and you can start with a small budget.`,
    },
    {
      icon: 'mapPin',
      title: 'You reach only your service area',
      text: 'Target by neighbourhood, postal code or radius, so you never pay to reach people you cannot serve.',
    },
    {
      icon: 'report',
      title: 'Every dollar is measurable',
      text: 'Calls, forms and bookings are tracked to their source, so you know exactly what is working.',
    },
    {
      icon: 'bolt',
      title: 'You can change course quickly',
      text: 'Campaigns can be adjusted in hours, not months, when an offer, a season or the market changes.',
    },
    {
      icon: 'trend',
      title: 'It drives real growth',
      text: `Businesses that commit to digital marketing see an average ${figures.revenueIncrease} revenue increase.`,
    },
  ] satisfies { icon: IconName; title: string; text: string }[],
} as const;

export const glossaryIntro = {
  heading: 'Digital marketing glossary',
  intro: 'The terms you will hear from agencies, ad platforms and reports, explained in a sentence or two. Search as you type, or jump to a letter.',
} as const;

export const strategyCta = {
  heading: 'Ready to put this into practice?',
  text: 'Start with the free business audit on this page: it shows where customers are slipping away, and a strategist follows up to book your free strategy session and outline a plan that fits your budget.',
  label: 'Get Your Free Strategy Session',
  href: '#contact',
} as const;

/** The audit at the end of the guide, where 'Get Your Free Strategy Session' leads. */
export const guideAudit: AuditIntro = {
  eyebrow: 'Put it into practice',
  text: 'Four short steps, about 2 minutes. You see your score, the monthly value within reach and the services that fit, and a strategist follows up to book your free strategy session if you want one.',
  points: auditPoints,
};

export const guideStats = {
  heading: 'Digital marketing by the numbers',
  items: [
    { value: figures.researchOnlineFirst, label: 'of consumers research online before buying' },
    { value: figures.cheaperThanTraditional, label: 'cheaper than traditional advertising' },
    { value: figures.revenueIncrease, label: 'average revenue increase for businesses that commit to digital marketing' },
    { value: figures.typicalMonthlyCost, label: 'typical monthly investment for a local business' },
    { value: figures.seoTimeToResults, label: 'for SEO to show clear results' },
  ],
} as const;

export const faqIntro = {
  heading: 'Frequently asked questions',
} as const;
