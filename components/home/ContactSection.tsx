import { Island } from '../../client/islands/Island.tsx';
import type { AbTracking } from '../../lib/ab-tests.ts';
import type { ContactFormConfig } from '../../lib/contact-form-variants.ts';
import { contactIntro } from '../../lib/content/home.ts';
import { agency } from '../../lib/site.ts';
import { CheckList } from './CheckList.tsx';

/** The contact section: why to take the audit, and the AuditWizard island in the variant chosen for this visitor. */
export function ContactSection({ contactForm, tracking }: { contactForm: ContactFormConfig | null; tracking: AbTracking | null }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-gradient-to-b from-blue-50 to-white px-4 py-20 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[2fr_3fr] lg:items-start">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{contactIntro.eyebrow}</p>
          <h2 id="contact-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {contactIntro.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">{contactIntro.text}</p>
          <CheckList items={contactIntro.points} className="mt-6 space-y-3 text-slate-800" />
          <p className="mt-8 text-slate-700">
            Rather talk now? Call{' '}
            <a className="font-semibold text-blue-700 underline" href={`tel:${agency.phone}`}>
              {agency.phoneDisplay}
            </a>{' '}
            or email{' '}
            <a className="font-semibold text-blue-700 underline" href={`mailto:${agency.email}`}>
              {agency.email}
            </a>
            .
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
          <Island name="AuditWizard" props={{ config: contactForm, tracking }} />
        </div>
      </div>
    </section>
  );
}
