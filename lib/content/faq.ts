// The guide's FAQ: exactly the specification's eight questions, in its order. Plain text answers
// (they also feed the FAQPage JSON-LD).
import { agency, figures } from '../site.ts';

export type FaqItem = { topic: string; question: string; answer: string };

export const faq: readonly FaqItem[] = [
  {
    topic: 'cost',
    question: 'How much does digital marketing cost for a small business?',
    answer: `Most local businesses invest ${figures.typicalMonthlyCost} a month in total, counting agency fees and ad spend together. Where you land depends on how competitive your trade is, how many channels you use and how fast you want to grow. A good agency will show you what each dollar is expected to return before you commit.`,
  },
  {
    topic: 'time to results',
    question: 'How long does it take to see results?',
    answer: `Paid ads can bring calls within days of launch, and social and email usually show movement within the first month or two. SEO is slower: expect ${figures.seoTimeToResults} before rankings and organic leads grow clearly, but those results keep paying off without paying for every click.`,
  },
  {
    topic: 'inclusions',
    question: 'What is included in a digital marketing service?',
    answer:
      'It depends on the plan, but a full service normally covers strategy, search engine optimization, paid ads, social media, content and email, plus tracking and reporting. You should always receive a written list of deliverables, regular reports and a named person to talk to.',
  },
  {
    topic: 'need for a website',
    question: 'Do I need a website to do digital marketing?',
    answer:
      'You can start without one, using a Google Business Profile and social media, but a fast, clear website makes every other channel work better. It is the one place online you fully own, it is where ads and search send people, and it is what turns a curious visitor into a booked appointment.',
  },
  {
    topic: 'differentiation',
    question: `What makes ${agency.name} different from other agencies?`,
    answer: `We only work with local businesses, so we know what a cleaning company, medspa, contractor or coach in ${agency.city} needs. You get a small senior team instead of a rotating junior, weekly check-ins, free revisions and reporting on calls and bookings rather than vanity numbers. Our ${figures.dataToolsPerYear} a year in data tools means decisions are based on evidence, not guesses.`,
  },
  {
    topic: 'small businesses',
    question: 'Is digital marketing worth it for small businesses?',
    answer: `Yes. ${figures.researchOnlineFirst} of consumers research online before they buy, so if you are hard to find you are losing customers to the competitor who is not. Digital marketing is also about ${figures.cheaperThanTraditional} cheaper than traditional advertising and lets you start small, target only your service area and scale what works.`,
  },
  {
    topic: 'measuring success',
    question: 'How do you measure the success of digital marketing?',
    answer:
      'We agree on a handful of numbers before we start, usually leads, cost per lead, booked jobs and revenue, then track every call, form and booking back to its source. You see the results in a plain report and talk them through with us every week.',
  },
  {
    topic: 'suitability',
    question: 'Is digital marketing right for my type of business?',
    answer:
      'If your customers use Google, Instagram or email, and nearly all do, digital marketing can reach them. It works especially well for local service businesses such as cleaners, medspas, contractors and coaches, where one new customer is worth far more than the cost of winning them. Our free audit will tell you honestly which channels fit your business.',
  },
];
