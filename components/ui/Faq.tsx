import type { FaqItem } from '../../lib/content/faq.ts';
import { LineIcon } from './LineIcon.tsx';
import { pageContainer } from './styles.ts';

/** Questions as native disclosure widgets: keyboard and screen-reader friendly, no JavaScript. */
export function Faq({ id, heading, items }: { id: string; heading: string; items: readonly FaqItem[] }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${pageContainer} grid gap-8 py-16 lg:grid-cols-[1fr_2fr] lg:items-start`}>
      <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item.topic} className="group px-5 py-1 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-lg font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <LineIcon className="h-5 w-5 shrink-0 text-blue-700 transition group-open:rotate-180">
                <path d="M6 9l6 6 6-6" />
              </LineIcon>
            </summary>
            <p className="pb-5 leading-7 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
