import { clientKey } from '../../lib/http/client-address.ts';
import type { AppContext } from '../deps.ts';
import { clientAddress } from '../middleware/rate-limit.ts';

/**
 * How long identical plain posts from one address are one submission: a double click, a browser's
 * resend, Back and Send again. Later, the same answers are a new submission (an audit taken again).
 */
export const PLAIN_FORM_WINDOW_MS = 10 * 60_000;

/** Links followed at most before giving up on a deterministic id (each is one identical submission sent a window apart). */
const MAX_LINKS = 50;

/** A submission already stored under an id: when it arrived, and whether it was erased since. */
export type EarlierSubmission = { createdAt: Date; erased: boolean } | null;

/**
 * The id of a plain (no-JavaScript) form post, which carries none, made from the answers and the client's
 * address, so that identical posts from one browser within PLAIN_FORM_WINDOW_MS are one submission,
 * stored and notified once, whether or not the browser has a `vid` cookie.
 *
 * Why not a hidden one-time id in the form, as the island makes its own (crypto.randomUUID once per
 * submission)? The forms are on pages the cache keeps and a CDN may keep: one copy for everyone, so a
 * hidden id would be everyone's id. Why not the visitor id? A visitor who lands on a cached page has no
 * `vid` cookie, and each cookieless post would mint a new one (so a double click was two submissions),
 * and the first answer sets the cookie, so a resend after it would not match the first post either. The
 * address a browser posts from is the same for both clicks, cookie or not (an IPv6 address counts by its
 * /64, as the rate limits count it, so a rotating privacy address is still one client); two people
 * behind one address would have to send the very same answers, their email and name among them, to be
 * taken for one.
 *
 * The first id is a hash of the form, the address and the answers (keyed with APP_SECRET when it is set,
 * so that an id does not let anyone holding the answers test guesses of the address). When a submission is
 * already stored under it but arrived more than a window ago, or was erased, the next id hashes that
 * submission's arrival in too, and so on: every process reaches the same id for the same post, so
 * concurrent posts meet on one id and the store's idempotent insert keeps one.
 */
export async function plainFormSubmissionId(
  c: AppContext,
  form: string,
  answers: object,
  { now, earlier }: { now: Date; earlier: (id: string) => Promise<EarlierSubmission> },
): Promise<string> {
  const secret = c.get('deps').config.APP_SECRET;
  const base = JSON.stringify([form, clientKey(clientAddress(c)), answers]);
  let seed = base;
  for (let link = 0; link < MAX_LINKS; link++) {
    const id = uuidOf(seed, secret);
    const stored = await earlier(id);
    if (!stored || (!stored.erased && now.getTime() - stored.createdAt.getTime() < PLAIN_FORM_WINDOW_MS)) return id;
    seed = `${base}\n${stored.createdAt.toISOString()}`;
  }
  return crypto.randomUUID();
}

/** SHA-256 (HMAC with `secret` when there is one) of `text`, shaped as a version 4 UUID, as the islands' ids are. */
function uuidOf(text: string, secret: string | undefined): string {
  const hex = (secret ? new Bun.CryptoHasher('sha256', secret) : new Bun.CryptoHasher('sha256')).update(text).digest('hex');
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
