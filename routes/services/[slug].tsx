import { ServicePage } from '../../components/services/ServicePage.tsx';
import { serviceContent, serviceContentFor } from '../../lib/content/services.ts';
import { breadcrumbList, serviceJsonLd } from '../../lib/content/structured-data.ts';
import { type ServiceSlug, servicePath, services } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

/** One page per service (/services/{slug}), built from the service's content entry. */
export default definePage({
  paths: services.map(({ slug }) => ({ slug })),
  cache: sameForEveryone,
  load: (c, { slug }: { slug: ServiceSlug }) => {
    const service = serviceContentFor(slug);
    const path = servicePath(slug);
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: 'Services', path: '/services' },
      { name: service.title, path },
    ];
    const related = serviceContent.filter((s) => s.slug !== slug).slice(0, 3);
    return { siteUrl: c.get('deps').config.PUBLIC_SITE_URL, service, crumbs, related, path };
  },
  meta: ({ siteUrl, service, crumbs, path }) => ({
    title: service.metaTitle,
    description: service.metaDescription,
    path,
    keywords: [`${service.title} Toronto`, service.hero.eyebrow, 'Toronto local business marketing'],
    jsonLd: [
      serviceJsonLd(siteUrl, { name: service.metaTitle.split(' | ')[0], serviceType: service.title, description: service.metaDescription, path }),
      breadcrumbList(siteUrl, crumbs),
    ],
  }),
  Component: ServicePage,
});
