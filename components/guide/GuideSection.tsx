import type { ReactNode } from 'react';
import { pageContainer } from '../ui/styles.ts';

/** A guide section: an anchor, a heading, an optional intro, and its content; `tinted` gives it a grey band. */
export function GuideSection({
  id,
  heading,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={tinted ? 'bg-slate-50 py-16' : 'py-16'}>
      <div className={pageContainer}>
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {heading}
        </h2>
        {intro ? <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
