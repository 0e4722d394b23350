import { describe, expect, test } from 'bun:test';
import { currentView, savedViews, weekStart } from './views.ts';

const TZ = 'America/Toronto';

describe('saved views', () => {
  test('this week starts on Monday, Toronto time', () => {
    // Sunday Nov 29 2026, 22:30 Toronto is already Monday in UTC: still the week of Monday the 23rd.
    expect(weekStart(new Date('2026-11-29T22:30:00-05:00'), TZ)).toBe('2026-11-23');
    expect(weekStart(new Date('2026-11-30T00:10:00-05:00'), TZ)).toBe('2026-11-30');
    expect(weekStart(new Date('2026-11-25T12:00:00-05:00'), TZ)).toBe('2026-11-23');
  });

  test('each view is its filters; the query that is one names it, and other filters name none', () => {
    const views = savedViews(new Date('2026-11-25T12:00:00-05:00'), TZ);
    expect(views.map((v) => v.label)).toEqual(['My leads due today', 'Overdue', 'No next action', 'New this week', 'All']);
    expect(currentView({ owner: 'me', due: 'today' }, views)?.id).toBe('mine-today');
    expect(currentView({ owner: 'me', due: 'today', sort: 'score' }, views)?.id).toBe('mine-today');
    expect(currentView({ from: '2026-11-23', sort: 'newest' }, views)?.id).toBe('new-week');
    expect(currentView({}, views)?.id).toBe('all');
    expect(currentView({ sort: 'score' }, views)?.id).toBe('all');
    expect(currentView({ q: 'chen' }, views)).toBeNull();
  });
});
