import { addDays, isoDay, parseIsoDay, weekdayOf } from '../time/calendar.ts';
import { dayIn } from '../time/zoned.ts';
import { median } from './funnel.ts';

// Speed to lead: how long a new lead waits for staff to first reach the person (a call, an email, or
// the status moved on from New: leads.first_reached_at), week by week, beside the promise the thank-you
// page makes: a reply within 2 business days (leads.reply_by, lib/time/business-days.ts). Pure.

export type SpeedLead = { createdAt: Date; replyBy: Date; firstReachedAt: Date | null };

export type SpeedWeek = {
  /** The Monday the week starts on (Toronto), "2026-11-23". */
  week: string;
  leads: number;
  /** Reached so far. */
  reached: number;
  /** The median wait of those reached, in minutes (null when nobody was reached yet). */
  medianMinutes: number | null;
  /** Reached by their reply-by time. */
  kept: number;
  /** Reached after it, or still waiting past it. */
  missed: number;
  /** Not reached yet, still within the promise. */
  waiting: number;
};

/** The Monday of the Toronto week `at` falls in. */
export function weekOf(at: Date, timeZone: string): string {
  const date = parseIsoDay(dayIn(at, timeZone));
  return isoDay(addDays(date, -((weekdayOf(date) + 6) % 7)));
}

/** Each week that has leads, oldest first. */
export function speedByWeek(leads: readonly SpeedLead[], now: Date, timeZone: string): SpeedWeek[] {
  const weeks = new Map<string, SpeedLead[]>();
  for (const lead of leads) {
    const week = weekOf(lead.createdAt, timeZone);
    weeks.set(week, [...(weeks.get(week) ?? []), lead]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([week, group]) => {
      const reached = group.filter((l) => l.firstReachedAt !== null);
      const waits = reached.map((l) => ((l.firstReachedAt as Date).getTime() - l.createdAt.getTime()) / 60_000);
      const kept = reached.filter((l) => (l.firstReachedAt as Date).getTime() <= l.replyBy.getTime()).length;
      const waiting = group.filter((l) => l.firstReachedAt === null && l.replyBy.getTime() >= now.getTime()).length;
      const middle = median(waits);
      return {
        week,
        leads: group.length,
        reached: reached.length,
        medianMinutes: middle === null ? null : Math.max(0, Math.round(middle)),
        kept,
        missed: group.length - kept - waiting,
        waiting,
      };
    });
}

/** A wait as staff read it: "45 min", "5 h 20 min", "2 d 3 h". */
export function formatWait(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return m % 60 === 0 ? `${hours} h` : `${hours} h ${m % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
