// The site's request limits and what a limit decides. Pure: the counting happens elsewhere (in this
// process, server/rate-limiter.ts, or in PostgreSQL, db/queries/rate-limits.ts).

export type RateRule = { limit: number; windowMs: number };

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetMs: number };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The site's limits: per client, except `storiesDaily`, the story generator's budget across all clients
 * (kept in PostgreSQL, db/queries/story-budget.ts; this rule is its size, and the fallback counter's
 * while the database is unreachable), and `passwordResetEmails`, counted per email address asked for. Staff sign-in attempts have rules of their own, always counted in
 * the database: SIGN_IN_RULES in lib/staff/sign-in-throttle.ts.
 */
export const RATE_RULES = {
  forms: { limit: 10, windowMs: MINUTE },
  // The audit form's "started" signal (routes/api/analytics/audit-started.ts): as many as the forms, but an
  // allowance of its own, so a visitor's signals never use up the submissions it leads to.
  auditStarts: { limit: 10, windowMs: MINUTE },
  // Staff password reset requests (routes/admin/password-reset.tsx): per address, and per email asked
  // for (whether or not it has an account), so the form cannot flood a staff inbox from one address or
  // from many; three links an hour is more than anyone who forgot a password needs.
  passwordResets: { limit: 5, windowMs: 15 * MINUTE },
  passwordResetEmails: { limit: 3, windowMs: 60 * MINUTE },
  stories: { limit: 5, windowMs: MINUTE },
  storiesDaily: { limit: 100, windowMs: DAY },
  events: { limit: 120, windowMs: MINUTE },
  assignments: { limit: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

/**
 * The decision for a count kept elsewhere (PostgreSQL, shared by every process): `hits` counts this
 * request, capped at limit + 1 once refused; the window ends at `windowEndMs`.
 */
export function decisionOf(rule: RateRule, hits: number, windowEndMs: number, nowMs: number): RateDecision {
  return { allowed: hits <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - hits), resetMs: Math.max(0, windowEndMs - nowMs) };
}
