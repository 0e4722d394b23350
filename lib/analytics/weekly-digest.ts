import { formatCount } from '../ab/format.ts';
import { formatDollars } from '../audit/scoring.ts';
import type { EmailBlock, EmailMessage } from '../leads/emails.ts';
import { senderLines } from '../leads/emails.ts';
import { type LeadKind, leadPath } from '../leads/pipeline.ts';
import { dueText } from '../people/next-action.ts';
import { agency, intake } from '../site.ts';
import { addDays, type CalendarDate, isoDay, weekdayOf } from '../time/calendar.ts';
import { formatClockTime, formatDayHeading, formatWeekdayDate } from '../time/display.ts';
import { wallClock } from '../time/zoned.ts';

// The owner's Monday email (issue 31): last week's visitors, leads, booked sessions and won clients, the
// best and the weakest source, and the leads still waiting past the reply promise. When it is due and
// what it says are here; sending it once across processes is features/analytics/weekly-digest.ts with
// db/queries/analytics-digest.ts, the same way as the staff's morning email (lib/people/digest.ts). Pure.

/** Due from 08:00 Toronto time on Monday; still sent on Tuesday if Monday's could not go (the site was down). */
export const WEEKLY_DIGEST_FROM = 8 * 60;

/** Last week, Monday to Sunday (Toronto days), as the email reports it. */
export type DigestWeek = { from: CalendarDate; to: CalendarDate };

