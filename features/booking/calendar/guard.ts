import { type AllowedHost, vetTarget } from '../../../lib/site-check/address.ts';
import type { RefusalReason } from '../../../lib/site-check/types.ts';
import { fetchPinned, REDIRECTS, Refused, type Resolve, vettedAddresses } from '../../site-check/guarded-fetch.ts';
import { type CalendarUnreachable, unreachable } from './problems.ts';

// Where a staff member's calendar may be read from. The address is typed by whoever holds a staff
// account, so every calendar request (an iCal feed's GET and each redirect after it; each request tsdav
// makes, discovery at /.well-known/caldav included, whatever its method) goes through the site check's
// guard (features/site-check/guarded-fetch.ts, lib/site-check/address.ts): http or https, ports 80 and
// 443, no credentials in the address, the host resolved and refused unless every address is public
// unicast, and the request sent to the very addresses that were checked (Host and TLS's server name kept),
// so DNS rebinding cannot reach inside. CALENDAR_ALLOW_HOSTS lets exactly its host[:port]s through on a
// private address (an office's Nextcloud or Radicale; the tests' servers on loopback). A refused address
// is refused before any connection, in one sentence (problems.ts) that says nothing of what listens there.
// Redirects are followed here, by hand, each hop vetted; the Authorization header never follows one to
// another origin.

/** Where calendars may be read from: CALENDAR_ALLOW_HOSTS, and (tests) the DNS answers to use. */
export type CalendarReach = {
  /** Exactly these host[:port]s may be on a private address. */
  allowHosts: readonly AllowedHost[];
  /** A name's addresses (node:dns by default; tests hand in the answers they need). */
  resolve?: Resolve;
};

/** The reach a deployment's config gives: CALENDAR_ALLOW_HOSTS. */
export const calendarReachOf = (config: { CALENDAR_ALLOW_HOSTS: readonly AllowedHost[] }): CalendarReach => ({ allowHosts: config.CALENDAR_ALLOW_HOSTS });

/** Redirects followed for one calendar request before it is given up. */
export const CALENDAR_MAX_REDIRECTS = 5;

export type CalendarRequest = {
  method: string;
  headers: Headers;
  /** Kept whole, so a 307 or 308 can send it again. */
  body: string | Uint8Array<ArrayBuffer> | null;
  /** `manual`: a redirect is answered as it is (tsdav reads /.well-known/caldav's Location itself and asks again, through here). */
  redirect: 'follow' | 'manual';
  signal: AbortSignal;
};

/** The sentence for a refusal of the site check's guard. */
function refusal(reason: RefusalReason, url: URL, allowHosts: readonly AllowedHost[]): CalendarUnreachable {
  if (reason === 'not-public') return unreachable('notPublic');
  if (reason === 'too-many-redirects') return unreachable('tooManyRedirects');
  if (reason === 'bad-address' && url.port) {
    // The guard refuses every port but 80 and 443 as a bad address: the same host at its usual port tells
    // a private host (said as such, whatever its port) from a public one at a port it does not connect to.
    const usual = new URL(url);
    usual.port = '';
    const again = vetTarget(usual, allowHosts);
    if (!('refused' in again)) return unreachable('portRefused');
    if (again.refused === 'not-public') return unreachable('notPublic');
  }
  return unreachable('badAddress');
}

/** The addresses to connect to for `url`, vetted (its name resolved and every address checked), or the refusal. */
async function vetted(url: URL, reach: CalendarReach, signal: AbortSignal): Promise<{ url: URL; addresses: readonly string[] }> {
  const verdict = vetTarget(url, reach.allowHosts);
  if ('refused' in verdict) throw refusal(verdict.refused, url, reach.allowHosts);
  try {
    return { url: verdict.target.url, addresses: await vettedAddresses(verdict.target, signal, reach.resolve) };
  } catch (error) {
    if (error instanceof Refused) throw refusal(error.reason, url, reach.allowHosts);
    throw error;
  }
}

const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

/**
 * One calendar request to `address` and the redirects after it (unless `manual`), each hop vetted and
 * pinned. Throws CalendarUnreachable for a refused address or too many redirects, else what fetch
 * throws (the caller names it: problemOfFailure, or the signal's reason).
 */
export async function calendarFetch(address: string | URL, request: CalendarRequest, reach: CalendarReach): Promise<Response> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw unreachable('badAddress');
  }
  let { method, body } = request;
  const headers = new Headers(request.headers);
  for (let redirects = 0; ; redirects++) {
    const hop = await vetted(url, reach, request.signal);
    const response = await fetchPinned(hop.url, hop.addresses, { method, headers, body, signal: request.signal });
    const location = response.headers.get('location');
    if (request.redirect === 'manual' || !REDIRECTS.has(response.status) || location === null) return response;
    let next: URL;
    try {
      next = new URL(location, hop.url);
    } catch {
      // A Location that is no address: the answer stands as it is (not a success).
      return response;
    }
    await response.body?.cancel().catch(() => {});
    if (redirects === CALENDAR_MAX_REDIRECTS) throw unreachable('tooManyRedirects');
    // As fetch does (WHATWG Fetch, "HTTP-redirect fetch"): a 303 makes the request a GET, and so does a
    // 301 or 302 of a POST, without its body; a 307 or 308 repeats it, body and all.
    if ((response.status === 303 && method !== 'GET' && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = null;
      for (const name of BODY_HEADERS) headers.delete(name);
    }
    // The password never follows a redirect to another origin.
    if (next.origin !== hop.url.origin) headers.delete('authorization');
    url = next;
  }
}
