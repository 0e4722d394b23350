// The guide's glossary. Definitions are limited HTML (lib/text/limited-html.ts): <a href> to this site's
// pages or https addresses from lib/site.ts, <em> and <strong>. Our own copy only, never visitor input.

import { figures, links } from '../site.ts';
import { limitedHtmlToText } from '../text/limited-html.ts';
import { searchText } from '../text/search-text.ts';

export type GlossaryEntry = { term: string; definition: string };

const seo = '/services/seo-services';
const ads = '/services/google-ads';
const social = '/services/social-media-management';
const leads = '/services/lead-generation';
const content = '/services/content-marketing';

const entries: readonly GlossaryEntry[] = [
  {
    term: 'A/B Testing',
    definition:
      'Showing two versions of an ad, email or page to similar visitors at the same time and keeping the one that gets more people to act. It replaces opinions with evidence.',
  },
  {
    term: 'Ad Extensions',
    definition:
      'Extra lines Google can add to a search ad, such as your phone number, address, reviews or links to specific services. They make an ad larger and more useful at no extra cost per impression.',
  },
  {
    term: 'Ad Rank',
    definition:
      'How Google decides where your ad appears. It combines your bid with the quality of your ad and landing page, so a better ad can outrank a bigger budget. See <a href="' +
      ads +
      '">Google Ads</a>.',
  },
  {
    term: 'Algorithm',
    definition:
      'The rules a platform uses to decide what to show. Google’s decides which pages rank; Instagram’s decides which posts appear in a feed. Nobody sees the whole recipe, but helpfulness and engagement always matter.',
  },
  {
    term: 'Alt Text',
    definition:
      'A short written description attached to an image. Screen readers read it aloud for people who cannot see the picture, and search engines use it to understand what the image shows.',
  },
  {
    term: 'Analytics',
    definition:
      'Collecting and reading data about how people find and use your website, ads and social profiles, so decisions are based on what actually happened.',
  },
  {
    term: 'Attribution',
    definition:
      'Giving credit for a sale or lead to the marketing that produced it. Good attribution tells you whether the call came from Google, Instagram or a referral.',
  },
  {
    term: 'Audience Targeting',
    definition: 'Choosing who sees your ads by location, age, interests, behaviour or past contact with your business, instead of showing them to everyone.',
  },
  {
    term: 'Backlink',
    definition:
      'A link from another website to yours. Links from respected local sites, like a neighbourhood association or a supplier, tell Google your business is trustworthy.',
  },
  {
    term: 'Bounce Rate',
    definition:
      'The share of visits where someone views one page and leaves without doing anything. A high bounce rate on a landing page usually means the page does not match what the visitor expected.',
  },
  {
    term: 'Brand Awareness',
    definition: 'How many people in your market recognize your business name. It is what makes someone call you rather than the first result they see.',
  },
  {
    term: 'Buyer Persona',
    definition:
      'A short, research-based profile of your ideal customer: who they are, what they worry about and where they look for help. It keeps every message aimed at a real person.',
  },
  {
    term: 'Call to Action (CTA)',
    definition:
      'The specific step you ask someone to take, such as <em>Book a free estimate</em> or <em>Call now</em>. Every page, post and ad should have exactly one clear CTA.',
  },
  {
    term: 'Call Tracking',
    definition:
      'Using a unique phone number for each ad or channel so you know which one made the phone ring. Essential for businesses whose best leads call rather than fill out forms.',
  },
  {
    term: 'CASL',
    definition:
      'Canada’s Anti-Spam Legislation. Before sending commercial email or texts you need the person’s consent, you must identify your business, and every message needs a working way to unsubscribe.',
  },
  {
    term: 'Citation',
    definition:
      'Any online mention of your business name, address and phone number, for example in Yelp, Yellow Pages or a local directory. Consistent citations help you rank in <a href="' +
      seo +
      '">local search</a>.',
  },
  {
    term: 'Click-Through Rate (CTR)',
    definition:
      'The percentage of people who click an ad, link or email after seeing it. A low CTR usually means the message is not relevant to the people seeing it.',
  },
  {
    term: 'Content Calendar',
    definition: 'A schedule of what you will publish, where and when. It turns content from a last-minute scramble into a plan tied to your busy seasons.',
  },
  {
    term: 'Content Marketing',
    definition:
      'Creating genuinely useful articles, videos and emails that answer customer questions, so people find and trust you before they need you. See <a href="' +
      content +
      '">Content Marketing</a>.',
  },
  {
    term: 'Conversion',
    definition: 'Any valuable action a visitor takes: a call, a form, a booking or a purchase. Marketing should be judged on conversions, not clicks.',
  },
  {
    term: 'Conversion Rate',
    definition: 'The percentage of visitors who convert. Raising it from 2% to 4% doubles your leads without spending another dollar on traffic.',
  },
  {
    term: 'Conversion Tracking',
    definition: 'Code and settings that record each conversion and its source, so ad platforms and your reports know which campaigns produce customers.',
  },
  {
    term: 'Cookie',
    definition:
      'A small file a website stores in a browser to remember a visitor. Cookies power logins, analytics and retargeting, and privacy rules limit how they may be used.',
  },
  {
    term: 'Core Web Vitals',
    definition:
      'Google’s measures of how fast a page loads, how quickly it responds and how stable its layout is. Slow, jumpy pages lose visitors and rankings.',
  },
  {
    term: 'Cost per Acquisition (CPA)',
    definition: 'What you spend in marketing to win one paying customer. Compare it with what a customer is worth to know whether a campaign is profitable.',
  },
  {
    term: 'Cost per Click (CPC)',
    definition:
      'What you pay each time someone clicks your ad. In competitive Toronto trades a click can cost several dollars, which is why targeting matters.',
  },
  {
    term: 'Cost per Lead (CPL)',
    definition: 'Marketing spend divided by the number of leads it produced. The most useful single number for most local service businesses.',
  },
  {
    term: 'CPM',
    definition: 'Cost per thousand impressions: what you pay for your ad to be shown 1,000 times. Common for social and display ads aimed at awareness.',
  },
  {
    term: 'CRM',
    definition:
      'Customer relationship management software: one place to keep every lead and customer, their history and the next follow-up, so nobody falls through the cracks.',
  },
  {
    term: 'Customer Lifetime Value',
    definition:
      'The total revenue a typical customer brings over the whole relationship. A cleaning client who books every two weeks for years is worth far more than one visit suggests.',
  },
  {
    term: 'Digital Marketing',
    definition:
      'Promoting a business through online channels such as search engines, social media, email and websites, with results you can measure. This whole page explains it; <a href="#definition">start with the definition</a>.',
  },
  {
    term: 'Direct Traffic',
    definition: 'Visits from people who typed your web address or used a bookmark. Growth in direct traffic is a good sign your name is being remembered.',
  },
  {
    term: 'Display Advertising',
    definition:
      'Image or banner ads shown on websites and apps across the web. Cheaper per view than search ads, best for staying visible rather than catching ready-to-buy customers.',
  },
  {
    term: 'Domain Authority',
    definition:
      'A third-party score that estimates how likely a website is to rank, based mostly on its backlinks. Useful for comparisons, but Google does not use it.',
  },
  {
    term: 'Email Marketing',
    definition: `Sending useful, permission-based emails to customers and leads. It averages a ${figures.emailRoi} return on spend, making it one of the best-value channels a local business has.`,
  },
  {
    term: 'Engagement Rate',
    definition:
      'The share of people who like, comment, share or save a social post after seeing it. It shows whether your content is interesting, not just seen.',
  },
  {
    term: 'Featured Snippet',
    definition: 'A boxed answer Google shows above the normal results. Clear, direct answers to common questions on your pages give you a chance to win it.',
  },
  {
    term: 'Funnel',
    definition:
      'The path from first hearing about you to becoming a customer: awareness, consideration, decision. Good marketing has something for people at every stage. See <a href="' +
      leads +
      '">Lead Generation</a>.',
  },
  {
    term: 'Geo-Targeting',
    definition:
      'Showing ads only to people in chosen areas, such as a radius around your shop or a list of postal codes. It stops you paying for customers you cannot serve.',
  },
  {
    term: 'Google Analytics 4',
    definition: 'Google’s free website analytics tool. It reports where visitors come from, what they do and which actions count as conversions.',
  },
  {
    term: 'Google Business Profile',
    definition:
      'Your free listing on Google Search and Maps with hours, photos, reviews and services. For many local businesses it brings more calls than the website. See <a href="' +
      seo +
      '">SEO Services</a>.',
  },
  {
    term: 'Google Search Console',
    definition:
      'A free Google tool that shows which searches your site appears for, how often people click, and any problems stopping pages from being indexed.',
  },
  {
    term: 'Hashtag',
    definition: 'A word or phrase after a # sign that groups social posts by topic. Local tags like #TorontoSmallBusiness help nearby people find you.',
  },
  {
    term: 'Heat Map',
    definition: 'A picture of where visitors click, tap and scroll on a page. It shows which parts people ignore and where a button should go.',
  },
  {
    term: 'Impressions',
    definition: 'The number of times your ad, post or listing was shown. Impressions measure visibility; clicks and conversions measure interest.',
  },
  {
    term: 'Indexing',
    definition:
      'When a search engine stores a page in its database so it can appear in results. A page that is not indexed cannot rank, no matter how good it is.',
  },
  {
    term: 'Keyword',
    definition:
      'A word or phrase people type into a search engine, like <em>deep cleaning Scarborough</em>. Choosing the right keywords is the starting point of both SEO and Google Ads.',
  },
  {
    term: 'Keyword Research',
    definition:
      'Finding the searches your customers actually use, how often they are searched and how hard they are to win, before writing a page or building a campaign.',
  },
  {
    term: 'KPI',
    definition: 'Key performance indicator: one of the few numbers you agree to judge marketing by, such as cost per lead or booked appointments per month.',
  },
  {
    term: 'Landing Page',
    definition:
      'A web page built for one offer and one action, where visitors arrive after clicking an ad or email. Focused pages convert far better than a home page.',
  },
  { term: 'Lead', definition: 'A potential customer who has shared contact details or reached out, for example by calling, booking or filling out a form.' },
  { term: 'Lead Magnet', definition: 'Something useful offered in exchange for an email address, like a price guide, a checklist or a free consultation.' },
  {
    term: 'Local Pack',
    definition:
      'The map and three business listings Google shows for local searches such as <em>medspa near me</em>. Also called the map pack, it gets a large share of clicks.',
  },
  {
    term: 'Local SEO',
    definition:
      'Search engine optimization for businesses that serve a specific area: Google Business Profile, reviews, citations and location pages. See <a href="' +
      seo +
      '">SEO Services</a>.',
  },
  {
    term: 'Local Services Ads',
    definition:
      'Google ads for service trades that appear at the very top of results with a <em>Google Guaranteed</em> or <em>Google Screened</em> badge. You pay per lead rather than per click.',
  },
  {
    term: 'Long-Tail Keyword',
    definition:
      'A longer, more specific search such as <em>post-construction cleaning for condos in Liberty Village</em>. Fewer people search it, but those who do are close to buying.',
  },
  {
    term: 'Lookalike Audience',
    definition: 'An ad audience a platform builds from people who resemble your existing customers. A fast way to find new people likely to be interested.',
  },
  {
    term: 'Marketing Automation',
    definition:
      'Software that sends the right message at the right time without manual work, such as a welcome email, an appointment reminder or a review request.',
  },
  {
    term: 'Meta Description',
    definition:
      'The short summary written for a page that search engines often show under its title. A good one does not change rankings directly but earns more clicks.',
  },
  {
    term: 'Mobile-First Indexing',
    definition: 'Google judging your site by its phone version. If your site is awkward on a phone, it is awkward in Google’s eyes too.',
  },
  {
    term: 'NAP Consistency',
    definition: 'Keeping your business Name, Address and Phone number identical everywhere online. Mismatches confuse customers and weaken local rankings.',
  },
  {
    term: 'Negative Keyword',
    definition:
      'A word you tell Google Ads never to show your ad for, such as <em>free</em>, <em>jobs</em> or <em>DIY</em>. One of the simplest ways to stop wasted spend.',
  },
  {
    term: 'Newsletter',
    definition: 'A regular email to people who asked to hear from you, mixing useful advice with news and offers. It keeps past customers coming back.',
  },
  { term: 'Off-Page SEO', definition: 'Work done away from your website that helps it rank, mainly earning backlinks, citations and reviews.' },
  {
    term: 'On-Page SEO',
    definition: 'Improving the pages themselves so search engines understand them: titles, headings, content, internal links, images and structured data.',
  },
  {
    term: 'Open Rate',
    definition:
      'The percentage of recipients who open an email. Subject lines and sender name drive it; privacy features in some mail apps make it an estimate.',
  },
  {
    term: 'Organic Traffic',
    definition: 'Visitors who arrive from unpaid search results. It takes time to build but keeps coming without paying for each click.',
  },
  {
    term: 'Paid Social',
    definition:
      'Advertising on social platforms such as Instagram, Facebook and LinkedIn, targeted by location, interests and behaviour. See <a href="' +
      social +
      '">Social Media Management</a>.',
  },
  {
    term: 'Pay-Per-Click (PPC)',
    definition: `Advertising where you pay only when someone clicks your ad. Google Ads is the best-known example. See <a href="${ads}">Google Ads</a>.`,
  },
  {
    term: 'Pixel',
    definition:
      'A small piece of code from an ad platform placed on your website to record visits and conversions, so the platform can measure and improve your ads.',
  },
  {
    term: 'Quality Score',
    definition:
      'Google’s 1-to-10 rating of how relevant your keyword, ad and landing page are to each other. Higher scores mean cheaper clicks and better positions.',
  },
  { term: 'Reach', definition: 'The number of different people who saw your content or ad at least once. Unlike impressions, each person is counted once.' },
  { term: 'Referral Traffic', definition: 'Visitors who arrive by clicking a link on another website, such as a directory, a partner or a news article.' },
  {
    term: 'Remarketing',
    definition:
      'Showing ads to people who already visited your site or engaged with you. It reminds interested people to come back and book. Also called retargeting.',
  },
  { term: 'Responsive Design', definition: 'A website layout that adapts to any screen size, from phone to desktop, without a separate mobile site.' },
  {
    term: 'Return on Ad Spend (ROAS)',
    definition: `Revenue earned for every dollar spent on ads. A ROAS of 500% means $5 back for each $1. Well-managed campaigns typically reach ${figures.roasRange}.`,
  },
  {
    term: 'Return on Investment (ROI)',
    definition: 'Profit from marketing compared with its total cost, including fees and time. The number that tells you whether marketing is worth it.',
  },
  {
    term: 'Review Management',
    definition:
      'Asking happy customers for reviews, replying to every review, and handling complaints well. Reviews influence both rankings and whether people call.',
  },
  {
    term: 'Schema Markup',
    definition: 'Structured data added to a page’s code that tells search engines exactly what it describes, such as your hours, services, reviews or FAQs.',
  },
  {
    term: 'Search Engine Optimization (SEO)',
    definition: `Improving your website and online presence so you appear higher in unpaid search results. It usually takes ${figures.seoTimeToResults} to show clear results. See <a href="${seo}">SEO Services</a>.`,
  },
  {
    term: 'Search Intent',
    definition:
      'What someone actually wants when they search. <em>How to remove a wine stain</em> is a do-it-yourselfer; <em>carpet cleaner near me</em> is a buyer.',
  },
  {
    term: 'Segmentation',
    definition: 'Splitting your audience or email list into groups, such as new and returning customers, so each group gets a message that fits.',
  },
  {
    term: 'SERP',
    definition: 'Search engine results page: everything Google shows after a search, including ads, the local pack, featured snippets and organic results.',
  },
  { term: 'Session', definition: 'One visit to your website, from arrival until the visitor leaves or goes idle. One person can have many sessions.' },
  {
    term: 'Social Media Marketing',
    definition:
      'Using social platforms to build an audience, start conversations and win customers, through both regular posts and paid ads. See <a href="' +
      social +
      '">Social Media Management</a>.',
  },
  {
    term: 'Social Proof',
    definition: `Evidence that others trust you: reviews, testimonials, case studies and client logos. Read our <a href="${links.successStories}">success stories</a> for examples.`,
  },
  {
    term: 'Target Audience',
    definition: 'The specific group of people most likely to buy from you. Defining it sharply makes every dollar of marketing go further.',
  },
  {
    term: 'Title Tag',
    definition:
      'The clickable headline of a page in search results, set in the page’s code. It is one of the strongest on-page signals and the first thing searchers read.',
  },
  { term: 'Unique Visitors', definition: 'The number of different people who visited your site in a period, however many times each came back.' },
  {
    term: 'User Experience (UX)',
    definition: 'How easy and pleasant it is to use your website: clear navigation, readable text, fast pages and obvious next steps.',
  },
  { term: 'UTM Parameters', definition: 'Tags added to the end of a link that tell your analytics exactly which campaign, post or email a visitor came from.' },
  {
    term: 'Video Marketing',
    definition: 'Using short videos to show your work, your team and your expertise. Even simple phone-shot clips build trust faster than text.',
  },
  {
    term: 'Voice Search',
    definition:
      'Searching by speaking to a phone or smart speaker. These searches are longer and more conversational, which rewards pages that answer questions plainly.',
  },
  {
    term: 'Website Audit',
    definition:
      'A structured check of a website’s speed, search visibility, content and conversion paths. Our <a href="#contact">free business audit</a>, at the end of this page, is a good place to start.',
  },
  {
    term: 'Word-of-Mouth Marketing',
    definition: 'Customers recommending you to friends and neighbours. Digital marketing amplifies it through reviews, referrals and shareable content.',
  },
  {
    term: 'Zero-Click Search',
    definition:
      'A search answered directly on Google’s results page, such as business hours or a phone number, so the person never visits a website. A strong Google Business Profile still wins the call.',
  },
];

