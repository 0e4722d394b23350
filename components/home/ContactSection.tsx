import type { ContactFormConfig } from '../../lib/ab/contact-form-variants.ts';
import type { AbTracking } from '../../lib/ab/definitions.ts';
import type { AuditIntro } from '../../lib/content/home.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import { agency } from '../../lib/site.ts';
import { Island } from '../../server/islands/Island.tsx';
import { pageContainer } from '../ui/styles.ts';
import { CheckList } from './CheckList.tsx';

/**
 * The contact section (#contact) holding the AuditWizard island: on the home page in the variant chosen
 * for the visitor, on the guide and the service pages in the default configuration with no tracking
 * (those pages are cached for everyone). One heading, the form's title unless the page names its own;
 * the form itself never repeats it. On a phone the form comes straight after the heading, so a link to
 * #contact lands on it, and the intro follows; from lg up the intro sits beside the form.
 */
export function ContactSection({
  heading,
  intro,
  contactForm,
  tracking,
  sent,
}: {
  heading: string;
  intro: AuditIntro;
  contactForm: ContactFormConfig;
  tracking: AbTracking | null;
  /** A plain post that came back with errors: its answers and each field's message. */
  sent?: { values: Record<string, unknown>; errors: FieldErrors };
}) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="group/contact bg-gradient-to-b from-blue-50 to-white py-12 sm:py-20">
      <div className={`${pageContainer} grid gap-6 lg:grid-cols-[2fr_3fr] lg:grid-rows-[auto_1fr] lg:gap-x-10`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{intro.eyebrow}</p>
          <h2 id="contact-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {heading}
          </h2>
          {/* Beside the audit, for those who would rather talk (on a phone, right above the form a "Book Now"
              lands on). Once the island shows the results, their own booking button (joined to the audit) is
              the next step: this one, which skips a form no longer there, goes. */}
          <p className="mt-1 text-sm text-slate-700 sm:text-base group-has-[[data-audit-results]]/contact:hidden" data-book-direct>
            Rather talk?{' '}
            <a className="font-semibold text-blue-700 underline underline-offset-2" href="/book">
              Book a free strategy session
            </a>
            .
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Island name="AuditWizard" props={{ config: contactForm, tracking, ...sent }} />
        </div>
        <div>
          <p className="text-lg leading-8 text-slate-600">{intro.text}</p>
          <CheckList items={intro.points} className="mt-6 space-y-3 text-slate-800" />
          <p className="mt-8 text-slate-700">
            Questions first? Call{' '}
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
      </div>
    </section>
  );
}
