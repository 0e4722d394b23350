import { CalendarUnreachable, problemOfFailure, unreachable } from './problems.ts';

// The HTTP underneath both kinds of calendar: the address as typed, checked; bodies read up to a cap
// while they stream; and the fetch tsdav is given for one call, which carries that call's signal (tsdav
// passes it on to every request it makes, discovery included) and the Basic credentials (tsdav's own
// helper uses btoa, which refuses a password with a character past Latin-1). Bun's fetch drops the
// Authorization header when a redirect leaves the origin, so a redirect cannot carry the password away.

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

import { readCapped } from '../../../server/read-capped.ts';

export type DavCredentials = { username: string; password: string };

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A fetch for tsdav, and the statuses of the answers that were not a success (tsdav's errors do not say which). */
export type DavSession = { fetch: typeof fetch; failures: number[] };

/**
 * A fetch for tsdav: every request with the credentials and `signal`, its answer read whole (up to
 * DAV_MAX_BYTES) before tsdav sees it, and a failure before any answer turned into the sentence for it.
 */
export function davSession({ username, password }: DavCredentials, signal: AbortSignal): DavSession {
  const failures: number[] = [];
  const authorization = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  const davRequest = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('authorization', authorization);
    headers.set('user-agent', USER_AGENT);
    let res: Response;
    try {
      res = await fetch(input, { ...init, headers, signal });
    } catch (error) {
      // An abort is the deadline's to name (withDeadline answers it); anything else is the connection.
      if (signal.aborted) throw signal.reason;
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
  return { fetch: davRequest as typeof fetch, failures };
}
