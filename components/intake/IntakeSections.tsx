import type { IntakeFormProps } from '../../islands/IntakeForm.tsx';
import { fitList, howItWorks, intakeFaq, intakeFormIntro, intakeHero, type ProofIcon, proofBullets, trustBar } from '../../lib/content/intake.ts';
import { intake } from '../../lib/site.ts';
import { Island } from '../../server/islands/Island.tsx';
import { Faq } from '../ui/Faq.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { NumberedSteps } from '../ui/NumberedSteps.tsx';
import { buttonClass, pageContainer as container } from '../ui/styles.ts';

// The sections of /q4-intake, top to bottom. Only the form is an island.

const sectionHeading = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';

export function IntakeHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-slate-950 via-blue-950 to-blue-800 text-white">
      <div className={`${container} grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.3fr_1fr]`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-blue-200">{intakeHero.eyebrow}</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl xl:text-6xl">{intakeHero.headline}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-blue-50">{intakeHero.lead}</p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <a href="#apply" className={`${buttonClass.light} shrink-0 whitespace-nowrap`}>
              {intakeHero.cta}
              <LineIcon size={18} strokeWidth={2.5}>
                <path d="M12 5v14M5 12l7 7 7-7" />
              </LineIcon>
            </a>
            <p className="text-sm text-blue-100">{intakeHero.note}</p>
          </div>
        </div>
        <SlotsCard />
      </div>
    </section>
  );
}

/** The cohort at a glance: six slots and the facts an owner asks first. */
function SlotsCard() {
  const facts = [
    ['Applications reviewed', `Within ${intake.reviewBusinessDays} business days`],
    ['Strategy session', `${intake.strategySessionMinutes} minutes`],
    ['Packages', `From about ${intake.packagesFromMonthly}/month`],
    ['Terms', 'Month-to-month available'],
  ] as const;
  return (
    <div className="rounded-2xl border border-white/15 bg-white/10 p-6 shadow-2xl backdrop-blur sm:p-8">
      <p className="text-sm font-semibold text-blue-100">Q4 cohort</p>
      <ul className="mt-4 grid grid-cols-3 gap-3" aria-label={`${intake.q4Slots} client slots`}>
        {Array.from({ length: intake.q4Slots }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are numbered by their place
            key={i}
            className="flex flex-col items-center justify-center rounded-xl py-3 sm:aspect-square sm:py-0 border border-white/20 bg-white/5 text-center"
          >
            <span className="text-xs uppercase tracking-wide text-blue-200">Slot</span>
            <span className="text-2xl font-bold">{i + 1}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-6 divide-y divide-white/15 text-sm">
        {facts.map(([term, detail]) => (
          <div key={term} className="flex justify-between gap-4 py-2.5">
            <dt className="text-blue-100">{term}</dt>
            <dd className="text-right font-semibold">{detail}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function TrustBar() {
  return (
    <section aria-label="Why owners trust us" className="border-b border-slate-200 bg-slate-50">
      <ul className={`${container} grid grid-cols-2 gap-6 py-8 md:grid-cols-4`}>
        {trustBar.map((item) => (
          <li key={item.label} className="text-center">
            <p className="text-3xl font-extrabold text-blue-800">{item.value}</p>
            <p className="mt-1 text-sm text-slate-600">{item.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProofBullets() {
  return (
    <section aria-labelledby="proof-heading" className="py-16 sm:py-24">
      <div className={container}>
        <h2 id="proof-heading" className={sectionHeading}>
          What you get as a Q4 client
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">
          Five things every client in the cohort gets from week one. No tiers, no add-on fees for the basics.
        </p>
        <ul className="mt-12 filled-rows md:[--cols:2] lg:[--cols:3]">
          {proofBullets.map((item) => (
            <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                <ProofIconSvg icon={item.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ProofIconSvg({ icon }: { icon: ProofIcon }) {
  const paths: Record<ProofIcon, string> = {
    calendar: 'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM8 13h3v3H8z',
    portal: 'M3 5h18v12H3zM8 21h8M12 17v4M7 13l3-3 2 2 4-4',
    card: 'M3 6h18v12H3zM3 10h18M7 15h4',
    data: 'M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6',
    runway: 'M3 17l5-5 4 4 8-8M15 8h5v5',
  };
  return (
    <LineIcon size={24}>
      <path d={paths[icon]} />
    </LineIcon>
  );
}

export function FitList() {
  return (
    <section aria-labelledby="fit-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className={`${container} grid gap-10 lg:grid-cols-[1.4fr_1fr]`}>
        <div>
          <h2 id="fit-heading" className={sectionHeading}>
            Is this for you?
          </h2>
          <p className="mt-4 text-lg text-slate-600">You are a strong fit if most of these sound like you.</p>
          <ul className="mt-8 space-y-4">
            {fitList.goodFit.map((item) => (
              <li key={item} className="flex gap-3">
                <LineIcon size={24} strokeWidth={2.5} className="mt-0.5 shrink-0 text-emerald-600">
                  <path d="M5 12.5l4.5 4.5L19 7" />
                </LineIcon>
                <span className="leading-7 text-slate-800">{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="self-start rounded-2xl border border-slate-200 bg-white p-6">
          <h3 className="text-lg font-semibold text-slate-900">Probably not the right time if</h3>
          <ul className="mt-4 space-y-3">
            {fitList.notYet.map((item) => (
              <li key={item} className="flex gap-3 text-slate-700">
                <svg
                  aria-hidden="true"
                  className="mt-1 shrink-0 text-slate-400"
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
                <span className="leading-7">{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="py-16 sm:py-24">
      <div className={container}>
        <h2 id="how-heading" className={sectionHeading}>
          How it works
        </h2>
        <NumberedSteps steps={howItWorks} className="mt-12 grid gap-6 md:grid-cols-3" itemClass="border border-slate-200" />
      </div>
    </section>
  );
}

export function IntakeFaq() {
  return (
    <div className="bg-slate-50">
      <Faq id="faq" heading="Questions owners ask first" items={intakeFaq} />
    </div>
  );
}

/** The form, with a word on what was filled in for a visitor who came from their audit results. */
export function ApplySection({ form = {}, prefilled = false }: { form?: IntakeFormProps; prefilled?: boolean }) {
  return (
    <section id="apply" aria-labelledby="apply-heading" className="py-16 sm:py-24">
      <div className={`${container} grid gap-10 lg:grid-cols-[1fr_2fr] lg:items-start`}>
        <div>
          <h2 id="apply-heading" className={sectionHeading}>
            {intakeFormIntro.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{intakeFormIntro.text}</p>
          {prefilled ? (
            <p data-prefilled className="mt-4 rounded-xl border border-blue-200 bg-blue-50 p-4 leading-7 text-blue-950">
              {intakeFormIntro.prefilled}
            </p>
          ) : null}
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <Island name="IntakeForm" props={form} />
        </div>
      </div>
    </section>
  );
}
