import { LRUCache } from 'lru-cache';
import type { Sql } from 'postgres';
import { type BookableStaff, bookableStaff, recordCalendarCheck } from '../../db/queries/booking-settings.ts';
import { bookedTimes } from '../../db/queries/bookings.ts';
import type { BookingRules } from '../../lib/booking/rules.ts';
import { type Bookable, type Interval, type Slot, slotsFor } from '../../lib/booking/slots.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { withDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';
import { busyTimes, type CalendarReach, type CalendarSource } from './calendar/index.ts';
import { calendarSourceOf } from './calendar-source.ts';

// Which times can be booked: each bookable staff member's hours, minus their calendar's busy times and
// their bookings (lib/booking/slots.ts decides). Calendars are read at most once a minute per staff
// member for offering slots, with one read in flight however many visitors ask (lru-cache's fetch),
// and read again, fresh, for the one slot a visitor books. A calendar that cannot be read withholds its
// owner's slots (never offered blind) and says why on /admin/booking.

/** How long a calendar read may take before its owner's slots are withheld. */
export const CALENDAR_READ_MS = 4000;
/** How long a calendar's busy times are trusted for offering slots. */
const CALENDAR_FRESH_MS = 60_000;

type CalendarRead = { busy: Interval[] } | { problem: string };

export type Availability = {
  /** The slots offered now, up to `days` days ahead (the rules' horizon at most). */
  slots: (days?: number) => Promise<Slot[]>;
  /**
   * The starts on the grid of someone's hours (notice, horizon and holidays applied; no calendar, no
   * bookings): what a visitor may ask for at all. Whether anyone is free then is the booking's question.
   */
  onTheGrid: (days?: number) => Promise<Slot[]>;
  /** A staff member's calendar read now, bypassing the cache: null when it is free over `window`, else why not. */
  busyNow: (person: BookableStaff, window: Interval) => Promise<'free' | 'busy' | 'unreachable'>;
  /**
   * What a staff member's calendar holds over the whole horizon, as slots are offered from it (the same
   * cached read): its busy times, why it cannot be read, or null when none is connected. For their page.
   */
  calendarRead: (person: BookableStaff) => Promise<{ busy: Interval[] } | { problem: string } | null>;
  /** Forget what was read from a staff member's calendar (their settings changed). */
  forget: (userId: string) => void;
};

export function createAvailability({
  sql,
  rules,
  now,
  log,
  appSecret,
  calendarReach,
}: {
  sql: Sql;
  rules: BookingRules;
  now: Clock;
  log: Logger;
  appSecret: string | undefined;
  /** Where calendars may be read from (CALENDAR_ALLOW_HOSTS). */
  calendarReach: CalendarReach;
}): Availability {
  const reads = new LRUCache<string, CalendarRead, { source: CalendarSource; window: Interval; userId: string }>({
    max: 200,
    ttl: CALENDAR_FRESH_MS,
    fetchMethod: async (_key, _stale, { context }) => readCalendar(context.source, context.window, context.userId),
  });

  async function readCalendar(source: CalendarSource, window: Interval, userId: string): Promise<CalendarRead> {
    let read: CalendarRead;
    try {
      read = { busy: await withDeadline(CALENDAR_READ_MS, (signal) => busyTimes(source, window, signal, calendarReach)) };
    } catch (error) {
      const problem =
        (error as Error)?.name === 'TimeoutError'
          ? `The calendar did not answer within ${CALENDAR_READ_MS / 1000} seconds`
          : String((error as Error)?.message ?? error);
      log.warn('calendar not read: slots withheld', { userId, problem });
      read = { problem };
    }
    await recordCalendarCheck(sql, userId, 'problem' in read ? read.problem : null, now()).catch(() => {});
    return read;
  }

  /** The horizon's window: from now to the end of the last day that can be offered. */
  const windowOf = (days: number): Interval => {
    const start = now();
    return { start, end: new Date(start.getTime() + (Math.min(days, rules.daysAhead) + 2) * 86_400_000) };
  };

  async function cachedRead(person: BookableStaff, window: Interval): Promise<CalendarRead | null> {
    const source = await calendarSourceOf(person, appSecret);
    if (source === null) return null;
    if (source === 'sealed') return { problem: 'The calendar’s app password cannot be opened with this server’s APP_SECRET' };
    // One cache entry per staff member, settings version and window (to the hour): a read of fewer
    // days must not stand in for the whole horizon.
    const hour = (d: Date) => d.toISOString().slice(0, 13);
    const key = `${person.userId}:${person.updatedAt.getTime()}:${hour(window.start)}:${hour(window.end)}`;
    return (await reads.fetch(key, { context: { source, window, userId: person.userId } })) ?? { problem: 'The calendar could not be read' };
  }

  async function calendarBusy(person: BookableStaff, window: Interval): Promise<Interval[] | null> {
    const read = await cachedRead(person, window);
    if (read === null) return [];
    return 'busy' in read ? read.busy : null;
  }

  async function onTheGrid(days = rules.daysAhead): Promise<Slot[]> {
    const people = await bookableStaff(sql);
    return slotsFor(
      people.map((p) => ({ staffId: p.userId, hours: p.hours, busy: [] })),
      rules,
      now(),
      days,
    );
  }

  return {
    onTheGrid,
    async slots(days = rules.daysAhead) {
      const window = windowOf(days);
      const [people, booked] = await Promise.all([bookableStaff(sql), bookedTimes(sql, window)]);
      const bookable = await Promise.all(
        people.map(async (person): Promise<Bookable | null> => {
          const busy = await calendarBusy(person, window);
          return busy === null ? null : { staffId: person.userId, hours: person.hours, busy: [...busy, ...(booked.get(person.userId) ?? [])] };
        }),
      );
      return slotsFor(
        bookable.filter((b) => b !== null),
        rules,
        now(),
        days,
      );
    },
    async busyNow(person, window) {
      const source = await calendarSourceOf(person, appSecret);
      if (source === null) return 'free';
      if (source === 'sealed') return 'unreachable';
      const read = await readCalendar(source, window, person.userId);
      if ('problem' in read) return 'unreachable';
      return read.busy.some((b) => b.start < window.end && window.start < b.end) ? 'busy' : 'free';
    },
    calendarRead: (person) => cachedRead(person, windowOf(rules.daysAhead)),
    forget(userId) {
      for (const key of reads.keys()) if (key.startsWith(`${userId}:`)) reads.delete(key);
    },
  };
}
