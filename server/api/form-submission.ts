import type { AppContext } from '../deps.ts';
import { visitorId } from '../visitor.ts';

/**
 * The id of a plain (no-JavaScript) form post, which carries none: made from the answers and the
 * visitor, so a double click or a browser's resend of the same post is the same submission and is
 * stored once (the island makes its own id, as a cached page cannot carry one per visitor).
 */
export function formSubmissionId(c: AppContext, answers: object): string {
  const hex = new Bun.CryptoHasher('sha256').update(JSON.stringify([visitorId(c), answers])).digest('hex');
  // Shaped as a version 4 UUID, as the islands' ids are.
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
