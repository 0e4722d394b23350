import { reasonWords } from '../../lib/audit/site-check.ts';
import { servicePath, serviceTitle } from '../../lib/site.ts';
import { SITE_CHECK_FIXED_BY } from '../../lib/site-check/labels.ts';
import type { FindingStatus, SiteCheck, SiteCheckFinding } from '../../lib/site-check/types.ts';

// What the check of a prospect's website found (issue 32): on the private results page and the lead's
// page. Server-rendered, no island: while the check is pending the results page refreshes itself.

const STATUS: Record<FindingStatus, { word: string; mark: string; tone: string }> = {
  fail: { word: 'Needs work', mark: '✗', tone: 'bg-red-50 text-red-800 ring-red-200' },
  pass: { word: 'Looks good', mark: '✓', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  unknown: { word: 'Could not tell', mark: '?', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
};
const ORDER: Record<FindingStatus, number> = { fail: 0, unknown: 1, pass: 2 };

function FindingList({ findings, bare = false }: { findings: SiteCheckFinding[]; bare?: boolean }) {
  return (
    <ul className={`divide-y divide-slate-200 ${bare ? '' : 'mt-3 rounded-xl border border-slate-200'}`}>
      {findings.map((f) => {
        const s = STATUS[f.status];
        const service = SITE_CHECK_FIXED_BY[f.key];
        return (
          <li key={f.key} className="p-4" data-finding={f.key} data-finding-status={f.status}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${s.tone}`}>
                <span aria-hidden="true">{s.mark}</span>
                {s.word}
              </span>
              <span className="font-medium text-slate-900">{f.label}</span>
            </div>
            <p className="mt-1 break-words text-sm text-slate-700">{f.evidence}</p>
            <a href={servicePath(service)} className="mt-1 inline-flex min-h-8 items-center text-sm font-semibold text-blue-700 underline underline-offset-2">
              {f.status === 'fail' ? `How we fix this: ${serviceTitle(service)}` : `Related service: ${serviceTitle(service)}`}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteCheckFindings({
  check,
  headingLevel = 3,
  audience = 'visitor',
  checkedAtText,
}: {
  check: SiteCheck;
  headingLevel?: 2 | 3;
  /** The visitor reads "your website"; staff read "the website". */
  audience?: 'visitor' | 'staff';
  /** When it was checked, in words (Toronto time), shown under the heading. */
  checkedAtText?: string | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const your = audience === 'visitor' ? 'your website' : 'the website';
  if (check.status === 'pending')
    return (
      <section className="mt-6 rounded-xl border border-blue-200 bg-blue-50 p-5" data-site-check="pending" aria-live="polite">
        <Heading className="text-base font-semibold text-slate-900">{audience === 'visitor' ? 'Checking your website…' : 'Checking the website…'}</Heading>
        <p className="mt-1 text-sm text-slate-700">
          {audience === 'visitor'
            ? `We are looking at ${check.url} the way Google and your customers see it. This takes a few seconds; this page shows what we find as soon as it is done.`
            : `The check of ${check.url} is queued or under way; this page shows the findings once it is done.`}
        </p>
      </section>
    );
  if (check.status !== 'done')
    return (
      <section className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-5" data-site-check={check.status}>
        <Heading className="text-base font-semibold text-slate-900">{`We could not check ${your}`}</Heading>
        <p className="mt-1 text-sm text-slate-700">{reasonWords(check)}</p>
        <p className="mt-1 break-all text-sm text-slate-600">{check.url}</p>
      </section>
    );
  const findings = [...check.checks].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const open = findings.filter((f) => f.status !== 'pass');
  const passed = findings.filter((f) => f.status === 'pass');
  const count = (s: FindingStatus) => check.checks.filter((c) => c.status === s).length;
  return (
    <section className="mt-6" data-site-check="done">
      <Heading className="text-base font-semibold text-slate-900">{`What we found on ${your}`}</Heading>
      <p className="mt-1 break-words text-sm text-slate-600">
        {`${count('pass')} of ${check.checks.length} checks passed, ${count('fail')} need${count('fail') === 1 ? 's' : ''} work${count('unknown') ? `, ${count('unknown')} we could not tell from outside` : ''}. `}
        <span className="break-all">{check.url}</span>
        {checkedAtText ? `, checked ${checkedAtText}.` : '.'}
      </p>
      {open.length > 0 ? <FindingList findings={open} /> : null}
      {passed.length > 0 ? (
        // What already works is there to read, folded away (a native disclosure: no script), so what needs work leads.
        <details className="mt-3 rounded-xl border border-slate-200" data-findings-passed="">
          <summary className="min-h-11 cursor-pointer px-4 py-3 text-sm font-semibold text-slate-900">{`What already works (${passed.length})`}</summary>
          <div className="border-t border-slate-200">
            <FindingList findings={passed} bare />
          </div>
        </details>
      ) : null}
    </section>
  );
}
