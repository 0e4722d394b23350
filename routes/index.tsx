import { ContactSection } from '../components/home/ContactSection.tsx';
import { HowWeDeliver } from '../components/home/HowWeDeliver.tsx';
import { PackagesSection } from '../components/home/PackagesSection.tsx';
import { ServicesSection } from '../components/home/ServicesSection.tsx';
import { Testimonials } from '../components/home/Testimonials.tsx';
import { Island } from '../components/Island.tsx';
import { localBusinessJsonLd, organizationJsonLd } from '../lib/content/structured-data.ts';
import { agency } from '../lib/site.ts';
import { type HomeVariants, homeCacheKey, rememberedVisitor, resolveHomeVariants } from './home-variants.ts';
import { definePage } from './page.tsx';
import { returningVisitorId } from './visitor.ts';

type HomeData = HomeVariants & { siteUrl: string };

export default definePage<HomeData>({
  meta: ({ siteUrl }) => ({
    title: 'Digital Marketing Agency Toronto',
    description: `${agency.name} helps Toronto cleaning companies, medspas, contractors and coaches win more customers with SEO, Google Ads, social media and lead generation. Take the free business growth audit.`,
    path: '/',
    isHome: true,
    keywords: ['digital marketing agency Toronto', 'local SEO Toronto', 'Google Ads management', 'social media management', 'lead generation'],
    jsonLd: [localBusinessJsonLd(siteUrl), organizationJsonLd(siteUrl)],
  }),
  load: async (c) => ({ ...(await resolveHomeVariants(c)), siteUrl: c.get('deps').config.PUBLIC_SITE_URL }),
  // The HTML depends only on the variants (no visitor data: events name the visitor by the cookie),
  // so each combination is rendered once and served from memory.
  cache: (variants) => ({ key: homeCacheKey(variants), ttlMs: 10 * 60_000 }),
  keyFromMemory: (request, deps, now) => {
    const visitorId = returningVisitorId(request);
    return visitorId ? rememberedVisitor(deps, visitorId, now)?.key : undefined;
  },
  Component: ({ hero, contactForm, heroTracking, contactFormTracking }) => (
    <>
      <section aria-label="Introduction">
        <Island name="HeroVariant" props={{ variant: hero, tracking: heroTracking }} />
      </section>
      <ServicesSection />
      <PackagesSection />
      <HowWeDeliver />
      <Testimonials />
      <ContactSection contactForm={contactForm} tracking={contactFormTracking} />
    </>
  ),
});
