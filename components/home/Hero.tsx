import { abClickMarker, abViewMarker } from '../../client/ab-markers.ts';
import type { AbTracking } from '../../lib/ab/definitions.ts';
import { heroBadge } from '../../lib/ab/hero-variants.ts';
import { type HeroFields, heroBackground } from '../../lib/content/slots.ts';
import { figures } from '../../lib/site.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { buttonClass } from '../ui/styles.ts';

/** The hero button's size: one line with its arrow on a 390 px phone (the longest label is Variant A's), larger from sm up. */
const ctaSize = 'whitespace-nowrap px-5 py-3.5 text-base sm:px-6 sm:text-lg';
const gradientCta = `inline-flex items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-blue-700 to-indigo-700 ${ctaSize} font-semibold text-white shadow-md transition hover:from-blue-800 hover:to-indigo-800`;

/**
 * The home page hero in the variant the server chose for this visitor: plain HTML, no island. Its call
 * to action is a link to #contact (the browser scrolls, smoothly unless the visitor asks for reduced
 * motion). `variant: null` (no choice yet) shows a placeholder of the same size. `tracking` (the
 * assignment's ids; null for crawlers and fallbacks) marks the hero for its one `view` and the call to
 * action for its `click`, both sent by the island loader. `fields` is the copy shown: the hero slot's
 * published copy for the control, a challenger's own otherwise (features/ab/home-variants.ts); `variant`
 * names the experiment's variant. A preview inside a staff page takes `heading: 'h2'`, so the page keeps one h1.
 */
export function Hero({
  variant,
  fields,
  tracking = null,
  heading: Heading = 'h1',
}: {
  variant: string | null;
  fields?: HeroFields;
  tracking?: AbTracking | null;
  heading?: 'h1' | 'h2';
}) {
  if (!variant || !fields) return <HeroSkeleton />;
  const v = fields;
  return (
    <div className={`${heroBackground(v)} px-4 pb-16 pt-14 sm:px-6 md:pb-24 md:pt-24`} data-hero-variant={variant} {...abViewMarker(tracking)}>
      <div className="mx-auto max-w-4xl text-center">
        <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-sm font-medium text-blue-800">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
          {heroBadge}
        </p>
        {v.brandName ? (
          <Heading className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            <span className={v.highlightBrand ? 'bg-gradient-to-r from-blue-700 to-indigo-600 bg-clip-text text-transparent' : undefined}>{v.brandName}</span>
            {v.separateTagline ? <span className="mt-3 block text-2xl font-bold text-slate-800 sm:text-4xl">{v.headline}</span> : ` ${v.headline}`}
          </Heading>
        ) : (
          <Heading className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">{v.headline}</Heading>
        )}
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-700">{v.subheadline}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a
            href="#contact"
            {...abClickMarker(tracking, { target: 'hero-cta', heroVariant: variant })}
            className={v.ctaStyle === 'gradient' ? gradientCta : `${buttonClass.primary} ${ctaSize}`}
          >
            {v.ctaText}
            <LineIcon size={20}>
              <path d="M5 12h14M13 6l6 6-6 6" />
            </LineIcon>
          </a>
          <a href="#services" className={buttonClass.secondary}>
            See our services
          </a>
        </div>
        <dl className="mx-auto mt-12 grid max-w-2xl grid-cols-3 gap-4 text-center">
          <div className="flex flex-col">
            <dt className="text-sm text-slate-600">more leads</dt>
            <dd className="order-first text-2xl font-bold text-slate-900 sm:text-3xl">{figures.moreLeads}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-sm text-slate-600">businesses served</dt>
            <dd className="order-first text-2xl font-bold text-slate-900 sm:text-3xl">{figures.businessesServed}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-sm text-slate-600">years in Toronto</dt>
            <dd className="order-first text-2xl font-bold text-slate-900 sm:text-3xl">{figures.yearsExperience}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function HeroSkeleton() {
  return (
    <div className="px-4 pb-16 pt-14 sm:px-6 md:pb-24 md:pt-24" aria-busy="true">
      <div className="mx-auto flex max-w-4xl flex-col items-center">
        <Skeleton className="h-7 w-72" />
        <Skeleton className="mt-6 h-12 w-full max-w-2xl" />
        <Skeleton className="mt-3 h-12 w-4/5 max-w-xl" />
        <Skeleton className="mt-6 h-20 w-full max-w-2xl" />
        <Skeleton className="mt-8 h-14 w-56" />
        <Skeleton className="mt-12 h-16 w-full max-w-2xl" />
      </div>
    </div>
  );
}
