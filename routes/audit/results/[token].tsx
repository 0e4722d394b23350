import { Hono } from 'hono';
import { AuditResults } from '../../../components/home/AuditResults.tsx';
import { buttonClass } from '../../../components/ui/styles.ts';
import { findAuditByResultsToken } from '../../../db/queries/audits.ts';
import { presentResults, type ResultsPresentation } from '../../../lib/audit/presentation.ts';
import { isResultsLinkExpired, isResultsToken, RESULTS_LINK_DAYS, resultsLinkExpiresAt } from '../../../lib/audit/results-link.ts';
import type { AuditRecord } from '../../../lib/audit/scoring.ts';
import { formatWeekdayDate } from '../../../lib/time/display.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { definePage, renderPage } from '../../../server/page.tsx';

type ResultsData =
  | { state: 'ready'; audit: AuditRecord; presentation: ResultsPresentation; expiresAt: string; token: string }
  | { state: 'expired' }
  | { state: 'missing' };

/**
 * The private results link of an audit (lib/audit/results-link.ts): the results view as the person saw it
 * after submitting, for Back, a reload and the link in their email. Private in every way: noindex,
 * never kept by any cache, and no Referer to the pages it links to.
 */
const resultsPage = definePage<ResultsData>({
  // The canonical link names the home page, never the token.
  meta: (data) => ({
    title: data.state === 'ready' ? 'Your business growth audit results | Northline Digital' : 'Audit results link | Northline Digital',
    description: 'Your free business growth audit results from Northline Digital.',
    path: '/',
    noindex: true,
  }),
  Component: (data) => (
    <section className="bg-gradient-to-b from-blue-50 to-white px-4 pb-20 pt-28 sm:px-6">
      <div className="mx-auto max-w-3xl">
        {data.state === 'ready' ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Your audit results</h1>
            <p className="mt-3 text-slate-600">
              {`This is your private results link: it works until ${data.expiresAt}. Anyone who has it can see these results, so please keep it to yourself.`}
            </p>
            <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
              <AuditResults audit={data.audit} presentation={data.presentation} resultsToken={data.token} headingLevel={2} />
            </div>
          </>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10" data-results-unavailable={data.state}>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">
              {data.state === 'expired' ? 'This results link has expired' : 'We can’t find these results'}
            </h1>
            <p className="mt-4 text-lg leading-8 text-slate-700">
              {data.state === 'expired'
                ? `Results links work for ${RESULTS_LINK_DAYS} days, and this one is older than that. Your business has likely changed since, so a fresh audit will tell you more: it takes about 2 minutes.`
                : 'The link may be incomplete (a link split over two lines in an email loses its end), or the results were deleted at your request. Taking the audit again takes about 2 minutes.'}
            </p>
            <a href="/#contact" className={`${buttonClass.primary} mt-8`}>
              Take the free audit again
            </a>
          </div>
        )}
      </div>
    </section>
  ),
});

/** GET /audit/results/{token}: 200 with the results, 410 once the link has expired, 404 for any other token. */
const auditResults = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  const token = c.req.param('token') ?? '';
  const { sql, now } = c.get('deps');
  const audit = isResultsToken(token) ? await withDatabaseDeadline(sql, (db) => findAuditByResultsToken(db, token)) : null;
  if (!audit) return renderPage(c, resultsPage, { state: 'missing' }, 404);
  if (isResultsLinkExpired(audit.createdAt, now())) return renderPage(c, resultsPage, { state: 'expired' }, 410);
  const record = { ...audit, createdAt: audit.createdAt.toISOString() } as AuditRecord;
  return renderPage(c, resultsPage, {
    state: 'ready',
    audit: record,
    presentation: presentResults(record),
    expiresAt: formatWeekdayDate(resultsLinkExpiresAt(audit.createdAt)),
    token,
  });
});

export default auditResults;
