import { thankYou } from '../../lib/content/intake.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { buttonClass, pageContainer } from '../ui/styles.ts';

/** The confirmation after an intake application: what happens next, the not-a-fit path, the Rush tip. */
export function ThankYou() {
  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className={`${pageContainer} py-16 text-center sm:py-24`}>
          <div className="mx-auto max-w-3xl">
            <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <LineIcon size={32} strokeWidth={2.5}>
                <path d="M5 12.5l4.5 4.5L19 7" />
              </LineIcon>
            </span>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{thankYou.headline}</h1>
            <p className="mt-6 text-lg leading-8 text-slate-700">{thankYou.lead}</p>
            <aside aria-label={thankYou.rush.label} className="mt-8 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-left">
              <p className="leading-7 text-amber-950">
                <strong className="font-semibold">{`${thankYou.rush.label}: `}</strong>
                {thankYou.rush.text}{' '}
                <a href={thankYou.mailtoRush} className="font-semibold text-amber-900 underline underline-offset-2">
                  {thankYou.rush.linkText}
                </a>
              </p>
            </aside>
          </div>
        </div>
      </section>

      <section aria-labelledby="not-a-fit-heading" className="py-16">
        <div className={pageContainer}>
          <h2 id="not-a-fit-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {thankYou.notAFit.heading}
          </h2>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-600">{thankYou.notAFit.text}</p>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {thankYou.plays.map((play, i) => (
              <li key={play.title} className="rounded-2xl border border-slate-200 p-6">
                <span aria-hidden="true" className="text-sm font-semibold uppercase tracking-wide text-blue-700">{`Play ${i + 1}`}</span>
                <h3 className="mt-2 text-lg font-semibold text-slate-900">{play.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{play.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-12 flex flex-col gap-4 sm:flex-row">
            <a href="/" className={buttonClass.primary}>
              Back to home
            </a>
            <a href="/blog" className={buttonClass.secondary}>
              Read the blog
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
