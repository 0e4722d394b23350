import type { ReactNode, Ref } from 'react';
import type { ResultsPresentation } from '../../lib/audit/presentation.ts';
import { bookingPathFor, intakePathFor } from '../../lib/audit/results-link.ts';
import { type AuditRecord, formatDollars, SCORE_THRESHOLDS, type SiteFindings, scoreBreakdown, scoreMessage } from '../../lib/audit/scoring.ts';
import { servicePath, services } from '../../lib/site.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { buttonClass } from '../ui/styles.ts';

/**
 * The audit's results view: score and why, what it means for this business, monthly value and its
 * working, recommended services and the one next step. `resultsToken` (the private results link's)
 * makes the booking button book a session joined to this audit. `headingLevel` is the business name's:
 * 3 in the contact section (under its h2: the AuditWizard island), 2 on the results page (under its
 * h1); the headings inside follow one level below.
 */
export function AuditResults({
  audit,
  presentation,
  headingRef,
  resultsToken,
  headingLevel = 3,
  findings,
  afterBreakdown,
}: {
  audit: AuditRecord;
  /** The lines about the business, the estimate's working and the next step (lib/audit/presentation.ts, from the server). */
  presentation: ResultsPresentation;
  headingRef?: Ref<HTMLHeadingElement>;
  resultsToken?: string | null;
  headingLevel?: 2 | 3;
  /** What the website's check found (lib/audit/site-check.ts usableFindings): the breakdown then says so, as the stored score does. */
  findings?: SiteFindings;
  /** Shown under the breakdown: the website's findings on the results page. */
  afterBreakdown?: ReactNode;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const bookHref = bookingPathFor(resultsToken);
  const score = Math.round(Number(audit.auditScore));
  const breakdown = scoreBreakdown(audit, findings);
  const recommended = audit.recommendedServices.flatMap((slug) => services.filter((s) => s.slug === slug));
  const next = presentation.next;
  const enterprise = audit.packageTier === 'enterprise';
  const tone = score >= SCORE_THRESHOLDS.excellent ? 'text-emerald-700' : score >= SCORE_THRESHOLDS.good ? 'text-blue-700' : 'text-amber-700';
  return (
    // A business name is one long word at times ("TrinityBellwoodsBakehouse.ca"): it breaks rather than widen a phone's page.
    <div data-audit-results="" className="wrap-anywhere">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">Your free business audit</p>
      <Title ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold text-slate-900 outline-none">
        {audit.businessName}
      </Title>

      <div className="mt-6 flex flex-col gap-4 rounded-xl bg-slate-50 p-5 sm:flex-row sm:items-center">
        <p className="shrink-0">
          <span className={`text-5xl font-extrabold ${tone}`}>{score}</span>
          <span className="text-lg font-semibold text-slate-600">/100</span>
        </p>
        <div>
          <p className={`text-lg font-bold ${tone}`}>{scoreMessage(score)}</p>
          <p className="mt-1 text-sm text-slate-600">Your growth readiness score, from five parts of your marketing.</p>
        </div>
      </div>

      <div className="mt-4 space-y-2 text-slate-700" data-audit-personal="">
        {presentation.personal.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>

      <Sub className="mt-6 text-base font-semibold text-slate-900">How your score adds up</Sub>
      <ul className="mt-3 space-y-4">
        {breakdown.map((c) => (
          <li key={c.key}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-slate-900">{c.label}</span>
              <span className="font-semibold text-slate-700">{`${c.points}/${c.max}`}</span>
            </div>
            <div className="mt-1.5 h-2 rounded-full bg-slate-200" aria-hidden="true">
              <div className="h-2 rounded-full bg-blue-600" style={{ width: `${Math.round((c.points / c.max) * 100)}%` }} />
            </div>
            <p className="mt-1.5 text-sm text-slate-600">{c.why}</p>
          </li>
        ))}
      </ul>

      {afterBreakdown}

      <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-5">
        <p className="text-sm font-medium text-emerald-900">Estimated value of the growth within reach</p>
        <p className="mt-1 text-3xl font-extrabold text-emerald-800">{`${formatDollars(audit.estimatedValue)}/month`}</p>
        <p className="mt-1 text-sm text-emerald-900" data-audit-working="">
          {`How we worked it out: ${presentation.working}.`}
        </p>
      </div>

      <Sub className="mt-6 text-base font-semibold text-slate-900">Recommended services for you</Sub>
      <ol className="mt-3 space-y-2">
        {recommended.map((s, i) => (
          <li key={s.slug}>
            <a
              href={servicePath(s.slug)}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 font-medium text-slate-900 hover:border-blue-600 hover:bg-blue-50"
            >
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">{i + 1}</span>
              {s.title}
              <LineIcon size={18} className="ml-auto text-slate-400">
                <path d="M9 6l6 6-6 6" />
              </LineIcon>
            </a>
          </li>
        ))}
      </ol>

      <div
        data-audit-next-step={enterprise ? 'enterprise' : 'consultation'}
        className={`mt-6 rounded-xl p-5 ${enterprise ? 'bg-slate-900 text-white' : 'border border-blue-200 bg-blue-50 text-slate-900'}`}
      >
        <Sub className="text-lg font-bold">{next.heading}</Sub>
        <p className={`mt-2 text-sm ${enterprise ? 'text-slate-300' : 'text-slate-700'}`}>{next.text}</p>
        <a href={bookHref} className={`${enterprise ? buttonClass.light : buttonClass.primary} mt-4 w-full text-center sm:w-auto`}>
          {next.bookLabel}
        </a>
        {next.intake ? (
          <div className={`mt-5 border-t pt-4 ${enterprise ? 'border-slate-700' : 'border-blue-200'}`}>
            <p className={`text-sm ${enterprise ? 'text-slate-300' : 'text-slate-700'}`}>{next.intake.text}</p>
            {/* A link, not a second button: the booking stays the one clear next step. */}
            <a
              href={intakePathFor(resultsToken)}
              className={`mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-2 ${enterprise ? 'text-white' : 'text-blue-700'}`}
            >
              {next.intake.label}
            </a>
          </div>
        ) : null}
        <p className={`mt-5 text-sm ${enterprise ? 'text-slate-300' : 'text-slate-600'}`} data-audit-follow-up="">
          {next.followUp}
        </p>
      </div>
    </div>
  );
}
