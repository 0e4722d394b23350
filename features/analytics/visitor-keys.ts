// How a visitor key is made here (lib/analytics/visitor-key.ts is what it is made of): SHA-256 of the day's
// salt, the address and the user agent, and a day's salt of 32 random bytes. One place, for the page-view
// counter (collector.ts) and the audit form's start (audit-start.ts), so both make the same key.

/** SHA-256 as URL-safe text: the visitor key's hash. */
export const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64url');

/** A new day's salt: 32 random bytes. */
export const newSalt = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