const slug = (term: string) =>
  term
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type GlossaryItem = GlossaryEntry & { id: string; letter: string };

/** The glossary in alphabetical order, each with a stable anchor id and its A–Z letter. */
export const glossary: readonly GlossaryItem[] = [...entries]
  .sort((a, b) => a.term.localeCompare(b.term, 'en'))
  .map((e) => ({ ...e, id: `term-${slug(e.term)}`, letter: e.term.charAt(0).toUpperCase() }));

/** The letters that have at least one term, in order. */
export const glossaryLetters: readonly string[] = [...new Set(glossary.map((g) => g.letter))];

export const letterAnchor = (letter: string) => `glossary-${letter.toLowerCase()}`;

/** How many terms the guide shows before "Show all": whole letters, until at least this many. */
const PREVIEW_MIN_TERMS = 10;

/**
 * The letters shown open on the guide (A and B: 12 terms), the rest behind "Show all 96 terms", so the
 * call to action and the FAQ are not buried on a phone. Every term is in the HTML either way.
 */
export const glossaryPreviewLetters: readonly string[] = (() => {
  const letters: string[] = [];
  let shown = 0;
  for (const letter of glossaryLetters) {
    if (shown >= PREVIEW_MIN_TERMS) break;
    letters.push(letter);
    shown += glossary.filter((g) => g.letter === letter).length;
  }
  return letters;
})();

/** What a search looks in: the term and the words of its definition (lib/text/search-text.ts), written on each term's element. */
export const glossarySearchText = (item: GlossaryEntry): string => `${searchText(item.term)}\n${searchText(limitedHtmlToText(item.definition))}`;

/** True when the query appears in the term or the words of its definition (case-insensitive). */
export function matchesGlossary(item: GlossaryEntry, query: string): boolean {
  const q = searchText(query);
  return !q || glossarySearchText(item).includes(q);
}
