import { agency } from '../../lib/site.ts';
import { buttonClass, pageContainer } from '../ui/styles.ts';

/** A closing band: heading, a line of copy, one button, and the phone number for people who would rather call. */
export function CallToAction({ id, heading, text, href, label }: { id?: string; heading: string; text: string; href: string; label: string }) {
  const headingId = `${id ?? 'cta'}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`${pageContainer} py-16 sm:py-20`}>
      <div className="rounded-3xl bg-gradient-to-br from-blue-800 to-indigo-900 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-blue-100">{text}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <a href={href} className={buttonClass.light}>
            {label}
          </a>
          <a href={`tel:${agency.phone}`} className="font-semibold text-white underline-offset-4 hover:underline">
            {`or call ${agency.phoneDisplay}`}
          </a>
        </div>
      </div>
    </section>
  );
}
