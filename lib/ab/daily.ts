import { addDays, HOUR_MS, isoDay, parseIsoDay } from '../time/calendar.ts';
import { dayIn } from '../time/zoned.ts';
import type { HourlyArrivals } from './definitions.ts';

// A test's running totals day by day, in the agency's time zone, for the dashboard's chart: after each
// day, how many unique visitors have seen each variant and how many of them have converted. Pure.

/** A calendar date, "2026-11-23". */
export type DayKey = string;

export type CumulativeDay = { viewers: number; conversions: number };

export type DailySeries = {
  /** Every day from the first arrival to the last day shown, with no gaps. */
  days: DayKey[];
  /** Per variant id, the running totals at the end of each day of `days`. */
  totals: Record<string, CumulativeDay[]>;
};

const nextDay = (day: DayKey): DayKey => isoDay(addDays(parseIsoDay(day), 1));

/**
 * Running totals per day for `variantIds`, from the day of the first arrival to the day of `until` (the
 * test's end, or now), or to the last arrival's day if that is later. Hours map to days in `timeZone`;
 * an hour never straddles midnight in a zone whose offset is whole hours, as Toronto's always is.
 * Arrivals of a variant not listed are ignored. No arrivals: no days.
 */
export function cumulativeByDay(hourly: readonly HourlyArrivals[], variantIds: readonly string[], until: Date, timeZone: string): DailySeries {
  const dayOfHour = new Map<number, DayKey>();
  const perDay = new Map<DayKey, Map<string, CumulativeDay>>();
  for (const a of hourly) {
    if (!variantIds.includes(a.variantId)) continue;
    let day = dayOfHour.get(a.hour);
    if (day === undefined) {
      day = dayIn(new Date(a.hour * HOUR_MS), timeZone);
      dayOfHour.set(a.hour, day);
    }
    const counts = perDay.get(day) ?? new Map<string, CumulativeDay>();
    perDay.set(day, counts);
    const c = counts.get(a.variantId) ?? { viewers: 0, conversions: 0 };
    counts.set(a.variantId, { viewers: c.viewers + a.viewers, conversions: c.conversions + a.conversions });
  }
  const arrivalDays = [...perDay.keys()].sort();
  const totals: Record<string, CumulativeDay[]> = Object.fromEntries(variantIds.map((id) => [id, []]));
  if (arrivalDays.length === 0) return { days: [], totals };
  const untilDay = dayIn(until, timeZone);
  const last = [untilDay, arrivalDays[arrivalDays.length - 1]].sort()[1];
  const days: DayKey[] = [];
  const running = new Map(variantIds.map((id) => [id, { viewers: 0, conversions: 0 }]));
  for (let day = arrivalDays[0]; day <= last; day = nextDay(day)) {
    days.push(day);
    for (const id of variantIds) {
      const before = running.get(id) ?? { viewers: 0, conversions: 0 };
      const added = perDay.get(day)?.get(id);
      const now = added ? { viewers: before.viewers + added.viewers, conversions: before.conversions + added.conversions } : before;
      running.set(id, now);
      totals[id].push(now);
    }
  }
  return { days, totals };
}
