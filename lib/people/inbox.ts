import { type LeadKind, type LeadStatus, leadStatusLabel } from '../leads/pipeline.ts';
import type { BulkAction } from '../leads/schema.ts';
import { type ActionFlag, actionFlag, dueText } from './next-action.ts';

// What the people inbox and the board show (their rows, as db/queries/people-inbox.ts reads them) and say,
// in words. Pure: no I/O.

/** The lead a person's row shows: their newest lead that matches the filters. */
export type RowLead = {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  status: LeadStatus;
  business: string | null;
  ownerEmail: string | null;
  score: number | null;
  tier: string | null;
  budget: string | null;
  source: string | null;
  isSpam: boolean;
  erasedAt: Date | null;
  marketingConsent: boolean;
  deliveryFailed: boolean;
};

export type PersonRow = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  erasedAt: Date | null;
  nextActionDue: Date | null;
  nextActionWhat: string | null;
  /** The kind of each lead of theirs (spam ones only in the spam view), for "2 audits, 1 application". */
  kinds: LeadKind[];
  hasOpenLead: boolean;
  /** A lead of theirs is past its reply-by time with nobody having reached out. */
  replyOverdue: boolean;
  /** The start of their next booked session not yet over, if any. */
  nextSessionAt: Date | null;
  lead: RowLead;
};

/** What a person's row says is next: their next action and whether they need attention (actionFlag). */
export type FollowUp = Pick<PersonRow, 'nextActionDue' | 'nextActionWhat' | 'hasOpenLead' | 'replyOverdue'>;

/**
 * A row's next-action cell as words, worked out where the clock is (the server): drawn by the inbox,
 * and again by the NextAction island when the row's one-click status has changed it.
 */
export type NextActionView = { what: string | null; due: string | null; late: boolean; flag: ActionFlag };

export function nextActionView(f: FollowUp, now: Date): NextActionView {
  const set = f.nextActionDue !== null && f.nextActionWhat !== null;
  return {
    what: set ? f.nextActionWhat : null,
    due: set && f.nextActionDue ? dueText(f.nextActionDue, now) : null,
    late: set && f.nextActionDue !== null && f.nextActionDue < now,
    flag: actionFlag(f, now),
  };
}

/** A next action on one line, as a board card shows it: "Follow up: Due Tue Dec 1, 10:00". */
export const nextActionLine = (view: Pick<NextActionView, 'what' | 'due'>): string | null => (view.what && view.due ? `${view.what}: ${view.due}` : null);

export type BoardCard = {
  personId: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  nextActionDue: Date | null;
  nextActionWhat: string | null;
  kind: LeadKind;
  id: string;
  status: LeadStatus;
  business: string | null;
  createdAt: Date;
  ownerEmail: string | null;
  score: number | null;
  /** How many people are in this card's column in all. */
  inColumn: number;
  /** How many open leads the person has besides the card's. */
  otherOpenLeads: number;
};

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
