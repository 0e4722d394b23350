import type { EmailBlock, EmailMessage } from '../leads/emails.ts';
import { senderLines } from '../leads/emails.ts';
import { agency } from '../site.ts';
import { isBusinessDay } from '../time/business-days.ts';
import { addDays, type CalendarDate, isoDay } from '../time/calendar.ts';
import { formatDayHeading } from '../time/display.ts';
import { wallClock, zonedInstant } from '../time/zoned.ts';
import { dueText } from './next-action.ts';

// The morning email each staff member gets (issue 30): what is due today and what is overdue among the
// people whose open leads they own, and the due people nobody owns yet. When it goes out, and how often a
// refused send is tried again, are here too; sending it once across processes is
// features/people/digest.ts with db/queries/digests.ts. Pure.

/** Sent from 08:00 Toronto time on a business day; not after 18:00 (a morning email read in the evening is noise). */
export const DIGEST_WINDOW = { from: 8 * 60, until: 18 * 60 } as const;

/**
 * How a day's send is tried again: a claim left `sending` by a process that died is taken again after
 * `staleMs` (a send takes seconds; ten minutes is long past any live one); a refused send (a 4xx such as
 * greylisting's 451, or the mail server down) after `retryMs`, up to `attempts` tries in all.
 */
export const DIGEST_RETRY = { staleMs: 10 * 60_000, retryMs: 5 * 60_000, attempts: 5 } as const;

/** Today's Toronto date when the digest is due at `now` (a business day, 08:00 to 18:00), else null. */
export function digestDay(now: Date, timeZone: string = agency.timeZone): CalendarDate | null {
  const clock = wallClock(now, timeZone);
  const day = { year: clock.year, month: clock.month, day: clock.day };
  const minutes = clock.hour * 60 + clock.minute;
  if (!isBusinessDay(day) || minutes < DIGEST_WINDOW.from || minutes >= DIGEST_WINDOW.until) return null;
  return day;
}

/** The first instant of the next day in Toronto: what is due before it is due today. */
export const endOfDay = (day: CalendarDate, timeZone: string = agency.timeZone): Date => zonedInstant(addDays(day, 1), 0, timeZone);

/** One person to follow up: their root record, what to do, and when. */
export type DigestItem = { personId: string; name: string | null; business: string | null; what: string | null; due: Date };

export type DigestInput = {
  day: CalendarDate;
  /** When it is written: what is due before this is overdue. */
  now: Date;
  /** People with an open lead this staff member owns, due before the end of the day. */
  mine: readonly DigestItem[];
  /** People due before the end of the day with no owner on any open lead. */
  unassigned: readonly DigestItem[];
  /**
   * Whether the recipient hands out the leads nobody owns (an owner): then those people alone are a
   * reason to write, so they never wait unseen because nobody had anything of their own due.
   */
  assigns: boolean;
  siteUrl: string;
};

export type DigestCounts = { due: number; overdue: number; unassigned: number };

const byDue = (a: DigestItem, b: DigestItem) => a.due.getTime() - b.due.getTime() || a.personId.localeCompare(b.personId);

/** The counts the subject and the log line give: due later today, overdue now, and not yet assigned. */
export function digestCounts({ mine, unassigned, now }: Pick<DigestInput, 'mine' | 'unassigned' | 'now'>): DigestCounts {
  const overdue = mine.filter((item) => item.due.getTime() < now.getTime()).length;
  return { due: mine.length - overdue, overdue, unassigned: unassigned.length };
}

const personPath = (siteUrl: string, id: string) => `${siteUrl}/admin/people/${encodeURIComponent(id)}`;

function task(item: DigestItem, input: DigestInput) {
  const late = item.due.getTime() < input.now.getTime();
  return {
    label: [item.name ?? 'Name not given', item.business].filter(Boolean).join(', '),
    href: personPath(input.siteUrl, item.personId),
    lines: [dueText(item.due, input.now), item.what ?? 'Follow up'],
    late,
  };
}

/**
 * A staff member's email for the day: overdue first (the longest overdue at the top), then what is due
 * later today, then the due people nobody owns. Null when nothing of theirs is due or overdue and they
 * hand out no leads: the people nobody owns ride along in the emails of those who get one, and on their
 * own are written to the owners only (`assigns`), not to everyone.
 * The subject says only counts (it shows on lock screens); names are inside.
 */
export function digestEmail(input: DigestInput): EmailMessage | null {
  const counts = digestCounts(input);
  const ownCount = counts.due + counts.overdue;
  if (ownCount === 0 && !(input.assigns && counts.unassigned > 0)) return null;
  const mine = [...input.mine].sort(byDue);
  const overdue = mine.filter((item) => item.due.getTime() < input.now.getTime());
  const today = mine.filter((item) => item.due.getTime() >= input.now.getTime());
  const dayText = formatDayHeading(input.day);
  const parts = [
    ...(counts.due > 0 ? [`${counts.due} due`] : []),
    ...(counts.overdue > 0 ? [`${counts.overdue} overdue`] : []),
    ...(counts.unassigned > 0 ? [`${counts.unassigned} not yet assigned`] : []),
  ];
  const blocks: EmailBlock[] = [
    {
      kind: 'paragraph',
      text:
        ownCount > 0
          ? `Good morning. Here is who to follow up with today, from the leads you own: ${parts.filter((p) => !p.endsWith('assigned')).join(', ')}.`
          : `Good morning. Nothing of yours is due today, but ${counts.unassigned === 1 ? '1 person nobody owns yet is' : `${counts.unassigned} people nobody owns yet are`}: give each to someone so they are not left waiting.`,
    },
  ];
  if (overdue.length > 0) blocks.push({ kind: 'tasks', title: 'Overdue', items: overdue.map((item) => task(item, input)) });
  if (today.length > 0) blocks.push({ kind: 'tasks', title: 'Due today', items: today.map((item) => task(item, input)) });
  if (input.unassigned.length > 0) {
    blocks.push({ kind: 'tasks', title: 'Not yet assigned', items: [...input.unassigned].sort(byDue).map((item) => task(item, input)) });
    blocks.push({ kind: 'paragraph', text: 'Nobody owns an open lead of these people yet. Open one and assign it to yourself or a colleague.' });
  }
  blocks.push({ kind: 'button', label: 'Open the inbox', href: `${input.siteUrl}/admin/leads` });
  return {
    subject: `Your follow-ups for ${dayText}: ${parts.join(', ')}`,
    preheader: overdue.length > 0 ? `${counts.overdue} overdue: the longest waiting first.` : `${parts.join(', ')}.`,
    heading: `Your follow-ups for ${dayText}`,
    blocks,
    footer: [`Sent to each ${agency.name} staff member at 8:00 a.m. on business days when something is due, by the website.`, ...senderLines],
  };
}

/** The day as the database stores it ("2026-11-30"). */
export const digestDayKey = (day: CalendarDate): string => isoDay(day);
