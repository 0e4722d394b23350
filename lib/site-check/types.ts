// The site check's contract (issue 32): what a check of a prospect's website answers. Shared by the
// fetch and the checks (features/site-check/), the queue job and the store, the results page, the
// results email, the lead's page and the audit's JSON (`siteCheck`). The keys are stable: reports,
// the API and the service links name them.

export const SITE_CHECK_KEYS = [
  'https',
  'https-redirect',
  'hsts',
  'ttfb',
  'page-weight',
  'title',
  'meta-description',
  'h1',
  'viewport',
  'canonical',
  'local-business-schema',
  'open-graph',
  'image-alt',
  'tel-link',
  'contact-form',
  'analytics-tag',
  'google-business-link',
  'robots',
  'sitemap',
  'copyright-year',
] as const;
export type SiteCheckKey = (typeof SITE_CHECK_KEYS)[number];

/** `unknown`: the check could not tell (never counted as a failure). */
export type FindingStatus = 'pass' | 'fail' | 'unknown';

/** One check's verdict, in an owner's words, with what was seen. */
export type SiteCheckFinding = {
  key: SiteCheckKey;
  label: string;
  status: FindingStatus;
  /** What was found, e.g. "Title: 'Home' — 4 characters". */
  evidence: string;
};

/** Why a check was refused, as a visitor may read it (nothing about the server's network). */
export type RefusalReason = 'not-public' | 'not-http' | 'too-many-redirects' | 'bad-address';

/** What one run of the check ends in. `failed`: the site could not be reached or read. */
export type SiteCheckOutcome =
  | { status: 'done'; url: string; checkedAt: string; checks: SiteCheckFinding[] }
  | { status: 'failed'; url: string; checkedAt: string; checks: []; reason: string }
  | { status: 'refused'; url: string; checkedAt: string; checks: []; reason: RefusalReason };

/** The audit's `siteCheck` (JSON and pages): an outcome, or `pending` while the queue works on it. */
export type SiteCheck = SiteCheckOutcome | { status: 'pending'; url: string; checkedAt: null; checks: [] };
