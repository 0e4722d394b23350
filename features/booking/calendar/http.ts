import { readCapped } from '../../../server/read-capped.ts';
import { type CalendarReach, calendarFetch } from './guard.ts';
import { CalendarUnreachable, problemOfFailure, unreachable } from './problems.ts';

// The HTTP underneath both kinds of calendar: the address as typed, checked; bodies read up to a cap
// while they stream; and the fetch tsdav is given for one call, which carries that call's signal (tsdav
// passes it on to every request it makes, discovery included) and the Basic credentials (tsdav's own
// helper uses btoa, which refuses a password with a character past Latin-1). Every request goes through
// the guard (guard.ts): to a vetted address only, redirects followed there, each hop vetted, and the
// Authorization header dropped when a redirect leaves the origin, so it cannot carry the password away.

export const USER_AGENT = 'NorthlineDigitalSite/1.0 (+booking calendar)';
/** What one CalDAV answer may hold: a month of a busy calendar is well under 1 MB. */
export const DAV_MAX_BYTES = 20 * 1024 * 1024;

/** The address a staff member typed, as a URL: http(s) only (webcal, as iCloud hands out feeds, means https), no credentials in it. */
export function calendarAddress(typed: string, { feed = false } = {}): URL {
  let url: URL;
  try {
    url = new URL(typed.trim().replace(/^webcals?:\/\//i, feed ? 'https://' : '$&'));
  } catch {
    throw unreachable('badAddress');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw unreachable('badAddress');
  if (url.username || url.password) throw unreachable('credentialsInAddress');
  url.hash = '';
  return url;
}

export type DavCredentials = { username: string; password: string };

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch for tsdav, the statuses of the answers that were not a success, and the requests the guard
 * refused (tsdav's errors say neither, and its discovery tries the next address after a failure).
 */
export type DavSession = { fetch: typeof fetch; failures: number[]; refusals: CalendarUnreachable[] };

/** A request's body as bytes that can be sent again (after a 307 or 308). */
async function bodyOf(body: BodyInit | null | undefined): Promise<string | Uint8Array<ArrayBuffer> | null> {
  if (body === null || body === undefined) return null;
  return typeof body === 'string' ? body : new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * A fetch for tsdav: every request, whatever its method, through the guard to a vetted address (`reach`:
 * CALENDAR_ALLOW_HOSTS), with the credentials and `signal`, its answer read whole (up to DAV_MAX_BYTES)
 * before tsdav sees it, and a failure before any answer turned into the sentence for it. tsdav hands it
 * an address and the request's init, never a Request.
 */
export function davSession({ username, password }: DavCredentials, signal: AbortSignal, reach: CalendarReach): DavSession {
  const failures: number[] = [];
  const refusals: CalendarUnreachable[] = [];
  const authorization = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  const davRequest = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('authorization', authorization);
    headers.set('user-agent', USER_AGENT);
    let res: Response;
    try {
      const request = {
        method: init.method ?? 'GET',
        headers,
        body: await bodyOf(init.body),
        redirect: init.redirect === 'manual' ? 'manual' : 'follow',
        signal,
      } as const;
      res = await calendarFetch(input, request, reach);
    } catch (error) {
      // An abort is the deadline's to name (withDeadline answers it); a refusal is the guard's (kept: tsdav
      // passes over a failed discovery step); anything else is the connection.
      if (signal.aborted) throw signal.reason;
      if (error instanceof CalendarUnreachable) refusals.push(error);
      throw problemOfFailure(error);
    }
    failures.push(...(res.ok ? [] : [res.status]));
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readCapped(res, DAV_MAX_BYTES, () => new CalendarUnreachable('unexpected', 'The calendar server sent an answer too large to read'));
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw problemOfFailure(error);
    }
    return new Response(NULL_BODY_STATUSES.has(res.status) ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return { fetch: davRequest as typeof fetch, failures, refusals };
}