/** The week to report at `now`, or null when no email is due (Wednesday to Sunday, or Monday before 08:00). */
export function weekDue(now: Date, timeZone: string = agency.timeZone): DigestWeek | null {
  const clock = wallClock(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const weekday = weekdayOf(today);
  if (weekday === 1 && clock.hour * 60 + clock.minute < WEEKLY_DIGEST_FROM) return null;
  const monday = weekday === 1 ? today : weekday === 2 ? addDays(today, -1) : null;
  return monday ? { from: addDays(monday, -7), to: addDays(monday, -1) } : null;
}

/** The week as analytics_digests keys it: its Monday ("2026-11-23"). */
export const weekKey = (week: DigestWeek): string => isoDay(week.from);

/** A source's week: visitors counted on the site, and leads whose first touch it was. */
export type SourceWeek = { source: string; visitors: number; leads: number };

/** A lead nobody has answered past its reply-by time. */
export type WaitingLead = { kind: LeadKind; id: string; name: string | null; business: string | null; replyBy: Date };

export type WeeklyFigures = {
  week: DigestWeek;
  /** Each day's visitors added up (a visitor is counted once a day: nobody is followed from one day to the next). */
  visitors: number;
  /** Leads received (spam left out; erased ones still count: they arrived). */
  leads: number;
  /** Sessions booked that week and not cancelled since. */
  booked: number;
  /** Leads marked won that week and still won, with the retainers entered (CAD a month) and how many have none. */
  won: number;
  wonValue: number;
  wonWithoutValue: number;
  sources: readonly SourceWeek[];
  /** The longest-waiting leads past the promise (the first few) and how many there are in all. */
  waiting: readonly WaitingLead[];
  waitingCount: number;
};

/**
 * The best and the weakest source of the week, among those that brought visitors: the best brought the
 * most leads (of equals, the one with fewer visitors converted better); the weakest the fewest (of
 * equals, the one that brought the most visitors for it). No best when no source brought a lead; no
 * weakest when only one source brought visitors (it would be the best as well).
 */
export function bestAndWorst(sources: readonly SourceWeek[]): { best: SourceWeek | null; worst: SourceWeek | null } {
  const seen = sources.filter((s) => s.visitors > 0);
  const byBest = [...seen].sort((a, b) => b.leads - a.leads || a.visitors - b.visitors || a.source.localeCompare(b.source));
  const best = byBest[0] && byBest[0].leads > 0 ? byBest[0] : null;
  const byWorst = [...seen].sort((a, b) => a.leads - b.leads || b.visitors - a.visitors || a.source.localeCompare(b.source));
  const worst = seen.length > 1 && byWorst[0] !== best ? byWorst[0] : null;
  return { best, worst };
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const rate = (leads: number, visitors: number) => `${((leads / visitors) * 100).toFixed(1)}%`;

/** "google brought 6 leads from 240 visitors (2.5%)". */
function sourceLine(s: SourceWeek): string {
  const leads = s.leads === 0 ? 'no leads' : plural(s.leads, 'lead', 'leads');
  return `${s.source} brought ${leads} from ${plural(s.visitors, 'visitor', 'visitors')}${s.leads > 0 ? ` (${rate(s.leads, s.visitors)})` : ''}`;
}

function wonText(f: WeeklyFigures): string {
  if (f.won === 0) return 'None';
  const worth = f.wonValue > 0 ? `, worth ${formatDollars(f.wonValue)} a month` : '';
  const missing = f.wonWithoutValue > 0 ? ` (${formatCount(f.wonWithoutValue)} without a retainer entered)` : '';
  return `${formatCount(f.won)}${worth}${missing}`;
}

const SHOWN_WAITING = 10;

/** The email. The subject and preheader say only counts and a source's name (they show on lock screens); names are inside. */
export function weeklyDigestEmail(f: WeeklyFigures, { siteUrl, now }: { siteUrl: string; now: Date }): EmailMessage {
  const span = `${formatDayHeading(f.week.from)} to ${formatDayHeading(f.week.to)}`;
  const { best, worst } = bestAndWorst(f.sources);
  const promise = `the ${intake.reviewBusinessDays}-business-day promise`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Good morning. Here is how the website did last week, ${span} (Toronto time).` },
    {
      kind: 'facts',
      rows: [
        { label: 'Visitors', value: formatCount(f.visitors) },
        { label: 'New leads', value: `${formatCount(f.leads)}${f.visitors > 0 && f.leads > 0 ? ` (${rate(f.leads, f.visitors)} of visitors)` : ''}` },
        { label: 'Sessions booked', value: f.booked === 0 ? 'None' : formatCount(f.booked) },
        { label: 'Clients won', value: wonText(f) },
      ],
    },
  ];
  if (f.sources.every((s) => s.visitors === 0)) {
    blocks.push({ kind: 'paragraph', text: 'No visits were counted last week, so there is no best or weakest source to compare.' });
  } else {
    blocks.push({
      kind: 'paragraph',
      text: best ? `Best source: ${sourceLine(best)}.` : 'No source brought a lead last week.',
    });
    if (worst) blocks.push({ kind: 'paragraph', text: `Weakest source: ${sourceLine(worst)}.` });
  }
  if (f.waitingCount > 0) {
    blocks.push({
      kind: 'tasks',
      title: `${plural(f.waitingCount, 'lead is', 'leads are')} still waiting for a reply, past ${promise}`,
      items: f.waiting.slice(0, SHOWN_WAITING).map((lead) => ({
        label: [lead.name ?? 'Name not given', lead.business].filter(Boolean).join(', '),
        href: `${siteUrl}${leadPath(lead.kind, lead.id)}`,
        lines: [
          dueText(lead.replyBy, now).replace('Overdue', 'Reply overdue'),
          `A reply was due ${formatWeekdayDate(lead.replyBy)} at ${formatClockTime(lead.replyBy)}`,
        ],
        late: true,
      })),
    });
    if (f.waitingCount > SHOWN_WAITING) blocks.push({ kind: 'paragraph', text: `And ${formatCount(f.waitingCount - SHOWN_WAITING)} more in the inbox.` });
    blocks.push({ kind: 'button', label: 'Open the leads waiting for a reply', href: `${siteUrl}/admin/leads?overdue=1`, secondary: true });
  } else {
    blocks.push({ kind: 'paragraph', text: `No lead is waiting past ${promise}.` });
  }
  blocks.push({ kind: 'button', label: 'See the full figures', href: `${siteUrl}/admin/analytics?from=${isoDay(f.week.from)}&to=${isoDay(f.week.to)}` });
  const counts = [plural(f.visitors, 'visitor', 'visitors'), plural(f.leads, 'lead', 'leads'), `${formatCount(f.booked)} booked`, `${formatCount(f.won)} won`];
  return {
    subject: `Your website last week: ${counts.join(', ')}`,
    preheader:
      f.waitingCount > 0
        ? `${plural(f.waitingCount, 'lead is', 'leads are')} still waiting for a reply.`
        : best
          ? `Best source: ${best.source}, with ${plural(best.leads, 'lead', 'leads')}.`
          : `${span}.`,
    heading: `Your website last week: ${span}`,
    blocks,
    footer: [`Sent to the ${agency.name} team every Monday at 8:00 a.m. by the website (LEAD_NOTIFY_EMAIL).`, ...senderLines],
  };
}
