import { ServicePage } from '../../components/services/ServicePage.tsx';
import { serviceContent, serviceContentFor } from '../../lib/content/services.ts';
import { breadcrumbList, serviceJsonLd } from '../../lib/content/structured-data.ts';
import { type ServiceSlug, servicePath } from '../../lib/site.ts';
import { definePage } from '../../server/page.tsx';

/** One page per service, built from the service's content entry. */
export function servicePage(slug: ServiceSlug) {
  const service = serviceContentFor(slug);
  const path = servicePath(slug);
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
    { name: service.title, path },
  ];
  const related = serviceContent.filter((s) => s.slug !== slug).slice(0, 3);
  return definePage({
    load: (c) => ({ siteUrl: c.get('deps').config.PUBLIC_SITE_URL, service, crumbs, related }),
    meta: ({ siteUrl }) => ({
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
}
