import type { LeadKind, LeadStatus } from '../leads/pipeline.ts';
import { agency } from '../site.ts';
import { addBusinessDays, isBusinessDay, minutesOf } from '../time/business-days.ts';
import { formatDate, formatShortWeekdayTime, formatTimeOfDay } from '../time/display.ts';
import { wallClock, zonedInstant } from '../time/zoned.ts';

// Next actions: every open lead's person has one thing to do next and a time it is due, in Toronto
// business hours. Logging a call or sending an email proposes the next one; staff can change it. Pure.

/** A lead still being worked: not yet won, lost or turned away. */
export const OPEN_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'session booked'];
export const isOpenStatus = (status: LeadStatus) => OPEN_STATUSES.includes(status);

/**
 * Staff follow up between these times of a business day, Toronto time (minutes after midnight): the
 * office's weekday hours (lib/site.ts), the same close the first reply's promise is due by.
 */
export const WORKDAY = { starts: minutesOf(agency.hours[0].opens), ends: minutesOf(agency.hours[0].closes) } as const;

export const CALL_OUTCOMES = ['answered', 'voicemail', 'no-answer'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const callOutcomeLabel: Record<CallOutcome, string> = { answered: 'Answered', voicemail: 'Left a voicemail', 'no-answer': 'No answer' };

export const NEXT_ACTION_MAX = 200;

export const PAST_DUE_MESSAGE = 'Choose today or a later day: a next action is still to be done';

/**
 * Why `due` cannot be a next action's time, or null: a day already gone (a typo in the year, a stale
 * form). Earlier today is fine: "call back at 9", set at 9:05.
 */
export function nextActionDueProblem(due: Date, now: Date, timeZone: string = agency.timeZone): string | null {
  const { year, month, day } = wallClock(now, timeZone);
  return due < zonedInstant({ year, month, day }, 0, timeZone) ? PAST_DUE_MESSAGE : null;
}

/**
 * A time `businessDays` business days after `now`, at the same time of day moved into the working day
 * (09:00–18:00 Toronto): a call at 19:30 on Friday followed up "in 1 business day" is due Monday at
 * 18:00; with 0 days, later today if today is a business day and still in working hours, else the next
 * business morning.
 */
export function dueAfterBusinessDays(now: Date, businessDays: number, timeZone: string = agency.timeZone): Date {
  const clock = wallClock(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const minutes = clock.hour * 60 + clock.minute;
  if (businessDays === 0) {
    if (isBusinessDay(today) && minutes < WORKDAY.ends) return minutes < WORKDAY.starts ? zonedInstant(today, WORKDAY.starts, timeZone) : now;
    return zonedInstant(addBusinessDays(today, 1), WORKDAY.starts, timeZone);
  }
  const at = Math.min(Math.max(minutes, WORKDAY.starts), WORKDAY.ends);
  return zonedInstant(addBusinessDays(today, businessDays), at, timeZone);
}

export type ProposedAction = { what: string; due: Date; businessDays: number };

const proposal = (what: string, businessDays: number, now: Date): ProposedAction => ({ what, businessDays, due: dueAfterBusinessDays(now, businessDays) });

/** What to do after a call, by how it went. */
export function afterCall(outcome: CallOutcome, now: Date): ProposedAction {
  if (outcome === 'answered') return proposal('Follow up on our call', 2, now);
  if (outcome === 'voicemail') return proposal('Call again: we left a voicemail', 1, now);
  return proposal('Try calling again', 1, now);
}

/** The first thing to do about a new lead: the reply the 2-business-day promise is about, due then. */
export const firstAction = (kind: LeadKind): string =>
  kind === 'audit' ? 'Reply to their audit' : kind === 'intake' ? 'Reply to their Q4 application' : 'Confirm their strategy session';

/**
 * What a status change does to the person's next action (null: leave it). Every lead of theirs closed:
 * nothing is left to do ('clear'). A lead moved on from new to a status that means they were reached
 * (contacted, booked, won) while the next action is still the first reply: that reply happened, so the
 * next step is to follow up in 2 business days. One closed from new as lost or not a fit says nothing of
 * their other leads' replies: the next action stays.
 */
export function afterStatusChange(
  change: { from: LeadStatus; to: LeadStatus; openLeadsLeft: number; nextActionWhat: string | null },
  now: Date,
): 'clear' | ProposedAction | null {
  if (change.openLeadsLeft === 0) return change.nextActionWhat === null ? null : 'clear';
  const firstReplies = LEAD_KIND_LIST.map(firstAction);
  if (change.from === 'new' && REACHED.includes(change.to) && change.nextActionWhat !== null && firstReplies.includes(change.nextActionWhat))
    return change.to === 'session booked' ? proposal('Prepare for their strategy session', 0, now) : proposal('Follow up', 2, now);
  return null;
}

const LEAD_KIND_LIST: readonly LeadKind[] = ['audit', 'intake', 'booking'];
/** The statuses a lead only reaches once someone has spoken with the person. */
const REACHED: readonly LeadStatus[] = ['contacted', 'session booked', 'won'];

/** Whether a person needs attention: an open lead and no next action, or one past its time. */
export type ActionFlag = 'overdue' | 'no-action' | null;

export function actionFlag(person: { hasOpenLead: boolean; nextActionDue: Date | null; replyOverdue: boolean }, now: Date): ActionFlag {
  if (!person.hasOpenLead) return null;
  if (person.replyOverdue) return 'overdue';
  if (!person.nextActionDue) return 'no-action';
  return person.nextActionDue.getTime() < now.getTime() ? 'overdue' : null;
}

/** "3 min", "5 h", "1 day", "4 days": how long, roughly, as staff say it. */
export function spanText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A next action's time as the inbox shows it: "Overdue by 2 days", "Due today, 14:00", "Due Tue Dec 1, 10:00". */
export function dueText(due: Date, now: Date, timeZone: string = agency.timeZone): string {
  if (due.getTime() < now.getTime()) return `Overdue by ${spanText(now.getTime() - due.getTime())}`;
  const sameDay = (a: Date, b: Date) => {
    const x = wallClock(a, timeZone);
    const y = wallClock(b, timeZone);
    return x.year === y.year && x.month === y.month && x.day === y.day;
  };
  const when = formatShortWeekdayTime(due, timeZone);
  if (sameDay(due, now)) return `Due today, ${when.slice(when.lastIndexOf(' ') + 1)}`;
  // A date in another year says its year: "Due Mar 4, 2031, 10:30".
  if (wallClock(due, timeZone).year !== wallClock(now, timeZone).year) return `Due ${formatDate(due)}, ${formatTimeOfDay(due, timeZone)}`;
  return `Due ${when}`;
}

/** The reply-by promise on one lead, in words: kept ("Replied in 3 h"), late, overdue, or still to come. */
export type ReplyBadge = { text: string; tone: 'kept' | 'late' | 'overdue' | 'pending' };

/**
 * Null when there is no promise to show: spam, erased, or a lead that moved on from New without a first
 * reply recorded (the visitor booked a session themselves, a status set by hand), which the inbox's
 * Overdue filter and counts leave out too (`status = 'new'` in db/queries/leads.ts).
 */
export function replyBadge(
  lead: { createdAt: Date; replyBy: Date; firstReachedAt: Date | null; isSpam: boolean; erasedAt: Date | null; status: LeadStatus },
  now: Date,
): ReplyBadge | null {
  if (lead.isSpam || lead.erasedAt) return null;
  if (lead.firstReachedAt) {
    const took = spanText(lead.firstReachedAt.getTime() - lead.createdAt.getTime());
    const late = lead.firstReachedAt.getTime() - lead.replyBy.getTime();
    return late > 0 ? { text: `Replied in ${took}, ${spanText(late)} late`, tone: 'late' } : { text: `Replied in ${took}`, tone: 'kept' };
  }
  if (lead.status !== 'new') return null;
  if (lead.replyBy.getTime() < now.getTime()) return { text: `Overdue by ${spanText(now.getTime() - lead.replyBy.getTime())}`, tone: 'overdue' };
  return { text: `Reply by ${formatShortWeekdayTime(lead.replyBy)}`, tone: 'pending' };
}

const KIND_WORDS: Record<LeadKind, [string, string]> = {
  audit: ['audit', 'audits'],
  intake: ['application', 'applications'],
  booking: ['booking', 'bookings'],
};

/** "2 audits, 1 application": what a person sent, in the inbox. */
export function leadCountsText(kinds: readonly LeadKind[]): string {
  const counts = new Map<LeadKind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return (['audit', 'intake', 'booking'] as const)
    .filter((k) => counts.has(k))
    .map((k) => {
      const n = counts.get(k) ?? 0;
      return `${n} ${KIND_WORDS[k][n === 1 ? 0 : 1]}`;
    })
    .join(', ');
}
