import type { Ref } from 'react';
import { bookingPathFor } from '../../lib/audit/results-link.ts';
import { type AuditRecord, formatDollars, SCORE_THRESHOLDS, scoreBreakdown, scoreMessage } from '../../lib/audit/scoring.ts';
import { figures, servicePath, services } from '../../lib/site.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { buttonClass } from '../ui/styles.ts';

/** The audit's results view: score and why, monthly value, recommended services and the next step. */
/** `resultsToken` (the private results link's) makes the booking buttons book a session joined to this audit. */
export function AuditResults({ audit, headingRef, resultsToken }: { audit: AuditRecord; headingRef?: Ref<HTMLHeadingElement>; resultsToken?: string | null }) {
  const bookHref = bookingPathFor(resultsToken);
  const score = Math.round(Number(audit.auditScore));
  const breakdown = scoreBreakdown(audit);
  const recommended = audit.recommendedServices.flatMap((slug) => services.filter((s) => s.slug === slug));
  const enterprise = audit.packageTier === 'enterprise';
  const tone = score >= SCORE_THRESHOLDS.excellent ? 'text-emerald-700' : score >= SCORE_THRESHOLDS.good ? 'text-blue-700' : 'text-amber-700';
  return (
    <div data-audit-results="">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">Your free business audit</p>
      <h3 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold text-slate-900 outline-none">
        {audit.businessName}
      </h3>

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

      <h4 className="mt-6 text-base font-semibold text-slate-900">How your score adds up</h4>
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

      <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-5">
        <p className="text-sm font-medium text-emerald-900">Estimated value of the growth within reach</p>
        <p className="mt-1 text-3xl font-extrabold text-emerald-800">{`${formatDollars(audit.estimatedValue)}/month`}</p>
        <p className="mt-1 text-sm text-emerald-900">Based on your revenue range, marketing budget and goals.</p>
      </div>

      <h4 className="mt-6 text-base font-semibold text-slate-900">Recommended services for you</h4>
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

      {enterprise ? (
        <div className="mt-6 rounded-xl bg-slate-900 p-5 text-white">
          <p className="font-semibold">Your business qualifies for our enterprise program.</p>
          <p className="mt-2 text-sm text-slate-300">
            {`At your size, you get our full big data toolkit: ${figures.dataToolsPerYear} worth of data insights on search demand, competitors and customers in your area, with a senior strategist on your account.`}
          </p>
          <a href={bookHref} className={`${buttonClass.light} mt-4 w-full sm:w-auto`}>
            Schedule Enterprise Consultation
          </a>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href={bookHref} className={buttonClass.primary}>
            Book Free Consultation
          </a>
          <a href="/q4-intake" className={buttonClass.secondary}>
            Get Started
          </a>
        </div>
      )}
    </div>
  );
}
