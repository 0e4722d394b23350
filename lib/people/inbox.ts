import { type LeadStatus, leadStatusLabel } from '../leads/pipeline.ts';
import type { BulkAction } from '../leads/schema.ts';
import type { ActionFlag } from './next-action.ts';

// What the people inbox and the board say, in words. Pure: no I/O.

/** A person's page. */
export const personPath = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

export const flagLabel: Record<Exclude<ActionFlag, null>, string> = { overdue: 'Overdue', 'no-action': 'No next action' };

const people = (n: number) => `${n.toLocaleString('en-CA')} ${n === 1 ? 'person' : 'people'}`;

/**
 * The confirmation after a bulk action: "Assigned 3 people to priya@…", "Moved 2 people to Won",
 * "Marked 1 person as spam"; with the people it could not act on (no open lead) said after.
 */
export function bulkNotice(
  done: { action: BulkAction; count: number; skipped?: number; to?: string },
  owners: readonly { id: string; email: string }[],
): string {
  const { action, count, skipped = 0, to } = done;
  const main =
    action === 'assign'
      ? to === 'none' || !to
        ? `Unassigned ${people(count)}`
        : `Assigned ${people(count)} to ${owners.find((o) => o.id === to)?.email ?? 'a former staff member'}`
      : action === 'status'
        ? `Moved ${people(count)} to ${leadStatusLabel[to as LeadStatus] ?? to}`
        : `Marked ${people(count)} as spam`;
  return skipped > 0 ? `${main}. ${people(skipped)} had no open lead and ${skipped === 1 ? 'was' : 'were'} left as they were.` : `${main}.`;
}
