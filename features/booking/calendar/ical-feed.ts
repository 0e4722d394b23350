import { readCapped } from '../../../server/read-capped.ts';
import { USER_AGENT } from './http.ts';
import { FEED_MAX_BYTES, problemOfFailure, problemOfStatus, unreachable } from './problems.ts';

// A published iCal feed (Google's secret address, an iCloud public calendar, Outlook's published ICS):
// one GET, redirects followed (Bun's fetch, at most 20), the body read up to FEED_MAX_BYTES while it
// streams, as UTF-8 (RFC 5545's charset). Its address is a secret: no sentence names it.

export async function readFeed(address: URL, signal: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await fetch(address, { signal, headers: { accept: 'text/calendar, */*;q=0.1', 'user-agent': USER_AGENT } });
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
