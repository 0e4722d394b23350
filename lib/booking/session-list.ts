import { addDays, isoDay, parseIsoDay } from '../time/calendar.ts';
import { dayIn } from '../time/zoned.ts';
import { dayHeading } from './display.ts';

// The staff's list of sessions (/admin/sessions): those that started and still wait to be marked held
// or a no-show, the coming ones by day, and the recent ones already marked. Pure: the moment is a parameter.

/** How long after its start a session can still be marked held or a no-show from the list. */
export const MARKABLE_DAYS = 14;

type Listed = { startsAt: Date; status: 'booked' | 'cancelled' | 'held' | 'no-show' };

export type DayGroup<T> = { day: string; heading: string; sessions: T[] };

/** Sessions by their day in `timeZone`, in time order, each day headed "Today, Tuesday, December 1" (or Tomorrow, or just the day). */
export function byDay<T extends Listed>(sessions: readonly T[], now: Date, timeZone: string): DayGroup<T>[] {
  const today = dayIn(now, timeZone);
  const tomorrow = isoDay(addDays(parseIsoDay(today), 1));
  const groups = new Map<string, T[]>();
  for (const s of [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const day = dayIn(s.startsAt, timeZone);
    groups.set(day, [...(groups.get(day) ?? []), s]);
  }
  return [...groups].map(([day, list]) => {
    const heading = dayHeading(parseIsoDay(day));
    const relative = day === today ? 'Today' : day === tomorrow ? 'Tomorrow' : null;
    return { day, heading: relative ? `${relative}, ${heading}` : heading, sessions: list };
  });
}

/**
 * The list's three parts: started and still booked (to mark, oldest first), not started yet (by day),
 * and already marked held or a no-show (by day, newest day first). Cancelled sessions are left out.
 */
export function sessionList<T extends Listed>(sessions: readonly T[], now: Date, timeZone: string) {
  const started = (s: T) => s.startsAt.getTime() <= now.getTime();
  const live = sessions.filter((s) => s.status !== 'cancelled');
  return {
    toMark: live.filter((s) => s.status === 'booked' && started(s)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
    upcoming: byDay(
      live.filter((s) => s.status === 'booked' && !started(s)),
      now,
      timeZone,
    ),
    marked: byDay(
      live.filter((s) => s.status === 'held' || s.status === 'no-show'),
      now,
      timeZone,
    ).reverse(),
  };
}

/** Whether staff may still mark a session from the list: it started, at most MARKABLE_DAYS ago. */
export const markable = (s: Listed, now: Date) =>
  s.status !== 'cancelled' && s.startsAt.getTime() <= now.getTime() && now.getTime() - s.startsAt.getTime() <= MARKABLE_DAYS * 86_400_000;
