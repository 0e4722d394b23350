import { ApplySection, FitList, HowItWorks, IntakeFaq, IntakeHero, ProofBullets, TrustBar } from '../../components/intake/IntakeSections.tsx';
import { findAuditByResultsToken } from '../../db/queries/audits.ts';
import { isResultsLinkExpired, isResultsToken } from '../../lib/audit/results-link.ts';
import { intakeJsonLd, intakeMeta } from '../../lib/content/intake.ts';
import { intakePrefillFromAudit } from '../../lib/intake/prefill.ts';
import { intake } from '../../lib/site.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppContext } from '../../server/deps.ts';
import type { IslandProps } from '../../server/islands/Island.tsx';
import { definePage } from '../../server/page.tsx';
import { sameForEveryone } from '../../server/page-cache.ts';

type IntakePageData = {
  siteUrl: string;
  /** The form's starting answers: a plain post that came back with errors, or the visitor's audit (`prefilled`). */
  form?: IslandProps<'IntakeForm'>;
  prefilled?: boolean;
};

/**
 * The intake page. `?results={token}` (intakePathFor, lib/audit/results-link.ts: the audit results' link)
 * prefills the form with what the audit told us, on the server, so it works without JavaScript too; that
 * page is the visitor's alone (never kept, no Referer, noindex), like the results link itself.
 */
export default definePage<IntakePageData>({
  // The plain page is the same for every visitor of this process; a prefilled one is never kept.
  cache: { ...sameForEveryone, variant: ({ form }) => (form ? null : '') },
  load: async (c) => {
    const siteUrl = c.get('deps').config.PUBLIC_SITE_URL;
    const token = c.req.query('results');
    if (token === undefined) return { siteUrl };
    c.header('Cache-Control', 'private, no-store');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Robots-Tag', 'noindex');
    const values = await prefillFromResults(c, token);
    return values ? { siteUrl, form: { values }, prefilled: true } : { siteUrl };
  },
  meta: ({ siteUrl }) => ({ ...intakeMeta, path: intake.path, jsonLd: intakeJsonLd(siteUrl) }),
  Component: ({ form, prefilled }) => (
    <>
      <IntakeHero />
      <TrustBar />
      <ProofBullets />
      <FitList />
      <HowItWorks />
      <IntakeFaq />
      <ApplySection form={form} prefilled={prefilled} />
    </>
  ),
});

/**
 * The answers the audit behind a results token gave; null for a token that names no audit (or an erased
 * one), an expired link, or a database that cannot answer now: the page then shows the empty form, which
 * is better than no page for someone ready to apply.
 */
async function prefillFromResults(c: AppContext, token: string) {
  const { sql, now, dbReady, log } = c.get('deps');
  if (!isResultsToken(token) || !dbReady()) return null;
  try {
    const audit = await withDatabaseDeadline(sql, (db) => findAuditByResultsToken(db, token));
    if (!audit || isResultsLinkExpired(audit.createdAt, now())) return null;
    return intakePrefillFromAudit(audit);
  } catch (error) {
    log.warn('intake prefill skipped: the database did not answer', { requestId: c.get('requestId'), error: error instanceof Error ? error.name : 'unknown' });
    return null;
  }
}
