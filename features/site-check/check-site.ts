// Checks a prospect's website (issue 32): the home page (following at most three redirects), what plain
// http:// answers, robots.txt and sitemap.xml, each fetched once through the guarded fetch, all within
// one 5-second budget; then the twenty checks (lib/site-check/checks.ts). Never throws: a refused
// address, a site that cannot be reached or read, and the budget running out are outcomes.

import { agency } from '../../lib/site.ts';
import type { AllowedHost } from '../../lib/site-check/address.ts';
import { type FetchedDocument, runChecks } from '../../lib/site-check/checks.ts';
import type { SiteCheckOutcome } from '../../lib/site-check/types.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import { withDeadline } from '../../server/deadline.ts';
import { decodeText, type GuardOptions, guardedGet, Refused, type Resolve, readCapped } from './guarded-fetch.ts';

export const SITE_CHECK_BUDGET_MS = 5000;

export type CheckSiteOptions = {
  /** SITE_CHECK_ALLOW_HOSTS: exactly these host[:port]s may be private (tests, intranets). */
  allowHosts: readonly AllowedHost[];
  /** The site's own address, named in the checker's User-Agent. */
  siteUrl: string;
  now: Clock;
  signal?: AbortSignal;
  /** The budget for everything (5 s); tests of the budget itself may shorten it. */
  budgetMs?: number;
  /** DNS (the system's by default). */
  resolve?: Resolve;
  /** A certificate authority to trust instead of the system's (tests' https sites). */
  trustedCa?: string;
};

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

async function fetchDocument(path: string, base: URL, guard: GuardOptions): Promise<FetchedDocument> {
  try {
    const { response } = await guardedGet(new URL(path, base), guard, { accept: 'text/plain,application/xml,text/xml;q=0.9,*/*;q=0.5' });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { status: response.status, text: null };
    }
    const { bytes } = await readCapped(response);
    return { status: 200, text: decodeText(bytes, response.headers.get('content-type')) };
  } catch (error) {
    if (guard.signal.aborted) throw error;
    return null;
  }
}

/** What plain http:// on the same host answers, one request (no redirect followed): null when nothing does. */
async function plainHttpOf(home: URL, guard: GuardOptions) {
  const plain = new URL('/', home);
  plain.protocol = 'http:';
  plain.port = '';
  try {
    const { response } = await guardedGet(plain, guard, { accept: HTML_ACCEPT, follow: false });
    await response.body?.cancel();
    return { status: response.status, redirectsToHttps: (response.headers.get('location') ?? '').startsWith('https:') };
  } catch (error) {
    if (guard.signal.aborted) throw error;
    return null;
  }
}

const reasonOf = (error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  if (/ENOTFOUND|EAI_AGAIN|ENODATA|DNS/i.test(code)) return 'The address could not be found (no such domain).';
  if (/CERT|TLS|SSL/i.test(code)) return 'The site’s security certificate is not valid.';
  if (/ECONNREFUSED|ConnectionRefused/i.test(code)) return 'The site refused the connection.';
  if (/ECONNRESET|ConnectionClosed|EPIPE/i.test(code)) return 'The site closed the connection without answering.';
  return 'The site could not be reached.';
};

/** Why the home page cannot be checked (an error answer, or not a web page), or null when it can. */
function unreadableHome(status: number, contentType: string | null): string | null {
  if (status >= 400) return `The home page answered with an error (${status}).`;
  const type = (contentType ?? 'text/html').split(';')[0].trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml' || type === '') return null;
  return `The home page is not a web page (it is ${type.slice(0, 60)}).`;
}

export async function checkSite(url: string, options: CheckSiteOptions): Promise<SiteCheckOutcome> {
  const checkedAt = () => options.now().toISOString();
  const failed = (reason: string): SiteCheckOutcome => ({ status: 'failed', url, checkedAt: checkedAt(), checks: [], reason });
  const budget = options.budgetMs ?? SITE_CHECK_BUDGET_MS;
  try {
    return await withDeadline(
      budget,
      async (signal) => {
        const guard: GuardOptions = {
          allowHosts: options.allowHosts,
          userAgent: `${agency.name} site check (+${options.siteUrl})`,
          signal,
          resolve: options.resolve,
          trustedCa: options.trustedCa,
        };
        const home = await guardedGet(url, guard, { accept: HTML_ACCEPT });
        const contentType = home.response.headers.get('content-type');
        // A home page that answers an error, or is not a web page, cannot be checked: said plainly.
        const unreadable = unreadableHome(home.response.status, contentType);
        if (unreadable) {
          await home.response.body?.cancel();
          return failed(unreadable);
        }
        const { bytes, truncated } = await readCapped(home.response);
        const [robots, sitemap, plainHttp] = await Promise.all([
          fetchDocument('/robots.txt', home.url, guard),
          fetchDocument('/sitemap.xml', home.url, guard),
          // Begun at http://, the first answer says it; begun at https://, plain http:// is asked once.
          home.first.url.protocol === 'http:'
            ? Promise.resolve({ status: home.first.status, redirectsToHttps: home.first.location?.protocol === 'https:' })
            : plainHttpOf(home.url, guard),
        ]);
        const headers = Object.fromEntries([...home.response.headers].map(([k, v]) => [k.toLowerCase(), v]));
        const year = Number(dayIn(options.now(), agency.timeZone).slice(0, 4));
        const checks = runChecks(
          {
            finalUrl: home.url.href,
            status: home.response.status,
            headers,
            ttfbMs: home.ttfbMs,
            bytes: bytes.length,
            truncated,
            html: decodeText(bytes, contentType),
            plainHttp,
            robots,
            sitemap,
          },
          year,
        );
        return { status: 'done', url, checkedAt: checkedAt(), checks } satisfies SiteCheckOutcome;
      },
      { onExpiry: () => failed(`The site took longer than ${budget / 1000} seconds to answer.`), signal: options.signal },
    );
  } catch (error) {
    if (error instanceof Refused) return { status: 'refused', url, checkedAt: checkedAt(), checks: [], reason: error.reason };
    return failed(reasonOf(error));
  }
}
