import type { PeopleInboxQuery } from '../leads/schema.ts';
import { addDays, isoDay, weekdayOf } from '../time/calendar.ts';
import { wallClock } from '../time/zoned.ts';

// The inbox's saved views: each is a set of filters in the query string, so a view is a link staff can
// bookmark or share, and the filter form shows what it chose. Defined here once. Pure: no I/O.

export type SavedView = { id: string; label: string; query: PeopleInboxQuery };

/** Monday of `now`'s week in `timeZone`, as YYYY-MM-DD: the first day "this week" counts from. */
export function weekStart(now: Date, timeZone: string): string {
  const { year, month, day } = wallClock(now, timeZone);
  const today = { year, month, day };
  return isoDay(addDays(today, -((weekdayOf(today) + 6) % 7)));
}

/** The views, in the order the inbox lists them. "New this week" starts on Monday, Toronto time. */
export function savedViews(now: Date, timeZone: string): SavedView[] {
  return [
    { id: 'mine-today', label: 'My leads due today', query: { owner: 'me', due: 'today' } },
    { id: 'overdue', label: 'Overdue', query: { due: 'overdue' } },
    { id: 'no-action', label: 'No next action', query: { due: 'none' } },
    { id: 'new-week', label: 'New this week', query: { from: weekStart(now, timeZone), sort: 'newest' } },
    { id: 'all', label: 'All', query: {} },
  ];
}

const FILTER_KEYS = ['type', 'status', 'owner', 'overdue', 'spam', 'from', 'to', 'q', 'source', 'failed', 'due'] as const;

/** The view the query is, if it is exactly one (same filters; the order counts only where the view sets one). */
export function currentView(query: PeopleInboxQuery, views: readonly SavedView[]): SavedView | null {
  return (
    views.find(
      (v) => FILTER_KEYS.every((k) => (query[k] ?? undefined) === (v.query[k] ?? undefined)) && (v.query.sort === undefined || v.query.sort === query.sort),
    ) ?? null
  );
}
