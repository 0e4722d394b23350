import { parseAccept } from 'hono/utils/accept';
import { memoizeByString } from './memo.ts';

// Content negotiation and conditional requests (RFC 9110 §12.5.3 and §13.1.2), for every response the
// site sends from bytes it holds: cached pages, the feed, static files and compressed live answers.

export type Encoding = 'br' | 'gzip' | 'identity';

/** Every coding the site can send, most preferred first (used to break ties between equal q-values). */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

/**
 * Identity is acceptable unless the client excludes it, but it is not what a client that names a
 * compression asked for: left unmentioned, it ranks below any coding the client listed.
 */
const IMPLICIT_IDENTITY_Q = 0.001;

/**
 * The coding to send, of those `available`, for an Accept-Encoding header: the highest q-value wins
 * (ties go to the earlier entry of ENCODINGS), `q=0` means never, `*` stands for codings the header does
 * not name, and identity is acceptable unless excluded (`identity;q=0`, or `*;q=0` without an entry of
 * its own). No header means no preference: identity. Null when nothing available is acceptable (406).
 */
export function chooseEncoding(acceptEncoding: string | null | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | null {
  if (acceptEncoding == null) return available.includes('identity') ? 'identity' : (available[0] ?? null);
  // Every coding available (kept answers, on every request): the choice is remembered per header.
  return available === ENCODINGS ? choiceAmongAll(acceptEncoding) : choice(weightsOf(acceptEncoding), available);
}

/** The available coding of highest weight, the earlier of ENCODINGS on a tie; null when none is acceptable. */
function choice(weights: Weights, available: readonly Encoding[]): Encoding | null {
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const q = weights[encoding];
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

type Weights = Record<Encoding, number>;

/** Browsers send a handful of distinct headers, so each is parsed once, and the choice among all codings made once. */
const choiceAmongAll = memoizeByString((header: string) => choice(weightsOf(header), ENCODINGS), 256);

const weightsOf = memoizeByString((header: string): Weights => {
  const entries = parseAccept(header);
  const named = (coding: string) => entries.find((e) => e.type.toLowerCase() === coding)?.q;
  const wildcard = named('*');
  const weight = (coding: Exclude<Encoding, 'identity'>) => named(coding) ?? wildcard ?? 0;
  // `x-gzip` is an alias of gzip (RFC 9110 §8.4.1.3).
  const gzip = Math.max(weight('gzip'), named('x-gzip') ?? 0);
  return { br: weight('br'), gzip, identity: named('identity') ?? (wildcard === 0 ? 0 : IMPLICIT_IDENTITY_Q) };
}, 256);

/** An entity tag in the form the site sends: strong, quoted. */
export const strongEtag = (opaque: string) => `"${opaque}"`;

/**
 * Whether an If-None-Match header matches the current representation's ETag: `*`, or any listed tag
 * equal to it under weak comparison (a `W/` prefix on either side is ignored). A match on GET or HEAD
 * of a successful answer is a 304.
 */
export function ifNoneMatchMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const match of ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)) if (match[1] === wanted) return true;
  return false;
}
