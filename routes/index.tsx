import { ContactSection } from '../components/home/ContactSection.tsx';
import { Hero } from '../components/home/Hero.tsx';
import { HowWeDeliver } from '../components/home/HowWeDeliver.tsx';
import { PackagesSection } from '../components/home/PackagesSection.tsx';
import { ServicesSection } from '../components/home/ServicesSection.tsx';
import { Testimonials } from '../components/home/Testimonials.tsx';
import { type HomeVariants, homeCacheKey } from '../features/ab/home-variants.ts';
import { contactIntro } from '../lib/content/home.ts';
import { localBusinessJsonLd, organizationJsonLd } from '../lib/content/structured-data.ts';
import { agency } from '../lib/site.ts';
import { definePage, type PageCacheRule } from '../server/page.tsx';
import { MINUTE } from '../server/page-cache.ts';
import { visitor } from '../server/visitor.ts';
import { laneVisitor } from '../server/visitor-cookie.ts';

type HomeData = HomeVariants & { siteUrl: string };

/**
 * Kept per A/B variant combination (the HTML holds no visitor data: events name the visitor by cookie).
 * The fast lane answers a returning visitor whose assignments are remembered, and a new visitor too,
 * their variants worked out as the app would (from the running tests in memory, no database).
 */
const cache: PageCacheRule<HomeData> = {
  audience: 'visitor',
  lifetime: { ttlMs: 10 * MINUTE },
  variant: homeCacheKey,
  variantFromMemory: (request, { homeVariants }) => {
    const who = laneVisitor(request);
    if (!who) return undefined;
    if ('returningId' in who) {
      const variant = homeVariants.keyFromMemory(who.returningId);
      return variant === undefined ? undefined : { variant };
    }
    const newVisitorId = crypto.randomUUID();
    const variant = homeVariants.newVisitorKey(newVisitorId);
    return variant === undefined ? undefined : { variant, newVisitorId };
  },
};

export default definePage<HomeData>({
  meta: ({ siteUrl }) => ({
    title: 'Digital Marketing Agency Toronto',
    description: `${agency.name} helps Toronto cleaning companies, medspas, contractors and coaches win more customers with SEO, Google Ads, social media and lead generation. Take the free business growth audit.`,
    path: '/',
    isHome: true,
    keywords: ['digital marketing agency Toronto', 'local SEO Toronto', 'Google Ads management', 'social media management', 'lead generation'],
    jsonLd: [localBusinessJsonLd(siteUrl), organizationJsonLd(siteUrl)],
  }),
  cache,
  load: async (c) => {
    const { homeVariants, config } = c.get('deps');
    return { ...(await homeVariants.resolve(visitor(c), c.get('requestId'))), siteUrl: config.PUBLIC_SITE_URL };
  },
  Component: ({ hero, heroFields, contactForm, heroTracking, contactFormTracking }) => (
    <>
      <section aria-label="Introduction">
        <Hero variant={hero} fields={heroFields} tracking={heroTracking} />
      </section>
      <ServicesSection />
      <PackagesSection />
      <HowWeDeliver />
      <Testimonials />
      <ContactSection heading={contactForm.formTitle} intro={contactIntro} contactForm={contactForm} tracking={contactFormTracking} />
    </>
  ),
});
