import { problemLines } from '../../lib/forms/validation.ts';
import { type InboxFilters, inboxFiltersSchema } from '../../lib/leads/pipeline.ts';
import { agency } from '../../lib/site.ts';
import type { AppContext } from '../../server/deps.ts';
import { signedInStaff } from '../../server/staff-auth.ts';
import { staffProblem } from './_staff-pages.tsx';

// The inbox's query, read one way for the page (routes/admin/leads/index.tsx) and its CSV (routes/admin/leads.csv.ts).

/** The query string's filters, or the 400 page naming each bad one. */
export function readFilters(c: AppContext): { filters: InboxFilters } | { problem: Promise<Response> } {
  const parsed = inboxFiltersSchema.safeParse(c.req.query());
  if (parsed.success) return { filters: parsed.data };
  return { problem: staffProblem(c, 400, 'These filters could not be used', problemLines(parsed.error)) };
}

/** Who reads the inbox, and when: what the inbox's queries need beside the filters. */
export const inboxContext = (c: AppContext) => ({ staffId: signedInStaff(c).id, now: c.get('deps').now(), timeZone: agency.timeZone });
