import { initials, testimonials, testimonialsIntro } from '../../lib/content/home.ts';
import { pageContainer } from '../ui/styles.ts';
import { StarIcon } from './icons.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const STARS = 5;

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-20">
      <div className={pageContainer}>
        <SectionHeading id="testimonials-heading" eyebrow={testimonialsIntro.eyebrow} heading={testimonialsIntro.heading} />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${STARS} out of ${STARS} stars`}>
                  {Array.from({ length: STARS }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: identical stars, a fixed count
                    <StarIcon key={i} />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>{`“${t.content}”`}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-blue-700 font-semibold text-white">
                    {initials(t.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">{t.business}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
