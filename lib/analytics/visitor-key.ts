// A visitor is a key, not a person (Plausible's method): a hash of the day's secret salt, the client's
// address and its user agent. The salt is random per Toronto day and deleted once the day is over
// (features/analytics/collector.ts), so today's key cannot be made again tomorrow, nobody can be followed
// from one day to the next, and neither the address nor the agent is stored. Pure: the caller passes
// the hash function (SHA-256 in features/analytics/, where the runtime's crypto lives).

/** A one-way hash of text, as URL-safe text. */
export type Digest = (text: string) => string;

/** How many characters of the digest are kept: 22 base64url characters are 132 bits, far from any collision. */
export const VISITOR_KEY_LENGTH = 22;

/**
 * The visitor key of `address` with `userAgent` under the day's `salt`. The parts are joined by a line
 * break, which none of them can hold (a salt is base64url, an address has none, and HTTP headers cannot
 * carry one), so two different triples never hash the same text.
 */
export const visitorKey = (salt: string, address: string, userAgent: string, digest: Digest): string =>
  digest(`${salt}\n${address}\n${userAgent}`).slice(0, VISITOR_KEY_LENGTH);
