import * as z from 'zod/mini';

// Two cheap bot signals for the audit and intake forms. A flagged submission still gets the normal
// success answer (so a bot learns nothing) and is stored with is_spam = true: never dropped, never
// counted as a lead or an A/B conversion.

/** A field people never see (hidden off-screen, skipped by keyboard and screen readers); bots fill it. */
export const HONEYPOT_FIELD = 'fax';
/** No person completes these forms this fast. */
export const MIN_FILL_MS = 3000;

/** The optional fields a form adds to its body for the check. Absent means unknown, not spam. */
export const spamSignalFields = {
  [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(500))),
  fillMs: z.optional(z.number().check(z.int(), z.minimum(0))),
};

export type SpamSignals = { fax?: string; fillMs?: number };

export function isLikelySpam({ fax, fillMs }: SpamSignals): boolean {
  return (fax ?? '').trim() !== '' || (fillMs !== undefined && fillMs < MIN_FILL_MS);
}
