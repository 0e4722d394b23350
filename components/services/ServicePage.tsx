import { defaultContactFormConfig } from '../../lib/ab/contact-form-variants.ts';
import { auditPoints } from '../../lib/content/home.ts';
import { type ServiceContent, serviceAuditEyebrow } from '../../lib/content/services.ts';
import type { Crumb } from '../../lib/content/structured-data.ts';
import { ContactSection } from '../home/ContactSection.tsx';
import { NumberedSteps } from '../ui/NumberedSteps.tsx';
import { buttonClass, pageContainer } from '../ui/styles.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Icon } from './Icon.tsx';
import { IntakeInvite } from './IntakeInvite.tsx';
import { ServiceCard } from './ServiceCard.tsx';
import { StatsBand } from './StatsBand.tsx';

/** Every service page: hero, feature cards, four numbered steps, stats, related services, the Q4 client intake, and the audit as the final call to action. */
export function ServicePage({ service, crumbs, related }: { service: ServiceContent; crumbs: readonly Crumb[]; related: readonly ServiceContent[] }) {
  return (
    <>
      <div className="bg-gradient-to-b from-blue-50 to-white">
        <Breadcrumbs crumbs={crumbs} />
        <section aria-labelledby="hero-heading" className={`${pageContainer} grid items-center gap-10 pb-16 pt-10 md:grid-cols-[3fr_2fr] md:pb-24 md:pt-14`}>
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{service.hero.eyebrow}</p>
            <h1 id="hero-heading" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {service.hero.heading}
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-700">{service.hero.intro}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href="#contact" className={buttonClass.primary}>
                {service.hero.cta}
              </a>
              <a href="/services" className={buttonClass.secondary}>
                See all services
              </a>
            </div>
          </div>
          <HeroArt service={service} />
        </section>
      </div>

      <section aria-labelledby="features-heading" className={`${pageContainer} py-16`}>
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {service.features.heading}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {service.features.items.map((f) => (
            <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                <Icon name={f.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-heading" className="bg-slate-50 py-16">
        <div className={pageContainer}>
          <h2 id="process-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {service.steps.heading}
          </h2>
          <NumberedSteps steps={service.steps.items} className="mt-10 grid gap-6 md:grid-cols-4" itemClass="bg-white shadow-sm" />
        </div>
      </section>

      <StatsBand heading="The numbers behind it" stats={service.stats} />

      <section aria-labelledby="related-heading" className={`${pageContainer} py-16`}>
        <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Works well alongside
        </h2>
        <div className="mt-8 filled-rows sm:[--cols:2] lg:[--cols:3]">
          {related.map((s) => (
            <ServiceCard key={s.slug} service={s} headingLevel="h3" />
          ))}
        </div>
      </section>

      <IntakeInvite />

      {/* The audit itself is the final call to action, so the hero button reaches it in one tap; default form, nothing per visitor (the page is cached for everyone). */}
      <ContactSection
        heading={service.finalCta.heading}
        intro={{ eyebrow: serviceAuditEyebrow, text: service.finalCta.text, points: auditPoints }}
        contactForm={defaultContactFormConfig}
        tracking={null}
      />
    </>
  );
}

/** A decorative panel: the service's icon on layered shapes, with its first three feature icons orbiting. */
function HeroArt({ service }: { service: ServiceContent }) {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-sm md:block">
      <div className="absolute inset-6 rotate-6 rounded-[2.5rem] bg-blue-200/60" />
      <div className="absolute inset-6 -rotate-3 rounded-[2.5rem] bg-gradient-to-br from-blue-700 to-indigo-800 shadow-2xl" />
      <div className="absolute inset-0 flex items-center justify-center text-white">
        <Icon name={service.icon} className="h-32 w-32" />
      </div>
      {service.features.items.slice(0, 3).map((f, i) => (
        <span
          key={f.title}
          className={`absolute flex h-14 w-14 items-center justify-center rounded-2xl bg-white text-blue-700 shadow-lg ${['left-0 top-10', 'right-0 top-1/2', 'bottom-4 left-12'][i]}`}
        >
          <Icon name={f.icon} className="h-7 w-7" />
        </span>
      ))}
    </div>
  );
}
