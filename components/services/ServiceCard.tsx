import type { ServiceContent } from '../../lib/content/services.ts';
import { servicePath } from '../../lib/site.ts';
import { Icon } from './Icon.tsx';

/** An overview card: icon, title, short description and a link to the service's page. */
export function ServiceCard({ service, headingLevel = 'h2' }: { service: ServiceContent; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
        <Icon name={service.icon} className="h-7 w-7" />
      </span>
      <Heading className="mt-5 text-xl font-semibold text-slate-900">{service.title}</Heading>
      <p className="mt-2 flex-1 leading-7 text-slate-600">{service.summary}</p>
      {/* biome-ignore lint/a11y/noAmbiguousAnchorText: its accessible name is "Learn more about <service>" (the rest is for screen readers) */}
      <a href={servicePath(service.slug)} className="mt-5 inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-900">
        Learn more<span className="sr-only">{` about ${service.title}`}</span>
        <span aria-hidden="true">→</span>
      </a>
    </article>
  );
}
