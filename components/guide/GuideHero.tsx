import { guideHero } from '../../lib/content/guide.ts';
import { Icon } from '../services/Icon.tsx';
import { buttonClass, pageContainer } from '../ui/styles.ts';

/** The guide's opening: title, promise, and 'Start Learning' down to the definition. */
export function GuideHero() {
  return (
    <section aria-labelledby="guide-heading" className="bg-gradient-to-b from-blue-50 to-white">
      <div className={`${pageContainer} grid items-center gap-10 py-16 md:grid-cols-[3fr_2fr] md:py-24`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{guideHero.eyebrow}</p>
          <h1 id="guide-heading" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            {guideHero.heading}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-700">{guideHero.intro}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#definition" className={buttonClass.primary}>
              {guideHero.cta}
            </a>
            <a href="#glossary" className={buttonClass.secondary}>
              Jump to the glossary
            </a>
          </div>
        </div>
        <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-sm md:block">
          <div className="absolute inset-8 rounded-full bg-gradient-to-br from-blue-700 to-indigo-800 shadow-2xl" />
          <div className="absolute inset-0 flex items-center justify-center text-white">
            <Icon name="megaphone" className="h-28 w-28" />
          </div>
          {(['search', 'pointer', 'chat', 'chart'] as const).map((name, i) => (
            <span
              key={name}
              className={`absolute flex h-16 w-16 items-center justify-center rounded-2xl bg-white text-blue-700 shadow-lg ${['left-2 top-4', 'right-2 top-10', 'bottom-10 right-0', 'bottom-2 left-6'][i]}`}
            >
              <Icon name={name} className="h-8 w-8" />
            </span>
          ))}
        </div>
      </div>
    </section>
  );
}
