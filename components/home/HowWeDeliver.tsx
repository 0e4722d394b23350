import { deliverIntro, deliverPoints, deliverStats } from '../../lib/content/home.ts';
import { pageContainer } from '../ui/styles.ts';
import { CheckIcon } from './icons.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function HowWeDeliver() {
  return (
    <section id="about" aria-labelledby="about-heading" className="bg-slate-900 py-20">
      <div className={pageContainer}>
        <SectionHeading id="about-heading" eyebrow={deliverIntro.eyebrow} heading={deliverIntro.heading} text={deliverIntro.text} inverted />
        <dl className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
          {deliverStats.map((s) => (
            <div key={s.label} className="flex flex-col rounded-xl bg-white/5 p-4 text-center ring-1 ring-white/10">
              <dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
              <dd className="order-first text-3xl font-extrabold text-white">{s.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {deliverPoints.map((p) => (
            <li key={p.title} className="flex gap-3">
              <span className="mt-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white">
                <CheckIcon />
              </span>
              <div>
                <h3 className="font-semibold text-white">{p.title}</h3>
                <p className="mt-1 text-slate-300">{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
