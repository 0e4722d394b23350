import { wallClock, zonedInstant } from '../time/zoned.ts';

// Applying twice. A second application is the same application when it gives the same work email
// (letter case aside) as one not erased, not flagged as spam, and sent in the current intake: then the
// stored application takes the new answers, its lead is updated, and the person is told "we already
// have your application" (db/queries/intake.ts applies the rule in SQL; this file holds its dates).
// A spam-flagged one is neither matched nor matches: a bot's submission never overwrites a person's,
// and a person is never folded into a flagged row nobody looks at.

/**
 * The start of the intake `at` falls in: its calendar quarter (the Q4 intake runs October to December),
 * from midnight on the quarter's first day in `timeZone`. An application from an earlier quarter is
 * a new application for the new intake.
 */
export function intakePeriodStart(at: Date, timeZone: string): Date {
  const { year, month } = wallClock(at, timeZone);
  const firstMonth = month - ((month - 1) % 3);
  return zonedInstant({ year, month: firstMonth, day: 1 }, 0, timeZone);
}
