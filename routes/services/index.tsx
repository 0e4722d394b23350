import { Breadcrumbs } from '../../components/services/Breadcrumbs.tsx';
import { CallToAction } from '../../components/services/CallToAction.tsx';
import { IntakeInvite } from '../../components/services/IntakeInvite.tsx';
import { ServiceCard } from '../../components/services/ServiceCard.tsx';
import { buttonClass, pageContainer } from '../../components/ui/styles.ts';
import { auditCta, servicesOverview as copy, serviceContent } from '../../lib/content/services.ts';
import { breadcrumbList } from '../../lib/content/structured-data.ts';
import { absoluteUrl } from '../../lib/pages/meta.ts';
import { servicePath } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Services', path: '/services' },
];

export default definePage({
  cache: sameForEveryone,
  load: (c) => ({ siteUrl: c.get('deps').config.PUBLIC_SITE_URL }),
  meta: ({ siteUrl }) => ({
    title: copy.metaTitle,
    description: copy.metaDescription,
    path: '/services',
    jsonLd: [
      breadcrumbList(siteUrl, crumbs),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: 'Northline Digital services',
        itemListElement: serviceContent.map((s, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: s.title,
          url: absoluteUrl(siteUrl, servicePath(s.slug)),
        })),
      },
    ],
  }),
  Component: () => (
    <>
      <div className="bg-gradient-to-b from-blue-50 to-white">
        <Breadcrumbs crumbs={crumbs} />
        <section aria-labelledby="services-heading" className={`${pageContainer} pb-12 pt-10 text-center md:pt-16`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{copy.eyebrow}</p>
          <h1 id="services-heading" className="mx-auto mt-3 max-w-4xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {copy.heading}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-700">{copy.intro}</p>
          <p className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a href={auditCta.href} className={buttonClass.primary}>
              {auditCta.label}
            </a>
            <a href="/what-is-digital-marketing" className={buttonClass.secondary}>
              New to digital marketing? Start here
            </a>
          </p>
        </section>
      </div>
      <section aria-label="All services" className={`${pageContainer} py-12`}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {serviceContent.map((s) => (
            <ServiceCard key={s.slug} service={s} />
          ))}
        </div>
      </section>
      <IntakeInvite />
      <CallToAction id="get-started" heading={copy.cta.heading} text={copy.cta.text} href={auditCta.href} label={auditCta.label} />
    </>
  ),
});
