import { packages, packagesIntro } from '../../lib/content/home.ts';
import { buttonClass, pageContainer } from '../ui/styles.ts';
import { CheckList } from './CheckList.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function PackagesSection() {
  return (
    <section aria-labelledby="packages-heading" className="bg-slate-50 py-20">
      <div className={pageContainer}>
        <SectionHeading id="packages-heading" eyebrow={packagesIntro.eyebrow} heading={packagesIntro.heading} text={packagesIntro.text} />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {packages.map((p) => (
            <li key={p.key} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <img
                src={p.image.src}
                alt={p.image.alt}
                width={p.image.width}
                height={p.image.height}
                loading="lazy"
                decoding="async"
                className="aspect-[8/5] h-auto w-full bg-blue-50 object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-xl font-semibold text-slate-900">{p.title}</h3>
                <p className="mt-2 text-slate-600">{p.description}</p>
                <CheckList items={p.highlights} />
                <div className="mt-auto pt-6">
                  <a href="#contact" className={`${buttonClass.primary} w-full`} aria-label={`${packagesIntro.book}: ${p.title}`}>
                    {packagesIntro.book}
                  </a>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
