import { readCapped } from '../../../server/read-capped.ts';
import { type CalendarReach, calendarFetch } from './guard.ts';
import { USER_AGENT } from './http.ts';
import { FEED_MAX_BYTES, problemOfFailure, problemOfStatus, unreachable } from './problems.ts';

// A published iCal feed (Google's secret address, an iCloud public calendar, Outlook's published ICS):
// one GET through the guard (guard.ts: a vetted address only, `reach` being CALENDAR_ALLOW_HOSTS),
// redirects followed there (at most CALENDAR_MAX_REDIRECTS, each hop vetted), the body read up to
// FEED_MAX_BYTES while it streams, as UTF-8 (RFC 5545's charset). Its address is a secret: no sentence
// names it.

export async function readFeed(address: URL, signal: AbortSignal, reach: CalendarReach): Promise<string> {
  let res: Response;
  try {
    const headers = new Headers({ accept: 'text/calendar, */*;q=0.1', 'user-agent': USER_AGENT });
    res = await calendarFetch(address, { method: 'GET', headers, body: null, redirect: 'follow', signal }, reach);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw problemOfFailure(error);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw problemOfStatus(res.status, { feed: true });
  }
  try {
    return new TextDecoder('utf-8').decode(await readCapped(res, FEED_MAX_BYTES, () => unreachable('tooLarge')));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw problemOfFailure(error);
  }
}
