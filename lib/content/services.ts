// The copy for /services and the six service pages: one entry per service, rendered by
// components/services/ServicePage.tsx. Figures come from lib/site.ts, never literals.
import { figures, intake, type ServiceSlug, services } from '../site.ts';
import type { IconName } from './icons.ts';

export type Feature = { icon: IconName; title: string; text: string };
export type Step = { title: string; text: string };
export type Stat = { value: string; label: string };

export type ServiceContent = {
  slug: ServiceSlug;
  title: string;
  icon: IconName;
  /** <title> and the Open Graph title. */
  metaTitle: string;
  metaDescription: string;
  /** One or two sentences for the overview card. */
  summary: string;
  hero: { eyebrow: string; heading: string; intro: string; cta: string };
  features: { heading: string; items: readonly Feature[] };
  steps: { heading: string; items: readonly Step[] };
  stats: readonly Stat[];
  finalCta: { heading: string; text: string };
};

/** The overview's buttons lead to the free audit on the home page. */
export const auditCta = { href: '/#contact', label: 'Get Your Free Business Audit' } as const;

/**
 * The Q4 client intake, offered on the overview and every service page to owners who want the work done
 * for them (components/services/IntakeInvite.tsx); the button says what it leads to.
 */
export const intakeInvite = {
  eyebrow: `Q4 client intake · ${intake.q4Slots} slots`,
  heading: 'Rather have us run it for you?',
  text:
    `This quarter we take on ${intake.q4Slots} Toronto businesses as done-for-you clients: weekly strategy calls, a client portal ` +
    `with ${intake.reportingCadence} reporting, and packages from about ${intake.packagesFromMonthly} a month. The application takes about ` +
    `five minutes, and we reply within ${intake.reviewBusinessDays} business days.`,
  href: intake.path,
  label: 'Apply for a Q4 client slot',
} as const;

/** The line above each service page's audit, whose heading is the page's own final call to action. */
export const serviceAuditEyebrow = 'Free business growth audit';

type Entry = Omit<ServiceContent, 'title'>;

