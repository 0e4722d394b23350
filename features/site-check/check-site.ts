// Checks a prospect's website (issue 32). PLACEHOLDER until the fetch and the checks land: it answers
// `failed` for every address, so the queue, the store and the pages can be built against the contract.
import type { SiteCheckOutcome } from '../../lib/site-check/types.ts';

export type CheckSiteOptions = {
  /** SITE_CHECK_ALLOW_HOSTS, parsed: exactly these host[:port]s may be private (tests, intranets). */
  allowHosts: readonly string[];
  now: () => Date;
  signal?: AbortSignal;
};

export async function checkSite(url: string, options: CheckSiteOptions): Promise<SiteCheckOutcome> {
  return { status: 'failed', url, checkedAt: options.now().toISOString(), checks: [], reason: 'The site check is not built yet.' };
}
