import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';
import { services, servicePath, type ServiceSlug } from '../../lib/site.ts';
import { definePage } from '../page.tsx';

/** One page per service, built from the service's content entry. */
export function servicePage(slug: ServiceSlug) {
  const service = services.find((s) => s.slug === slug)!;
  return definePage({
    meta: { title: `${service.title} in Toronto | Northline Digital`, description: `${service.title} for Toronto local businesses.`, path: servicePath(slug) },
    Component: () => <PagePlaceholder heading={service.title} text="Full details of this service are on the way." />,
  });
}