const entries: readonly Entry[] = [
  {
    slug: 'digital-marketing',
    icon: 'layers',
    metaTitle: 'Digital Marketing Services Toronto | Northline Digital',
    metaDescription:
      'Full-service digital marketing for Toronto local businesses: search, ads, social and email run as one plan by one team, with weekly check-ins and plain reporting.',
    summary: 'Search, ads, social and email run as one plan by one team, measured by the calls and bookings it brings in.',
    hero: {
      eyebrow: 'Full-service digital marketing',
      heading: 'Digital marketing that keeps your calendar full',
      intro:
        'Most Toronto service businesses juggle a web person, an ads freelancer and whoever has time to post on Instagram. We replace the patchwork with one plan and one accountable team, judged on the customers it brings you.',
      cta: 'Plan my growth',
    },
    features: {
      heading: 'Everything working from the same plan',
      items: [
        {
          icon: 'layers',
          title: 'One plan, every channel',
          text: 'Search, paid ads, social and email share one customer list, one set of offers and one calendar, so no channel undercuts another.',
        },
        {
          icon: 'mapPin',
          title: 'Local-first targeting',
          text: 'We aim at the neighbourhoods you actually serve, from Leslieville to Etobicoke, instead of paying for attention from people who will never book.',
        },
        {
          icon: 'calendar',
          title: 'Weekly check-ins',
          text: 'A standing weekly call with the people doing the work: what changed, what it cost and what happens next. No account-manager relay.',
        },
        {
          icon: 'report',
          title: 'Reporting you can read',
          text: 'Leads, cost per lead and booked revenue on one page. If a number does not help you decide something, it is not in the report.',
        },
      ],
    },
    steps: {
      heading: 'How we get you growing',
      items: [
        {
          title: 'Audit',
          text: 'We review your website, Google Business Profile, reviews, ads and nearest competitors, and show you where customers slip away.',
        },
        { title: 'Plan', text: 'You get a 90-day plan ranked by expected return, with a budget per channel and the numbers we agree to be judged on.' },
        { title: 'Launch', text: 'Tracking goes in first. Then we launch in order of impact, so the early wins help pay for the longer-term work.' },
        { title: 'Improve', text: 'Every week we cut what is not pulling its weight and back what is. Every month you see results against the plan.' },
      ],
    },
    stats: [
      { value: figures.avgLeadIncrease90Days, label: 'average lead increase in a client’s first 90 days' },
      { value: figures.revenueIncrease, label: 'revenue increase for businesses that commit to a joined-up digital strategy' },
      { value: figures.cheaperThanTraditional, label: 'cheaper than traditional advertising for each customer reached' },
      { value: figures.clientRetention12Months, label: 'of our clients are still with us after 12 months' },
    ],
    finalCta: {
      heading: 'Find out what is holding your growth back',
      text: 'Answer a few questions about your business and get a score, an estimate of what better marketing is worth to you each month, and the services that fit. Free, with no obligation.',
    },
  },
  {
    slug: 'social-media-management',
    icon: 'chat',
    metaTitle: 'Social Media Management Toronto | Northline Digital',
    metaDescription:
      'Social media management for Toronto local businesses: planned content, real engagement and local ads on Instagram, Facebook and LinkedIn that turn followers into clients.',
    summary: 'Planned posts, replies within the day and local ads on the platforms your customers actually use.',
    hero: {
      eyebrow: 'Social media management',
      heading: 'Social media that books appointments, not just likes',
      intro:
        'Your customers check your Instagram before they call. We keep your profiles active, answer comments and messages, and run small local ads, so the people who find you see a business worth trusting.',
      cta: 'Grow my social presence',
    },
    features: {
      heading: 'What you get every month',
      items: [
        {
          icon: 'calendar',
          title: 'A content calendar you approve',
          text: 'A month of posts, reels and stories planned around your busy seasons, offers and the questions customers keep asking.',
        },
        {
          icon: 'camera',
          title: 'Content from your real work',
          text: 'Before-and-after shots, short team videos and client wins. Real work from your business beats stock photos every time.',
        },
        {
          icon: 'chat',
          title: 'Engagement that feels personal',
          text: 'We reply to comments and messages in your voice and pass hot enquiries straight to you, so no lead waits until Monday.',
        },
        {
          icon: 'target',
          title: 'Local paid social',
          text: 'Small, tightly targeted Instagram and Facebook ads that reach people near you who match your best customers.',
        },
      ],
    },
    steps: {
      heading: 'How we run your social media',
      items: [
        { title: 'Profile review', text: 'We tidy your bios, highlights, links and contact buttons so every visit has an obvious next step.' },
        { title: 'Monthly plan', text: 'You approve the next month’s calendar in one short review instead of being asked for a post every day.' },
        { title: 'Publish and engage', text: 'We post, reply and run ads on schedule, and flag anything that needs your personal touch.' },
        { title: 'Report and refine', text: 'Each month we show which posts brought enquiries and double down on the formats your audience responds to.' },
      ],
    },
    stats: [
      { value: figures.researchOnlineFirst, label: 'of consumers research a business online before they buy' },
      { value: figures.cheaperThanTraditional, label: 'cheaper than traditional advertising to reach the same audience' },
      { value: figures.clientRetention12Months, label: 'of our clients are still with us after 12 months' },
    ],
    finalCta: {
      heading: 'See what your social presence is costing you',
      text: 'Our free business audit looks at your profiles alongside your website and search visibility, and tells you which fixes will bring the most enquiries.',
    },
  },
  {
    slug: 'lead-generation',
    icon: 'funnel',
    metaTitle: 'Lead Generation Services Toronto | Northline Digital',
    metaDescription:
      'Lead generation for Toronto local businesses: landing pages, offers, call tracking and fast follow-up that turn ad clicks and searches into booked jobs.',
    summary: 'Offers, landing pages and follow-up systems that turn clicks into calls and calls into booked jobs.',
    hero: {
      eyebrow: 'Lead generation',
      heading: 'A steady flow of qualified leads, every week',
      intro:
        'Feast-or-famine months are a pipeline problem. We build the offers, landing pages and follow-up that bring in enquiries from people ready to buy, and we track every one back to where it came from.',
      cta: 'Fill my pipeline',
    },
    features: {
      heading: 'A lead system, not a lead list',
      items: [
        {
          icon: 'funnel',
          title: 'Offers people act on',
          text: 'A free estimate, a first-visit package or a discovery call: we shape an offer that gives a stranger a reason to get in touch today.',
        },
        {
          icon: 'document',
          title: 'Landing pages that convert',
          text: 'Fast, focused pages built for one service and one action, tested on phones first because that is where most leads arrive.',
        },
        {
          icon: 'phone',
          title: 'Call and form tracking',
          text: 'Every call, form and booking is tagged with its source, so you know exactly which dollars produce customers.',
        },
        {
          icon: 'bolt',
          title: 'Follow-up on autopilot',
          text: 'Instant text and email replies, reminders and gentle nudges for quotes that went quiet, so fewer leads go cold.',
        },
      ],
    },
    steps: {
      heading: 'How we build your pipeline',
      items: [
        { title: 'Define the ideal lead', text: 'We agree on who a good lead is: the service, the postal codes, the job size, and what one is worth to you.' },
        {
          title: 'Build the funnel',
          text: 'Offer, landing page, tracking and follow-up are set up and tested end to end before any money is spent on traffic.',
        },
        { title: 'Drive traffic', text: 'We send the right visitors from Google, social and your existing customer list, starting with the cheapest sources.' },
        { title: 'Qualify and scale', text: 'We compare lead quality by source with you each week, then move budget to what turns into paying work.' },
      ],
    },
    stats: [
      { value: figures.moreLeads, label: 'more leads for the businesses we work with' },
      { value: figures.avgLeadIncrease90Days, label: 'average lead increase in a client’s first 90 days' },
      { value: figures.emailRoi, label: 'return on every dollar spent on email follow-up' },
    ],
    finalCta: {
      heading: 'Find the leaks in your lead flow',
      text: 'The free business audit shows where enquiries are being lost today and what a steadier pipeline could be worth to you each month.',
    },
  },
  {
    slug: 'seo-services',
    icon: 'search',
    metaTitle: 'SEO Services Toronto | Northline Digital',
    metaDescription:
      'Local SEO for Toronto businesses: Google Business Profile, map pack rankings, technical fixes and service pages that bring in customers searching near you.',
    summary: 'Map pack rankings, a stronger Google Business Profile and service pages that win the searches near you.',
    hero: {
      eyebrow: 'Local SEO',
      heading: 'Get found when Toronto searches for what you do',
      intro:
        'When someone types “medspa near me” or “house cleaning Etobicoke”, the businesses in the map and the top results get the call. We put you there and keep you there, with work you can see every month.',
      cta: 'Improve my rankings',
    },
    features: {
      heading: 'SEO built for local businesses',
      items: [
        {
          icon: 'mapPin',
          title: 'Google Business Profile',
          text: 'Categories, services, photos, posts and Q&A filled out properly, because your profile is often the first thing a customer sees.',
        },
        {
          icon: 'star',
          title: 'Reviews that rank',
          text: 'A simple system for asking happy customers for reviews, plus replies that show future customers you care.',
        },
        {
          icon: 'document',
          title: 'Service and area pages',
          text: 'One useful page per service and per area you serve, written for the questions people type into Google.',
        },
        {
          icon: 'shield',
          title: 'Technical health',
          text: 'Speed, mobile layout, structured data and indexing problems found and fixed, so Google can read every page you publish.',
        },
      ],
    },
    steps: {
      heading: 'How we grow your search traffic',
      items: [
        { title: 'Research', text: 'We find the searches your customers actually use, how hard each one is to win, and who ranks for them today.' },
        {
          title: 'Fix the foundation',
          text: 'Technical problems, duplicate listings and profile gaps are cleaned up first, since everything else builds on them.',
        },
        { title: 'Publish and earn', text: 'We write service and area pages, win local citations and links, and keep reviews coming in each month.' },
        {
          title: 'Track and expand',
          text: `Rankings, map views and calls are reported monthly. Expect real movement in ${figures.seoTimeToResults}, then we widen the net.`,
        },
      ],
    },
    stats: [
      { value: figures.seoMoreLeads, label: 'more leads for businesses that invest in SEO' },
      { value: figures.researchOnlineFirst, label: 'of consumers research online before choosing a local business' },
      { value: figures.seoTimeToResults, label: 'typical time before SEO work shows clear results' },
    ],
    finalCta: {
      heading: 'See how you rank against your competitors',
      text: 'Our free business audit checks your search visibility and online presence and shows which SEO fixes will bring the most new customers.',
    },
  },
  {
    slug: 'google-ads',
    icon: 'pointer',
    metaTitle: 'Google Ads Management Toronto | Northline Digital',
    metaDescription:
      'Google Ads management for Toronto local businesses: search and local service campaigns built around booked jobs, with tight geo-targeting and no wasted spend.',
    summary: 'Search and local service campaigns that put you in front of people ready to book today, with every dollar tracked.',
    hero: {
      eyebrow: 'Google Ads management',
      heading: 'Show up at the moment customers are ready to buy',
      intro:
        'Google Ads can be the fastest way to fill your schedule, or the fastest way to burn money. We build campaigns around the jobs you want, in the areas you serve, and report on bookings rather than clicks.',
      cta: 'Start my campaign',
    },
    features: {
      heading: 'Campaigns run with your money in mind',
      items: [
        {
          icon: 'search',
          title: 'Intent-first keywords',
          text: 'We bid on searches that signal a purchase, like “emergency plumber” or “lip filler consultation”, and block the ones that never convert.',
        },
        {
          icon: 'mapPin',
          title: 'Tight geo-targeting',
          text: 'Ads run only where you work and when you can answer the phone, so you never pay for a click you cannot serve.',
        },
        {
          icon: 'document',
          title: 'Ads and pages that match',
          text: 'Each ad leads to a page about exactly what was searched, which lifts conversions and lowers what Google charges per click.',
        },
        {
          icon: 'dollar',
          title: 'Spend you can see',
          text: 'Your ad account stays in your name. Ad spend is billed by Google directly, and you see every dollar and what it produced.',
        },
      ],
    },
    steps: {
      heading: 'How we launch and grow your ads',
      items: [
        {
          title: 'Account review',
          text: 'If you have run ads before, we find the wasted spend first. If not, we research costs and volumes for your services.',
        },
        { title: 'Build', text: 'Campaigns, keywords, ads, extensions and conversion tracking are built and checked before the first dollar is spent.' },
        { title: 'Launch', text: 'We start with a controlled budget on the most profitable services and watch search terms daily in the first weeks.' },
        { title: 'Optimize', text: 'Weekly bid, keyword and ad changes, with budget moved toward the campaigns that bring in booked work.' },
      ],
    },
    stats: [
      { value: figures.roasRange, label: 'typical return on ad spend for well-managed campaigns' },
      { value: figures.researchOnlineFirst, label: 'of consumers search online before they choose a business' },
      { value: figures.avgLeadIncrease90Days, label: 'average lead increase in a client’s first 90 days' },
    ],
    finalCta: {
      heading: 'Find out if paid search fits your business',
      text: 'The free business audit looks at your market, budget and goals, and tells you plainly whether Google Ads should be part of your plan.',
    },
  },
  {
    slug: 'content-marketing',
    icon: 'document',
    metaTitle: 'Content Marketing Toronto | Northline Digital',
    metaDescription:
      'Content marketing for Toronto local businesses: blog articles, guides, email newsletters and short video that answer customer questions and bring steady traffic.',
    summary: 'Articles, guides, email and short video that answer your customers’ questions and keep you top of mind.',
    hero: {
      eyebrow: 'Content marketing',
      heading: 'Content that answers questions and wins customers',
      intro:
        'Before they book, your customers have questions about price, timing and what to expect. We turn your expertise into articles, emails and videos that answer them, earn search traffic and build trust before the first call.',
      cta: 'Build my content plan',
    },
    features: {
      heading: 'Content with a job to do',
      items: [
        {
          icon: 'document',
          title: 'Articles that rank',
          text: 'Helpful, well-researched posts aimed at the questions Toronto customers search, each linking to the service it supports.',
        },
        {
          icon: 'mail',
          title: 'Email newsletters',
          text: 'A regular email to past customers and leads with useful tips and timely offers, the cheapest repeat business you will find.',
        },
        {
          icon: 'camera',
          title: 'Short video',
          text: 'Quick explainers and behind-the-scenes clips, filmed simply and cut for Instagram, YouTube and your website.',
        },
        {
          icon: 'link',
          title: 'One idea, many formats',
          text: 'Each topic becomes an article, an email, social posts and a video script, so your expertise works across every channel.',
        },
      ],
    },
    steps: {
      heading: 'How we create your content',
      items: [
        { title: 'Question mining', text: 'We collect the questions customers ask you on the phone, in reviews and in search, and rank them by value.' },
        { title: 'Editorial calendar', text: 'A quarterly calendar ties topics to your seasons and services, and you approve it before anything is written.' },
        { title: 'Write and produce', text: 'We interview you briefly, then write, edit, design and publish, so your voice comes through without your time.' },
        {
          title: 'Distribute and measure',
          text: 'Each piece goes out by email and social, and we track which topics bring visits, subscribers and enquiries.',
        },
      ],
    },
    stats: [
      { value: figures.blogTrafficIncrease, label: 'more website traffic for businesses that blog actively' },
      { value: figures.emailRoi, label: 'average return on every dollar spent on email marketing' },
      { value: figures.cheaperThanTraditional, label: 'cheaper than traditional advertising per customer reached' },
    ],
    finalCta: {
      heading: 'Turn your expertise into customers',
      text: 'Take the free business audit to see how your online presence compares and where content could bring in the most new business.',
    },
  },
];

export const serviceContent: readonly ServiceContent[] = entries.map((entry) => {
  const service = services.find((s) => s.slug === entry.slug);
  if (!service) throw new Error(`Unknown service ${entry.slug}`);
  return { ...entry, title: service.title };
});

export function serviceContentFor(slug: ServiceSlug): ServiceContent {
  const content = serviceContent.find((s) => s.slug === slug);
  if (!content) throw new Error(`No content for service ${slug}`);
  return content;
}

/** The overview page's own copy. */
export const servicesOverview = {
  metaTitle: 'Digital Marketing Services for Toronto Businesses | Northline Digital',
  metaDescription:
    'Six services for Toronto local businesses: digital marketing, social media management, lead generation, SEO, Google Ads and content marketing, run by one accountable team.',
  eyebrow: 'Our services',
  heading: 'Marketing services that bring Toronto businesses more customers',
  intro:
    'Pick one service or let us run them together. Either way you work with one team that knows your neighbourhood, checks in every week and reports on the numbers that matter: calls, bookings and revenue.',
  cta: {
    heading: 'Not sure which service you need?',
    text: 'Take the free business growth audit. You get a score for your current marketing, an estimate of what better marketing is worth to you each month, and the services that fit your goals.',
  },
} as const;
