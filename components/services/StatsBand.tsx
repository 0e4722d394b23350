import type { Stat } from '../../lib/content/services.ts';
import { pageContainer } from '../ui/styles.ts';

/** A dark band of big figures, each with what it measures. */
export function StatsBand({ id = 'stats', heading, stats }: { id?: string; heading: string; stats: readonly Stat[] }) {
  const cols = stats.length % 3 === 0 ? 'lg:[--cols:3]' : stats.length === 4 ? 'lg:[--cols:4]' : 'lg:[--cols:5]';
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="bg-slate-900 py-16 text-white">
      <div className={pageContainer}>
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight">
          {heading}
        </h2>
        <dl className={`mt-10 filled-rows [--filled-gap:2rem] sm:[--cols:2] ${cols}`}>
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse justify-end border-l-4 border-blue-400 pl-4">
              <dt className="mt-2 leading-6 text-slate-300">{stat.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
