import { Hono } from 'hono';
import { AuditResults } from '../../../components/home/AuditResults.tsx';
import { SiteCheckFindings } from '../../../components/site-check/SiteCheckFindings.tsx';
import { buttonClass } from '../../../components/ui/styles.ts';
import { findAuditByResultsToken } from '../../../db/queries/audits.ts';
import { siteCheckOf } from '../../../db/queries/site-checks.ts';
import { presentResults, type ResultsPresentation } from '../../../lib/audit/presentation.ts';
import { isResultsLinkExpired, isResultsToken, RESULTS_LINK_DAYS, RESULTS_TITLE, resultsLinkExpiresAt, resultsPath } from '../../../lib/audit/results-link.ts';
import type { AuditRecord } from '../../../lib/audit/scoring.ts';
import { RESULTS_PAGE_REFRESH_S, RESULTS_PAGE_WAITS_MS, siteCheckJson, usableFindings } from '../../../lib/audit/site-check.ts';
import { sendsEmail } from '../../../lib/config.ts';
import type { SiteCheck } from '../../../lib/site-check/types.ts';
import { formatDateTime, formatWeekdayDate } from '../../../lib/time/display.ts';
import { withDatabaseDeadline } from '../../../server/deadline.ts';
import type { AppEnv } from '../../../server/deps.ts';
import { definePage, renderPage } from '../../../server/page.tsx';

type ResultsData =
  | {
      state: 'ready';
      audit: AuditRecord;
      presentation: ResultsPresentation;
      expiresAt: string;
      token: string;
      /** The website's check (issue 32); null when no website was given. `stillWaiting`: pending, and the page refreshes itself. */
      siteCheck: SiteCheck | null;
      stillWaiting: boolean;
    }
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
    title: data.state === 'ready' ? RESULTS_TITLE : 'Audit results link | Northline Digital',
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
              <AuditResults
                audit={data.audit}
                presentation={data.presentation}
                resultsToken={data.token}
                headingLevel={2}
                findings={usableFindings(data.siteCheck)}
                afterBreakdown={
                  data.siteCheck ? (
                    <>
                      <SiteCheckFindings check={data.siteCheck} checkedAtText={data.siteCheck.checkedAt ? formatDateTime(data.siteCheck.checkedAt) : null} />
                      {data.siteCheck.status === 'pending' && !data.stillWaiting ? (
                        <p className="mt-2 text-sm text-slate-600">
                          It is taking longer than usual.{' '}
                          <a href={resultsPath(data.token)} className="font-semibold text-blue-700 underline">
                            Refresh this page
                          </a>{' '}
                          in a minute to see the findings.
                        </p>
                      ) : null}
                    </>
                  ) : null
                }
              />
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

/** The results as JSON when asked for it alone (`Accept: application/json`; a browser's Accept names HTML). */
const wantsJson = (accept: string | undefined) => /\bapplication\/json\b/i.test(accept ?? '') && !/\btext\/html\b/i.test(accept ?? '');

/**
 * GET /audit/results/{token}: 200 with the results, 410 once the link has expired, 404 for any other token.
 * With `Accept: application/json`: {audit, resultsUrl, presentation, siteCheck} (lib/audit/site-check.ts siteCheckJson).
 * While the website's check is pending the page asks the browser to load it again in 3 s (a `Refresh`
 * header: no script), for up to a minute after the check was asked for.
 */
const auditResults = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Vary', 'Accept');
  const json = wantsJson(c.req.header('accept'));
  const token = c.req.param('token') ?? '';
  const { sql, now } = c.get('deps');
  const found = isResultsToken(token)
    ? await withDatabaseDeadline(sql, async (db) => {
        const first = await findAuditByResultsToken(db, token);
        if (!first) return null;
        // The check first, then the audit again: a check recorded in between (with the score it gives the
        // audit, in one transaction) is then never shown beside the score from before it.
        const siteCheck = await siteCheckOf(db, first.id);
        const audit = siteCheck && siteCheck.status !== 'pending' ? ((await findAuditByResultsToken(db, token)) ?? first) : first;
        return { audit, siteCheck };
      })
    : null;
  if (!found) return json ? c.json({ error: 'No such results' }, 404) : renderPage(c, resultsPage, { state: 'missing' }, 404);
  const { audit } = found;
  if (isResultsLinkExpired(audit.createdAt, now()))
    return json ? c.json({ error: 'This results link has expired' }, 410) : renderPage(c, resultsPage, { state: 'expired' }, 410);
  const record = { ...audit, createdAt: audit.createdAt.toISOString() } as AuditRecord;
  const presentation = presentResults(record, { emailed: sendsEmail(c.get('deps').config) });
  let siteCheck: SiteCheck | null = null;
  let stillWaiting = false;
  if (found.siteCheck) {
    const { requestedAt, ...check } = found.siteCheck;
    siteCheck = check as SiteCheck;
    stillWaiting = check.status === 'pending' && now().getTime() - requestedAt.getTime() < RESULTS_PAGE_WAITS_MS;
  }
  if (json) return c.json({ audit: record, resultsUrl: resultsPath(token), presentation, siteCheck: siteCheck && siteCheckJson(siteCheck) });
  if (stillWaiting) c.header('Refresh', String(RESULTS_PAGE_REFRESH_S));
  return renderPage(c, resultsPage, {
    state: 'ready',
    audit: record,
    presentation,
    expiresAt: formatWeekdayDate(resultsLinkExpiresAt(audit.createdAt)),
    token,
    siteCheck,
    stillWaiting,
  });
});

export default auditResults;
