import { serviceCards, servicesIntro } from '../../lib/content/home.ts';
import { servicePath, serviceTitle } from '../../lib/site.ts';
import { buttonClass, pageContainer } from '../ui/styles.ts';
import { CheckList } from './CheckList.tsx';
import { ServiceIconSvg } from './icons.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-heading" className="bg-white py-20">
      <div className={pageContainer}>
        <SectionHeading id="services-heading" eyebrow={servicesIntro.eyebrow} heading={servicesIntro.heading} text={servicesIntro.text} />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {serviceCards.map((card) => {
            const title = serviceTitle(card.slug);
            return (
              <li key={card.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                  <ServiceIconSvg icon={card.icon} />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{card.description}</p>
                <CheckList items={card.features} />
                <a href={servicePath(card.slug)} className="mt-auto self-start pt-5 font-semibold text-blue-700 hover:text-blue-800">
                  {`Explore ${title} `}
                  <span aria-hidden="true">→</span>
                </a>
              </li>
            );
          })}
        </ul>
        <p className="mt-12 text-center">
          <a href="/what-is-digital-marketing" className={buttonClass.secondary}>
            {servicesIntro.learnMore}
            {/* The spec's label stays as it is; screen readers and search engines also hear where it goes. */}
            <span className="sr-only"> about digital marketing</span>
          </a>
        </p>
      </div>
    </section>
  );
}
