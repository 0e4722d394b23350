import type { FindingStatus, SiteCheck, SiteCheckFinding } from '../site-check/types.ts';

// The audit's side of the site check (issue 32): which site a website names (the cache's key, and the home
// page that is fetched), how long a check is reused, how long the results email waits for one, and what the
// audit's answers say about it.
// Pure: the queue's job (features/site-check/audit-job.ts) and the store (db/queries/site-checks.ts) do the work.

/** A site is fetched at most once an hour: a second audit of it within the hour reuses the first's findings. */
export const SITE_CHECK_CACHE_MS = 60 * 60_000;

/** The results email waits this long after the audit for its site check, then goes either way. */
export const EMAIL_WAITS_FOR_CHECK_MS = 15_000;

/**
 * The results page refreshes itself while the check is pending (no script needed), for this long after
 * the audit; a check still pending after that (the queue is down) is said plainly instead.
 */
export const RESULTS_PAGE_REFRESH_S = 3;
export const RESULTS_PAGE_WAITS_MS = 60_000;

// What "we checked your website" means: the site's home page, whatever page of it the audit named. The
// checks are of a site (robots.txt, sitemap.xml, plain http:// sending visitors to https://) and of its home
// page (title, heading, tap-to-call, page weight…), and the findings say "home page"; an owner who pastes
// the address of the page they happened to be on (a booking page, a link with tracking in it, a page since
// removed) still means their website, as a customer arriving at it sees it. So the site is the cache's key
// and its home page is the one address fetched: key and fetch name the same thing, a page that answers
// 404, redirects inside or hangs can never stand for the site (nor, cached, for the next audit of it), and
// however the path and query vary a stranger cannot make us fetch one business's site more than once an hour.

/** The parsed http(s) address, or null. */
function httpUrlOf(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
}

/**
 * The cache's key: scheme, host and port, as the URL parser writes them (`https://brightsmile.ca:443`,
 * the default port written out, host lower-cased). Null for what is not an http(s) address.
 */
export function siteKeyOf(url: string): string | null {
  const parsed = httpUrlOf(url);
  if (!parsed) return null;
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  return `${parsed.protocol}//${parsed.hostname}:${port}`;
}

/**
 * The address the check fetches for a website: its site's home page, the scheme, host and port of its key
 * and nothing else (`https://brightsmile.ca/` for `https://BrightSmile.ca/book?x=1#top`; no path, query,
 * fragment or credentials). Null for what is not an http(s) address.
 */
export function siteHomeOf(url: string): string | null {
  const parsed = httpUrlOf(url);
  return parsed ? `${parsed.origin}/` : null;
}

/** Counted findings: `unknown` is never a failure, and is not counted either way. */
export function tally(checks: readonly Pick<SiteCheckFinding, 'status'>[]): Record<FindingStatus, number> {
  const counts: Record<FindingStatus, number> = { pass: 0, fail: 0, unknown: 0 };
  for (const c of checks) counts[c.status]++;
  return counts;
}

/** The findings the score may use: those of a finished check that could tell at least one thing. */
export function usableFindings(check: SiteCheck | null | undefined): SiteCheckFinding[] | null {
  if (check?.status !== 'done') return null;
  const { pass, fail } = tally(check.checks);
  return pass + fail > 0 ? check.checks : null;
}

/** The refusal reasons as a visitor reads them: the rule that refused, nothing about the server's network. */
const REFUSAL_WORDS: Record<string, string> = {
  'not-public': 'We only check public websites, and this address is not one.',
  'not-http': 'We can only check http:// and https:// addresses on the usual ports.',
  'too-many-redirects': 'The site sent us through more than 3 redirects, so we stopped.',
  'bad-address': 'This does not look like a website address we can check.',
};

/** A refusal's or failure's reason in words (a failure's reason is already written for the visitor). */
export function reasonWords(check: SiteCheck): string | null {
  if (check.status === 'refused') return REFUSAL_WORDS[check.reason] ?? REFUSAL_WORDS['bad-address'];
  if (check.status === 'failed') return check.reason;
  return null;
}

/** The `siteCheck` of the audit's JSON: {status, url, checkedAt, checks: [{key, label, status, evidence}]}, and why when refused or failed. */
export function siteCheckJson(check: SiteCheck) {
  const checks = check.checks.map(({ key, label, status, evidence }) => ({ key, label, status, evidence }));
  // The address checked: the site's home page (a check stored before that was so may still name a page).
  const base = { status: check.status, url: siteHomeOf(check.url) ?? check.url, checkedAt: check.checkedAt, checks };
  return check.status === 'refused' || check.status === 'failed' ? { ...base, reason: check.reason, reasonText: reasonWords(check) } : base;
}
